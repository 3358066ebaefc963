/// The app's counts that belong with the charm table (SPEC, "The charm table").
public enum CharmLimits {
    /// Slots in the trinket dish; a full dish is what makes you pass one on.
    public static let dishCapacity = 12
    /// Charms on the bracelet across the Dynamic Island.
    public static let maxWorn = 3
    /// Names fit three-up on the island at minimum scale factor 0.6; enforced when a
    /// name is composed, so no surface ever has to truncate one. Measured by
    /// `islandWidth(of:)`, in every language.
    public static let maxNameLength = 26
    /// A note is a line or two on its charm's card; the tool refuses a stock charm's
    /// note past this.
    public static let maxNoteLength = 280

    /// How wide `name` is on the Dynamic Island, in the unit of `maxNameLength`: one for
    /// each character as a reader counts them (a grapheme cluster: "é" typed as "e" and an
    /// accent is one), two for a character East Asian type draws at full width (Unicode's
    /// East Asian Width W or F: 猫, ネ, 고, Ａ, 🐱). The one measure of a name, whether it
    /// is written in charms.json, translated in the String Catalog or composed in the app.
    public static func islandWidth(of name: String) -> Int {
        name.reduce(0) { width, character in
            width + (character.unicodeScalars.contains(where: EastAsianWidth.isWide) ? 2 : 1)
        }
    }

    /// Whether `name` fits three-up on the island: `islandWidth(of:)` at most `maxNameLength`.
    public static func fitsIsland(_ name: String) -> Bool {
        islandWidth(of: name) <= maxNameLength
    }
}

/// The charm art's fixed shape (SPEC, "Painted charms").
public enum CharmArt {
    /// Every charm image is `ratio.width` : `ratio.height` (120:110).
    public static let ratio = (width: 120, height: 110)
    /// Height ÷ width of every charm image.
    public static let aspect = Double(ratio.height) / Double(ratio.width)
}
