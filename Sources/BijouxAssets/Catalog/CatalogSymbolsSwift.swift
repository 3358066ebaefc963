/// Writes `CatalogSymbols.swift`, the sibling of `CharmTable.swift` that gives the app
/// the catalog's assets rather than their names: `ActionIcon` (one case per drawn
/// icon), `BijouxPalette` (a `PaletteColor` per palette colour), and typed `Image`/
/// `Color` (SwiftUI) and `UIImage`/`UIColor` (UIKit) accessors on `CharmType`,
/// `ActionIcon` and `PaletteColor`, each taking the bundle that holds the catalog.
/// Those accessors sit under `#if canImport(…)`, so they compile on Apple platforms
/// only. Like the table, the text depends only on the art: no date, no path.
package enum CatalogSymbolsSwift {
    /// What the file is made from. `charms`: whether there is a charm table (its
    /// `CharmType` is in CharmTable.swift).
    package struct Input: Sendable {
        package var charms: Bool
        /// Icon names with the file each comes from, in catalog order.
        package var icons: [(name: String, file: String)]
        package var palette: Palette
        package var paletteFile: String
    }

    /// What `ActionIcon` has besides its cases.
    static let iconMembers: Set<String> = ["allCases", "rawValue", "hashValue", "init", "imageName", "image", "uiImage"]
    /// What `BijouxPalette` has besides its colours.
    static let paletteMembers: Set<String> = ["allColors", "accent"]

    package static func generate(_ input: Input, source: String) throws(ArtFileError) -> String {
        var text = CharmTableSwift.header(source: source) + "\n// swiftlint:disable all\n\nimport BijouxKit\nimport Foundation\n"
        var imageTypes: [String] = input.charms ? ["CharmType"] : []
        if !input.icons.isEmpty {
            let names = try SwiftIdentifier.names(
                for: input.icons.map { ($0.name, $0.file, nil) }, kind: "icon", members: iconMembers,
                xcodeSymbols: SwiftIdentifier.xcodeImageSymbols)
            text += "\n/// The drawn action icons, in catalog order. The raw value is the icon's file name\n"
            text += "/// (and its image set's name).\npublic enum ActionIcon: String, CaseIterable, Sendable {\n"
            for (icon, name) in zip(input.icons, names) { text += "    case \(name) = \(SwiftIdentifier.stringLiteral(icon.name))\n" }
            text += "\n    /// The image set in the asset catalog.\n    public var imageName: String { rawValue }\n}\n"
            imageTypes.append("ActionIcon")
        }
        let colors = input.palette.colors
        if !colors.isEmpty {
            let names = try SwiftIdentifier.names(
                for: colors.map { ($0.name, input.paletteFile, $0.location) }, kind: "colour", field: "colors",
                members: paletteMembers, xcodeSymbols: SwiftIdentifier.xcodeColorSymbols)
            text += "\n/// The palette's colours, in file order; each loads its colour set through `color(in:)`\n"
            text += "/// and `uiColor(in:)`, with every appearance it has (dark, high contrast).\npublic enum BijouxPalette {\n"
            for (color, name) in zip(colors, names) {
                text += "    public static let \(name) = \(color.swiftLiteral)\n"
            }
            text += "\n    public static let allColors: [PaletteColor] = [\(names.joined(separator: ", "))]\n"
            if let accent = input.palette.accent, let index = colors.firstIndex(where: { $0.name == accent }) {
                text += "    /// Also the catalog's AccentColor.\n    public static let accent = \(names[index])\n"
            }
            text += "}\n"
        }
        return text + accessors(imageTypes: imageTypes, colors: !colors.isEmpty)
    }

    /// The typed accessors and the bundle they default to.
    private static func accessors(imageTypes: [String], colors: Bool) -> String {
        guard !imageTypes.isEmpty || colors else { return "" }
        var text = """

            #if canImport(SwiftUI) || canImport(UIKit)
                extension Bundle {
                    /// The bundle that holds this target's generated asset catalog: the target's
                    /// resource bundle when SwiftPM builds it (the plugin's catalog is a resource),
                    /// else the bundle of this code (an app's main bundle, or its framework's).
                    @usableFromInline static var bijouxAssets: Bundle {
                        #if SWIFT_PACKAGE
                            return .module
                        #else
                            return Bundle(for: BijouxAssetsBundleToken.self)
                        #endif
                    }
                }

                private final class BijouxAssetsBundleToken {}
            #endif

            """
        text += "\n#if canImport(SwiftUI)\n    import SwiftUI\n"
        for type in imageTypes {
            text += """

                    extension \(type) {
                        /// The image set `imageName` from the catalog in `bundle`.
                        public func image(in bundle: Bundle = .bijouxAssets) -> Image { Image(imageName, bundle: bundle) }
                    }

                """
        }
        if colors {
            text += """

                    extension PaletteColor {
                        /// The colour set `colorSetName` from the catalog in `bundle`.
                        public func color(in bundle: Bundle = .bijouxAssets) -> Color { Color(colorSetName, bundle: bundle) }
                    }

                """
        }
        text += "#endif\n\n#if canImport(UIKit)\n    import UIKit\n"
        for type in imageTypes {
            text += """

                    extension \(type) {
                        /// The image set `imageName` from the catalog in `bundle`.
                        public func uiImage(in bundle: Bundle = .bijouxAssets) -> UIImage {
                            guard let image = UIImage(named: imageName, in: bundle, compatibleWith: nil) else {
                                preconditionFailure("no image set '\\(imageName)' in the asset catalog of \\(bundle.bundlePath)")
                            }
                            return image
                        }
                    }

                """
        }
        if colors {
            text += """

                    extension PaletteColor {
                        /// The colour set `colorSetName` from the catalog in `bundle`.
                        public func uiColor(in bundle: Bundle = .bijouxAssets) -> UIColor {
                            guard let color = UIColor(named: colorSetName, in: bundle, compatibleWith: nil) else {
                                preconditionFailure("no colour set '\\(colorSetName)' in the asset catalog of \\(bundle.bundlePath)")
                            }
                            return color
                        }
                    }

                """
        }
        return text + "#endif\n"
    }
}
