import BijouxCore

/// Writes `CatalogSymbols.swift`, the sibling of `CharmTable.swift` that gives the app
/// the catalog's assets rather than their names: `ActionIcon` (one case per drawn icon),
/// `BijouxPalette` (a `PaletteColor` per palette colour), the bundle that holds the
/// catalog, Xcode 15's `ImageResource` and `ColorResource` members (`Image(.heart)`,
/// `Color(.camel)`), and the colours' `Color`/`UIColor`/`NSColor` accessors. `CharmType`
/// and `ActionIcon` are BijouxKit `CatalogImage`s, whose `image`/`uiImage`/`nsImage`
/// accessors are BijouxKit's code: this file only names the sets and the bundle.
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

    /// What `ActionIcon` has besides its cases.
    static let iconMembers: Set<String> = [
        "allCases", "rawValue", "hashValue", "init", "imageName", "bundle", "image", "uiImage", "nsImage", "imageResource", "bitmap", "vector",
        "Bitmap", "Vector",
    ]
    /// What `BijouxPalette` has besides its colours.
    static let paletteMembers: Set<String> = ["allColors", "accent"]
    /// What `ImageResource` and `ColorResource` have besides the generated members.
    static let resourceMembers: Set<String> = ["init", "hashValue"]
    /// The OS versions that have Xcode 15's asset symbols.
    static let resourceAvailability = "@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)"

    static func generate(_ input: Input, source: String) throws(ArtFileError) -> String {
        var text = CharmTableSwift.header(source: source) + "\n// swiftlint:disable all\n\nimport BijouxKit\nimport Foundation\n"
        let catalogBundle = "public static var bundle: Bundle { generatedCatalogBundle }"
        var iconNames: [String] = []
        if !input.icons.isEmpty {
            iconNames = try SwiftIdentifier.names(
                for: input.icons.map { ($0.name, $0.file, nil) }, kind: "icon", members: iconMembers,
                xcodeSymbols: SwiftIdentifier.xcodeImageSymbols)
            text += "\n/// The drawn action icons, in catalog order. The raw value is the icon's file name\n"
            text += "/// (and its image set's name); BijouxKit's `CatalogImage` gives each its image.\n"
            text += "public enum ActionIcon: String, CaseIterable, Sendable, CatalogImage {\n"
            for (icon, name) in zip(input.icons, iconNames) { text += "    case \(name) = \(SwiftIdentifier.stringLiteral(icon.name))\n" }
            text += "\n    /// The set in the asset catalog: the symbol of an icon that ships as one, else its bitmaps.\n"
            text += "    public var imageName: String { rawValue }\n"
            text += "    /// The bundle that holds the catalog.\n    \(catalogBundle)\n}\n"
            text += iconForms(input, caseNames: iconNames)
        }
        if !input.charms.isEmpty {
            text += "\n/// BijouxKit's `CatalogImage` gives each charm its image.\nextension CharmType: CatalogImage {\n"
            text += "    /// The bundle that holds the catalog.\n    \(catalogBundle)\n}\n"
        }
        let colors = input.palette.colors
        var colorNames: [String] = []
        if !colors.isEmpty {
            colorNames = try SwiftIdentifier.names(
                for: colors.map { ($0.name, input.paletteFile, $0.location) }, kind: "colour", field: "colors",
                members: paletteMembers, xcodeSymbols: SwiftIdentifier.xcodeColorSymbols)
            text += "\n/// The palette's colours, in file order; each loads its colour set through `color()`,\n"
            text += "/// `uiColor()` and `nsColor()` (or `…(in:)` another bundle), with every appearance it has\n"
            text += "/// (dark, high contrast).\npublic enum BijouxPalette {\n"
            for (color, name) in zip(colors, colorNames) {
                text += "    public static let \(name) = \(color.swiftLiteral)\n"
            }
            text += "\n    public static let allColors: [PaletteColor] = [\(colorNames.joined(separator: ", "))]\n"
            if let accent = input.palette.accent, let index = colors.firstIndex(where: { $0.name == accent }) {
                text += "    /// Also the catalog's AccentColor.\n    public static let accent = \(colorNames[index])\n"
            }
            text += "}\n"
        }
        let extra = try imagesAndData(input)
        text += extra.types
        guard !input.charms.isEmpty || !input.icons.isEmpty || !colors.isEmpty || !extra.types.isEmpty else { return text }
        text += "\n" + GeneratedBundle.declaration(name: "generatedCatalogBundle", token: "BijouxAssetsBundleToken")
        if input.assetSymbols && (!input.charms.isEmpty || !input.icons.isEmpty || !colors.isEmpty) { text += try resources(input, iconNames: iconNames) }
        if input.assetSymbols { text += extra.resources }
        return text + colorAccessors(colors: !colors.isEmpty) + extra.accessors
    }

    /// Xcode 15's asset symbols: an `ImageResource` member per charm and icon, each its
    /// `CatalogImage.imageResource`, and a `ColorResource` member per colour. Names are
    /// made as Xcode makes its own (`coffee-cup` → `coffeeCup`); charms and icons share
    /// `ImageResource`, so one name for both is an error at the icon.
    private static func resources(_ input: Input, iconNames: [String]) throws(ArtFileError) -> String {
        var images: [(name: String, value: String)] = []
        var owners: [String: (charm: String, description: String)] = [:]
        let charmResources = try SwiftIdentifier.names(
            for: input.charms.map { ($0.id, input.charmsFile, $0.location) }, kind: "charm", field: "id", members: resourceMembers,
            xcodeSymbols: SwiftIdentifier.xcodeImageSymbols)
        let charmCases = try SwiftIdentifier.caseNames(for: input.charms, file: input.charmsFile)
        for (charm, (name, caseName)) in zip(input.charms, zip(charmResources, charmCases)) {
            images.append((name, "CharmType.\(caseName).imageResource"))
            owners[name.filter { $0 != "`" }] = (charm.id, "charm '\(charm.id)' (\(input.charmsFile))")
        }
        let iconResources = try SwiftIdentifier.names(
            for: input.icons.map { ($0.name, $0.file, nil) }, kind: "icon", members: resourceMembers, xcodeSymbols: SwiftIdentifier.xcodeImageSymbols)
        for (icon, (name, caseName)) in zip(input.icons, zip(iconResources, iconNames)) {
            // One image set name for both is the catalog's own clash, which the build reports whole.
            if let owner = owners[name.filter { $0 != "`" }], owner.charm.lowercased() != icon.name.lowercased() {
                throw ArtFileError(
                    file: icon.file, subject: "icon '\(icon.name)'",
                    message: "becomes ImageResource.\(name), as does \(owner.description); rename one of them")
            }
            images.append((name, "ActionIcon.\(caseName).imageResource"))
        }
        images += try formResources(input, iconNames: iconNames, taken: Set(images.map { $0.name.filter { $0 != "`" } }))
        let colors = input.palette.colors
        let colorResources = try SwiftIdentifier.names(
            for: colors.map { ($0.name, input.paletteFile, $0.location) }, kind: "colour", field: "colors", members: resourceMembers,
            xcodeSymbols: SwiftIdentifier.xcodeColorSymbols)
        var text = "\n#if canImport(DeveloperToolsSupport)\n    import DeveloperToolsSupport\n"
        if !images.isEmpty {
            text += "\n    /// The charms and icons as Xcode 15's asset symbols: `Image(.heart)`, `UIImage(resource: .heart)`.\n"
            text += "    \(resourceAvailability)\n    extension ImageResource {\n"
            for image in images { text += "        public static let \(image.name) = \(image.value)\n" }
            text += "    }\n"
        }
        if !colors.isEmpty {
            text += "\n    /// The palette's colours as Xcode 15's asset symbols: `Color(.camel)`, `UIColor(resource: .camel)`.\n"
            text += "    \(resourceAvailability)\n    extension ColorResource {\n"
            for (color, name) in zip(colors, colorResources) {
                text +=
                    """
                            public static let \(name) = ColorResource(name: \(SwiftIdentifier.stringLiteral(color.colorSetName)), bundle: \
                    generatedCatalogBundle)\n
                    """
            }
            text += "    }\n"
        }
        return text + "#endif\n"
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
