import BijouxKit
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("palette.json: the app's colours, once")
struct PaletteTests {
    static func parse(_ text: String) throws(ArtFileError) -> Palette {
        try Palette.parse(Array(text.utf8), file: "art/palette.json")
    }

    @Test func readsColoursInFileOrderWithDarkAppearancesAndTheAccent() throws {
        let palette = try Self.parse(
            ##"""
            {"colors": {"paper": "#171513", "camel": "#c9a16b", "light-ink": {"any": "#F3ECDF", "dark": "#101010"}}, "accent": "camel"}
            """##)
        #expect(palette.colors.map(\.name) == ["paper", "camel", "light-ink"])
        #expect(palette.colors.map(\.colorSetName) == ["Paper", "Camel", "LightInk"])
        #expect(palette["camel"]?.any == .sRGB(0xC9A16B))
        #expect(palette["camel"]?.dark == nil)
        #expect(palette["light-ink"]?.dark == .sRGB(0x101010))
        #expect(palette.accent == "camel")
        #expect(palette.paper == .sRGB(0x171513))
        // No colour named "ink": icons fall back to white.
        #expect(Palette.rgba(palette.ink) == RGBA(255, 255, 255, 255))
        #expect(palette["camel"]!.any.css == "#C9A16B")
    }

    static let forms =
        "\"#RRGGBB\", \"#RRGGBBAA\" (sRGB; AA the alpha), \"color(display-p3 R G B)\" or \"color(display-p3 R G B / A)\" (components and alpha from 0 to 1)"
    static let colour =
        """
        a colour: \"#RRGGBB\", \"#RRGGBBAA\" (sRGB; AA the alpha), \"color(display-p3 R G B)\" or \"color(display-p3 R G B / A)\" (components and alpha from 0 \
        to 1), or an object of those by appearance ({\"any\": …, \"dark\": …, \"highContrast\": …, \"darkHighContrast\": …})
        """

    /// Every form of palette.json, each appearance, kept as the colour set keeps it.
    @Test func readsTheWiderForms() throws {
        let palette = try Self.parse(
            ##"""
            {"colors": {
              "veil": "#c9a16b80",
              "glow": "color(display-p3 1 0.5 .25 / 0.8)",
              "wide": "COLOR( Display-P3 0.80049 0.4 0 )",
              "ink": {"any": "#F3ECDF", "dark": "#EFE6D6", "highContrast": "color(display-p3 1 1 1)", "darkHighContrast": "#FFFFFF"},
              "line": {"any": "#101010", "highContrast": "#000000"}}}
            """##)
        #expect(palette["veil"]?.any == .sRGB(0xC9A16B, alpha: Double(0x80) / 255))
        #expect(palette["veil"]?.any.alpha == 0.502)
        #expect(palette["glow"]?.any == .displayP3(1, 0.5, 0.25, alpha: 0.8))
        #expect(palette["wide"]?.any == .displayP3(0.8, 0.4, 0) && palette["wide"]?.any.red == 0.8)
        let ink = try #require(palette["ink"])
        #expect(ink.paletteColor.appearances.map(\.components) == [.sRGB(0xF3ECDF), .sRGB(0xEFE6D6), .displayP3(1, 1, 1), .sRGB(0xFFFFFF)])
        #expect(palette["line"]?.dark == nil && palette["line"]?.highContrast == .sRGB(0x000000))
        // Drawn (the icons' ink, the app icon) in 8-bit sRGB: P3 converted, the alpha kept.
        #expect(Palette.rgba(palette["glow"]!.any) == RGBA(0xFF, 0x76, 0x26, 204))
    }

    @Test(arguments: [
        ##"{"colors": {"paper": "#17151"}}"##, ##"{"colors": {"paper": "#1715130"}}"##, ##"{"colors": {"paper": "171513"}}"##,
        ##"{"colors": {"paper": "#17151G"}}"##, ##"{"colors": {"paper": "color(display-p3 1 0 0 0)"}}"##,
        ##"{"colors": {"paper": "color(display-p3 1.2 0 0)"}}"##, ##"{"colors": {"paper": "color(display-p3 1 0 -0.1)"}}"##,
        ##"{"colors": {"paper": "color(display-p3 1 0 0 / 2)"}}"##, ##"{"colors": {"paper": "color(display-p3 1 0 0 / )"}}"##,
        ##"{"colors": {"paper": "color(srgb 1 0 0)"}}"##, ##"{"colors": {"paper": "color(display-p3 50% 0 0)"}}"##,
        ##"{"colors": {"paper": "color(display-p3 1e-1 0 0)"}}"##, ##"{"colors": {"paper": "color(display-p3 1. 0 0)"}}"##,
        ##"{"colors": {"paper": "color(display-p3 1 0 0"}}"##, ##"{"colors": {"paper": "rgb(1, 0, 0)"}}"##,
    ])
    func aBadColourIsRefusedAtItsValueNamingTheFormsAccepted(text: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == "art/palette.json:1:22: field 'colors.paper': expected \(Self.colour)")
        }
    }

    @Test(arguments: [
        (
            ##"{"colors": {"line": {"any": "#101010", "dark": "#000000", "darkHighContrast": "#FFFFFF"}}}"##,
            """
            art/palette.json:1:79: field 'colors.line.darkHighContrast': needs \"dark\" and \"highContrast\" too: Xcode's colour sets have the dark \
            high-contrast appearance only beside both
            """
        ),
        (
            ##"{"colors": {"ink": "#F3ECDF80"}}"##,
            "art/palette.json:1:20: field 'colors.ink': the colour 'ink' is what the icons are drawn in, so it must be opaque (its alpha is 0.502)"
        ),
        (
            ##"{"colors": {"paper": {"any": "color(display-p3 0 0 0 / 0.5)"}}}"##,
            "art/palette.json:1:30: field 'colors.paper': the colour 'paper' is what the contact sheet is drawn on, so it must be opaque (its alpha is 0.5)"
        ),
    ])
    func appearancesAndRolesAreChecked(text: String, message: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        (
            ##"{"colors": {"paper": "#17151"}}"##,
            "art/palette.json:1:22: field 'colors.paper': expected \(Self.colour)"
        ),
        (##"{"colors": {"paper": {"dark": "#000000"}}}"##, "art/palette.json:1:22: field 'colors.paper.any': missing required field"),
        (
            ##"{"colors": {"paper": {"any": "#000000", "light": "#FFFFFF"}}}"##,
            "art/palette.json:1:41: field 'colors.paper.light': unknown field (expected one of: any, dark, highContrast, darkHighContrast)"
        ),
        (##"{"colors": {"paper": {"any": "#000000", "dark": 3}}}"##, "art/palette.json:1:49: field 'colors.paper.dark': expected a colour: \(Self.forms)"),
        (
            ##"{"colors": {"paper": "#000000", "Paper": "#111111"}}"##,
            "art/palette.json:1:33: field 'colors': colour 'Paper' has the colour set name Paper, as does colour 'paper' at 1:13; rename one of them"
        ),
        (##"{"colors": {"paper": "#000000", "paper": "#111111"}}"##, "art/palette.json:1:33: field 'colors': colour 'paper' is listed twice (first at 1:13)"),
        (
            ##"{"colors": {"light ink": "#000000"}}"##,
            """
            art/palette.json:1:13: field 'colors': \"light ink\" is not a valid colour name (ASCII letters, digits, '-' and '_', starting with a letter or \
            digit): it names a colour set and a Swift property
            """
        ),
        (##"{"colors": {}}"##, "art/palette.json:1:12: field 'colors': the palette has no colours"),
        (##"{"colors": {"paper": "#000000"}, "accent": "camel"}"##, "art/palette.json:1:44: field 'accent': no colour 'camel' in \"colors\" (known: paper)"),
        (
            ##"{"colors": ["#000000"]}"##,
            "art/palette.json:1:12: field 'colors': expected an object from colour name to \(Self.colour), found an array"
        ),
        (##"{"colours": {}}"##, "art/palette.json:1:2: field 'colours': unknown top-level field (expected \"colors\", \"accent\")"),
        (##"{"colors": {"paper": "#000000",}}"##, "art/palette.json:1:31: invalid JSON: trailing comma before '}' (JSON allows none)"),
    ])
    func rejectsBadPalettesNamingFileLineAndField(text: String, message: String) {
        #expect(throws: ArtFileError.self) { _ = try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.description == message) }
    }

    /// The sample art's app icon and previews take their inks from its palette file.
    @Test func theSampleAppIconTakesItsInksFromThePalette() throws {
        let palette = try Palette.parse(try FileIO.read(TestPaths.art + "/" + Palette.fileName), file: Palette.fileName)
        let parameters = try AppIconParameters.parse(
            try FileIO.read(TestPaths.art + "/appicon.json"), file: "appicon.json", palette: palette)
        let inks = try #require(parameters.inks[.default])
        #expect(inks.paper == palette["paper"].map { Palette.rgba($0.any) })
        #expect(inks.thread == palette[try #require(palette.accent)].map { Palette.rgba($0.any) })
        #expect(palette["ink"] != nil, "icons are drawn in the palette's ink")
    }

    @Test func appIconColoursNameOnlyPaletteColours() {
        let json = AppIconFixture.json.replacingOccurrences(of: ##""thread": "#C9A16B""##, with: #""thread": "gold""#)
        #expect(json != AppIconFixture.json)
        let palette = Palette(colors: [Palette.Color(name: "camel", any: .sRGB(0xC9A16B))])
        do {
            _ = try AppIconParameters.parse(Array(json.utf8), file: "appicon.json", palette: palette)
            Issue.record("a colour name not in the palette was accepted")
        } catch {
            #expect(error.message == "expected a colour \"#RRGGBB\", a palette colour (camel)")
        }
    }

    /// Exactly the form Xcode writes for a colour typed as 8-bit hex, dark appearance included.
    @Test func colourSetsAreWrittenAsXcodeWritesThem() {
        let text = AssetCatalog.colorSetContents(PaletteColor(colorSetName: "Camel", any: .sRGB(0xC9A16B), dark: .sRGB(0x0A10FF)))
        #expect(
            text == """
                {
                  "colors" : [
                    {
                      "color" : {
                        "color-space" : "srgb",
                        "components" : {
                          "alpha" : "1.000",
                          "blue" : "0x6B",
                          "green" : "0xA1",
                          "red" : "0xC9"
                        }
                      },
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "color" : {
                        "color-space" : "srgb",
                        "components" : {
                          "alpha" : "1.000",
                          "blue" : "0xFF",
                          "green" : "0x10",
                          "red" : "0x0A"
                        }
                      },
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
    }

    /// Display P3 as Xcode writes a colour typed as floating point (three decimals), an
    /// alpha to thousandths, and the high-contrast appearances in Xcode's order and form:
    /// any, dark, `contrast`/`high`, then `luminosity`/`dark` with `contrast`/`high`
    /// (as in Xcode's own colour sets, e.g. GitUp's Utilities.xcassets/separator.colorset).
    @Test func wideColourSetsAreWrittenAsXcodeWritesThem() {
        let color = PaletteColor(
            colorSetName: "Glow", any: .displayP3(1, 0.5, 0.25, alpha: 0.8), dark: .sRGB(0x804020, alpha: Double(0x80) / 255),
            highContrast: .displayP3(0.05, 0.6, 0.3), darkHighContrast: .sRGB(0xFFAA55))
        #expect(
            AssetCatalog.colorSetContents(color) == """
                {
                  "colors" : [
                    {
                      "color" : {
                        "color-space" : "display-p3",
                        "components" : {
                          "alpha" : "0.800",
                          "blue" : "0.250",
                          "green" : "0.500",
                          "red" : "1.000"
                        }
                      },
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "color" : {
                        "color-space" : "srgb",
                        "components" : {
                          "alpha" : "0.502",
                          "blue" : "0x20",
                          "green" : "0x40",
                          "red" : "0x80"
                        }
                      },
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "contrast",
                          "value" : "high"
                        }
                      ],
                      "color" : {
                        "color-space" : "display-p3",
                        "components" : {
                          "alpha" : "1.000",
                          "blue" : "0.300",
                          "green" : "0.600",
                          "red" : "0.050"
                        }
                      },
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        },
                        {
                          "appearance" : "contrast",
                          "value" : "high"
                        }
                      ],
                      "color" : {
                        "color-space" : "srgb",
                        "components" : {
                          "alpha" : "1.000",
                          "blue" : "0x55",
                          "green" : "0xAA",
                          "red" : "0xFF"
                        }
                      },
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
        // High contrast without a dark appearance: two entries.
        let line = AssetCatalog.colorSetContents(PaletteColor(colorSetName: "Line", any: .sRGB(0x101010), highContrast: .sRGB(0x000000)))
        #expect(line.components(separatedBy: "\"idiom\"").count == 3 && line.contains("\"appearance\" : \"contrast\"") && !line.contains("luminosity"))
    }

    /// The app icon is opaque: a translucent palette colour is refused where appicon.json names it; a P3 one is drawn in sRGB.
    @Test func appIconColoursAreOpaqueAndDrawnInSRGB() throws {
        let palette = Palette(colors: [
            Palette.Color(name: "veil", any: .sRGB(0xC9A16B, alpha: 0.5)), Palette.Color(name: "wide", any: .displayP3(0.82251, 0.50571, 0.24813)),
        ])
        let translucent = AppIconFixture.json.replacingOccurrences(of: ##""thread": "#C9A16B""##, with: #""thread": "veil""#)
        do {
            _ = try AppIconParameters.parse(Array(translucent.utf8), file: "appicon.json", palette: palette)
            Issue.record("a translucent thread was accepted")
        } catch {
            #expect(error.message == "the palette colour 'veil' is translucent (alpha 0.5): the app icon is drawn opaque")
        }
        let wide = AppIconFixture.json.replacingOccurrences(of: ##""thread": "#C9A16B""##, with: #""thread": "wide""#)
        let parameters = try AppIconParameters.parse(Array(wide.utf8), file: "appicon.json", palette: palette)
        #expect(parameters.inks[.default]?.thread == RGBA(223, 124, 44, 255))
    }
}
