import BijouxKit

/// The app's named colours, from `art/palette.json`, the one place they are written:
///
///     {"colors": {"paper": "#171513", "camel": "#C9A16B", "ink": {"any": "#F3ECDF", "dark": "#F3ECDF"}},
///      "accent": "camel"}
///
/// Each colour is "#RRGGBB" (sRGB, opaque), or `{"any": …, "dark": …}` for one with a
/// dark appearance. `accent` (optional) names the colour that becomes the catalog's
/// `AccentColor`. The catalog gets a colour set per colour, the generated Swift a
/// constant per colour; icons are drawn in the colour named `ink`, the contact sheet
/// on the one named `paper`, and appicon.json may name any colour instead of a hex value.
package struct Palette: Equatable, Sendable {
    package struct Color: Equatable, Sendable {
        /// As written in the file (`light-ink`): a valid id, so it can name a colour set
        /// and a Swift property.
        package var name: String
        package var any: RGBA
        package var dark: RGBA?
        package var location: SourceLocation?

        package init(name: String, any: RGBA, dark: RGBA? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.any = any
            self.dark = dark
            self.location = location
        }

        /// The colour set's name, words capitalised as Xcode's templates name colours
        /// (`paper` → `Paper`, `light-ink` → `LightInk`).
        package var colorSetName: String {
            name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    package static let fileName = "palette.json"

    /// In file order.
    package var colors: [Color]
    /// The name of the accent colour, one of `colors`.
    package var accent: String?

    package init(colors: [Color] = [], accent: String? = nil) {
        self.colors = colors
        self.accent = accent
    }

    package subscript(name: String) -> Color? { colors.first { $0.name == name } }

    /// What the contact sheet is drawn on: the colour named `paper`, else black (the matte the
    /// charms are painted on).
    package var paper: RGBA { self["paper"]?.any ?? RGBA(0, 0, 0, 255) }
    /// What icons are drawn in: the colour named `ink`, else white.
    package var ink: RGBA { self["ink"]?.any ?? RGBA(255, 255, 255, 255) }
    /// The app's accent, its glow and tint: the colour `accent` names, else the ink.
    package var accentColor: RGBA { accent.flatMap { self[$0]?.any } ?? ink }

    /// "#RRGGBB" (either case) as an opaque colour.
    package static func parseHex(_ text: String) -> RGBA? {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = Character(Unicode.Scalar(digit)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        return RGBA(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255)
    }

    /// "#171513" (BijouxKit's form, which the app sees too).
    package static func hex(_ color: RGBA) -> String { PaletteColor.hex(rgb: rgb(color)) }

    /// 0xRRGGBB.
    package static func rgb(_ color: RGBA) -> UInt32 { UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b) }
}

extension Palette {
    /// Parses and validates palette.json. `file` names the file in errors.
    package static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> Palette {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["colors", "accent"],
            notAnObject: "expected an object with \"colors\" and optionally \"accent\"",
            unknown: "unknown top-level field (expected \"colors\", \"accent\")")
        let expected = "a colour \"#RRGGBB\" or {\"any\": \"#RRGGBB\", \"dark\": \"#RRGGBB\"}"
        var palette = Palette()
        let members = try top.required("colors", "an object from colour name to \(expected)", saysFound: true, \.members)
        guard !members.isEmpty else { throw top.fail("colors", "the palette has no colours") }
        var owner: [String: Color] = [:]
        for member in members {
            let name = member.key
            guard AssetName.isValid(name) else {
                throw ArtFileError(
                    file: file, location: member.keyLocation, field: "colors",
                    message:
                        "\"\(name)\" is not a valid colour name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names a colour set and a Swift property"
                )
            }
            var color = Color(name: name, any: RGBA(0, 0, 0, 255), location: member.keyLocation)
            if let hex = member.value.value.string {
                guard let any = parseHex(hex) else {
                    throw ArtFileError(file: file, location: member.value.location, field: "colors.\(name)", message: "expected \(expected)")
                }
                color.any = any
            } else {
                let fields = try JSONFields(
                    member.value, file: file, path: "colors.\(name)", known: ["any", "dark"],
                    notAnObject: "expected \(expected)")
                color.any = try fields.required("any", "a colour \"#RRGGBB\"") { $0.string.flatMap(parseHex) }
                color.dark = try fields.optional("dark", "a colour \"#RRGGBB\"") { $0.string.flatMap(parseHex) }
            }
            // Two names for one colour set, or one Swift property: `Light-ink` and `light-ink`.
            let key = color.colorSetName.lowercased()
            if let first = owner[key] {
                let at = first.location.map { " at \($0)" } ?? ""
                if first.name == name {
                    throw ArtFileError(file: file, location: member.keyLocation, field: "colors", message: "colour '\(name)' is listed twice (first\(at))")
                }
                throw ArtFileError(
                    file: file, location: member.keyLocation, field: "colors",
                    message: "colour '\(name)' has the colour set name \(color.colorSetName), as does colour '\(first.name)'\(at); rename one of them")
            }
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
}
