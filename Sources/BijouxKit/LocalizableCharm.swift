import Foundation

/// A charm type whose name and note come in the languages the app ships: the generated
/// `CharmType` conforms, giving each charm's keys and the bundle that holds the strings
/// (the target's resources), and gets its localized words from here, so the lookup is
/// written once, in BijouxKit, for every app.
public protocol LocalizableCharm {
    /// The name in the source language (the table's).
    var displayName: String { get }
    /// The note in the source language.
    var stockNote: String { get }
    /// `CharmStrings.displayNameKey(id:)`, as the static string a
    /// `LocalizedStringResource` takes.
    var displayNameKey: StaticString { get }
    /// `CharmStrings.noteKey(id:)`, likewise.
    var stockNoteKey: StaticString { get }
    /// The bundle whose `<language>.lproj/Localizable.strings` (or compiled catalog) holds
    /// the charms' words.
    static var stringsBundle: Bundle { get }
}

extension LocalizableCharm {
    /// The name in the app's language (the one `stringsBundle` picks), or `displayName`
    /// where that language has no translation.
    public var localizedDisplayName: String { localizedDisplayName(in: nil) }

    /// The name in `localization` ("fr"), whatever language the app runs in; nil: the
    /// app's language. `displayName` where there is no translation.
    public func localizedDisplayName(in localization: String?) -> String {
        CharmStrings.localized(displayNameKey.description, value: displayName, bundle: Self.stringsBundle, localization: localization)
    }

    /// The note in the app's language, or `stockNote` where there is no translation.
    public var localizedStockNote: String { localizedStockNote(in: nil) }

    /// The note in `localization`, whatever language the app runs in; nil: the app's.
    public func localizedStockNote(in localization: String?) -> String {
        CharmStrings.localized(stockNoteKey.description, value: stockNote, bundle: Self.stringsBundle, localization: localization)
    }
}

extension SpokenWords {
    /// The phrases in the strings of `bundle` (`CharmType.stringsBundle`): in the app's
    /// language, or in `localization` when given; English where there is no translation.
    public init(bundle: Bundle, localization: String? = nil) {
        self.init { key, english in CharmStrings.localized(key, value: english, bundle: bundle, localization: localization) }
    }
}
