import BijouxCore
import BijouxShared

/// `<language>.lproj/Localizable.strings`, one per language of the catalog: the texts
/// that language ships, in the old-style property list `Bundle` reads on every platform
/// (SwiftPM targets, Linux), so `Bundle.localizedString(forKey:value:table:)` finds in
/// them what an Xcode target finds in the compiled catalog.
///
///     /* Generated from art/Localizable.xcstrings by bijoux-assets. Do not edit. */
///     "charm.cat.displayName" = "Chat";
///
/// Plain texts only: a key that varies by plural or device is left to the catalog
/// (the table's keys never do).
enum StringsTable {
    /// The key and text of every entry that ships in `language` (`StringCatalog.ships`),
    /// stale keys aside, in key order. The source language's text of a key with no unit
    /// of its own is the key itself, as Xcode reads it.
    static func texts(_ catalog: StringCatalog, language: String) -> [(key: String, value: String)] {
        catalog.sortedKeys.compactMap { key in
            guard let entry = catalog.entries[key], entry.extractionState != .stale else { return nil }
            if let unit = entry.unit(language) { return catalog.ships(unit, in: language) ? (key, unit.value) : nil }
            return language == catalog.sourceLanguage && entry.localizations?[language] == nil ? (key, key) : nil
        }
    }

    /// The file's text; `source` names the catalog in its header (`art/Localizable.xcstrings`).
    static func text(_ texts: [(key: String, value: String)], source: String) -> String {
        var text = "/* Generated from \(source) by bijoux-assets. Do not edit. */\n"
        for (key, value) in texts { text += quote(key) + " = " + quote(value) + ";\n" }
        return text
    }

    /// A quoted string of the format: `"` and `\` escaped, line breaks and tabs as
    /// `\n`, `\r`, `\t`, any other control character as `\UXXXX`.
    static func quote(_ string: String) -> String {
        JSONWriter.quoted(string) { scalar in
            guard scalar.value < 0x20 || scalar.value == 0x7F else { return nil }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}

/// Xcode's double-length pseudolanguage (a scheme's App Language, or
/// `NSDoubleLocalizedStrings`): every text twice, a space between, so a designer sees
/// what a long translation does to a surface before any translator has started.
enum DoubleLength {
    /// How the contact sheet's language switch names it.
    static let code = "double-length"
    static let label = "Double-length pseudolanguage"

    static func text(_ text: String) -> String { text + " " + text }
}
