import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// A changed vector or symbol is drawn, before and after, by the tool's renderer, and the
/// two compared pixel by pixel: what a person can judge, where path data is not.
@Suite("check: vectors and symbols drawn for the review", .tags(.slow), .notInFastRun)
struct ReviewDrawingTests {
    static let vector = "Assets.xcassets/Icons/give-vector.imageset/give-vector.svg"
    static let symbol = "Assets.xcassets/Icons/give.symbolset/give.svg"

    /// The sample's `give` icon as a bitmap, a vector and a symbol, built into `out`; then
    /// its upright stroke moved 4 pt right in the art.
    static func movedStroke(_ folder: TemporaryFolder) throws {
        let svg = try #require(FileManager.default.contents(atPath: TestPaths.art + "/icons/give.svg"))
        folder.write("art/icons/give.svg", Array(svg))
        folder.write("art/icons.json", #"{"defaults": {"vector": true, "symbol": true}}"#)
        #expect(try EngineFixtures.build(folder).status == 0)
        let moved = String(decoding: svg, as: UTF8.self).replacingOccurrences(of: "<path d=\"M2.75 13v8\"", with: "<path d=\"M6.75 13v8\"")
        #expect(Array(moved.utf8) != Array(svg))
        folder.write("art/icons/give.svg", moved)
    }

    @Test func theVectorAndEachWeightOfTheSymbolAreDrawnAndCompared() throws {
        let folder = TestPaths.temporaryFolder("drawing")
        try Self.movedStroke(folder)
        let review = try BuildEngine.check(EngineFixtures.options(folder)).review
        let drawings = ReviewDrawing.make(review, tolerances: .standard)
        #expect(Set(drawings.keys) == [Self.vector, Self.symbol])
        let vector = try #require(drawings[Self.vector]?.first)
        #expect(vector.problems.isEmpty, "\(vector.problems)")
        #expect(vector.before?.width == 24 * ReviewDrawing.vectorDensity && vector.after?.height == 24 * ReviewDrawing.vectorDensity)
        // The stroke moved from x 2.75 to 6.75 pt: the drawings differ there, at 8 px a point.
        let box = try #require(vector.difference?.bounds)
        #expect(box.x <= 8 * 3 && box.x + box.width >= 8 * 7 && box.y >= 8 * 12 && box.y + box.height <= 8 * 22, "\(box)")
        let weights = try #require(drawings[Self.symbol])
        #expect(weights.map(\.label) == ["Ultralight", "Regular", "Black"])
        for weight in weights {
            #expect(weight.problems.isEmpty, "\(weight.label): \(weight.problems)")
            #expect((weight.difference?.differingPixels ?? 0) > 0, "\(weight.label)")
            // Ink in the window: the glyph is drawn, black on the template's white.
            let after = try PNGDecoder.decode(try #require(weight.after?.png), path: "after")
            let image = ImageFileComparison.eightBit(after)
            #expect((0..<image.width * image.height).contains { image.pixels[4 * $0] < 40 }, "\(weight.label) has no ink")
        }
        // The page shows the pictures, and the path data only folded under them.
        let page = ReviewPage.html(review, drawings: drawings)
        #expect(page.components(separatedBy: "<div class=\"drawn\"").count - 1 == 4)
        #expect(page.components(separatedBy: "<details class=\"code\"><summary>Path data, as text</summary>").count - 1 == 2)
    }

    /// A hostile baseline's SVG (a file it refers to) is refused by the safety check, as
    /// an icon's would be, and named on the page: never drawn.
    @Test func aBaselineSVGThatFailsTheSafetyCheckIsNotDrawn() throws {
        let hostile = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><image href="file:///etc/passwd" width="24" height="24"/></svg>"#
        let change = Review.Change(path: Self.vector, status: .changed, finding: .text(hunks: ""), before: Array(hostile.utf8))
        let review = Review(baseline: "build/", groups: [Review.Group(source: "art/icons/give.svg", changes: [change])], acceptCommand: "")
        let panel = try #require(ReviewDrawing.make(review, tolerances: .standard)[Self.vector]?.first)
        #expect(panel.before == nil && panel.problems.count == 1)
        #expect(panel.problems.first?.hasPrefix("before: cannot be drawn: ") == true, "\(panel.problems)")
    }
}

/// The review of the moved stroke, and the contact sheet, in headless Chromium: every
/// drawn picture loads, the symbol's diffs are red where it changed, the path data is
/// folded, and the background switch of both pages sets every picture's ground.
@Suite("check's drawings and the background switch in a browser", .tags(.slow), .notInFastRun, .needsBrowser)
struct ReviewDrawingBrowserTests {
    static let probe = """
        <script>
        window.addEventListener('load', function () {
          var drawn = Array.prototype.slice.call(document.querySelectorAll('.drawn img'));
          document.body.dataset.drawn = drawn.filter(function (i) { return i.naturalWidth > 0; }).length + '/' + drawn.length;
          var folds = document.querySelectorAll('details.code');
          document.body.dataset.folds = folds.length + ',' + Array.prototype.some.call(folds, function (d) { return d.open; });
          var well = document.querySelector('.well'), grounds = [getComputedStyle(well).backgroundImage.indexOf('conic') >= 0];
          ['dark', 'light', 'checkerboard'].forEach(function (name) {
            document.querySelector('button[data-ground="' + name + '"]').click();
            var style = getComputedStyle(well);
            grounds.push(name + ':' + (style.backgroundImage.indexOf('conic') >= 0 ? 'checkerboard' : style.backgroundColor));
          });
          document.body.dataset.grounds = grounds.join(';');
        });
        </script>

        """

    @Test func drawnPicturesLoadAndBothPagesSwitchTheirBackground() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("drawing-browser")
        try ReviewDrawingTests.movedStroke(folder)
        let result = try CheckReviewTests.check(folder, ["--report", "review"])
        #expect(result.status == 1, "\(result.stderr)")
        let probe = ReviewPageBrowserTests.imageProbe + Self.probe
        let (dom, console) = try ReviewPageBrowserTests.probed(folder.path + "/review/index.html", probe: probe, profile: folder.path + "/profile")
        #expect(console.isEmpty, "console messages:\n\(console.joined(separator: "\n"))")
        #expect(dom.contains("data-drawn=\"12/12\""), "a vector and three weights, each before, after and diff")
        #expect(dom.contains("data-folds=\"2,false\""), "the path data of both, folded")
        #expect(dom.contains("data-grounds=\"true;dark:rgb(22, 21, 20);light:rgb(255, 255, 255);checkerboard:checkerboard\""))
        let reds = dom.matches(of: /data-role="diff" data-path="[^"]*give\.svg" data-red="([^"]*)"/).map { String($0.output.1) }
        #expect(reds.count == 3 && !reds.contains("none"), "each weight's diff is red where the stroke moved: \(reds)")

        // The contact sheet of the same build: the same three grounds behind its cards.
        _ = try EngineFixtures.build(folder)
        let (sheet, _) = try ReviewPageBrowserTests.probed(
            folder.path + "/out/" + ContactSheetPage.path, probe: Self.probe, profile: folder.path + "/profile")
        let grounds = try #require(sheet.firstMatch(of: /data-grounds="false;dark:([^;]*);light:([^;]*);checkerboard:checkerboard"/), "\(sheet.suffix(400))")
        #expect(grounds.output.1 != grounds.output.2, "dark and light differ")
    }
}
