import Testing

@testable import BijouxAssets

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
        #expect(palette["camel"]?.any == RGBA(0xC9, 0xA1, 0x6B, 255))
        #expect(palette["camel"]?.dark == nil)
        #expect(palette["light-ink"]?.dark == RGBA(0x10, 0x10, 0x10, 255))
        #expect(palette.accent == "camel")
        #expect(palette.paper == RGBA(0x17, 0x15, 0x13, 255))
        // No colour named "ink": icons fall back to white.
        #expect(palette.ink == RGBA(255, 255, 255, 255))
        #expect(Palette.hex(palette["camel"]!.any) == "#C9A16B")
    }

    @Test(arguments: [
        (
            ##"{"colors": {"paper": "#17151"}}"##,
            "art/palette.json:1:22: field 'colors.paper': expected a colour \"#RRGGBB\" or {\"any\": \"#RRGGBB\", \"dark\": \"#RRGGBB\"}"
        ),
        (##"{"colors": {"paper": {"dark": "#000000"}}}"##, "art/palette.json:1:22: field 'colors.paper.any': missing required field"),
        (
            ##"{"colors": {"paper": {"any": "#000000", "light": "#FFFFFF"}}}"##,
            "art/palette.json:1:41: field 'colors.paper.light': unknown field (expected one of: any, dark)"
        ),
        (##"{"colors": {"paper": {"any": "#000000", "dark": 3}}}"##, "art/palette.json:1:49: field 'colors.paper.dark': expected a colour \"#RRGGBB\""),
        (
            ##"{"colors": {"paper": "#000000", "Paper": "#111111"}}"##,
            "art/palette.json:1:33: field 'colors': colour 'Paper' has the colour set name Paper, as does colour 'paper' at 1:13; rename one of them"
        ),
        (##"{"colors": {"paper": "#000000", "paper": "#111111"}}"##, "art/palette.json:1:33: field 'colors': colour 'paper' is listed twice (first at 1:13)"),
        (
            ##"{"colors": {"light ink": "#000000"}}"##,
            "art/palette.json:1:13: field 'colors': \"light ink\" is not a valid colour name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names a colour set and a Swift property"
        ),
        (##"{"colors": {}}"##, "art/palette.json:1:12: field 'colors': the palette has no colours"),
        (##"{"colors": {"paper": "#000000"}, "accent": "camel"}"##, "art/palette.json:1:44: field 'accent': no colour 'camel' in \"colors\" (known: paper)"),
        (
            ##"{"colors": ["#000000"]}"##,
            "art/palette.json:1:12: field 'colors': expected an object from colour name to a colour \"#RRGGBB\" or {\"any\": \"#RRGGBB\", \"dark\": \"#RRGGBB\"}, found an array"
        ),
        (##"{"colours": {}}"##, "art/palette.json:1:2: field 'colours': unknown top-level field (expected \"colors\", \"accent\")"),
        (##"{"colors": {"paper": "#000000",}}"##, "art/palette.json:1:32: invalid JSON: expected a member name in quotes, found '}'"),
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
        #expect(inks.paper == palette["paper"]?.any)
        #expect(inks.thread == palette[try #require(palette.accent)]?.any)
        #expect(palette["ink"] != nil, "icons are drawn in the palette's ink")
    }

    @Test func appIconColoursNameOnlyPaletteColours() {
        let json = AppIconFixture.json.replacingOccurrences(of: ##""thread": "#C9A16B""##, with: #""thread": "gold""#)
        #expect(json != AppIconFixture.json)
        let palette = Palette(colors: [Palette.Color(name: "camel", any: RGBA(0xC9, 0xA1, 0x6B, 255))])
        do {
            _ = try AppIconParameters.parse(Array(json.utf8), file: "appicon.json", palette: palette)
            Issue.record("a colour name not in the palette was accepted")
        } catch {
            #expect(error.message == "expected a colour \"#RRGGBB\", a palette colour (camel)")
        }
    }

    /// Exactly the form Xcode writes for a colour typed as 8-bit hex, dark appearance included.
    @Test func colourSetsAreWrittenAsXcodeWritesThem() {
        let text = AssetCatalog.colorSetContents(any: RGBA(0xC9, 0xA1, 0x6B, 255), dark: RGBA(0x0A, 0x10, 0xFF, 255))
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
}
