// Placeholder until BijouxKit lands (the full views are drawn with its recipes).
public enum CharmGlow {
    public static let opacity = 0.35
    public static let radiusPoints = 5.0
}

public enum SheetViews {
    public static let islandCharmWidth = 22.0
    public static let homeIconPoints = 60
    public static let appIconPreviewPoints = 180
    static let canvasRatio = "120:110"
    static let glowExplanation = "glow"
    static func html(_ sheet: ContactSheet) -> String {
        ["island", "dish", "bracelet", "icons", "home"].map { "<div class=\"view\" data-view=\"\($0)\"></div>\n" }.joined()
    }
}
