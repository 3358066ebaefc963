import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

/// The symbol sets and vector image sets the tool writes, compared field by field with
/// sets Xcode and the SF Symbols app wrote, in public repositories:
///
/// - CodeEditApp/CodeEditSymbols, `Sources/CodeEditSymbols/Symbols.xcassets/vault.symbolset/`
///   and `commit.symbolset/` (commit 68facb548d30c0082cc214d869562c899d50e074: template
///   v.3.0, SF Symbols 3), `github.symbolset/github.svg` (fd704f0590489c10f28376dea2317e1b0c801024,
///   Contents.json 5066c9460cfd2f2c7ac2c7e3efa574a0af6b904e) and `branch.symbolset/branch.svg`
///   (26cab264914f2648ab70ab6833eef331c2f3a38a: template v.4.0, SF Symbols 4);
/// - home-assistant/iOS, `Sources/App/Resources/Assets.xcassets/CustomSymbols/discord.fill.symbolset/`
///   (f7004be5d17832b6215e7acb9f25cf55d25fdba3);
/// - CodeEditApp/CodeEdit, `CodeEdit/Assets.xcassets/line.3.horizontal.decrease.chevron.imageset/`
///   (65bef99ac799ff0e2957ad9c05d42ac64787a86a: a PDF kept as a vector);
/// - element-hq/element-x-ios, `ElementX/Resources/Assets.xcassets/images/composer/bold.imageset/`
///   (03334eff0b57cb221965303a158942422a9796fc) and `images/join-room-graphic.imageset/`
///   (f8920d4d11adad534650ccaf68fa7910cfca6540): SVGs kept as vectors.
///
/// Only the Contents.json texts and the templates' guides (coordinates, ids, the reference
/// glyph) are quoted here, not their drawings.
@Suite("Symbol and vector sets as Xcode writes them")
struct XcodeSymbolSetTests {
    /// Every symbol set's Contents.json in those repositories (vault, commit, discord.fill),
    /// the file name aside.
    static let xcodeSymbolSet = """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "symbols" : [
            {
              "filename" : "vault.svg",
              "idiom" : "universal"
            }
          ]
        }

        """

    @Test(arguments: ["vault.svg", "commit.svg", "discord.fill.svg"])
    func symbolSetContentsAsXcodeWritesThem(filename: String) {
        #expect(AssetCatalog.symbolSetContents(filename: filename) == Self.xcodeSymbolSet.replacingOccurrences(of: "vault.svg", with: filename))
    }

    /// CodeEdit's PDF and element-x-ios's SVG (template), and element-x-ios's
    /// join-room-graphic (no rendering intent).
    @Test(arguments: [
        ("line.3.horizontal.decrease.chevron.pdf", "template"), ("bold.svg", "template"), ("join-room-graphic.svg", nil),
    ])
    func vectorSetContentsAsXcodeWritesThem(filename: String, intent: String?) {
        let intentLine = intent.map { ",\n    \"template-rendering-intent\" : \"\($0)\"" } ?? ""
        let xcode = """
            {
              "images" : [
                {
                  "filename" : "\(filename)",
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
                "preserves-vector-representation" : true\(intentLine)
              }
            }

            """
        var properties: [String: JSONOutput] = ["preserves-vector-representation": .bool(true)]
        if let intent { properties["template-rendering-intent"] = .string(intent) }
        #expect(AssetCatalog.vectorSetContents(filename: filename, properties: properties) == xcode)
    }

    /// What a template of the SF Symbols app holds that Xcode reads, from vault.svg
    /// (v3.0), github.svg (v3.0) and branch.svg (v4.0): the same in all three but the
    /// margin lines' top (600.784 in the first, 600.785 in the others) and the version.
    struct ReferenceTemplate {
        var file: String
        var marginTop: Double
        var version: String
    }

    static let references = [
        ReferenceTemplate(file: "vault.svg", marginTop: 600.784, version: "Template v.3.0"),
        ReferenceTemplate(file: "github.svg", marginTop: 600.785, version: "Template v.3.0"),
        ReferenceTemplate(file: "branch.svg", marginTop: 600.785, version: "Template v.4.0"),
    ]

    @Test func templatesHoldWhatTheSFSymbolsAppWrites() throws {
        let text = try SymbolTemplateTests.template("wear").svg
        let attribute = SymbolTemplateTests.attribute
        #expect(text.contains("<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"3300\" height=\"2200\">"))
        let groups = ["<g id=\"Notes\">", "<g id=\"Guides\">", "<g id=\"Symbols\">"].map { text.range(of: $0)?.lowerBound }
        #expect(groups.allSatisfy { $0 != nil } && groups.map { $0! }.sorted() == groups.map { $0! })
        #expect(attribute("height", "artboard", text) == "2200" && attribute("width", "artboard", text) == "3300")
        for reference in Self.references {
            // The guides: lines from x 263 to 3036 at the same heights, in the same style.
            for (id, y) in [("Baseline-S", 696.0), ("Capline-S", 625.541), ("Baseline-M", 1126), ("Capline-M", 1055.54), ("Baseline-L", 1556)] {
                #expect(abs((attribute("y1", id, text).flatMap(Double.init) ?? 0) - y) < 0.001, "\(reference.file): \(id)")
                #expect(attribute("x1", id, text) == "263" && attribute("x2", id, text) == "3036")
                #expect(attribute("style", id, text) == "fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;")
            }
            // A margin pair for each source, 95.216 above the baseline to 24.121 below, the
            // source's group placed at its left margin on the Small baseline.
            for variant in ["Ultralight-S", "Regular-S", "Black-S"] {
                let left = "left-margin-\(variant)"
                #expect(abs((attribute("y1", left, text).flatMap(Double.init) ?? 0) - reference.marginTop) <= 0.001, "\(reference.file)")
                #expect(attribute("y2", left, text) == "720.121")
                #expect(attribute("style", left, text) == "fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;")
                #expect(attribute("transform", variant, text) == "matrix(1 0 0 1 \(attribute("x1", left, text) ?? "?") 696)")
            }
        }
        // The sources in the order the app writes them, and the notes Xcode reads.
        let order = ["Black-S", "Regular-S", "Ultralight-S"].map { text.range(of: "<g id=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! }.sorted() == order.map { $0! })
        #expect(text.contains("id=\"template-version\"") && text.contains(">Template v.3.0<"))
        #expect(text.contains("id=\"descriptive-name\"") && text.contains(">Generated from wear<"))
    }

    /// The three `H-reference` guide groups every export of the SF Symbols app holds (30 of
    /// 30 compared): the reference glyph on each scale's baseline at x 339, just before that
    /// baseline's line, its path as SF Symbols 3 writes it in CodeEditApp/CodeEditSymbols
    /// `Sources/CodeEditSymbols/Symbols.xcassets/vault.symbolset/vault.svg` (commit
    /// 68facb548d30c0082cc214d869562c899d50e074, template writer 65.1).
    @Test func theReferenceGlyphOnEachBaseline() throws {
        let text = try SymbolTemplateTests.template("wear").svg
        let vault =
            "M0.993347 0L3.6377 0L29.3282-67.1326L30.0301-67.1326L30.0301-70.459L28.1227-70.459Z"
            + "M11.6882-24.4797L46.9818-24.4797L46.2311-26.7288L12.4382-26.7288Z"
            + "M55.1193 0L57.7637 0L30.6381-70.459L29.4327-70.459L29.4327-67.1326Z"
        for (scale, y) in [("S", "696"), ("M", "1126"), ("L", "1556")] {
            let group = """
                  <g id="H-reference" style="fill:#27AAE1;stroke:none;" transform="matrix(1 0 0 1 339 \(y))">
                   <path d="\(vault)"/>
                  </g>
                  <line id="Baseline-\(scale)"
                """
            #expect(text.contains(group), "\(scale)")
        }
        #expect(text.components(separatedBy: "id=\"H-reference\"").count == 4)
    }
}
