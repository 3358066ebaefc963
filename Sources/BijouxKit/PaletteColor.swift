/// One colour of the app's palette (art/palette.json), as the generated `BijouxPalette`
/// gives it: its sRGB components (0...1, the colour's "any" appearance), its hex form,
/// and the colour set that holds it in the asset catalog (with its dark appearance,
/// when it has one). The typed `Color`/`UIColor` accessors load that colour set.
public struct PaletteColor: Equatable, Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    /// Palette colours are opaque.
    public let alpha: Double
    /// "#171513".
    public let hex: String
    /// "Paper": `Color("Paper", bundle:)`, `UIColor(named: "Paper", in:, compatibleWith:)`.
    public let colorSetName: String

    /// `rgb` is 0xRRGGBB.
    public init(rgb: UInt32, colorSetName: String) {
        red = Double(rgb >> 16 & 0xFF) / 255
        green = Double(rgb >> 8 & 0xFF) / 255
        blue = Double(rgb & 0xFF) / 255
        alpha = 1
        hex = Self.hex(rgb: rgb)
        self.colorSetName = colorSetName
    }

    /// "#C9A16B" for 0xC9A16B: upper-case, as palette files are usually written.
    public static func hex(rgb: UInt32) -> String {
        "#" + [rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
