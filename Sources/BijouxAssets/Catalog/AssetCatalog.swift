/// The layout and `Contents.json` files of an Xcode asset catalog, written in Xcode's
/// own style so a catalog the tool writes and one Xcode re-saves do not differ.
package enum AssetCatalog {
    package static let folderName = "Assets.xcassets"
    package static let info: JSONOutput = ["author": "xcode", "version": 1]

    /// Contents.json of the catalog root or of a plain group folder.
    package static func folderContents() -> String {
        JSONWriter.xcodeStyle(["info": info])
    }

    /// `name.png`, `name@2x.png`, `name@3x.png`.
    package static func imageFileName(_ name: String, scale: Int) -> String {
        scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png"
    }

    /// Contents.json of an image set with one universal image per scale.
    /// `properties` carries set-wide options such as template-rendering-intent.
    package static func imageSetContents(
        name: String, scales: [Int] = [1, 2, 3], properties: [String: JSONOutput] = [:]
    ) -> String {
        let images: [JSONOutput] = scales.map { scale in
            ["filename": .string(imageFileName(name, scale: scale)), "idiom": "universal", "scale": .string("\(scale)x")]
        }
        var root: [String: JSONOutput] = ["images": .array(images), "info": info]
        if !properties.isEmpty { root["properties"] = .object(properties) }
        return JSONWriter.xcodeStyle(.object(root))
    }

    /// Contents.json of a colour set as Xcode writes one whose colour was typed as 8-bit
    /// hex: sRGB, each component a string (`"0xC9"`, exact, and what actool reads as
    /// hex), alpha `"1.000"` (palette colours are opaque); a dark appearance is a second entry marked with a
    /// luminosity appearance.
    package static func colorSetContents(any: RGBA, dark: RGBA?) -> String {
        precondition(any.a == 255 && (dark?.a ?? 255) == 255, "palette colours are opaque")
        func entry(_ color: RGBA, appearance: String?) -> JSONOutput {
            let hex = Array(Palette.hex(color).dropFirst())
            let components: [String: JSONOutput] = [
                "red": .string("0x" + String(hex[0..<2])), "green": .string("0x" + String(hex[2..<4])),
                "blue": .string("0x" + String(hex[4..<6])), "alpha": "1.000",
            ]
            var entry: [String: JSONOutput] = ["color": ["color-space": "srgb", "components": .object(components)], "idiom": "universal"]
            if let appearance { entry["appearances"] = [["appearance": "luminosity", "value": .string(appearance)]] }
            return .object(entry)
        }
        let colors = [entry(any, appearance: nil)] + (dark.map { [entry($0, appearance: "dark")] } ?? [])
        return JSONWriter.xcodeStyle(["colors": .array(colors), "info": info])
    }

    /// Contents.json of an app icon set in Xcode 15+'s single-size iOS form: one
    /// universal 1024×1024 image per appearance, the dark and tinted ones marked with
    /// a luminosity appearance. `files` maps an appearance (nil for the default) to
    /// its file name, written in the order given.
    package static func appIconSetContents(_ files: [(appearance: String?, filename: String)]) -> String {
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
package struct BuildOutput: Equatable, Sendable {
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
