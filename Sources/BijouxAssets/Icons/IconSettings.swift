import BijouxCore
import BijouxSVG

/// How each icon is rendered, from the optional `art/icons.json`:
///
///     {"defaults": {"amplitude": 0.5, "wavelength": 8, "octaves": 2, "renderingIntent": "template",
///                   "vector": true, "symbol": true},
///      "icons": {"photo-slot": {"amplitude": 0.4, "seed": 7}, "give": {"renderingIntent": "original"}}}
///
/// Every field is optional. `amplitude` and `wavelength` are in points (amplitude 0
/// turns the wobble off), `octaves` 1–5, `seed` a whole number 0–4294967295 (by
/// default derived from the icon's name), `renderingIntent` "template" (the app tints
/// the icon with its ink; the default) or "original". `vector` (default false) also
/// writes the icon as a vector image set, `symbol` (default false) as a custom symbol
/// (`VectorIcon`, `SymbolTemplate`). A per-icon value overrides `defaults`, which
/// override the built-in ones. `seed` only makes sense per icon.
struct IconSettings: Equatable, Sendable {
    enum RenderingIntent: String, Equatable, Sendable {
        case template, original
    }

    /// What one icon's entry (or `defaults`) sets; nil keeps the value below it.
    struct Overrides: Equatable, Sendable {
        var amplitude: Double?
        var wavelength: Double?
        var octaves: Int?
        var seed: UInt32?
        var renderingIntent: RenderingIntent?
        var vector: Bool?
        var symbol: Bool?
        var location: SourceLocation?

        init(
            amplitude: Double? = nil, wavelength: Double? = nil, octaves: Int? = nil, seed: UInt32? = nil,
            renderingIntent: RenderingIntent? = nil, vector: Bool? = nil, symbol: Bool? = nil, location: SourceLocation? = nil
        ) {
            self.amplitude = amplitude
            self.wavelength = wavelength
            self.octaves = octaves
            self.seed = seed
            self.renderingIntent = renderingIntent
            self.vector = vector
            self.symbol = symbol
            self.location = location
        }
    }

    var defaults = Overrides()
    /// By icon name (the SVG's file name without `.svg`).
    var icons: [String: Overrides] = [:]

    init(defaults: Overrides = Overrides(), icons: [String: Overrides] = [:]) {
        self.defaults = defaults
        self.icons = icons
    }

    static let fileName = "icons.json"

    /// The wobble of the icon called `name`.
    func wobble(for name: String) -> WobbleParameters {
        let own = icons[name] ?? Overrides()
        let seed = own.seed ?? WobbleParameters.seed(forName: name)
        let standard = WobbleParameters.standard(seed: seed)
        return WobbleParameters(
            amplitude: own.amplitude ?? defaults.amplitude ?? standard.amplitude,
            wavelength: own.wavelength ?? defaults.wavelength ?? standard.wavelength,
            octaves: own.octaves ?? defaults.octaves ?? standard.octaves,
            seed: seed)
    }

    func renderingIntent(for name: String) -> RenderingIntent {
        icons[name]?.renderingIntent ?? defaults.renderingIntent ?? .template
    }

    /// The forms the icon called `name` ships in besides its bitmaps.
    func forms(for name: String) -> IconForms {
        IconForms(vector: icons[name]?.vector ?? defaults.vector ?? false, symbol: icons[name]?.symbol ?? defaults.symbol ?? false)
    }
}

/// The forms an icon ships in besides its @1x, @2x and @3x bitmaps.
struct IconForms: Equatable, Sendable {
    /// `Icons/<name>-vector.imageset`: one SVG, `preserves-vector-representation`.
    var vector = false
    /// `Icons/<name>.symbolset`: a custom symbol template.
    var symbol = false
}

extension IconSettings {
    /// Parses and validates icons.json. `file` names the file in errors. Whether each
    /// named icon has an SVG is checked by the icon stage, which lists the folder.
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> IconSettings {
        let read = try NamedSettings<Overrides>.parse(bytes, file: file, list: "icons", noun: "icon", location: \.location) {
            (node, icon) throws(ArtFileError) in try parseOverrides(node, icon: icon, file: file)
        }
        if read.defaults?.seed != nil {
            throw ArtFileError(
                file: file, location: read.defaultsNode?["seed"]?.location, field: "defaults.seed",
                message: "a seed belongs to one icon; by default each icon's seed comes from its name")
        }
        return IconSettings(defaults: read.defaults ?? Overrides(), icons: read.named)
    }

    private static func parseOverrides(_ node: JSONNode, icon: String?, file: String) throws(ArtFileError) -> Overrides {
        let fields = try JSONFields(
            node, file: file, subject: icon.map { "icon '\($0)'" },
            known: ["amplitude", "wavelength", "octaves", "seed", "renderingIntent", "vector", "symbol"])
        let amplitude = WobbleParameters.amplitudeRange, wavelength = WobbleParameters.wavelengthRange
        let octaves = WobbleParameters.octaveRange
        func format(_ value: Double) -> String { Format.number(value) }
        return Overrides(
            amplitude: try fields.optional(
                "amplitude", "a number of points from \(format(amplitude.lowerBound)) (no wobble) to \(format(amplitude.upperBound))"
            ) { $0.number(in: amplitude) },
            wavelength: try fields.optional("wavelength", "a number of points from \(format(wavelength.lowerBound)) to \(format(wavelength.upperBound))") {
                $0.number(in: wavelength)
            },
            octaves: try fields.optional("octaves", "a whole number from \(octaves.lowerBound) to \(octaves.upperBound)") { $0.wholeNumber(in: octaves) },
            seed: try fields.optional("seed", "a whole number from 0 to \(UInt32.max)") { $0.wholeNumber(in: 0...Int(UInt32.max)).map(UInt32.init) },
            renderingIntent: try fields.optional("renderingIntent", "\"template\" (the app tints the icon) or \"original\"") {
                $0.string.flatMap(RenderingIntent.init)
            },
            vector: try fields.optional("vector", "true or false") { $0.bool },
            symbol: try fields.optional("symbol", "true or false") { $0.bool },
            location: node.location)
    }
}
