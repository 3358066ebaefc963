/// What VoiceOver says for a charm (SPEC, "What VoiceOver says"), on the model rather
/// than in each view, so every surface that gains a label reads the same answer.
public enum SpokenLabel {
    /// A charm's words: composed charms carry them in `name`, the starter charms in
    /// `note` with an empty name. Both, joined, when both exist and differ; else
    /// whichever exists; else the charm type's display name.
    public static func words(name: String, note: String, displayName: String) -> String {
        if !name.isEmpty && !note.isEmpty && name != note { return "\(name), \(note)" }
        return name.isEmpty ? (note.isEmpty ? displayName : note) : name
    }

    /// What the charm is: the art decides, not the stock type a hand-drawn charm keeps
    /// underneath it. In `words`' language: English unless told otherwise (pass the
    /// type's localized display name with the same language's words).
    public static func kind(displayName: String, isHandDrawn: Bool, in words: SpokenWords = .english) -> String {
        isHandDrawn ? words.handDrawn : words.typeKind(named: displayName.lowercased())
    }
}

/// The phrases `SpokenLabel` says around a charm's own words, in one language: English
/// (`english`), or each looked up by its key in the strings the app ships
/// (`init(lookup:)`; the generated `SpokenWords.localized` looks them up in the bundle
/// that holds the charm table's strings). `bijoux-assets strings` writes their keys, their
/// English and `phrases`' comments into the String Catalog beside the charms'.
public struct SpokenWords: Equatable, Sendable {
    /// What a charm with hand-drawn art is: "hand-drawn bijou".
    public var handDrawn: String
    /// What a stock charm is, `%@` standing for its display name in lower case: "%@ bijou"
    /// ("heart bijou"). The only format specifier; `%1$@` also stands for the name and
    /// `%%` for a percent sign.
    public var typeKind: String

    /// The two phrases as given.
    public init(handDrawn: String, typeKind: String) {
        self.handDrawn = handDrawn
        self.typeKind = typeKind
    }

    /// Each phrase as `lookup` finds it by its key, given the English as the value to
    /// fall back on.
    public init(lookup: (_ key: String, _ english: String) -> String) {
        let english = Self.english
        self.init(handDrawn: lookup(Self.handDrawnKey, english.handDrawn), typeKind: lookup(Self.typeKindKey, english.typeKind))
    }

    /// The phrases in English, the source language.
    public static let english = SpokenWords(handDrawn: "hand-drawn bijou", typeKind: "%@ bijou")

    /// The String Catalog key of `handDrawn`.
    public static let handDrawnKey = "bijoux.spoken.handDrawn"
    /// The String Catalog key of `typeKind`.
    public static let typeKindKey = "bijoux.spoken.typeKind"

    /// A phrase's key, its English, and what a translator needs to know about it.
    public struct Phrase: Equatable, Sendable {
        /// Its String Catalog key.
        public var key: String
        /// Its English text.
        public var english: String
        /// The note for its translators.
        public var comment: String
    }

    /// Every phrase, in the order above.
    public static let phrases: [Phrase] = [
        Phrase(
            key: handDrawnKey, english: english.handDrawn,
            comment: "VoiceOver, spoken after a charm's words: what a charm with hand-drawn art is. Heard, never shown."),
        Phrase(
            key: typeKindKey, english: english.typeKind,
            comment:
                """
                VoiceOver, spoken after a charm's words: what a stock charm is; %@ is the charm's display name in lower case (\"heart bijou\"). Heard, never \
                shown.
                """
        ),
    ]

    /// `typeKind` with `name` in place of its `%@` (or `%1$@`), and `%%` as `%`.
    public func typeKind(named name: String) -> String {
        var result = ""
        var rest = Substring(typeKind)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[percent...].dropFirst()
            if after.hasPrefix("%") {
                result += "%"
                rest = after.dropFirst()
            } else if after.hasPrefix("@") {
                result += name
                rest = after.dropFirst()
            } else if after.hasPrefix("1$@") {
                result += name
                rest = after.dropFirst(3)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}
