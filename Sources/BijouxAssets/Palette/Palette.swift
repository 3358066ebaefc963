import BijouxCore
import BijouxShared

/// The app's named colours, from `art/palette.json`, the one place they are written:
///
///     {"colors": {"paper": "#171513", "camel": "#C9A16B",
///                 "ink": {"any": "#F3ECDF", "dark": "#EFE6D6", "highContrast": "color(display-p3 1 1 1)"}},
///      "accent": "camel"}
///
/// A colour is "#RRGGBB" or "#RRGGBBAA" (sRGB; AA the alpha), or CSS Color 4's
/// "color(display-p3 R G B)" or "color(display-p3 R G B / A)" (components and alpha
/// 0 to 1, kept to thousandths as a colour set keeps them); or an object of those by
/// appearance: `any`, and optionally `dark`, `highContrast` and `darkHighContrast`
/// (which needs both others). `accent` (optional) names the colour that becomes the
/// catalog's `AccentColor`. The catalog gets a colour set per colour, the generated
/// Swift a constant per colour; icons are drawn in the colour named `ink`, the contact
/// sheet on the one named `paper` (both must be opaque), and appicon.json may name any
/// opaque colour instead of a hex value: where the tool draws pixels, it takes the
/// `any` appearance in 8-bit sRGB (`rgba`).
struct Palette: Equatable, Sendable {
    struct Color: Equatable, Sendable {
        /// As written in the file (`light-ink`): a valid id, so it can name a colour set
        /// and a Swift property.
        var name: String
        var any: PaletteColor.Components
        var dark: PaletteColor.Components?
        var highContrast: PaletteColor.Components?
        var darkHighContrast: PaletteColor.Components?
        var location: SourceLocation?

        init(
            name: String, any: PaletteColor.Components, dark: PaletteColor.Components? = nil, highContrast: PaletteColor.Components? = nil,
            darkHighContrast: PaletteColor.Components? = nil, location: SourceLocation? = nil
        ) {
            self.name = name
            self.any = any
            self.dark = dark
            self.highContrast = highContrast
            self.darkHighContrast = darkHighContrast
            self.location = location
        }

        /// The colour set's name, words capitalised as Xcode's templates name colours
        /// (`paper` → `Paper`, `light-ink` → `LightInk`).
        var colorSetName: String {
            name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }

        /// The colour as BijouxKit holds it, and as its colour set and the generated
        /// Swift write it.
        var paletteColor: PaletteColor {
            PaletteColor(colorSetName: colorSetName, any: any, dark: dark, highContrast: highContrast, darkHighContrast: darkHighContrast)
        }
    }

    static let fileName = "palette.json"

    /// In file order.
    var colors: [Color]
    /// The name of the accent colour, one of `colors`.
    var accent: String?

    init(colors: [Color] = [], accent: String? = nil) {
        self.colors = colors
        self.accent = accent
    }

    subscript(name: String) -> Color? { colors.first { $0.name == name } }

    /// What the contact sheet is drawn on: the colour named `paper`, else black (the matte the
    /// charms are painted on).
    var paper: PaletteColor.Components { self["paper"]?.any ?? .sRGB(0x000000) }
    /// What icons are drawn in: the colour named `ink`, else white.
    var ink: PaletteColor.Components { self["ink"]?.any ?? .sRGB(0xFFFFFF) }
    /// The app's accent, its glow and tint: the colour `accent` names, else the ink.
    var accentColor: PaletteColor.Components { accent.flatMap { self[$0]?.any } ?? ink }

    /// The colours whose role is to be drawn as they are, and so must be opaque: what
    /// the icons are drawn in and what the contact sheet is drawn on.
    static let opaqueRoles = ["ink": "what the icons are drawn in", "paper": "what the contact sheet is drawn on"]

    /// A colour as the tool draws it into pixels: its sRGB form (a Display P3 colour
    /// converted and clipped to the sRGB gamut) in 8-bit channels, with its alpha.
    static func rgba(_ color: PaletteColor.Components) -> RGBA {
        let rgb = color.sRGBComponents
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return RGBA(byte(rgb.red), byte(rgb.green), byte(rgb.blue), byte(color.alpha))
    }

    /// "#RRGGBB" (either case) as an opaque colour: the form appicon.json takes.
    static func parseHex(_ text: String) -> RGBA? {
        guard text.utf8.count == 7, text.hasPrefix("#"), let color = parseColor(text) else { return nil }
        return rgba(color)
    }

    /// The forms a colour may take, for messages.
    static let forms =
        "\"#RRGGBB\", \"#RRGGBBAA\" (sRGB; AA the alpha), \"color(display-p3 R G B)\" or \"color(display-p3 R G B / A)\" (components and alpha from 0 to 1)"

    /// A colour written as palette.json takes it (see the type), or nil.
    static func parseColor(_ text: String) -> PaletteColor.Components? {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "#") {
            guard bytes.count == 7 || bytes.count == 9 else { return nil }
            var value: UInt32 = 0
            for digit in bytes.dropFirst() {
                guard let nibble = Character(Unicode.Scalar(digit)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(nibble)
            }
            return bytes.count == 7 ? .sRGB(value) : .sRGB(value >> 8, alpha: Double(value & 0xFF) / 255)
        }
        return parseDisplayP3(text)
    }

    /// `color(display-p3 R G B)` or `color(display-p3 R G B / A)`, names in any letter
    /// case, each number plain decimal (`0.5`, `.5`, `1`) from 0 to 1.
    private static func parseDisplayP3(_ text: String) -> PaletteColor.Components? {
        let lower = text.lowercased()
        guard lower.hasPrefix("color("), lower.hasSuffix(")") else { return nil }
        let inside = lower.dropFirst("color(".count).dropLast()
        let slash = inside.split(separator: "/", omittingEmptySubsequences: false)
        guard slash.count <= 2 else { return nil }
        let words = slash[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard words.count == 4, words[0] == "display-p3" else { return nil }
        var numbers: [Double] = []
        for word in words.dropFirst() + (slash.count == 2 ? slash[1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) : []) {
            guard let number = plainNumber(word), (0...1).contains(number) else { return nil }
            numbers.append(number)
        }
        guard numbers.count == (slash.count == 2 ? 4 : 3) else { return nil }
        return .displayP3(numbers[0], numbers[1], numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
    }

    /// Digits with an optional fraction (`1`, `0.25`, `.5`): no sign, exponent or unit.
    private static func plainNumber(_ word: Substring) -> Double? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
        guard digits, parts.count <= 2, !parts[0].isEmpty || parts.count == 2, parts.count == 1 || !parts[1].isEmpty else { return nil }
        return Double(word.hasPrefix(".") ? "0" + word : String(word))
    }
}

extension Palette {
    /// The appearances an object colour may give, in its colour set's order.
    static let appearances = ["any", "dark", "highContrast", "darkHighContrast"]

    /// Parses and validates palette.json. `file` names the file in errors.
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> Palette {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["colors", "accent"],
            notAnObject: "expected an object with \"colors\" and optionally \"accent\"",
            unknown: "unknown top-level field (expected \"colors\", \"accent\")")
        var palette = Palette()
        let members = try top.required("colors", "an object from colour name to \(expectedColor)", saysFound: true, \.members)
        guard !members.isEmpty else { throw top.fail("colors", "the palette has no colours") }
        var owner: [String: Color] = [:]
        for member in members {
            let color = try parseNamedColor(member, file: file)
            // Two names for one colour set, or one Swift property: `Light-ink` and `light-ink`.
            let key = color.colorSetName.lowercased()
            if let first = owner[key] { throw sameColorSetName(color, first: first, at: member, file: file) }
            owner[key] = color
            palette.colors.append(color)
        }
        if let accent = try top.optional("accent", "the name of one of the colours", saysFound: true, \.string) {
            guard palette[accent] != nil else {
                throw top.fail("accent", "no colour '\(accent)' in \"colors\" (known: \(palette.colors.map(\.name).joined(separator: ", ")))")
            }
            palette.accent = accent
        }
        return palette
    }

    /// What a colour's value in `colors` may be, for messages.
    private static let expectedColor =
        "a colour: \(forms), or an object of those by appearance ({\"any\": …, \"dark\": …, \"highContrast\": …, \"darkHighContrast\": …})"

    /// One member of `colors`: its name, which must be a valid asset name, and its value
    /// (`parseAppearances`); a colour with a role in `opaqueRoles` must be opaque.
    private static func parseNamedColor(_ member: JSONMember, file: String) throws(ArtFileError) -> Color {
        let name = member.key
        guard AssetName.isValid(name) else {
            throw ArtFileError(
                file: file, location: member.keyLocation, field: "colors",
                message:
                    """
                    \"\(name)\" is not a valid colour name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names a colour set \
                    and a Swift property
                    """
            )
        }
        var color = Color(name: name, any: .sRGB(0), location: member.keyLocation)
        try parseAppearances(member.value, into: &color, file: file)
        if let role = opaqueRoles[name], color.any.alpha < 1 {
            let location = member.value.value.string == nil ? member.value["any"]?.location : member.value.location
            throw ArtFileError(
                file: file, location: location, field: "colors.\(name)",
                message: "the colour '\(name)' is \(role), so it must be opaque (its alpha is \(Format.number(color.any.alpha)))")
        }
        return color
    }

    /// A colour's value: one colour, for every appearance, or an object of colours by
    /// appearance (`appearances`), `any` required and `darkHighContrast` only beside both
    /// `dark` and `highContrast`.
    private static func parseAppearances(_ value: JSONNode, into color: inout Color, file: String) throws(ArtFileError) {
        let name = color.name
        if let text = value.value.string {
            guard let any = parseColor(text) else {
                throw ArtFileError(file: file, location: value.location, field: "colors.\(name)", message: "expected \(expectedColor)")
            }
            color.any = any
            return
        }
        let fields = try JSONFields(value, file: file, path: "colors.\(name)", known: appearances, notAnObject: "expected \(expectedColor)")
        let one = "a colour: \(forms)"
        color.any = try fields.required("any", one) { $0.string.flatMap(parseColor) }
        color.dark = try fields.optional("dark", one) { $0.string.flatMap(parseColor) }
        color.highContrast = try fields.optional("highContrast", one) { $0.string.flatMap(parseColor) }
        color.darkHighContrast = try fields.optional("darkHighContrast", one) { $0.string.flatMap(parseColor) }
        if color.darkHighContrast != nil && (color.dark == nil || color.highContrast == nil) {
            throw fields.fail(
                "darkHighContrast",
                "needs \"dark\" and \"highContrast\" too: Xcode's colour sets have the dark high-contrast appearance only beside both")
        }
    }

    /// The error for `color`, at `member`, whose colour set name (in any letter case) `first`
    /// already has: the same name listed twice, or two names that make one colour set.
    private static func sameColorSetName(_ color: Color, first: Color, at member: JSONMember, file: String) -> ArtFileError {
        let name = color.name
        let at = first.location.map { " at \($0)" } ?? ""
        if first.name == name {
            return ArtFileError(file: file, location: member.keyLocation, field: "colors", message: "colour '\(name)' is listed twice (first\(at))")
        }
        return ArtFileError(
            file: file, location: member.keyLocation, field: "colors",
            message: "colour '\(name)' has the colour set name \(color.colorSetName), as does colour '\(first.name)'\(at); rename one of them")
    }
}
