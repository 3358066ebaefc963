import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxRender
@testable import BijouxSVG
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Issue 31, item 6: what librsvg would pass over in silence is found. An SVG element it
/// does not draw or does not know is refused at its line and column; an attribute it
/// does not know is a warning at its own; both name the nearest known name when one is
/// near. Other namespaces, documentation and `data-`/`aria-` attributes pass.
@Suite("SVG names librsvg knows")
struct SVGNamesTests {
    static let file = IconSafetyTests.file

    static func svg(_ body: String) -> [UInt8] { Array(IconSafetyTests.svg(body).utf8) }

    /// The refusal of an element librsvg does not know, after its name.
    static let leftOut = "not an SVG element librsvg knows, so it and everything in it would be left out of the icon"

    /// `give.svg` with its second stroke misspelt: the refusal, as the user reads it.
    static let misspelt = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <title>give</title>
          <path d="M13.5 10.5c-2.7-1.6-4-3-4-4.5"/>
          <pth d="M2.75 13v8"/>
        </svg>
        """

    @Test func aMisspeltElementIsRefusedWhereItIsWithTheNameMeant() {
        #expect(IconSafetyTests.refusal(Array(Self.misspelt.utf8)) == "\(Self.file):4:3: <pth>: \(Self.leftOut); did you mean <path>?")
    }

    @Test func anElementNearNoKnownNameIsRefusedWithoutASuggestion() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n<g>\n   <blob r=\"3\"><circle r=\"2\"/></blob>\n</g></svg>"
        #expect(IconSafetyTests.refusal(Array(text.utf8)) == "\(Self.file):3:4: <blob>: \(Self.leftOut)")
        // Letter case counts for librsvg, and not for the suggestion; a prefix bound to
        // the SVG namespace is kept in it.
        let lowerCase = SVGSafety.problem(in: Self.svg(#"<linearGradient id="a"/><lineargradient id="b"/>"#))
        #expect(lowerCase?.message.hasSuffix("did you mean <linearGradient>?") == true)
        let prefixed = #"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="24" height="24"><svg:rec width="4" height="4"/></svg:svg>"#
        #expect(SVGSafety.problem(in: Array(prefixed.utf8))?.description.hasSuffix("1:72: <svg:rec>: " + Self.leftOut + "; did you mean <svg:rect>?") == true)
    }

    /// SVG elements librsvg 2.54 does not draw are refused too, but for an alternative of
    /// a `<switch>` that needs an extension (Illustrator's exports), which it never picks.
    @Test func svgElementsLibrsvgDoesNotDrawAreRefused() {
        for element in ["<text><textPath href=\"#p\">hi</textPath></text>", "<foreignObject width=\"9\" height=\"9\"/>", "<animate/>"] {
            let message = SVGSafety.problem(in: Self.svg(element))?.message
            let notDrawn = "librsvg 2.54 does not draw this SVG element, so it and everything in it would be left out of the icon"
            #expect(message?.hasSuffix(notDrawn) == true, "\(element)")
        }
        let illustrator = """
            <switch><foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/" width="1" height="1"><i:pgfRef \
            xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/" xlink:href="#adobe_illustrator_pgf"/><blob/></foreignObject>\
            <g><path d="M2 2h20" stroke="currentColor"/></g></switch>
            """
        let report = SVGSafety.check(Self.svg(illustrator))
        #expect(report.problem == nil && report.warnings.isEmpty, "\(report)")
    }

    /// Each warning at its attribute, in the order written, with the value warnings.
    @Test func anUnknownAttributeIsAWarningWhereItIs() {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
              <path d="M2 2h20" stoke="red" stroke-width="abc"
                    frobnicate="1" viewbox="0 0 2 2"/>
              <g mix-blend-mode="multiply" vector-effect="non-scaling-stroke"><rect width="4" height="4" fil="red"/></g>
            </svg>
            """
        let report = SVGSafety.check(Array(text.utf8))
        #expect(report.problem == nil)
        #expect(
            report.warnings.map(\.description) == [
                "2:21: <path stoke=…>: not an attribute librsvg knows, so it has no effect; did you mean stroke?",
                "2:33: <path stroke-width=\"abc\">: not a length (a number with an optional unit such as px or %), so librsvg ignores it, "
                    + "as if it were not there",
                "3:9: <path frobnicate=…>: not an attribute librsvg knows, so it has no effect",
                "3:24: <path viewbox=…>: not an attribute librsvg knows, so it has no effect; did you mean viewBox?",
                "4:6: <g mix-blend-mode=…>: librsvg reads mix-blend-mode only in a style (style=\"mix-blend-mode: …\"), so the attribute has no effect",
                "4:32: <g vector-effect=…>: librsvg 2.54 does not implement vector-effect, so it has no effect",
                "4:94: <rect fil=…>: not an attribute librsvg knows, so it has no effect; did you mean fill?",
            ])
    }

    /// What an editor writes beside the drawing passes: Inkscape's and Sodipodi's
    /// elements and attributes (unprefixed ones on their own elements too), RDF
    /// metadata, `xml:`, `xlink:`, `data-` and `aria-` attributes, a document's version.
    @Test func editorsNamespacesAndDocumentationPass() {
        let inkscape = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
                 xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
                 xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
                 xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"
                 width="24" height="24" version="1.1" baseProfile="full" sodipodi:docname="give.svg" inkscape:version="1.3">
              <title>give</title><desc>a hand <b>offering</b> a charm</desc>
              <sodipodi:namedview id="nv" pagecolor="#ffffff" showgrid="false"><inkscape:grid type="xygrid" spacingx="1"/></sodipodi:namedview>
              <metadata><rdf:RDF><dc:format>image/svg+xml</dc:format><author>me</author></rdf:RDF></metadata>
              <defs><path id="p" d="M2 2h20"/></defs>
              <g inkscape:label="Layer 1" inkscape:groupmode="layer" data-name="Layer 1" aria-hidden="true" xml:space="preserve">
                <use xlink:href="#p" stroke="currentColor" inkscape:tile-x0="1"/>
                <path d="M2 6h20" stroke="currentColor" sodipodi:nodetypes="cc"/>
              </g>
            </svg>
            """
        let report = SVGSafety.check(Array(inkscape.utf8))
        #expect(report.problem == nil)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        // An Inkscape element is passed over by librsvg with what is in it, and so by the check.
        let box = #"<inkscape:box3d xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><pth/></inkscape:box3d>"#
        #expect(SVGSafety.check(Self.svg(box)).problem == nil)
    }

    /// What the check refuses and warns about is what librsvg leaves out: an unknown
    /// element draws nothing, not even what is in it, and an unknown attribute nothing.
    @Test func theNamesRefusedAreOnesLibrsvgPassesOver() throws {
        func painted(_ body: String) throws -> Int {
            let document = try SVGDocument(bytes: Self.svg(body), file: "t.svg", ink: DrawnIcon.ink, maxSide: DrawnIcon.maxPointSide)
            let render = try document.render(width: 24, height: 24)
            return render.withPixels { pixels in (0..<pixels.pixelCount).filter { pixels[rgba: $0].a > 0 }.count }
        }
        let stroke = #"d="M2 12h20" stroke="black" stroke-width="2""#
        #expect(try painted("<path \(stroke)/>") > 0)
        #expect(try painted("<pth \(stroke)/>") == 0)
        #expect(try painted("<g><path \(stroke)/></g>") > 0)
        #expect(try painted("<blob><path \(stroke)/></blob>") == 0)
        #expect(try painted(#"<path d="M2 12h20" stoke="black" stroke-width="2"/>"#) == 0)
    }

    /// The nearest name: at most one edit per three characters, three at most, letter
    /// case free.
    @Test func theNearestNameIsNearEnoughOrNone() {
        let elements = SVGNames.knownElements + SVGNames.documentationElements
        #expect(SVGNames.nearest("pth", in: elements) == "path")
        #expect(SVGNames.nearest("blob", in: elements) == nil)
        #expect(SVGNames.nearest("G", in: elements) == "g")
        #expect(SVGNames.nearest("x", in: elements) == nil)
        #expect(SVGNames.nearest("feGausianBlur", in: elements) == "feGaussianBlur")
        #expect(SVGNames.nearest("lienarGradient", in: elements) == "linearGradient")
        #expect(SVGNames.nearest("stroke-widht", in: SVGNames.knownAttributes) == "stroke-width")
        #expect(SVGNames.nearest("strokewidth", in: SVGNames.knownAttributes) == "stroke-width")
        #expect(SVGNames.nearest("colour", in: SVGNames.knownAttributes) == "color")
        #expect(SVGNames.nearest("frobnicate", in: SVGNames.knownAttributes) == nil)
        #expect(SVGNames.nearest(String(repeating: "a", count: 100_000), in: SVGNames.knownAttributes) == nil)
    }

    /// The banded distance is the full table's wherever it is within the limit.
    @Test func theBandedDistanceAgreesWithTheFullTable() {
        func full(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var random = SeededRandom(seed: 31)
        let letters = Array("abc".unicodeScalars)
        for _ in 0..<3000 {
            let a = (0..<random.index(8)).map { _ in letters[random.index(3)] }
            let b = (0..<random.index(8)).map { _ in letters[random.index(3)] }
            for limit in 0...3 {
                let expected = full(a, b)
                #expect(SVGNames.editDistance(a, b, limit: limit) == (expected <= limit ? expected : limit + 1), "\(a) \(b) \(limit)")
            }
        }
    }

    /// Every SVG the project draws or tests against passes with no name warnings: the
    /// sample icons, the resvg corpus, the fuzzer's seeds (but for `names.svg`, whose
    /// unknown attributes are there for the fuzzer, and `entities.svg` and `handlers.svg`,
    /// refused).
    @Test func theSampleArtAndTheCorporaPass() throws {
        let folders = [TestPaths.art + "/icons", TestPaths.corpora + "/resvg-basic", TestPaths.packageRoot + "/Tests/Fuzz/svg/corpus"]
        var files: [String] = []
        for folder in folders {
            let found = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            files += found.filter { $0.hasSuffix(".svg") && !$0.hasPrefix("entities") && !$0.hasPrefix("handlers") }.map { folder + "/" + $0 }
        }
        #expect(files.count >= 5 + 31 + 7)
        for file in files {
            let report = SVGSafety.check(try FileIO.read(file))
            #expect(report.problem == nil, "\(file): \(report.problem.map(\.description) ?? "")")
            let names = report.warnings.filter { $0.message.contains("librsvg knows") || $0.message.contains("has no effect") }
            #expect(names.isEmpty || file.hasSuffix("/names.svg"), "\(file): \(names)")
        }
    }

    /// Many unknown attributes on one long line cost time in proportion to the file:
    /// each is found and placed once, and a run of spaces is read once.
    @Test func manyUnknownAttributesOnOneLineCostTheirLength() {
        let attributes = (0..<16_000).map { "q\($0)=\"\"" }.joined(separator: " ")
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g "# + attributes + "/></svg>"
        #expect(text.utf8.count < SVGSafety.maxFileSize)
        let start = ContinuousClock.now
        let report = SVGSafety.check(Array(text.utf8))
        #expect(report.warnings.count == 16_000)
        let last = text.utf8.distance(from: text.startIndex, to: text.range(of: "q15999=")!.lowerBound)
        #expect(report.warnings.last?.location == SourceLocation(line: 1, column: last + 1))
        let spaced = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g a"# + String(repeating: " ", count: 200_000) + #"="1"/></svg>"#
        #expect(SVGSafety.check(Array(spaced.utf8)).warnings.map(\.description) == ["1:67: <g a=…>: not an attribute librsvg knows, so it has no effect"])
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// Through the tool: exit 1 and the one line, at the element.
    @Test(.tags(.slow), .notInFastRun)
    func theToolRefusesAMisspeltElementWithOneLine() throws {
        let folder = TestPaths.temporaryFolder("svg-names-cli")
        folder.write("art/icons/give.svg", Self.misspelt)
        let result = try CLI.run(["build", "--art", folder.path + "/art", "--out", folder.path + "/out"])
        #expect(result.status == 1)
        #expect(result.stderr == "\(folder.path)/art/icons/give.svg:4:3: error: <pth>: \(Self.leftOut); did you mean <path>?\n")
        #expect(!folder.exists("out"))
    }
}
