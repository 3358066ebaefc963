import BijouxShared

/// The words the charm table (and BijouxKit) put in the String Catalog: for each charm
/// its display name and its note, under `CharmStrings`' keys, and BijouxKit's spoken
/// phrases under `SpokenWords`' keys, each with its source-language text and a comment
/// a translator can act on (what it is, where it shows, its limit). What
/// `CatalogUpdate` brings a catalog in step with.
struct TableStrings: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var key: String
        /// The text in the source language, as the table (or BijouxKit) writes it.
        var value: String
        var comment: String
        /// The charm it belongs to, and whether it is its display name (else its note);
        /// nil for BijouxKit's phrases.
        var charm: String?
        var isDisplayName = false
    }

    /// In table order: each charm's name and note, then BijouxKit's phrases.
    var items: [Item]

    init(_ table: CharmTableSource?) {
        items = []
        for charm in table?.charms ?? [] {
            items.append(
                Item(
                    key: CharmStrings.displayNameKey(id: charm.id), value: charm.displayName, comment: Self.displayNameComment, charm: charm.id,
                    isDisplayName: true))
            items.append(Item(key: CharmStrings.noteKey(id: charm.id), value: charm.note, comment: Self.noteComment, charm: charm.id))
        }
        for phrase in SpokenWords.phrases {
            items.append(Item(key: phrase.key, value: phrase.english, comment: phrase.comment))
        }
    }

    /// The comment on every display name.
    static let displayNameComment =
        """
        A charm's name: shown on the Dynamic Island under the charm, on its card, and read by VoiceOver. At most \(CharmLimits.maxNameLength) characters, \
        three names side by side (a wide character, as in Chinese, Japanese or Korean, counts two).
        """
    /// The comment on every note.
    static let noteComment =
        "The note a stock charm arrives with: shown on the charm's card under its name and read by VoiceOver. At most \(CharmLimits.maxNoteLength) characters."

    /// The charm a key of the catalog is about and whether it is its name, from the key
    /// (`charm.cat.displayName` → cat); nil for any other key.
    static func charm(of key: String) -> (id: String, isDisplayName: Bool)? {
        guard key.hasPrefix(CharmStrings.charmKeyPrefix) else { return nil }
        for (suffix, isName) in [(".displayName", true), (".note", false)] where key.hasSuffix(suffix) {
            let id = String(key.dropFirst(CharmStrings.charmKeyPrefix.count).dropLast(suffix.count))
            if AssetName.isValid(id) { return (id, isName) }
        }
        return nil
    }
}
