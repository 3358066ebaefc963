/// The app's counts that belong with the charm table (SPEC, "The charm table").
public enum CharmLimits {
    /// Slots in the trinket dish; a full dish is what makes you pass one on.
    public static let dishCapacity = 12
    /// Charms on the bracelet across the Dynamic Island.
    public static let maxWorn = 3
    /// Names fit three-up on the island at minimum scale factor 0.6; enforced when a
    /// name is composed, so no surface ever has to truncate one.
    public static let maxNameLength = 26
    /// A note is a line or two on its charm's card; the tool refuses a stock charm's
    /// note past this.
    public static let maxNoteLength = 280
}

/// The charm art's fixed shape (SPEC, "Painted charms").
public enum CharmArt {
    /// Every charm image is `ratio.width` : `ratio.height` (120:110).
    public static let ratio = (width: 120, height: 110)
    /// Height ÷ width of every charm image.
    public static let aspect = Double(ratio.height) / Double(ratio.width)
}
