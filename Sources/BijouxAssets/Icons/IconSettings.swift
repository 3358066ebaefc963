/// How each icon is rendered, from the optional `art/icons.json`:
///
///     {"defaults": {"amplitude": 0.5, "wavelength": 8, "octaves": 2, "renderingIntent": "template"},
///      "icons": {"photo-slot": {"amplitude": 0.4, "seed": 7}, "give": {"renderingIntent": "original"}}}
///
/// Every field is optional. `amplitude` and `wavelength` are in points (amplitude 0
/// turns the wobble off), `octaves` 1–5, `seed` a whole number 0–4294967295 (by
/// default derived from the icon's name), `renderingIntent` "template" (the app tints
/// the icon with its ink; the default) or "original". A per-icon value overrides
/// `defaults`, which override the built-in ones. `seed` only makes sense per icon.
public struct IconSettings: Equatable, Sendable {
    public enum RenderingIntent: String, Equatable, Sendable {
        case template, original
    }

    /// What one icon's entry (or `defaults`) sets; nil keeps the value below it.
    public struct Overrides: Equatable, Sendable {
        public var amplitude: Double?
        public var wavelength: Double?
        public var octaves: Int?
        public var seed: UInt32?
        public var renderingIntent: RenderingIntent?
        public var location: SourceLocation?

        public init(
            amplitude: Double? = nil, wavelength: Double? = nil, octaves: Int? = nil, seed: UInt32? = nil,
            renderingIntent: RenderingIntent? = nil, location: SourceLocation? = nil
        ) {
            self.amplitude = amplitude
            self.wavelength = wavelength
            self.octaves = octaves
            self.seed = seed
            self.renderingIntent = renderingIntent
            self.location = location
        }
    }

    public var defaults = Overrides()
    /// By icon name (the SVG's file name without `.svg`).
    public var icons: [String: Overrides] = [:]

    public init(defaults: Overrides = Overrides(), icons: [String: Overrides] = [:]) {
        self.defaults = defaults
        self.icons = icons
    }

    public static let fileName = "icons.json"

    /// The wobble of the icon called `name`.
    public func wobble(for name: String) -> WobbleParameters {
        let own = icons[name] ?? Overrides()
        let seed = own.seed ?? WobbleParameters.seed(forName: name)
        let standard = WobbleParameters.standard(seed: seed)
        return WobbleParameters(
            amplitude: own.amplitude ?? defaults.amplitude ?? standard.amplitude,
            wavelength: own.wavelength ?? defaults.wavelength ?? standard.wavelength,
            octaves: own.octaves ?? defaults.octaves ?? standard.octaves,
            seed: seed)
    }

    public func renderingIntent(for name: String) -> RenderingIntent {
        icons[name]?.renderingIntent ?? defaults.renderingIntent ?? .template
    }
}

/// A problem in icons.json: the file, where, and which icon and field.
public struct IconSettingsError: UserFacingError, Equatable {
    public var file: String
    public var location: SourceLocation?
    public var icon: String?
    public var field: String?
    public var message: String

    public var description: String {
        var subject = [icon.map { "icon '\($0)'" }, field.map { "field '\($0)'" }].compactMap { $0 }.joined(separator: ", ")
        if !subject.isEmpty { subject += ": " }
        return file + (location.map { ":\($0)" } ?? "") + ": " + subject + message
    }
}

extension IconSettings {
    /// Parses and validates icons.json. `file` names the file in errors. Whether each
    /// named icon has an SVG is checked by the icon stage, which lists the folder.
    public static func parse(_ bytes: [UInt8], file: String) throws(IconSettingsError) -> IconSettings {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw IconSettingsError(file: file, location: error.location, message: "invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root.value else {
            throw IconSettingsError(file: file, location: root.location, message: "expected an object with \"defaults\" and/or \"icons\", found \(root.value.typeName)")
        }
        var settings = IconSettings()
        for member in members {
            switch member.key {
            case "defaults":
                settings.defaults = try parseOverrides(member.value, icon: nil, file: file)
                if settings.defaults.seed != nil {
                    throw IconSettingsError(file: file, location: member.value["seed"]?.location, field: "defaults.seed", message: "a seed belongs to one icon; by default each icon's seed comes from its name")
                }
            case "icons":
                guard case .object(let entries) = member.value.value else {
                    throw IconSettingsError(file: file, location: member.value.location, field: "icons", message: "expected an object from icon name to settings, found \(member.value.value.typeName)")
                }
                for entry in entries {
                    if let earlier = settings.icons[entry.key]?.location {
                        throw IconSettingsError(file: file, location: entry.keyLocation, icon: entry.key, message: "listed twice (first at \(earlier))")
                    }
                    settings.icons[entry.key] = try parseOverrides(entry.value, icon: entry.key, file: file)
                }
            default:
                throw IconSettingsError(file: file, location: member.keyLocation, field: member.key, message: "unknown top-level field (expected \"defaults\", \"icons\")")
            }
        }
        return settings
    }

    private static let fields = ["amplitude", "wavelength", "octaves", "seed", "renderingIntent"]

    private static func parseOverrides(_ node: JSONNode, icon: String?, file: String) throws(IconSettingsError) -> Overrides {
        guard case .object(let members) = node.value else {
            throw IconSettingsError(file: file, location: node.location, icon: icon, message: "expected an object, found \(node.value.typeName)")
        }
        var overrides = Overrides(location: node.location)
        for member in members {
            let value = member.value
            func fail(_ message: String) -> IconSettingsError {
                IconSettingsError(file: file, location: value.location, icon: icon, field: member.key, message: message)
            }
            func number(in range: ClosedRange<Double>, _ expectation: String) throws(IconSettingsError) -> Double {
                guard case .number(let number, _) = value.value, range.contains(number) else { throw fail("expected \(expectation)") }
                return number
            }
            switch member.key {
            case "amplitude":
                let range = WobbleParameters.amplitudeRange
                overrides.amplitude = try number(in: range, "a number of points from \(JSONWriter.formatNumber(range.lowerBound)) (no wobble) to \(JSONWriter.formatNumber(range.upperBound))")
            case "wavelength":
                let range = WobbleParameters.wavelengthRange
                overrides.wavelength = try number(in: range, "a number of points from \(JSONWriter.formatNumber(range.lowerBound)) to \(JSONWriter.formatNumber(range.upperBound))")
            case "octaves":
                let range = WobbleParameters.octaveRange
                let octaves = try number(in: Double(range.lowerBound)...Double(range.upperBound), "a whole number from \(range.lowerBound) to \(range.upperBound)")
                guard octaves == octaves.rounded() else { throw fail("expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
                overrides.octaves = Int(octaves)
            case "seed":
                let seed = try number(in: 0...Double(UInt32.max), "a whole number from 0 to \(UInt32.max)")
                guard seed == seed.rounded() else { throw fail("expected a whole number from 0 to \(UInt32.max)") }
                overrides.seed = UInt32(seed)
            case "renderingIntent":
                guard case .string(let text) = value.value, let intent = RenderingIntent(rawValue: text) else {
                    throw fail("expected \"template\" (the app tints the icon) or \"original\"")
                }
                overrides.renderingIntent = intent
            default:
                throw IconSettingsError(file: file, location: member.keyLocation, icon: icon, field: member.key, message: "unknown field (expected one of: \(fields.joined(separator: ", ")))")
            }
        }
        return overrides
    }
}
