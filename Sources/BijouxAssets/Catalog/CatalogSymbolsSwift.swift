import BijouxCore

/// Writes `CatalogSymbols.swift`, the sibling of `CharmTable.swift` that gives the app
/// the catalog's assets rather than their names: `ActionIcon` (one case per drawn icon),
/// `BijouxPalette` (a `PaletteColor` per palette colour), the bundle that holds the
/// catalog, Xcode's asset symbols (`XcodeAssetSymbols`: `Image(.heart)`, `Color(.camel)`,
/// `UIColor.camel`), and the colours' `Color`/`UIColor`/`NSColor` accessors. `CharmType`
/// and `ActionIcon` are BijouxKit `CatalogImage`s, whose `image`/`uiImage`/`nsImage`
/// accessors are BijouxKit's code: this file only names the sets and the bundle. Icons,
/// colours, images and data sets are named as Xcode names their sets
/// (`SwiftIdentifier.assetSymbolName`); charms keep the table's `CharmType` names.
/// Everything Apple-only sits under `#if canImport(…)`. Like the table, the text
/// depends only on the art: no date, no path.
enum CatalogSymbolsSwift {
    /// What the file is made from.
    struct Input: Sendable {
        /// The charm table's charms (their `CharmType` is in CharmTable.swift), and the
        /// file that lists them.
        var charms: [CharmEntry]
        var charmsFile: String
        /// Icon names with the file each comes from, in catalog order.
        var icons: [(name: String, file: String)]
        var palette: Palette
        var paletteFile: String
        /// Whether to declare Xcode 15's asset symbols (`bijoux-assets.json`'s `assetSymbols`).
        var assetSymbols: Bool
        /// The forms each icon ships in besides its bitmaps (`IconSettings.forms`), by name.
        var iconForms: [String: IconForms] = [:]
        /// The images of art/images/ and the data files of art/data/, each with the file it
        /// comes from, in catalog order (`CatalogSymbolsSwift.imagesAndData`).
        var images: [(name: String, file: String)]
        var data: [(name: String, file: String)]

        init(
            charms: [CharmEntry], charmsFile: String, icons: [(name: String, file: String)], palette: Palette, paletteFile: String,
            assetSymbols: Bool = true, iconForms: [String: IconForms] = [:], images: [(name: String, file: String)] = [],
            data: [(name: String, file: String)] = []
        ) {
            (self.charms, self.charmsFile, self.icons, self.palette, self.paletteFile) = (charms, charmsFile, icons, palette, paletteFile)
            (self.assetSymbols, self.iconForms) = (assetSymbols, iconForms)
            (self.images, self.data) = (images, data)
        }
    }

    /// The file's text, and a warning for each of Xcode's asset symbols it leaves out.
    struct Generated: Sendable {
        var text: String
        var warnings: [BuildWarning]
    }

    /// What `ActionIcon` has besides its cases.
    static let iconMembers: Set<String> = [
        "allCases", "rawValue", "hashValue", "init", "imageName", "bundle", "image", "uiImage", "nsImage", "imageResource", "bitmap", "vector",
        "Bitmap", "Vector",
    ]
    /// What `BijouxPalette` has besides its colours.
    static let paletteMembers: Set<String> = ["allColors", "accent"]
    static let catalogBundle = "public static var bundle: Bundle { generatedCatalogBundle }"

    static func generate(_ input: Input, source: String) throws(ArtFileError) -> Generated {
        var text = CharmTableSwift.header(source: source) + "\n// swiftlint:disable all\n\nimport BijouxKit\nimport Foundation\n"
        text += try actionIcon(input)
        if !input.charms.isEmpty {
            text += "\n/// BijouxKit's `CatalogImage` gives each charm its image.\nextension CharmType: CatalogImage {\n"
            text += "    /// The bundle that holds the catalog.\n    \(catalogBundle)\n}\n"
        }
        text += try palette(input)
        let extra = try imagesAndData(input)
        text += extra.types
        let colors = !input.palette.colors.isEmpty
        guard !input.charms.isEmpty || !input.icons.isEmpty || colors || !extra.types.isEmpty else { return Generated(text: text, warnings: []) }
        text += "\n" + GeneratedBundle.declaration(name: "generatedCatalogBundle", token: "BijouxAssetsBundleToken")
        let symbols = input.assetSymbols ? XcodeAssetSymbols.declarations(assets(input)) : (text: "", warnings: [])
        return Generated(text: text + symbols.text + colorAccessors(colors: colors) + extra.accessors, warnings: symbols.warnings)
    }

    /// `ActionIcon`, a case per icon named as Xcode names its set, and its other forms; nothing without icons.
    private static func actionIcon(_ input: Input) throws(ArtFileError) -> String {
        guard !input.icons.isEmpty else { return "" }
        let names = try SwiftIdentifier.assetCaseNames(for: input.icons.map { ($0.name, $0.file, nil) }, kind: "icon", members: iconMembers)
        var text = "\n/// The drawn action icons, in catalog order. The raw value is the icon's file name\n"
        text += "/// (and its image set's name); BijouxKit's `CatalogImage` gives each its image.\n"
        text += SwiftIdentifier.stringEnumOpening("ActionIcon", conformance: "CatalogImage", names: names, values: input.icons.map(\.name))
        text += "\n    /// The set in the asset catalog: the symbol of an icon that ships as one, else its bitmaps.\n"
        text += "    public var imageName: String { rawValue }\n"
        text += "    /// The bundle that holds the catalog.\n    \(catalogBundle)\n}\n"
        return text + iconForms(input, caseNames: names)
    }

    /// `BijouxPalette`, a `PaletteColor` per colour named as Xcode names its colour set; nothing without colours.
    private static func palette(_ input: Input) throws(ArtFileError) -> String {
        let colors = input.palette.colors
        guard !colors.isEmpty else { return "" }
        let sets = Dictionary(colors.map { ($0.name, $0.colorSetName) }) { first, _ in first }
        let names = try SwiftIdentifier.assetCaseNames(
            for: colors.map { ($0.name, input.paletteFile, $0.location) }, kind: "colour", field: "colors", members: paletteMembers
        ) { sets[$0] ?? $0 }
        var text = "\n/// The palette's colours, in file order; each loads its colour set through `color()`,\n"
        text += "/// `uiColor()` and `nsColor()` (or `…(in:)` another bundle), with every appearance it has\n"
        text += "/// (dark, high contrast).\npublic enum BijouxPalette {\n"
        for (color, name) in zip(colors, names) { text += "    public static let \(name) = \(color.swiftLiteral)\n" }
        text += "\n    public static let allColors: [PaletteColor] = [\(names.joined(separator: ", "))]\n"
        if let accent = input.palette.accent, let index = colors.firstIndex(where: { $0.name == accent }) {
            text += "    /// Also the catalog's AccentColor.\n    public static let accent = \(names[index])\n"
        }
        return text + "}\n"
    }

    /// Every image, symbol and colour set the catalog has, for Xcode's asset symbols: the charms',
    /// the icons' (each form's set), the images', the palette's and the accent's.
    static func assets(_ input: Input) -> [XcodeAssetSymbols.Asset] {
        typealias Asset = XcodeAssetSymbols.Asset
        var assets = input.charms.map { charm in
            Asset(set: charm.id, kind: .image, subject: "charm '\(charm.id)'", place: SourceLocation.place(input.charmsFile, charm.location))
        }
        for icon in input.icons {
            let forms = input.forms(of: icon.name)
            let sets = [icon.name] + (forms.symbol ? [IconsStage.bitmapName(icon.name, forms)] : []) + (forms.vector ? [IconsStage.vectorName(icon.name)] : [])
            assets += sets.map { Asset(set: $0, kind: .image, subject: "icon '\(icon.name)'", place: icon.file) }
        }
        assets += input.images.map { Asset(set: $0.name, kind: .image, subject: "image '\($0.name)'", place: $0.file) }
        assets += input.palette.colors.map { color in
            Asset(set: color.colorSetName, kind: .color, subject: "colour '\(color.name)'", place: SourceLocation.place(input.paletteFile, color.location))
        }
        if input.palette.accent.flatMap({ input.palette[$0] }) != nil {
            assets.append(Asset(set: "AccentColor", kind: .color, subject: "the accent colour", place: input.paletteFile))
        }
        return assets
    }

    /// The colours' accessors from this target's catalog: BijouxKit's `color(in:)`,
    /// `uiColor(in:)` and `nsColor(in:)` given its bundle.
    private static func colorAccessors(colors: Bool) -> String {
        guard colors else { return "" }
        return """

            #if canImport(SwiftUI)
                import SwiftUI

                extension PaletteColor {
                    /// The colour set `colorSetName` from this target's catalog.
                    public func color() -> Color { color(in: generatedCatalogBundle) }
                }
            #endif

            #if canImport(UIKit)
                import UIKit

                extension PaletteColor {
                    /// The colour set `colorSetName` from this target's catalog.
                    public func uiColor() -> UIColor { uiColor(in: generatedCatalogBundle) }
                }
            #endif

            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                import AppKit

                extension PaletteColor {
                    /// The colour set `colorSetName` from this target's catalog.
                    public func nsColor() -> NSColor { nsColor(in: generatedCatalogBundle) }
                }
            #endif

            """
    }
}
