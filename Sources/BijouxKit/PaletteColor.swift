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
        let bytes = [rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF]
        red = Double(bytes[0]) / 255
        green = Double(bytes[1]) / 255
        blue = Double(bytes[2]) / 255
        alpha = 1
        hex = "#" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        self.colorSetName = colorSetName
    }
}
