import BijouxCore

/// Turning table text into Swift source: charm ids into case names, and any string
/// into a string literal that means exactly that string.
enum SwiftIdentifier {
    /// The case name for a charm id (`AssetName.isValid`): lowerCamelCase as
    /// Swift's guidelines ask (`coffee-cup` → `coffeeCup`, `Cat` → `cat`, `URL-box` →
    /// `urlBox`), `_` in front of a leading digit (`8-ball` → `_8Ball`), `_` after a
    /// name `CharmType` already has (`allCases` → `allCases_`, or `CharmType.allCases`
    /// would be ambiguous), and reserved words in backticks (`default` →
    /// `` `default` ``). Different ids can give one name; `caseNames` reports that.
    /// `members`: what the enum (or namespace) has besides these names.
    static func caseName(for id: String, members: Set<String> = memberNames) -> String {
        let parts = id.split(separator: "-", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first else { return "_" }
        var name = lowercasingLeadingCapitals(first)
        for part in parts.dropFirst() { name += part.prefix(1).uppercased() + part.dropFirst() }
        if let lead = name.unicodeScalars.first, lead >= "0" && lead <= "9" { name = "_" + name }
        if members.contains(name) { name += "_" }
        return reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// Case names for all charm ids, in order (see `names`).
    static func caseNames(for charms: [CharmEntry], file: String) throws(ArtFileError) -> [String] {
        try names(for: charms.map { ($0.id, file, $0.location) }, kind: "charm", field: "id") { caseName(for: $0) }
    }

    /// Swift names for `items` (ids with the file and place they are written), in order, each
    /// made by `rule`. Two ids with one name is an error naming both (at the second one,
    /// pointing back at the first).
    static func names(
        for items: [(id: String, file: String, location: SourceLocation?)], kind: String, field: String? = nil, rule: (String) -> String
    ) throws(ArtFileError) -> [String] {
        var owner: [String: (id: String, file: String, location: SourceLocation?)] = [:]
        var names: [String] = []
        for item in items {
            let name = rule(item.id)
            let bare = name.filter { $0 != "`" }
            if let first = owner[bare] {
                let at = first.file != item.file ? " (\(first.file))" : first.location.map { " at \($0)" } ?? ""
                throw ArtFileError(
                    file: item.file, location: item.location, subject: "\(kind) '\(item.id)'", field: field,
                    message: "becomes the Swift name \(name), as does \(kind) '\(first.id)'\(at); rename one of them")
            }
            owner[bare] = item
            names.append(name)
        }
        return names
    }

    /// The name Xcode's asset symbols (`GeneratedAssetSymbols.swift`, Xcode 15 and later) give a
    /// catalog set, as Xcode's own files show it (`XcodeAssetSymbolNamesTests` holds their cases).
    /// A name without a lowercase letter is kept, `-` and `_` written `_` (`IMG_4251`, `AL-0` →
    /// `AL_0`). Any other is cut into words at `-` and `_`, where a capital follows a lowercase
    /// letter or a digit, where a run of capitals meets a capitalised word (`BMChest`: BM, Chest)
    /// and where a letter follows a digit (`1024x1024`: 1024, x, 1024); a last word `Image` or
    /// `Color` (in any case) is dropped when a word remains (`LaunchImage` → `launch`, `bg_color`
    /// → `bg`); the first word is lowercased and each other one capitalised (`app_icon` →
    /// `appIcon`, `GetStartedBG` → `getStartedBG`). Then, as for charm ids, `_` goes in front of a
    /// leading digit and a reserved word is written in backticks.
    static func assetSymbolName(for set: String) -> String {
        let characters = Array(set)
        var name: String
        if !characters.contains(where: \.isLowercase) {
            name = String(characters.map { isLetterOrDigit($0) ? $0 : "_" })
        } else {
            var words = assetWords(characters)
            if words.count > 1, let last = words.last, ["image", "color"].contains(last.lowercased()) { words.removeLast() }
            name = words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
                .joined()
        }
        if name.isEmpty { return "_" }
        if let lead = name.first, lead.isASCII, lead.isNumber { name = "_" + name }
        return reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// The case or member name of a catalog set in a type of the generated Swift: its asset-symbol
    /// name, with `_` after it when the type already has a member of that name (`members`).
    static func assetCaseName(for set: String, members: Set<String>) -> String {
        let name = assetSymbolName(for: set)
        let bare = name.filter { $0 != "`" }
        return members.contains(bare) ? bare + "_" : name
    }

    /// The case names of catalog sets in a type of the generated Swift (`ActionIcon`,
    /// `BijouxImage`, `BijouxData`, `BijouxPalette`), in order: each set's `assetCaseName`,
    /// but where two sets share one (Lucide's `book` and `book-image`, both `book`), those
    /// take their whole name as a charm id does (`book`, `bookImage`); Xcode gives such sets
    /// no asset symbol (`XcodeAssetSymbols`). Names still alike are an error naming both.
    /// `set` maps an item's id to its set's name (a colour to its colour set).
    static func assetCaseNames(
        for items: [(id: String, file: String, location: SourceLocation?)], kind: String, field: String? = nil, members: Set<String>,
        set: (String) -> String = { $0 }
    ) throws(ArtFileError) -> [String] {
        let bare = { (name: String) in name.filter { $0 != "`" } }
        var sharing: [String: Int] = [:]
        for item in items { sharing[bare(assetCaseName(for: set(item.id), members: members)), default: 0] += 1 }
        return try names(for: items, kind: kind, field: field) { id in
            let name = assetCaseName(for: set(id), members: members)
            return sharing[bare(name), default: 0] > 1 ? caseName(for: id, members: members) : name
        }
    }

    /// The opening of a generated enum whose raw values are strings, `indent` deep: its
    /// declaration (`String, CaseIterable, Sendable`, then `conformance` if any) and a
    /// case per name with its raw value, in order; the caller writes the rest and the brace.
    static func stringEnumOpening(_ type: String, conformance: String?, names: [String], values: [String], indent: String = "") -> String {
        var text = indent + "public enum \(type): String, CaseIterable, Sendable\(conformance.map { ", " + $0 } ?? "") {\n"
        for (name, value) in zip(names, values) { text += indent + "    case \(name) = \(stringLiteral(value))\n" }
        return text
    }

    private static func isLetterOrDigit(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber) }

    /// The words of a set name (see `assetSymbolName`).
    private static func assetWords(_ characters: [Character]) -> [String] {
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            guard isLetterOrDigit(character) else {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if let previous = word.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let afterLowerOrDigit = character.isUppercase && (previous.isLowercase || previous.isNumber)
                let endsCapitals = character.isUppercase && previous.isUppercase && next?.isLowercase == true
                if afterLowerOrDigit || endsCapitals || (character.isLetter && previous.isNumber) {
                    words.append(word)
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words
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
    /// `RawRepresentable`, `CaseIterable` and `Hashable` give it, and the static `bundle`
    /// BijouxKit's `CatalogImage` asks of it (`bundle` → `bundle_`).
    static let memberNames: Set<String> = [
        "allCases", "rawValue", "hashValue", "init", "imageName", "displayName", "stockNote", "sway", "displayNameKey", "stockNoteKey",
        "stringsBundle", "bundle", "localizedDisplayName", "localizedStockNote", "displayNameResource", "stockNoteResource",
    ]

    /// Words that cannot name a case without backticks: The Swift Programming
    /// Language's keywords reserved in declarations, statements, expressions and types,
    /// plus `Type` and `Protocol`. Lowercasing the first letter already rules out the
    /// capitalised ones; they stay listed so the rule does not depend on that.
    static let reservedWords: Set<String> = [
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
    static func stringLiteral(_ text: String) -> String {
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
