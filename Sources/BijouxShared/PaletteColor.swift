#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One colour of the app's palette (art/palette.json), as the generated `BijouxPalette`
/// gives it: its components in each appearance the palette gives (`any`, and optionally
/// `dark`, `highContrast`, `darkHighContrast`), each in sRGB or Display P3 with an
/// alpha, exactly as its colour set holds them, and the colour set's name. The typed
/// `Color`/`UIColor` accessors load that colour set, which has every appearance.
public struct PaletteColor: Equatable, Hashable, Sendable {
    /// One appearance of a colour: a colour space and its components, 0...1, as the
    /// colour set stores them (an sRGB colour's channels are 8-bit, `0xC9`; Display P3
    /// components and every alpha are thousandths, `"0.502"`, as Xcode writes them).
    public struct Components: Equatable, Hashable, Sendable {
        /// The colour spaces of a palette colour, named as a colour set names them.
        public enum ColorSpace: String, Sendable {
            case sRGB = "srgb"
            case displayP3 = "display-p3"
        }

        /// The space `red`, `green` and `blue` are in.
        public let colorSpace: ColorSpace
        /// Red, 0...1.
        public let red: Double
        /// Green, 0...1.
        public let green: Double
        /// Blue, 0...1.
        public let blue: Double
        /// Opacity, 0...1, in thousandths.
        public let alpha: Double

        private init(_ colorSpace: ColorSpace, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
            precondition([red, green, blue, alpha].allSatisfy { (0...1).contains($0) }, "components are 0...1")
            (self.colorSpace, self.red, self.green, self.blue, self.alpha) = (colorSpace, red, green, blue, Self.thousandths(alpha))
        }

        /// An sRGB colour, `rgb` 0xRRGGBB; `alpha` 0...1, kept to thousandths.
        public static func sRGB(_ rgb: UInt32, alpha: Double = 1) -> Components {
            Components(.sRGB, Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255, alpha)
        }

        /// A Display P3 colour; each component 0...1, kept to thousandths.
        public static func displayP3(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) -> Components {
            Components(.displayP3, thousandths(red), thousandths(green), thousandths(blue), alpha)
        }

        /// `value` rounded to thousandths: the precision a colour set keeps.
        public static func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

        /// An sRGB component or alpha as the 8-bit channel it is (0...255).
        static func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }

        /// The colour as palette.json writes it, which is also CSS: `#C9A16B`, `#C9A16B80`
        /// (not opaque), `color(display-p3 0.8 0.4 0.2)`, `color(display-p3 0.8 0.4 0.2 / 0.5)`.
        public var css: String {
            switch colorSpace {
            case .sRGB:
                return "#" + [red, green, blue].map(Self.hexByte).joined() + (alpha == 1 ? "" : Self.hexByte(alpha))
            case .displayP3:
                return "color(display-p3 " + [red, green, blue].map(Self.decimal).joined(separator: " ") + (alpha == 1 ? "" : " / " + Self.decimal(alpha)) + ")"
            }
        }

        /// The colour in sRGB, each component 0...1: a Display P3 colour converted (both
        /// spaces have the sRGB transfer curve and the D65 white, so it is the linear
        /// components through one matrix) and clipped to the sRGB gamut.
        public var sRGBComponents: (red: Double, green: Double, blue: Double) {
            guard colorSpace == .displayP3 else { return (red, green, blue) }
            let linear = [red, green, blue].map(Self.linear)
            let converted = Self.displayP3ToSRGB.map { row in zip(row, linear).reduce(0) { $0 + $1.0 * $1.1 } }
            let encoded = converted.map { Self.encoded(min(max($0, 0), 1)) }
            return (encoded[0], encoded[1], encoded[2])
        }

        /// `#RRGGBB` in sRGB (`sRGBComponents`), and its alpha `AA` when it is not opaque.
        public var hex: String {
            let rgb = sRGBComponents
            return "#" + [rgb.red, rgb.green, rgb.blue].map(Self.hexByte).joined() + (alpha == 1 ? "" : Self.hexByte(alpha))
        }

        /// Linear Display P3 to linear sRGB (D65): the sRGB-to-XYZ matrix inverted, times
        /// Display P3's RGB-to-XYZ, both from the spaces' primaries and white.
        static let displayP3ToSRGB: [[Double]] = [
            [1.2249401763, -0.2249401763, 0],
            [-0.0420569547, 1.0420569547, 0],
            [-0.0196375546, -0.0786360456, 1.0982736001],
        ]

        /// The sRGB transfer curve, undone.
        static func linear(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }

        /// The sRGB transfer curve.
        static func encoded(_ value: Double) -> Double {
            value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        }

        static func hexByte(_ value: Double) -> String {
            let byte = Self.byte(value)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }

        /// Thousandths as the shortest decimal: 0.8, 0.125, 1, 0.
        static func decimal(_ value: Double) -> String {
            let units = Int((value * 1000).rounded())
            var fraction = String(units % 1000)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return String(units / 1000) + (fraction.isEmpty ? "" : "." + fraction)
        }
    }

    /// The colour in the default appearance.
    public let any: Components
    /// In dark mode, when the palette gives one.
    public let dark: Components?
    /// With Increase Contrast on, when the palette gives one.
    public let highContrast: Components?
    /// In dark mode with Increase Contrast on, when the palette gives one.
    public let darkHighContrast: Components?
    /// "Paper": `Color("Paper", bundle:)`, `UIColor(named: "Paper", in:, compatibleWith:)`.
    public let colorSetName: String

    /// A colour with its appearances, as its colour set holds them.
    public init(colorSetName: String, any: Components, dark: Components? = nil, highContrast: Components? = nil, darkHighContrast: Components? = nil) {
        self.colorSetName = colorSetName
        self.any = any
        self.dark = dark
        self.highContrast = highContrast
        self.darkHighContrast = darkHighContrast
    }

    /// An opaque sRGB colour with no other appearance; `rgb` is 0xRRGGBB.
    public init(rgb: UInt32, colorSetName: String) {
        self.init(colorSetName: colorSetName, any: .sRGB(rgb))
    }

    /// Every appearance the colour has, in its colour set's order: `any`, `dark`,
    /// `highContrast`, `darkHighContrast`.
    public var appearances: [(name: String, components: Components)] {
        [("any", any), ("dark", dark), ("highContrast", highContrast), ("darkHighContrast", darkHighContrast)].compactMap { name, components in
            components.map { (name, $0) }
        }
    }

    /// The `any` appearance's red, in its `colorSpace`.
    public var red: Double { any.red }
    /// The `any` appearance's green, in its `colorSpace`.
    public var green: Double { any.green }
    /// The `any` appearance's blue, in its `colorSpace`.
    public var blue: Double { any.blue }
    /// The `any` appearance's alpha.
    public var alpha: Double { any.alpha }
    /// The `any` appearance in sRGB: "#171513" (see `Components.hex`).
    public var hex: String { any.hex }
}
