import BijouxCore
import BijouxShared

/// The layout and `Contents.json` files of an Xcode asset catalog, written in Xcode's
/// own style so a catalog the tool writes and one Xcode re-saves do not differ.
enum AssetCatalog {
    static let folderName = "Assets.xcassets"
    /// Computed, not stored: a global holding an indirect enum keeps its box behind a
    /// tagged pointer, which LeakSanitizer (make fuzz-smoke) cannot follow.
    static var info: JSONOutput { ["author": "xcode", "version": 1] }

    /// Contents.json of the catalog root or of a plain group folder.
    static func folderContents() -> String {
        JSONWriter.xcodeStyle(["info": info])
    }

    /// `name.png`, `name@2x.png`, `name@3x.png`; a Display P3 variant's `name-P3.png`, …
    static func imageFileName(_ name: String, scale: Int, gamut: Gamut = .sRGB) -> String {
        let base = gamut == .sRGB ? name : name + "-P3"
        return scale == 1 ? "\(base).png" : "\(base)@\(scale)x.png"
    }

    /// Contents.json of an image set with one universal image per scale, or, with
    /// `gamuts`, one per scale and gamut, each marked with its `display-gamut` in Xcode's
    /// order (every gamut of a scale, sRGB first, before the next scale).
    /// `properties` carries set-wide options such as template-rendering-intent.
    static func imageSetContents(
        name: String, scales: [Int] = [1, 2, 3], gamuts: [Gamut]? = nil, properties: [String: JSONOutput] = [:]
    ) -> String {
        let images: [JSONOutput] = scales.flatMap { scale in
            (gamuts ?? [.sRGB]).map { gamut -> JSONOutput in
                var image: [String: JSONOutput] = [
                    "filename": .string(imageFileName(name, scale: scale, gamut: gamut)), "idiom": "universal", "scale": .string("\(scale)x"),
                ]
                if gamuts != nil { image["display-gamut"] = .string(gamut.rawValue) }
                return .object(image)
            }
        }
        var root: [String: JSONOutput] = ["images": .array(images), "info": info]
        if !properties.isEmpty { root["properties"] = .object(properties) }
        return JSONWriter.xcodeStyle(.object(root))
    }

    /// Contents.json of an image set of one universal image for every scale (a PDF or
    /// an SVG), as Xcode writes one: the entry has no scale, and `properties` carries
    /// `preserves-vector-representation` and the rendering intent.
    static func vectorSetContents(filename: String, properties: [String: JSONOutput]) -> String {
        var root: [String: JSONOutput] = ["images": [["filename": .string(filename), "idiom": "universal"]], "info": info]
        if !properties.isEmpty { root["properties"] = .object(properties) }
        return JSONWriter.xcodeStyle(.object(root))
    }

    /// Contents.json of a symbol set as Xcode writes it on importing a symbol template.
    static func symbolSetContents(filename: String) -> String {
        JSONWriter.xcodeStyle(["info": info, "symbols": [["filename": .string(filename), "idiom": "universal"]]])
    }

    /// Contents.json of a colour set as Xcode writes it, an entry per appearance in
    /// Xcode's order (any, dark, high contrast, dark high contrast), the last three
    /// marked with their `luminosity`/`dark` and `contrast`/`high` appearances. An sRGB
    /// colour is written as Xcode writes one typed as 8-bit hex (`"color-space" :
    /// "srgb"`, each component a string, `"0xC9"`: exact, and what actool reads as hex);
    /// a Display P3 one as Xcode writes one typed as floating point (`"display-p3"`,
    /// `"0.800"`); the alpha as Xcode writes it, to thousandths (`"1.000"`).
    static func colorSetContents(_ color: PaletteColor) -> String {
        let dark: JSONOutput = ["appearance": "luminosity", "value": "dark"]
        let high: JSONOutput = ["appearance": "contrast", "value": "high"]
        let slots: [(PaletteColor.Components?, [JSONOutput])] = [
            (color.any, []), (color.dark, [dark]), (color.highContrast, [high]), (color.darkHighContrast, [dark, high]),
        ]
        let colors: [JSONOutput] = slots.compactMap { components, appearances in
            guard let components else { return nil }
            var entry: [String: JSONOutput] = ["color": colorContents(components), "idiom": "universal"]
            if !appearances.isEmpty { entry["appearances"] = .array(appearances) }
            return .object(entry)
        }
        return JSONWriter.xcodeStyle(["colors": .array(colors), "info": info])
    }

    /// One colour of a colour set: its colour space and components.
    static func colorContents(_ color: PaletteColor.Components) -> JSONOutput {
        func component(_ value: Double) -> JSONOutput {
            switch color.colorSpace {
            case .sRGB:
                let byte = Int((value * 255).rounded())
                return .string("0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true))
            case .displayP3: return .string(Format.fixed(value, decimals: 3))
            }
        }
        let components: [String: JSONOutput] = [
            "red": component(color.red), "green": component(color.green), "blue": component(color.blue),
            "alpha": .string(Format.fixed(color.alpha, decimals: 3)),
        ]
        return ["color-space": .string(color.colorSpace.rawValue), "components": .object(components)]
    }

    /// Contents.json of an app icon set in Xcode 15+'s single-size iOS form: one
    /// universal 1024×1024 image per appearance, the dark and tinted ones marked with
    /// a luminosity appearance. `files` maps an appearance (nil for the default) to
    /// its file name, written in the order given.
    static func appIconSetContents(_ files: [(appearance: String?, filename: String)]) -> String {
        let images: [JSONOutput] = files.map { file in
            var image: [String: JSONOutput] = [
                "filename": .string(file.filename), "idiom": "universal", "platform": "ios", "size": "1024x1024",
            ]
            if let appearance = file.appearance {
                image["appearances"] = [["appearance": "luminosity", "value": .string(appearance)]]
            }
            return .object(image)
        }
        return JSONWriter.xcodeStyle(["images": .array(images), "info": info])
    }
}

/// One file the build produces, by its path relative to the output folder.
struct BuildOutput: Equatable, Sendable {
    var path: String
    var bytes: [UInt8]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
