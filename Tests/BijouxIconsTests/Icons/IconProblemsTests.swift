import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// A build reports every icon its forms cannot carry at once, each at its line and
/// column with the switch that ships it without them, in the same order with any number
/// of jobs, and keeps the previous outputs.
@Suite("Icon problems in one build")
struct IconProblemsTests {
    static let bad = [
        ("bend", #"<path d="M2 2h20" stroke="currentColor" transform="scale(1 2)"/>"#),
        ("glow", ##"<path d="M2 2h20v20z" fill="url(#g)"/>"##),
        ("half", ##"<g clip-path="url(#c)"><path d="M2 2h20v20z"/></g><clipPath id="c"><rect width="12" height="24"/></clipPath>"##),
    ]

    static func svg(_ body: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n  \(body)\n</svg>\n" }

    /// The error lines a build of the sample icons and the three bad ones prints, the
    /// art folder's path left out.
    static func lines(jobs: Int) throws -> (lines: [String], folder: TemporaryFolder) {
        let folder = TestPaths.temporaryFolder("icon-problems-\(jobs)")
        IconFixtures.makeArt(folder)
        folder.write("art/icons.json", #"{"defaults": {"vector": true, "symbol": true}}"#)
        try BuildEngine.build(EngineFixtures.options(folder, jobs: jobs))
        for (name, body) in bad { folder.write("art/icons/\(name).svg", svg(body)) }
        do {
            try BuildEngine.build(EngineFixtures.options(folder, jobs: jobs))
            Issue.record("built icons their forms cannot carry")
            return ([], folder)
        } catch let error as any UserFacingError {
            return (error.diagnostics.map { $0.line(.error).replacing(folder.path + "/", with: "") }, folder)
        }
    }

    @Test func threeRefusedIconsAreThreeLinesEachWithItsWayOut() throws {
        let (one, folder) = try Self.lines(jobs: 1)
        let art = "art/icons"
        let wayOut = { (name: String) in #"; to ship \#(name) as a bitmap alone, set "icons": {"\#(name)": {"vector": false, "symbol": false}} in icons.json"# }
        #expect(
            one == [
                "\(art)/bend.svg:2:3: error: <path>: its stroke is under a transform that stretches or skews it, so it cannot keep one width in the vector "
                    + "or symbol form" + wayOut("bend"),
                "\(art)/glow.svg:2:25: error: <path fill=\"url(#g)\">: a gradient or pattern paint cannot be carried into the vector or symbol form of an icon"
                    + wayOut("glow"),
                "\(art)/half.svg:2:6: error: <g clip-path=\"url(#c)\">: a clip that does not cover the whole canvas cannot be carried (one that does, as "
                    + "Figma writes, is dropped)" + wayOut("half"),
            ])
        // The previous build's outputs are kept.
        #expect(folder.exists("out/Assets.xcassets/Icons/give.symbolset/give.svg"))
        #expect(!folder.exists("out/Assets.xcassets/Icons/bend-bitmap.imageset"))
        #expect(try Self.lines(jobs: 2).lines == one)
    }

    /// What only the symbol cannot carry names the symbol's switch alone; with the
    /// symbol off, the vector carries it.
    @Test func aPartialOpacityNamesTheSymbolsSwitch() throws {
        let text = Array(Self.svg(#"<path d="M2 2h20v20z" fill-opacity=".5"/>"#).utf8)
        #expect {
            try DrawnIcon.check(name: "veil", file: "veil.svg", svg: text, forms: IconForms(vector: true, symbol: true))
        } throws: { error in
            "\(error)"
                == "veil.svg:2:3: <path>: its fill is drawn at 50 % opacity, which a symbol cannot carry (its template is one colour, each shape drawn "
                + #"whole); to ship veil without a symbol, set "icons": {"veil": {"symbol": false}} in icons.json"#
        }
        #expect(try DrawnIcon.check(name: "veil", file: "veil.svg", svg: text, forms: IconForms(vector: true)).drawing?.shapes.count == 1)
    }

    /// An event handler in an `images/` SVG is refused as in an icon, and nothing is written.
    @Test func anEventHandlerInAnImageIsRefused() throws {
        let folder = TestPaths.temporaryFolder("image-onload")
        folder.write("art/images/badge.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" onload="alert(1)"><circle r="6"/></svg>"#)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasSuffix(
                "art/images/badge.svg:1:1: <svg onload=…>: an event handler is active content (script a browser would run on opening "
                    + "the SVG), which art may not carry")
        }
        #expect(!folder.exists("out"))
    }
}
