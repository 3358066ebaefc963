/// The charm table's words in the languages the app ships: their keys in the String
/// Catalog (`Localizable.xcstrings`, which `bijoux-assets strings` keeps in step with the
/// table, and a build ships as the catalog and as `<language>.lproj/Localizable.strings`)
/// and how to look one up (BijouxKit's `localized(_:value:bundle:localization:)`). The
/// generated `CharmType.localizedDisplayName` and `localizedStockNote` call it with the keys
/// made here, and the tool writes the catalog's keys with the same functions, so a key
/// is spelled in one place.
public enum CharmStrings {
    /// The strings table: `Localizable.xcstrings`, `<language>.lproj/Localizable.strings`.
    public static let table = "Localizable"
    /// What every charm's key starts with; a key with it that no charm of the table has
    /// is stale.
    public static let charmKeyPrefix = "charm."

    /// `charm.<id>.displayName`: the charm's name, shown on the Dynamic Island.
    public static func displayNameKey(id: String) -> String { charmKeyPrefix + id + ".displayName" }

    /// `charm.<id>.note`: the note the stock charm arrives with.
    public static func noteKey(id: String) -> String { charmKeyPrefix + id + ".note" }
}
