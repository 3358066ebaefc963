import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// A review made by hand from real PNGs: an icon with a 3×2 block changed and its
/// Contents.json, a change within tolerance, the app icon's outputs (two changed, one
/// added), a sound, an added and a removed file of each kind, an unreadable baseline,
/// and a group whose paths hold `<script>` and `&`.
enum ReviewSample {
    static let give = "Assets.xcassets/Icons/give.imageset/give.png"
    static let giveContents = "Assets.xcassets/Icons/give.imageset/Contents.json"
    static let appIcon = "Assets.xcassets/AppIcon.appiconset/"
    /// Where `give.png` changed.
    static let block = PixelRect(x: 10, y: 20, width: 3, height: 2)
    static let hostileSource = "art/icons/<script>alert(1)</script>&x.svg"
    static let hostilePath = "Assets.xcassets/Icons/<script>&x.imageset/Contents.json"

    /// A transparent picture with a flat square of ink, so every changed pixel is a
    /// real difference (no anti-aliased edge), and a copy with `changed` repainted.
    static func pictures(side: Int, changed: PixelRect, to color: RGBA = RGBA(230, 40, 40, 255)) -> (before: RGBAImage, after: RGBAImage) {
        var before = RGBAImage(width: side, height: side)
        for y in side / 8..<side * 7 / 8 {
            for x in side / 8..<side * 7 / 8 { before[x, y] = RGBA(30, 30, 30, 255) }
        }
        var after = before
        for y in changed.y..<changed.maxY {
            for x in changed.x..<changed.maxX { after[x, y] = color }
        }
        return (before, after)
    }

    /// A changed (or, within its tolerance, passing) picture as `check` finds it.
    static func imageChange(_ path: String, side: Int, changed: PixelRect, to color: RGBA = RGBA(230, 40, 40, 255)) throws -> Review.Change {
        let (before, after) = pictures(side: side, changed: changed, to: color)
        let tolerance = GoldenTolerances.standard.tolerance(for: path)
        let difference = try PixelComparer.compare(before, after, tolerance.comparison)
        let finding = Finding.image(difference, tolerance)
        return Review.Change(
            path: path, status: finding.passes ? .withinTolerance : .changed, finding: finding, before: PNGEncoder.encode(before),
            after: PNGEncoder.encode(after))
    }

    static func lines(_ count: Int, _ word: String) -> String {
        (1...count).map { "\(word) \($0)" }.joined(separator: "\n") + "\n"
    }

    static func review() throws -> Review {
        let oldText = lines(6, "let a"), newText = oldText.replacingOccurrences(of: "let a 3", with: "let b 3")
        let textChange = Review.Change(
            path: giveContents, status: .changed, finding: .text(hunks: TextDiff.hunks(expected: oldText, actual: newText)),
            before: Array(oldText.utf8), after: Array(newText.utf8))
        let tinted = pictures(side: 256, changed: PixelRect(x: 0, y: 0, width: 0, height: 0)).after
        let sound = AudioDifference(beforeSeconds: 2, afterSeconds: 2.5, beforeLoudness: -23, afterLoudness: -20.5, differenceDB: -12.25)
        let groups = [
            Review.Group(source: "art/icons/give.svg", changes: [try imageChange(give, side: 32, changed: block), textChange]),
            Review.Group(
                source: "art/icons/wear.svg",
                changes: [
                    try imageChange(
                        "Assets.xcassets/Icons/wear.imageset/wear@2x.png", side: 64, changed: PixelRect(x: 30, y: 30, width: 1, height: 1),
                        to: RGBA(33, 30, 30, 255))
                ]),
            Review.Group(
                source: "art/appicon.json",
                changes: [
                    try imageChange(appIcon + "AppIcon.png", side: 256, changed: PixelRect(x: 100, y: 100, width: 20, height: 10)),
                    try imageChange(appIcon + "AppIcon-dark.png", side: 256, changed: PixelRect(x: 40, y: 200, width: 5, height: 5)),
                    Review.Change(path: appIcon + "AppIcon-tinted.png", status: .added, after: PNGEncoder.encode(tinted)),
                ]),
            Review.Group(
                source: "art/sounds.json", line: 12,
                changes: [
                    Review.Change(path: "Audio/rain.m4a", status: .changed, finding: .audio(sound, .standard), before: [1, 2, 3], after: [1, 2, 4]),
                    Review.Change(path: "Generated/Sounds.swift", status: .added, after: Array(lines(50, "case sound").utf8)),
                ]),
            Review.Group(
                source: "art/icons/old.svg",
                changes: [
                    Review.Change(
                        path: "Assets.xcassets/Icons/old.imageset/old.png", status: .removed,
                        before: PNGEncoder.encode(pictures(side: 24, changed: block).before)),
                    Review.Change(path: "Assets.xcassets/Icons/old.imageset/Contents.json", status: .removed, before: Array("{}\n".utf8)),
                ]),
            Review.Group(
                source: "art/charms/cat.png",
                changes: [
                    Review.Change(
                        path: "Assets.xcassets/Charms/cat.imageset/cat.png", status: .changed,
                        finding: .unreadable("the baseline's cat.png: not a PNG file (bad signature)"), before: [0], after: [0])
                ]),
            Review.Group(
                source: hostileSource,
                changes: [
                    Review.Change(
                        path: hostilePath, status: .added,
                        after: Array("<script>alert('x')</script> & \"more\"\n\(ContactSheetBrowserTests.scriptNote("review"))\n".utf8))
                ]),
        ]
        return Review(baseline: "build/", groups: groups, acceptCommand: "bijoux-assets build --art art --output 'build' # <&>")
    }
}

@Suite("Review page")
struct ReviewPageTests {
    /// The part of `page` from `start` up to the next `end` after it.
    static func part(_ page: String, from start: String, to end: String) -> Substring? {
        guard let from = page.range(of: start), let to = page.range(of: end, range: from.upperBound..<page.endIndex) else { return nil }
        return page[from.lowerBound..<to.upperBound]
    }

    @Test func theSampleChangedIconDiffersExactlyInItsBlock() throws {
        let change = try ReviewSample.imageChange(ReviewSample.give, side: 32, changed: ReviewSample.block)
        guard case .image(let difference, _)? = change.finding else {
            Issue.record("expected an image finding")
            return
        }
        #expect(difference.differingPixels == 6 && difference.bounds == ReviewSample.block && change.status == .changed)
    }

    /// The counts, the verdict and the accept command; one section per group, in the
    /// review's order, each holding its own changes.
    @Test func summaryCountsAndGroups() throws {
        let review = try ReviewSample.review()
        let page = ReviewPage.html(review)
        #expect(page.hasPrefix("<!doctype html>\n") && page.hasSuffix("</html>\n"))
        #expect(
            page.contains("data-changed=\"6\" data-within-tolerance=\"1\" data-added=\"3\" data-removed=\"2\" data-not-counted=\"0\" data-passes=\"false\""))
        #expect(page.contains(">6 changed</span> · <span class=\"count within-tolerance\">1 within tolerance</span>"))
        #expect(page.contains("<h1>Review against <code>build/</code></h1>"))
        #expect(page.contains("<code>bijoux-assets build --art art --output &#39;build&#39; # &lt;&amp;&gt;</code>"))
        #expect(page.contains("check fails: 6 art files have changes beyond tolerance."))

        let sources = page.matches(of: /<section class="group (fails|passes)" data-source="([^"]*)">/).map { ($0.output.1, $0.output.2) }
        #expect(sources.map { String($0.1) } == review.groups.map { HTML.escape($0.source) })
        #expect(sources.map { String($0.0) } == ["fails", "passes", "fails", "fails", "fails", "fails", "fails"])
        for group in review.groups {
            let section = try #require(Self.part(page, from: "data-source=\"\(HTML.escape(group.source))\"", to: "</section>"))
            #expect(section.components(separatedBy: "<article class=\"change ").count - 1 == group.changes.count, "\(group.source)")
            for change in group.changes {
                #expect(section.contains("<article class=\"change \(change.status.rawValue.replacingOccurrences(of: " ", with: "-"))"))
            }
            for change in group.changes { #expect(section.contains("data-path=\"\(HTML.escape(change.path))\" data-status=")) }
        }
        #expect(page.contains("<h2><code>art/icons/give.svg</code> → give.png, Contents.json <span class=\"badge fails\">fails</span></h2>"))
        #expect(page.contains("<code>art/appicon.json</code> → AppIcon.png, AppIcon-dark.png, AppIcon-tinted.png <span"))
        #expect(page.contains("<code>art/sounds.json</code> <span class=\"line\">from line 12</span> → rain.m4a, Sounds.swift"))
        #expect(page.contains("<span class=\"badge passes\">within tolerance</span>"))
    }

    /// Pictures: before, after and diff of each comparison with its figures; one side of
    /// an added or removed one; each with alt, role and path.
    @Test func picturesShowBeforeAfterAndDiffWithTheirFigures() throws {
        let page = ReviewPage.html(try ReviewSample.review())
        let images = page.matches(of: /<img [^>]*>/).map { String($0.output) }
        #expect(images.count == 14)
        for image in images {
            #expect(image.hasPrefix("<img src=\"data:image/png;base64,") && image.contains(" alt=\"") && image.contains(" data-path=\""))
            #expect(image.contains(" data-role=\"before\"") || image.contains(" data-role=\"after\"") || image.contains(" data-role=\"diff\""))
        }
        let give = images.filter { $0.contains("data-path=\"\(ReviewSample.give)\"") }
        #expect(give.count == 3 && give.allSatisfy { $0.contains("width=\"128\" height=\"128\" class=\"enlarged\"") })
        #expect(images.filter { $0.contains(ReviewSample.appIcon + "AppIcon.png") }.allSatisfy { $0.contains("width=\"192\"") && !$0.contains("enlarged") })
        #expect(images.filter { $0.contains("old.png") }.map { $0.contains("data-role=\"before\"") } == [true])
        #expect(images.filter { $0.contains("AppIcon-tinted.png") }.map { $0.contains("data-role=\"after\"") } == [true])
        #expect(page.contains("data-differing=\"6\" data-bounds=\"10,20,3,2\""))
        #expect(page.contains("<dt>bounding box</dt><dd>3×2 at (10, 20)</dd>"))
        #expect(page.contains("<dt>tolerated</dt><dd>1 below the threshold</dd>"))
        #expect(page.contains("<dt>tolerance</dt><dd>threshold 0.1, 0 pixels allowed — rasterised by librsvg"))
        #expect(page.components(separatedBy: "data-flip aria-pressed").count - 1 == 4, "a flip control for each pair of same-size pictures")
    }

    /// Text: hunks line by line; an added file's first 40 lines; a removed one, removed.
    /// Sound: a table of both sides and the difference. Unreadable: the reason.
    @Test func textSoundAndUnreadableChanges() throws {
        let page = ReviewPage.html(try ReviewSample.review())
        #expect(page.contains("<span class=\"hunk\">@@ line 3 @@</span><span class=\"same\"> let a 1</span>"))
        #expect(page.contains("<span class=\"del\">-let a 3</span><span class=\"add\">+let b 3</span>"))
        #expect(page.contains("<span class=\"add\">+case sound 40</span><span class=\"more\">… 10 more lines</span></pre>"))
        #expect(!page.contains("case sound 41"))
        let removed = try #require(Self.part(page, from: "data-path=\"Assets.xcassets/Icons/old.imageset/Contents.json\"", to: "</article>"))
        #expect(removed.contains("<p class=\"line-summary\">removed</p>\n</article>"))
        #expect(page.contains("<tr><th>duration</th><td>2 s</td><td>2.5 s</td><td>± 0.001 s</td></tr>"))
        #expect(page.contains("<tr><th>loudness</th><td>-23 LUFS</td><td>-20.5 LUFS</td><td>± 0.1 LU</td></tr>"))
        #expect(page.contains("<tr><th>difference</th><td colspan=\"2\">-12.3 dB</td><td>at most -40 dB</td></tr>"))
        #expect(page.contains("<p class=\"line-summary reason\">the baseline&#39;s cat.png: not a PNG file (bad signature)</p>"))
    }

    /// Art names paths and messages: none of it reaches the page as markup, and the page
    /// asks nothing of the network.
    @Test func artTextIsEscapedAndThePageIsSelfContained() throws {
        let page = ReviewPage.html(try ReviewSample.review())
        #expect(page.components(separatedBy: "<script").count - 1 == 1, "the page's own script only")
        #expect(!page.contains("alert(1)</script>") && !page.contains("<script>alert('x')"))
        #expect(page.contains("data-source=\"art/icons/&lt;script&gt;alert(1)&lt;/script&gt;&amp;x.svg\""))
        #expect(page.contains("<code>Assets.xcassets/Icons/&lt;script&gt;&amp;x.imageset/Contents.json</code>"))
        #expect(page.contains("<span class=\"add\">+&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;</span>"))
        #expect(page.contains("<span class=\"add\">+&lt;img src=x onerror=&quot;document.body.dataset.pwned=&#39;review&#39;&quot;&gt;</span>"))
        for remote in ["http://", "https://", "src=\"//", "href=", "url(", "@import"] { #expect(!page.contains(remote), "\(remote)") }
        #expect(page.components(separatedBy: " src=\"").count == page.components(separatedBy: " src=\"data:image/png;base64,").count)
    }

    @Test func anEmptyReviewSaysNothingChanged() {
        let page = ReviewPage.html(Review(baseline: "HEAD~1", groups: [], acceptCommand: "bijoux-assets build"))
        #expect(page.contains("<title>Review: nothing changed against HEAD~1</title>"))
        #expect(page.contains("<p class=\"nothing\">Nothing changed: every output is the baseline's, byte for byte.</p>"))
        #expect(!page.contains("<section") && !page.contains("<img") && !page.contains("bijoux-assets build"))
    }

    @Test func writeMakesTheFolderAndIndex() throws {
        let folder = TestPaths.temporaryFolder("review-page")
        defer { FileIO.removeTree(folder.path) }
        let review = try ReviewSample.review()
        try ReviewPage.write(review, to: folder.path + "/report/nested")
        #expect(folder.read("report/nested/index.html") == Array(ReviewPage.html(review).utf8))
        #expect(folder.files() == ["report/nested/index.html"])
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 255, 1000])
    func base64IsFoundations(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(ReviewPage.base64(bytes) == Data(bytes).base64EncodedString())
    }
}

/// The page of the sample review opened in headless Chromium: every image decodes, the
/// diff picture's pure red pixels (`DiffImage.differsColor`) are exactly the changed
/// block, the app icon's outputs sit side by side, and the flip control lays after over
/// before. A probe script, added to a copy of the page only here, reads the diff
/// picture's pixels through a canvas. A screenshot is kept in build/test-artifacts/.
@Suite("Review page in a browser", .tags(.slow), .notInFastRun, .needsBrowser)
struct ReviewPageBrowserTests {
    /// After the load event: on the body, how many images decoded; on each diff image,
    /// the bounding box and count of its pure red pixels (`data-red="x,y,w,h,n"`, or
    /// `none`). Any review page can be probed so (`check --report`'s own test too).
    static let imageProbe = """
        <script>
        window.addEventListener('load', function () {
          var images = Array.prototype.slice.call(document.images);
          document.body.dataset.loaded = images.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length + '/' + images.length;
          document.querySelectorAll('img[data-role="diff"]').forEach(function (diff) {
            var canvas = document.createElement('canvas'), w = diff.naturalWidth, h = diff.naturalHeight;
            canvas.width = w; canvas.height = h;
            var context = canvas.getContext('2d');
            context.drawImage(diff, 0, 0);
            var p = context.getImageData(0, 0, w, h).data, x0 = w, y0 = h, x1 = -1, y1 = -1, n = 0;
            for (var y = 0; y < h; y++) for (var x = 0; x < w; x++) {
              var i = (y * w + x) * 4;
              if (p[i] === 255 && p[i + 1] === 0 && p[i + 2] === 0 && p[i + 3] === 255) {
                n++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
              }
            }
            diff.dataset.red = n ? [x0, y0, x1 - x0 + 1, y1 - y0 + 1, n].join(',') : 'none';
          });
        });
        </script>

        """

    /// With the image probe, on the body: whether the app icon group's first two changes
    /// share a row, and what flipping the icon with the slider at 25 did (after was beside
    /// before; it lies on it; the slider is enabled; after's opacity).
    static let probe =
        imageProbe + """
            <script>
            window.addEventListener('load', function () {
              var cards = document.querySelectorAll('section[data-source="art/appicon.json"] .change');
              var a = cards[0].getBoundingClientRect(), b = cards[1].getBoundingClientRect();
              document.body.dataset.row = a.top === b.top && b.left >= a.right ? 'shared' : [a.top, a.left, b.top, b.left].join(',');
              var give = document.querySelector('article[data-path="\(ReviewSample.give)"]'), mix = give.querySelector('[data-mix]');
              var apart = give.querySelector('img[data-role="after"]').getBoundingClientRect().left;
              give.querySelector('[data-flip]').click();
              mix.value = '25';
              mix.dispatchEvent(new Event('input'));
              var before = give.querySelector('img[data-role="before"]').getBoundingClientRect(), after = give.querySelector('img[data-role="after"]');
              var over = after.getBoundingClientRect(), opacity = getComputedStyle(after.closest('figure')).opacity;
              document.body.dataset.flip = [apart > before.left, over.left === before.left && over.top === before.top, mix.disabled, opacity].join(',');
            });
            </script>

            """

    /// The page at `path` with `probe` added, opened in the browser: its DOM after the
    /// probe ran, and the console's lines.
    static func probed(_ path: String, probe: String, profile: String, window: String = "1600,3000") throws -> (dom: String, console: [Substring]) {
        let page = String(decoding: try FileIO.read(path), as: UTF8.self)
        let probedPath = FileIO.parentDirectory(of: path) + "/probe.html"
        try FileIO.writeAtomically(Array(page.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8), to: probedPath)
        let url = URL(fileURLWithPath: probedPath).absoluteString
        let (dom, log) = try Browser.run(["--force-color-profile=srgb", "--window-size=\(window)", "--dump-dom", url], profile: profile)
        return (dom, log.split(separator: "\n").filter { $0.contains(":CONSOLE") })
    }

    /// The red box the image probe found in the diff of the output `path`.
    static func red(_ dom: String, _ path: String) -> String? {
        let pattern = "data-role=\"diff\" data-path=\"\(path)\" data-red=\"([^\"]*)\""
        return (try? Regex(pattern)).flatMap { dom.firstMatch(of: $0) }.flatMap { $0.output[1].substring.map(String.init) }
    }

    @Test func everyImageLoadsAndTheDiffIsRedExactlyWhereThePictureChanged() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("review-browser")
        defer { FileIO.removeTree(folder.path) }
        try ReviewPage.write(try ReviewSample.review(), to: folder.path + "/report")
        let (dom, console) = try Self.probed(folder.path + "/report/index.html", probe: Self.probe, profile: folder.path + "/profile")
        #expect(console.isEmpty, "console messages:\n\(console.joined(separator: "\n"))")
        let loaded = try #require(dom.firstMatch(of: /data-loaded="(\d+)\/(\d+)"/), "the probe did not run")
        #expect(loaded.output.1 == loaded.output.2 && loaded.output.2 == "14", "\(loaded.output.0)")
        #expect(dom.contains("data-images=\"14/14\""), "the page's own count")
        #expect(!dom.contains("class=\"enlarged broken\"") && !dom.contains("class=\"broken\""))
        #expect(!dom.contains("data-pwned"), "a changed line of markup ran as markup")

        func red(_ path: String) -> String? { Self.red(dom, path) }
        let block = ReviewSample.block
        #expect(red(ReviewSample.give) == "\(block.x),\(block.y),\(block.width),\(block.height),6")
        #expect(red(ReviewSample.appIcon + "AppIcon.png") == "100,100,20,10,200")
        #expect(red("Assets.xcassets/Icons/wear.imageset/wear@2x.png") == "none", "within tolerance: orange, not red")
        #expect(dom.contains("data-row=\"shared\""), "the app icon's changes side by side")
        #expect(dom.contains("data-flip=\"true,true,false,0.25\""), "flipping lays after over before, the slider fades it")

        // A screenshot of the page itself to look at, beside the contact sheet's.
        try FileManager.default.createDirectory(atPath: ContactSheetBrowserTests.artifacts, withIntermediateDirectories: true)
        let screenshot = ContactSheetBrowserTests.artifacts + "/review-page.png"
        let shown = URL(fileURLWithPath: folder.path + "/report/index.html").absoluteString
        _ = try Browser.run(["--window-size=1600,3000", "--screenshot=\(screenshot)", shown], profile: folder.path + "/profile")
        #expect(try PNGDecoder.decodeFile(screenshot).width == 1600)
    }
}
