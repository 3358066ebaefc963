import BijouxCore

/// An Icon Composer document (Xcode 26): the `icon.json` of an `.icon` folder, whose
/// `Assets/` holds the layers' pictures. Only what this tool writes is modelled; the
/// text is written the way Icon Composer saves it (see `text`).
///
/// The shape, as Icon Composer saves it: a document fill (or per-appearance fills),
/// groups drawn front to back (the first group on top), each with its layers front to
/// back and its own shadow and translucency; a layer names its picture in
/// `image-name` and may carry a fill per appearance. An appearance specialization is
/// a `<property>-specializations` array of `{"appearance": …, "value": …}`, the entry
/// without an appearance being the default look; `dark` is the dark look and `tinted`
/// the tinted and clear looks.
struct IconDocument: Equatable, Sendable {
    /// The looks a value can be specialized for; nil in a `Specialized` is the default.
    enum Appearance: String, Equatable, Sendable, CaseIterable {
        case dark, tinted
    }

    /// One value per look: `appearance` nil for the default.
    struct Specialized<Value: Equatable & Sendable>: Equatable, Sendable {
        var appearance: Appearance?
        var value: Value

        init(_ appearance: Appearance?, _ value: Value) {
            self.appearance = appearance
            self.value = value
        }
    }

    /// A fill: a solid colour, or the background the system draws itself.
    enum Fill: Equatable, Sendable {
        case solid(RGBA)
        /// Icon Composer's "system-dark": the system's own dark background.
        case systemDark
    }

    struct Layer: Equatable, Sendable {
        var name: String
        /// The file in Assets/.
        var imageName: String
        /// Liquid Glass on the layer (the system's specular light and refraction).
        var glass: Bool
        /// Empty: the picture's own colours in every look.
        var fills: [Specialized<Fill>]
    }

    struct Group: Equatable, Sendable {
        var name: String
        /// Front to back.
        var layers: [Layer]
        var shadowOpacity: Double
        /// nil: translucency off.
        var translucency: Double?
        var specular: Bool
    }

    /// The document's background, per look.
    var fills: [Specialized<Fill>]
    /// Front to back.
    var groups: [Group]

    /// Every layer's picture, front to back.
    var imageNames: [String] { groups.flatMap { $0.layers.map(\.imageName) } }

    /// The fill of `look`: its specialization, else the default entry.
    static func fill(_ fills: [Specialized<Fill>], for look: Appearance?) -> Fill? {
        (fills.first { $0.appearance == look } ?? fills.first { $0.appearance == nil })?.value
    }

    // MARK: Writing

    /// The layers are the canvas's size and centred on it: Icon Composer's default
    /// position, written out as it writes a position.
    static let centred: JSONOutput = ["scale": 1, "translation-in-points": [0, 0]]
    /// Translucency's amount when it is off: Icon Composer still saves one, its default.
    static let defaultTranslucency = 0.5

    var json: JSONOutput {
        [
            "fill-specializations": Self.json(fills),
            "groups": .array(groups.map(Self.json)),
            // iPhone, iPad and Mac share the square icon (Icon Composer's "shared").
            "supported-platforms": ["squares": "shared"],
        ]
    }

    /// icon.json as Icon Composer saves it: two-space indent, `"key" : value`, keys
    /// sorted, colours as `srgb:` strings of five decimals, and no newline at the end.
    var text: String { JSONWriter.xcodeStyle(json, trailingNewline: false) }

    static func json(_ group: Group) -> JSONOutput {
        var object: [String: JSONOutput] = [
            "layers": .array(group.layers.map(json)),
            "name": .string(group.name),
            "shadow": ["kind": "neutral", "opacity": .double(group.shadowOpacity)],
            "translucency": [
                "enabled": .bool(group.translucency != nil), "value": .double(group.translucency ?? defaultTranslucency),
            ],
        ]
        if group.specular { object["specular"] = true }
        return .object(object)
    }

    static func json(_ layer: Layer) -> JSONOutput {
        var object: [String: JSONOutput] = [
            "glass": .bool(layer.glass), "image-name": .string(layer.imageName), "name": .string(layer.name), "position": centred,
        ]
        if !layer.fills.isEmpty { object["fill-specializations"] = json(layer.fills) }
        return .object(object)
    }

    static func json(_ fills: [Specialized<Fill>]) -> JSONOutput {
        .array(
            fills.map { entry in
                var object: [String: JSONOutput] = ["value": json(entry.value)]
                if let appearance = entry.appearance { object["appearance"] = .string(appearance.rawValue) }
                return .object(object)
            })
    }

    static func json(_ fill: Fill) -> JSONOutput {
        switch fill {
        case .solid(let color): ["solid": .string(colorString(color))]
        case .systemDark: "system-dark"
        }
    }

    /// "srgb:R,G,B,A", each component 0...1 with exactly five decimals, as Icon
    /// Composer writes a colour (the app icon's inks are 8-bit sRGB: a Display P3 palette
    /// colour appicon.json names is converted first, `Palette.rgba`).
    static func colorString(_ color: RGBA) -> String {
        "srgb:" + [color.r, color.g, color.b, color.a].map(component).joined(separator: ",")
    }

    /// An 8-bit level as a fraction with five decimals ("0.78824", "1.00000"), in
    /// integer arithmetic so no platform's float formatting can change it.
    static func component(_ level: UInt8) -> String {
        let hundredThousandths = (Int(level) * 100_000 * 2 + 255) / (255 * 2)
        let fraction = String(hundredThousandths % 100_000)
        return "\(hundredThousandths / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }
}
