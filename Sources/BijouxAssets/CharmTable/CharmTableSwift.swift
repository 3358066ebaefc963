import BijouxCore
import BijouxShared

/// Writes `CharmTable.swift` for the app: the charms as an enum in table order, with
/// each charm's art, sway, words and their keys in the String Catalog. The model they
/// plug into (`CharmSway`, `CharmPhysics`, `CharmLimits`, `LocalizableCharm`, which
/// gives every charm its localized name and note, …) is BijouxKit, which the app links
/// and the tool itself runs, so no model code is written here. The text depends only
/// on the table: no date, no version, no absolute path.
enum CharmTableSwift {
    /// The first line of both generated files' provenance.
    static func header(source: String) -> String {
        "// Generated from \(source) by bijoux-assets. Do not edit."
    }

    /// `source` is the table as the header names it (`art/charms.json`); `file` is the
    /// table's path for errors.
    static func generate(_ table: CharmTableSource, source: String, file: String) throws(ArtFileError) -> String {
        guard !table.charms.isEmpty else {
            // A Swift enum with a raw type needs at least one case.
            throw ArtFileError(file: file, field: "charms", message: "the table has no charms; the app needs at least one")
        }
        let names = try SwiftIdentifier.caseNames(for: table.charms, file: file)
        let text = header(source: source) + "\n// swiftlint:disable all\n\nimport BijouxKit\nimport Foundation\n\n"
        return text + charmTypeSource(table.charms, names: names)
    }

    private static func number(_ value: Double) -> String { Format.number(value) }

    private static func charmTypeSource(_ charms: [CharmEntry], names: [String]) -> String {
        let cases = zip(charms, names)
        func property(_ declaration: String, _ value: (CharmEntry) -> String) -> String {
            var text = "\n    \(declaration) {\n        switch self {\n"
            for (charm, name) in cases { text += "        case .\(name): return \(value(charm))\n" }
            return text + "        }\n    }\n"
        }
        var text = """
            /// The stock charms, in dish order. The raw value is the charm's id in the table
            /// (stable: it is what gets saved and sent). `LocalizableCharm` (BijouxKit) gives
            /// each its name and note in the app's language: `localizedDisplayName`,
            /// `localizedStockNote`, and on Apple platforms `displayNameResource`.
            public enum CharmType: String, CaseIterable, Codable, Sendable, LocalizableCharm {

            """
        for (charm, name) in cases { text += "    case \(name) = \(SwiftIdentifier.stringLiteral(charm.id))\n" }
        text += "\n    /// The image set in the asset catalog."
        text += property("public var imageName: String") { SwiftIdentifier.stringLiteral(CharmTableJSON.imageName(for: $0)) }
        text += "\n    /// What the charm is called, at most \(CharmLimits.maxNameLength) characters, in the table's language."
        text += property("public var displayName: String") { SwiftIdentifier.stringLiteral($0.displayName) }
        text += "\n    /// The note every stock charm arrives with, in the table's language."
        text += property("public var stockNote: String") { SwiftIdentifier.stringLiteral($0.note) }
        text += "\n    /// The key of `displayName` in the String Catalog (`Localizable.xcstrings`)."
        text += property("public var displayNameKey: StaticString") { SwiftIdentifier.stringLiteral(CharmStrings.displayNameKey(id: $0.id)) }
        text += "\n    /// The key of `stockNote` in the String Catalog."
        text += property("public var stockNoteKey: StaticString") { SwiftIdentifier.stringLiteral(CharmStrings.noteKey(id: $0.id)) }
        text += "\n    /// How the charm hangs when worn."
        text += property("public var sway: CharmSway") { "CharmSway(duration: \(number($0.swayDuration)))" }
        text += "\n    /// The bundle that holds this target's strings: `<language>.lproj/Localizable.strings`, or\n"
        text += "    /// the compiled String Catalog.\n"
        text += "    public static var stringsBundle: Bundle { generatedStringsBundle }\n"
        return text + "}\n\n" + GeneratedBundle.declaration(name: "generatedStringsBundle", token: "BijouxStringsBundleToken")
    }
}
