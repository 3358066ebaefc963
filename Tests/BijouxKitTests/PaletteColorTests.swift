import BijouxKit
import Testing

@Suite("PaletteColor: a palette colour in every appearance, sRGB or Display P3, with alpha")
struct PaletteColorTests {
    /// The Macbeth ColorChecker's sRGB patches and their Display P3 coordinates as
    /// color.js converts them (svgeesus/PNG-CICP-tests, README.md and workings/README.md),
    /// at the thousandths a colour set keeps: converted back, each is its 8-bit sRGB patch.
    @Test(arguments: [
        ((0.43827, 0.32728, 0.27227), "#755243"),  // dark skin, rgb(117 82 67)
        ((0.82251, 0.50571, 0.24813), "#DF7C2C"),  // orange, rgb(223 124 44)
        ((0.65731, 0.22642, 0.2374), "#B62E38"),  // red, rgb(182 46 56)
        ((0.17274, 0.24074, 0.55592), "#273E93"),  // blue, rgb(39 62 147)
        ((0.34706, 0.57321, 0.31911), "#439449"),  // green, rgb(67 148 73)
        ((0.96078, 0.96078, 0.94295), "#F5F5F0"),  // white 9.5, rgb(245 245 240)
    ])
    func displayP3ConvertsToTheSRGBColorJSGives(p3: (Double, Double, Double), hex: String) {
        #expect(PaletteColor.Components.displayP3(p3.0, p3.1, p3.2).hex == hex)
    }

    /// Outside sRGB's gamut, each component is clipped: P3's pure red is sRGB's.
    @Test func aColourOutsideSRGBIsClipped() {
        let red = PaletteColor.Components.displayP3(1, 0, 0)
        #expect(red.hex == "#FF0000")
        #expect(PaletteColor.Components.displayP3(0, 1, 0).hex == "#00FF00")
    }

    @Test func componentsAreKeptAsTheColourSetKeepsThem() {
        let camel = PaletteColor.Components.sRGB(0xC9A16B)
        #expect(camel.colorSpace == .sRGB && camel.red == 201.0 / 255 && camel.alpha == 1)
        #expect(camel.css == "#C9A16B" && camel.hex == "#C9A16B")
        // An 8-bit alpha is kept to thousandths, as the colour set writes it, and reads back as the same byte.
        let veil = PaletteColor.Components.sRGB(0xC9A16B, alpha: Double(0x80) / 255)
        #expect(veil.alpha == 0.502 && veil.css == "#C9A16B80" && veil.hex == "#C9A16B80")
        for byte in 0...255 {
            #expect(PaletteColor.Components.sRGB(0, alpha: Double(byte) / 255).css == "#000000" + (byte == 255 ? "" : String(format2: byte)))
        }
        let p3 = PaletteColor.Components.displayP3(0.80049, 0.4, 0.125, alpha: 0.5)
        #expect(p3.colorSpace == .displayP3 && p3.red == 0.8 && p3.blue == 0.125)
        #expect(p3.css == "color(display-p3 0.8 0.4 0.125 / 0.5)")
        #expect(PaletteColor.Components.displayP3(1, 0, 0.05).css == "color(display-p3 1 0 0.05)")
    }

    @Test func aColourHasItsAppearancesInTheColourSetsOrder() {
        let ink = PaletteColor(
            colorSetName: "Ink", any: .sRGB(0xF3ECDF), dark: .sRGB(0xEFE6D6), highContrast: .displayP3(1, 1, 1), darkHighContrast: .sRGB(0xFFFFFF))
        #expect(ink.appearances.map(\.name) == ["any", "dark", "highContrast", "darkHighContrast"])
        #expect(ink.appearances.map(\.components.css) == ["#F3ECDF", "#EFE6D6", "color(display-p3 1 1 1)", "#FFFFFF"])
        let paper = PaletteColor(rgb: 0x171513, colorSetName: "Paper")
        #expect(paper.appearances.map(\.name) == ["any"] && paper.dark == nil)
        #expect(paper.hex == "#171513" && paper.red == Double(0x17) / 255 && paper.alpha == 1 && paper.colorSetName == "Paper")
        #expect(paper == PaletteColor(colorSetName: "Paper", any: .sRGB(0x171513)))
    }
}

extension String {
    /// Two upper-case hex digits.
    fileprivate init(format2 byte: Int) {
        self = (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
