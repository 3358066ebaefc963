import BijouxSVG

/// What the designer's contact sheet (`Preview/index.html`) shows: every asset the
/// build made, with what the build learnt about it. Plain data, filled by the stages
/// as they make their outputs and turned into the page by `ContactSheetPage`, so the
/// page is a pure function of this value. Image paths are relative to the output
/// folder (the page sits in `Preview/` and links them as `../<path>`).
struct ContactSheet: Equatable, Sendable {
    /// An image file of the build and its size in pixels.
    struct Image: Equatable, Sendable {
        var path: String
        var width: Int
        var height: Int
    }

    /// A charm measured at its island size (22 pt) at one screen scale.
    struct IslandReading: Equatable, Sendable {
        /// 3: what every Dynamic Island phone shows (66 px); 1: the strict check.
        var scale: Int
        var image: Image
        var legibility: LegibilityReport
    }

    /// A rectangle in points on the charm's canvas.
    struct Box: Equatable, Sendable {
        var x: Double, y: Double, width: Double, height: Double
    }

    struct Charm: Equatable, Sendable {
        var id: String
        var displayName: String
        var note: String
        /// The catalog's renders, @1x, @2x, @3x.
        var images: [Image]
        /// The canvas in points (120 × 110 in the sample art).
        var pointWidth: Int
        var pointHeight: Int
        /// Where the paint is on the canvas, in points.
        var paintedBox: Box
        /// At 22 pt, @3x first.
        var readings: [IslandReading]
        var warnings: [String]
        /// How the art's colours were read, when not plain sRGB (`CharmsStage.colourNote`).
        var colour = ""
        /// Whether the images shown are Display P3 (colours beyond sRGB).
        var isWide = false
    }

    struct Icon: Equatable, Sendable {
        var name: String
        var pointWidth: Int
        var pointHeight: Int
        /// @1x, @2x, @3x.
        var images: [Image]
        /// "template" (the app tints it) or "original".
        var renderingIntent: String
        var warnings: [String] = []
        /// The vector image set's SVG (its size in points), when the icon ships as one.
        var vector: Image?
        /// The symbol's sources, Ultralight to Black, when the icon ships as a symbol.
        var symbol: [SymbolGlyph] = []
    }

    /// One source of a custom symbol, as the template has it: its outline as path data
    /// in glyph units (x from the left margin, y from the baseline, the capline at
    /// −`SymbolTemplate.capHeight`), and the distance between its margins.
    struct SymbolGlyph: Equatable, Sendable {
        var weight: String
        var path: String
        var advance: Double
    }

    /// One look of the app icon: the appiconset's default, dark and tinted
    /// (`kind` "appicon"), and, when the Icon Composer stage adds them, the `.icon`
    /// document's looks (`kind` "iconcomposer": default, dark, clear, tinted), which
    /// are approximations of what the system draws.
    struct AppIconLook: Equatable, Sendable {
        var kind = "appicon"
        /// "default", "dark", "tinted", ….
        var variant: String
        /// The file the catalog ships (nil when the look has none of its own).
        var image: Image?
        /// The look as the home screen shows it at 60 pt, masked, at @3x.
        var home: Image
        /// What the picture approximates, when it is not exactly what iOS draws.
        var approximation: String?
        var warnings: [String] = []
    }

    /// A language of the String Catalog, or the double-length pseudolanguage, as the
    /// page's language switch shows it (`StringsStage`): each charm's name and note as
    /// the app shows them in it.
    struct Language: Equatable, Sendable {
        /// "fr", or `DoubleLength.code`.
        var code: String
        var label: String
        /// By catalog key (`charm.cat.displayName`): the translation, or the source
        /// language's text where there is none.
        var texts: [String: String]
        /// The keys shown in the source language for want of a translation.
        var fallback: [String]
        /// The names too wide for the island, by key, with what the build's warning says
        /// of each.
        var tooWide: [String: String]
    }

    /// One file of an image of `art/images/` as its set ships it (`ImagesStage`).
    struct ImageVariant: Equatable, Sendable {
        /// Its appearance and scale ("dark @2x", "any").
        var label: String
        /// "png", "jpeg", "pdf" or "svg".
        var format: String
        /// Pixels for a PNG or JPEG, points for a PDF whose page size was found, 0 when unknown.
        var image: Image
        /// What its colour is when not sRGB.
        var colour: String
    }

    /// An image of `art/images/`: its files side by side.
    struct ImageAsset: Equatable, Sendable {
        var name: String
        var variants: [ImageVariant]
        /// "vector", "vector, preserved", or empty for a raster image.
        var vector: String
        /// The set's template-rendering-intent, empty for none.
        var renderingIntent: String
    }

    /// A file of `art/data/` (`DataStage`).
    struct DataAsset: Equatable, Sendable {
        var name: String
        var fileName: String
        /// Its uniform type identifier, empty when the set has none.
        var typeIdentifier: String
        var bytes: Int
    }

    var charms: [Charm] = []
    var icons: [Icon] = []
    var appIcon: [AppIconLook] = []
    /// The default app icon with its safe zone drawn over it (the outlines toggle).
    var appIconSafeZone: Image?
    /// Warnings about no one asset (a stray file among the icons).
    var otherWarnings: [String] = []
    /// The source language first; empty without a String Catalog.
    var languages: [Language] = []
    var images: [ImageAsset] = []
    var data: [DataAsset] = []

    /// How many cards carry at least one warning.
    var assetsWithWarnings: Int {
        charms.filter { !$0.warnings.isEmpty }.count + icons.filter { !$0.warnings.isEmpty }.count
            + appIcon.filter { !$0.warnings.isEmpty }.count
    }

    mutating func merge(_ other: ContactSheet) {
        charms += other.charms
        icons += other.icons
        appIcon += other.appIcon
        appIconSafeZone = other.appIconSafeZone ?? appIconSafeZone
        otherWarnings += other.otherWarnings
        languages += other.languages
        images += other.images
        data += other.data
    }
}
