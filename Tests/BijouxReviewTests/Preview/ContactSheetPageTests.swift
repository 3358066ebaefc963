import Foundation
import Testing

@testable import BijouxAssets

@Suite("Contact sheet page")
struct ContactSheetPageTests {
    static func image(_ path: String, _ width: Int, _ height: Int) -> ContactSheet.Image {
        ContactSheet.Image(path: path, width: width, height: height)
    }

    static func charm(_ id: String, name: String, retention: Double = 0.97, solid: Double = 0.5, warnings: [String] = []) -> ContactSheet.Charm {
        let legibility = LegibilityReport(solidFraction: solid, retention: retention)
        return ContactSheet.Charm(
            id: id, displayName: name, note: "a note with <img src=x onerror=alert(1)> & \"quotes\"",
            images: (1...3).map { image("Assets.xcassets/Charms/\(id).imageset/\(id)@\($0)x.png", 120 * $0, 110 * $0) },
            pointWidth: 120, pointHeight: 110, paintedBox: ContactSheet.Box(x: 4, y: 6, width: 100, height: 90),
            readings: [3, 1].map {
                ContactSheet.IslandReading(scale: $0, image: image("Preview/Charms/\(id)-22pt@\($0)x.png", 22 * $0, 20 * $0), legibility: legibility)
            },
            warnings: warnings)
    }

    /// The sample art's palette.
    static let palette = Palette(
        colors: [("paper", "#171513"), ("camel", "#C9A16B"), ("ink", "#F3ECDF")].map { Palette.Color(name: $0, any: Palette.parseColor($1)!) },
        accent: "camel")

    static let sheet = ContactSheet(
        charms: [charm("cat", name: "Cat"), charm("haze", name: "Haze", retention: 8.44, warnings: ["matte is not black", "second"])],
        icons: [
            ContactSheet.Icon(
                name: "give", pointWidth: 24, pointHeight: 24,
                images: (1...3).map { image("Assets.xcassets/Icons/give.imageset/give@\($0)x.png", 24 * $0, 24 * $0) }, renderingIntent: "template",
                warnings: [])
        ],
        appIcon: ["default", "dark", "tinted"].map {
            ContactSheet.AppIconLook(
                variant: $0, image: image("Assets.xcassets/AppIcon.appiconset/AppIcon-\($0).png", 1024, 1024),
                home: image("Preview/AppIcon/home-\($0).png", 180, 180))
        })

    /// A job's cards as its artifact: the same sheet back, bit for bit, and nothing
    /// from bytes that are not one whole sheet.
    @Test func cardsRoundTripAsAnArtifactAndRefuseEveryTruncation() {
        var sheet = Self.sheet
        sheet.appIcon[1].approximation = "a dark grey gradient"
        sheet.appIcon.append(
            ContactSheet.AppIconLook(kind: "iconcomposer", variant: "clear", image: nil, home: Self.image("Preview/x.png", 180, 180), warnings: ["w"]))
        sheet.appIconSafeZone = Self.image("Preview/AppIcon-safe-zone.png", 1024, 1024)
        sheet.otherWarnings = ["art/icons/x.txt: not an .svg file; ignored"]
        sheet.languages = Self.languages
        sheet.charms[0].readings[0].legibility.retention = 0.1 + 0.2
        sheet.icons[0].vector = Self.image("Assets.xcassets/Icons/give-vector.imageset/give-vector.svg", 24, 24)
        sheet.icons[0].symbol = Self.glyphs
        let bytes = sheet.encoded
        #expect(ContactSheet(encoded: bytes) == sheet)
        #expect(sheet.encoded == bytes)
        for count in 0..<bytes.count { #expect(ContactSheet(encoded: Array(bytes.prefix(count))) == nil) }
        #expect(ContactSheet(encoded: bytes + [0]) == nil)
    }

    static let glyphs = ["Ultralight", "Regular", "Black"].enumerated().map { index, weight in
        ContactSheet.SymbolGlyph(weight: weight, path: "M0 0C1 -70 30 -70 \(40 + index) 0Z", advance: 50.5 + Double(index))
    }

    /// Each symbol in text at the five Dynamic Type sizes and in its three weights, its
    /// box's baseline on the text's; each vector beside its bitmap at twice its size; no
    /// view without either.
    @Test func theIconsFormsView() throws {
        #expect(!ContactSheetPage.html(Self.sheet, palette: Self.palette).contains("data-view=\"icon-forms\""))
        var sheet = Self.sheet
        sheet.icons[0].vector = Self.image("Assets.xcassets/Icons/give-vector.imageset/give-vector.svg", 24, 24)
        sheet.icons[0].symbol = Self.glyphs
        let page = ContactSheetPage.html(sheet, palette: Self.palette)
        #expect(page.contains("data-view=\"icon-forms\""))
        for size in SheetViews.dynamicTypeSizes { #expect(page.contains("font-size:\(HTML.number(size.points))px\"><span class=\"caption\">\(size.name)")) }
        #expect(page.components(separatedBy: "d=\"M0 0C1 -70 30 -70 41 0Z\"").count - 1 == SheetViews.dynamicTypeSizes.count + 1)
        for weight in [200, 400, 900] { #expect(page.contains("<span style=\"font-weight:\(weight)\"><svg class=\"symbol\"")) }
        // 70.459 units a cap height of 0.7 em: the box reaches 0.35 cap heights below the baseline.
        #expect(page.contains("vertical-align:-\(HTML.number(SheetViews.glyphReach * SheetViews.capHeightEm))em"))
        #expect(page.contains("src=\"../Assets.xcassets/Icons/give-vector.imageset/give-vector.svg\" width=\"48\" height=\"48\""))
        #expect(page.contains("src=\"../Assets.xcassets/Icons/give.imageset/give@3x.png\" width=\"48\" height=\"48\""))
    }

    static let languages = [
        ContactSheet.Language(
            code: "de", label: "de", texts: ["charm.cat.displayName": "Katze </script><b>", "charm.cat.note": "miau <!--<script></ScRiPt >"],
            fallback: ["charm.haze.note"], tooWide: ["charm.haze.displayName": "the name \"…\" is 30 characters"]),
        ContactSheet.Language(code: DoubleLength.code, label: DoubleLength.label, texts: ["charm.cat.displayName": "Cat Cat"], fallback: [], tooWide: [:]),
    ]

    /// With languages, a switch and their texts as data no text can break out of; the
    /// elements that show a charm's words name their keys. Without, no switch.
    @Test func theLanguageSwitchAndItsData() throws {
        var sheet = Self.sheet
        let without = ContactSheetPage.html(sheet, palette: Self.palette)
        #expect(!without.contains("<select data-language") && !without.contains("<script type=\"application/json\""))
        sheet.languages = Self.languages
        let page = ContactSheetPage.html(sheet, palette: Self.palette)
        #expect(
            page.contains(
                "<select data-language><option value=\"de\">de</option><option value=\"double-length\">Double-length pseudolanguage</option></select>"))
        #expect(page.contains("<h3 data-text-key=\"charm.cat.displayName\">Cat</h3>"))
        #expect(page.contains("<span data-text-key=\"charm.cat.note\">a note with &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</span>"))
        #expect(page.contains("alt=\"Cat\" data-alt-key=\"charm.cat.displayName\""))
        let data = try #require(page.firstMatch(of: /<script type="application\/json" id="bijoux-languages">(.*?)<\/script>/.dotMatchesNewlines()))
        // Not one `<`: no `</script` or `<!--`, in any case, ends the element or escapes it.
        #expect(!data.output.1.contains("<"))
        let decoded = try JSONSerialization.jsonObject(with: Data(data.output.1.utf8)) as? [String: [String: Any]]
        let german = try #require(decoded?["de"])
        #expect((german["texts"] as? [String: String])?["charm.cat.displayName"] == "Katze </script><b>")
        #expect((german["texts"] as? [String: String])?["charm.cat.note"] == "miau <!--<script></ScRiPt >")
        #expect((german["tooWide"] as? [String: String])?["charm.haze.displayName"] == "the name \"…\" is 30 characters")
        #expect(german["fallback"] as? [String] == ["charm.haze.note"])
    }

    @Test func aCardPerAssetWithTheDataAttributes() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        for asset in ["charm:cat", "charm:haze", "icon:give", "appicon:default", "appicon:dark", "appicon:tinted"] {
            #expect(page.components(separatedBy: "data-asset=\"\(asset)\"").count == 2, "\(asset)")
        }
        for view in ["island", "dish", "bracelet", "icons", "home"] {
            #expect(page.contains("data-view=\"\(view)\""), "\(view)")
        }
    }

    @Test func warningsAreFlaggedOnTheirCardAndCountedAtTheTop() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(page.contains("data-asset=\"charm:haze\" data-warnings=\"2\""))
        #expect(!page.contains("data-asset=\"charm:cat\" data-warnings"))
        #expect(page.contains("data-warned=\"1\""))
        #expect(page.contains("1 asset warns</strong>: <a href=\"#charm-haze\">Haze</a>"))
        #expect(page.contains("<li>matte is not black</li>"))
        #expect(ContactSheetPage.html(ContactSheet(charms: [Self.charm("cat", name: "Cat")]), palette: Self.palette).contains("No asset warns."))
    }

    @Test func textIsEscapedAndLinksStayInsideTheOutputFolder() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(page.contains("a note with &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;"))
        #expect(!page.contains("<img src=x") && !page.contains("onerror=alert(1)>"))
        #expect(page.contains("src=\"../Assets.xcassets/Charms/cat.imageset/cat@3x.png\""))
        #expect(page.contains("src=\"Charms/cat-22pt@3x.png\""))
        #expect(!page.contains("http://") && !page.contains("https://"), "the page must work offline")
    }

    @Test func imagesAreShownAtTheirPointSize() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(page.contains("cat@3x.png\" width=\"120\" height=\"110\""))
        #expect(page.contains("cat@1x.png\" width=\"120\" height=\"110\""))
        #expect(page.contains("cat-22pt@3x.png\" width=\"22\" height=\"20\""))
    }

    @Test func legibilityIsInWordsWithTheShareCapped() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(page.contains("reads well at 22 pt: all of its shape stays solid"))
        #expect(!page.contains("844"))
        #expect(LegibilityReport(solidFraction: 0.5, retention: 8.44).keptShare == 1)
        #expect(LegibilityReport(solidFraction: 0.5, retention: 0.4).verdict == "thin parts fade away at 22 pt: only 40 % of its shape stays solid")
        #expect(LegibilityReport(solidFraction: 0.05, retention: 0.9).verdict.hasPrefix("a speck at 22 pt"))
        #expect(LegibilityReport(solidFraction: 0.5, retention: 0.7).grade == "softens")
        #expect(LegibilityReport.explanation.contains("capped at 100 %"))
    }

    @Test func theGlowIsAppliedByThePageNotBaked() {
        let page = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(page.contains("--glow: rgba(201, 161, 107, 0.35); --glow-radius: 5;"))
        #expect(page.contains(".art { filter: drop-shadow("))
    }

    @Test func samePageForTheSameSheet() {
        #expect(ContactSheetPage.html(Self.sheet, palette: Self.palette) == ContactSheetPage.html(Self.sheet, palette: Self.palette))
    }

    /// Every palette colour has a card with a swatch per appearance, in CSS as
    /// palette.json writes it (so a Display P3 colour is shown as it is), with its sRGB
    /// equivalent; a translucent accent glows at its alpha times the glow's.
    @Test func thePaletteShowsEveryAppearance() throws {
        let palette = try Palette.parse(
            Array(
                ##"""
                {"colors": {"paper": "#171513", "glow": "color(display-p3 1 0.5 0.25 / 0.8)",
                 "ink": {"any": "#F3ECDF", "dark": "#EFE6D6", "highContrast": "color(display-p3 1 1 1)", "darkHighContrast": "#FFFFFF80"}},
                 "accent": "glow"}
                """##.utf8), file: "palette.json")
        let page = ContactSheetPage.html(Self.sheet, palette: palette)
        #expect(page.contains("<a href=\"#palette\">Palette</a>") && page.contains("3 colours"))
        for color in ["paper", "glow", "ink"] { #expect(page.components(separatedBy: "data-asset=\"colour:\(color)\"").count == 2, "\(color)") }
        let ink = try #require(page.components(separatedBy: "data-asset=\"colour:ink\"").last?.components(separatedBy: "</article>").first)
        #expect(ink.components(separatedBy: "class=\"swatch\"").count == 5)
        for (appearance, css) in [("any", "#F3ECDF"), ("dark", "#EFE6D6"), ("highContrast", "color(display-p3 1 1 1)"), ("darkHighContrast", "#FFFFFF80")] {
            #expect(ink.contains("<figure data-appearance=\"\(appearance)\"><span class=\"swatch\" style=\"--swatch: \(css)\"></span>"), "\(appearance)")
        }
        #expect(ink.contains("<b>Dark, high contrast</b>") && ink.contains("in sRGB #FFFFFF") && ink.contains("the icons are drawn in it"))
        #expect(page.contains("<code>Colors/Glow.colorset, AccentColor.colorset</code>"))
        #expect(page.contains("--camel: color(display-p3 1 0.5 0.25 / 0.8);"))
        #expect(page.contains("--glow: color(display-p3 1 0.5 0.25 / 0.28);"))
        #expect(page.contains("flood-color=\"color(display-p3 1 0.5 0.25 / 0.8)\""))
    }

    /// Without an app icon, icons or a palette, their sections, views and links are
    /// left out, not shown as empty headings.
    @Test func sectionsWithNothingInThemAreLeftOut() {
        let page = ContactSheetPage.html(ContactSheet(charms: [Self.charm("cat", name: "Cat")]), palette: Palette())
        for gone in [
            "App icon", "The app icon on the home screen", "Icons beside the charms", "Palette", "id=\"app-icon\"", "id=\"icons\"", "data-view=\"home\"",
        ] {
            #expect(!page.contains(gone), "\(gone)")
        }
        #expect(page.contains("<nav><a href=\"#views\">In the app</a> <a href=\"#charms\">Charms</a></nav>"))
        #expect(page.contains("data-view=\"island\"") && page.contains("id=\"charms\""))
        // Only a palette: no views at all.
        let colours = ContactSheetPage.html(ContactSheet(), palette: Self.palette)
        #expect(!colours.contains("id=\"views\"") && !colours.contains("id=\"charms\"") && colours.contains("<nav><a href=\"#palette\">Palette</a></nav>"))
        // Everything there: every link.
        let full = ContactSheetPage.html(Self.sheet, palette: Self.palette)
        #expect(
            full.contains(
                """
                <nav><a href=\"#views\">In the app</a> <a href=\"#charms\">Charms</a> <a href=\"#icons\">Icons</a> <a href=\"#app-icon\">App icon</a> <a \
                href=\"#palette\">Palette</a></nav>
                """
            ))
    }
}
