/// What the designer's contact sheet (`Preview/index.html`) shows: every asset the
/// build made, with what the build learnt about it. Plain data, filled by the stages
/// as they make their outputs and turned into the page by `ContactSheetPage`, so the
/// page is a pure function of this value. Image paths are relative to the output
/// folder (the page sits in `Preview/` and links them as `../<path>`).
public struct ContactSheet: Equatable, Sendable, Codable {
    /// An image file of the build and its size in pixels.
    public struct Image: Equatable, Sendable, Codable {
        public var path: String
        public var width: Int
        public var height: Int

        public init(path: String, width: Int, height: Int) {
            self.path = path
            self.width = width
            self.height = height
        }
    }

    /// A charm measured at its island size (22 pt) at one screen scale.
    public struct IslandReading: Equatable, Sendable, Codable {
        /// 3: what every Dynamic Island phone shows (66 px); 1: the strict check.
        public var scale: Int
        public var image: Image
        public var legibility: LegibilityReport

        public init(scale: Int, image: Image, legibility: LegibilityReport) {
            self.scale = scale
            self.image = image
            self.legibility = legibility
        }
    }

    /// A rectangle in points on the charm's canvas.
    public struct Box: Equatable, Sendable, Codable {
        public var x: Double, y: Double, width: Double, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public struct Charm: Equatable, Sendable, Codable {
        public var id: String
        public var displayName: String
        public var note: String
        /// The catalog's renders, @1x, @2x, @3x.
        public var images: [Image]
        /// The canvas in points (120 × 110 in the sample art).
        public var pointWidth: Int
        public var pointHeight: Int
        /// Where the paint is on the canvas, in points.
        public var paintedBox: Box
        /// At 22 pt, @3x first.
        public var readings: [IslandReading]
        public var warnings: [String]

        public init(
            id: String, displayName: String, note: String, images: [Image], pointWidth: Int, pointHeight: Int,
            paintedBox: Box, readings: [IslandReading], warnings: [String]
        ) {
            self.id = id
            self.displayName = displayName
            self.note = note
            self.images = images
            self.pointWidth = pointWidth
            self.pointHeight = pointHeight
            self.paintedBox = paintedBox
            self.readings = readings
            self.warnings = warnings
        }
    }

    public struct Icon: Equatable, Sendable, Codable {
        public var name: String
        public var pointWidth: Int
        public var pointHeight: Int
        /// @1x, @2x, @3x.
        public var images: [Image]
        /// "template" (the app tints it) or "original".
        public var renderingIntent: String
        public var warnings: [String]

        public init(name: String, pointWidth: Int, pointHeight: Int, images: [Image], renderingIntent: String, warnings: [String]) {
            self.name = name
            self.pointWidth = pointWidth
            self.pointHeight = pointHeight
            self.images = images
            self.renderingIntent = renderingIntent
            self.warnings = warnings
        }
    }

    /// One look of the app icon: the appiconset's default, dark and tinted
    /// (`kind` "appicon"), and, when the Icon Composer stage adds them, the `.icon`
    /// document's looks (`kind` "iconcomposer": default, dark, clear, tinted), which
    /// are approximations of what the system draws.
    public struct AppIconLook: Equatable, Sendable, Codable {
        public var kind: String
        /// "default", "dark", "tinted", ….
        public var variant: String
        /// The file the catalog ships (nil when the look has none of its own).
        public var image: Image?
        /// The look as the home screen shows it at 60 pt, masked, at @3x.
        public var home: Image
        /// What the picture approximates, when it is not exactly what iOS draws.
        public var approximation: String?
        public var warnings: [String]

        public init(kind: String = "appicon", variant: String, image: Image?, home: Image, approximation: String? = nil, warnings: [String] = []) {
            self.kind = kind
            self.variant = variant
            self.image = image
            self.home = home
            self.approximation = approximation
            self.warnings = warnings
        }
    }

    public var charms: [Charm] = []
    public var icons: [Icon] = []
    public var appIcon: [AppIconLook] = []
    /// The default app icon with its safe zone drawn over it (the outlines toggle).
    public var appIconSafeZone: Image?
    /// Warnings about no one asset (a stray file among the icons).
    public var otherWarnings: [String] = []

    public init(charms: [Charm] = [], icons: [Icon] = [], appIcon: [AppIconLook] = [], appIconSafeZone: Image? = nil, otherWarnings: [String] = []) {
        self.charms = charms
        self.icons = icons
        self.appIcon = appIcon
        self.appIconSafeZone = appIconSafeZone
        self.otherWarnings = otherWarnings
    }

    /// How many cards carry at least one warning.
    public var assetsWithWarnings: Int {
        charms.filter { !$0.warnings.isEmpty }.count + icons.filter { !$0.warnings.isEmpty }.count
            + appIcon.filter { !$0.warnings.isEmpty }.count
    }

    public mutating func merge(_ other: ContactSheet) {
        charms += other.charms
        icons += other.icons
        appIcon += other.appIcon
        appIconSafeZone = other.appIconSafeZone ?? appIconSafeZone
        otherWarnings += other.otherWarnings
    }
}
