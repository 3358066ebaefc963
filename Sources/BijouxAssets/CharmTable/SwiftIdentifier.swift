/// Turning table text into Swift source: charm ids into case names, and any string
/// into a string literal that means exactly that string.
public enum SwiftIdentifier {
    /// The case name for a charm id (`CharmTableRules.isValidID`): lowerCamelCase as
    /// Swift's guidelines ask (`coffee-cup` → `coffeeCup`, `Cat` → `cat`, `URL-box` →
    /// `urlBox`), `_` in front of a leading digit (`8-ball` → `_8Ball`), `_` after a
    /// name `CharmType` already has (`allCases` → `allCases_`, or `CharmType.allCases`
    /// would be ambiguous), and reserved words in backticks (`default` →
    /// `` `default` ``). Different ids can give one name; `caseNames` reports that.
    public static func caseName(for id: String) -> String {
        let parts = id.split(separator: "-", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first else { return "_" }
        var name = lowercasingLeadingCapitals(first)
        for part in parts.dropFirst() { name += part.prefix(1).uppercased() + part.dropFirst() }
        if let lead = name.unicodeScalars.first, lead >= "0" && lead <= "9" { name = "_" + name }
        if memberNames.contains(name) { name += "_" }
        return reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// Case names for all ids, in order. Two ids with one name is an error naming both
    /// (at the second one, pointing back at the first).
    public static func caseNames(for charms: [CharmEntry], file: String) throws(ArtFileError) -> [String] {
        var owner: [String: CharmEntry] = [:]
        var names: [String] = []
        for entry in charms {
            let name = caseName(for: entry.id)
            if let first = owner[name] {
                let at = first.location.map { " at \($0)" } ?? ""
                throw ArtFileError(
                    file: file, location: entry.location, subject: "charm '\(entry.id)'", field: "id",
                    message: "becomes the Swift case \(name), as does charm '\(first.id)'\(at); rename one of them")
            }
            owner[name] = entry
            names.append(name)
        }
        return names
    }

    /// `URLBox` → `urlBox`, `Cat` → `cat`, `ABC` → `abc`: the leading run of capitals,
    /// except the one that starts the next word.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    /// What `CharmType` has besides its cases: the generated properties and what
    /// `RawRepresentable`, `CaseIterable` and `Hashable` give it.
    public static let memberNames: Set<String> = [
        "allCases", "rawValue", "hashValue", "init", "imageName", "displayName", "stockNote", "sway",
    ]

    /// Words that cannot name a case without backticks: The Swift Programming
    /// Language's keywords reserved in declarations, statements, expressions and types,
    /// plus `Type` and `Protocol`. Lowercasing the first letter already rules out the
    /// capitalised ones; they stay listed so the rule does not depend on that.
    public static let reservedWords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
    ]

    /// A Swift string literal for `text`. Quotes, backslashes and every invisible or
    /// line-breaking scalar (controls, line/paragraph separators, bidi overrides, BOM)
    /// are escaped, so the literal is one line and reads as what it means.
    public static func stringLiteral(_ text: String) -> String {
        JSONWriter.quoted(text) { scalar in
            let value = scalar.value
            guard value < 0x20 || (0x7F...0x9F).contains(value) || invisible.contains(value) else { return nil }
            return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Line and paragraph separators, bidirectional embeddings, overrides and
    /// isolates, and the BOM: scalars that would hide or reorder source text.
    private static let invisible: Set<UInt32> = [
        0x2028, 0x2029, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF,
    ]
}
