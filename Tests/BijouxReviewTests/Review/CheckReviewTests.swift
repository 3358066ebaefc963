import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `check` as a reviewer and CI see it: each change judged by the tolerance table,
/// grouped by the art file it follows from, against the output folder or a git revision.
@Suite("check: the review of what changed")
struct CheckReviewTests {
    static let icon = "Assets.xcassets/Icons/give.imageset/give@3x.png"

    /// Three painted charms and the sample's `give` icon.
    static func makeArt(_ folder: TemporaryFolder) {
        EngineFixtures.makeArt(folder)
        folder.write("art/icons/give.svg", FileManager.default.contents(atPath: TestPaths.art + "/icons/give.svg").map { Array($0) }!)
    }

    /// The art of `makeArt`, committed in a new repository in `folder`.
    static func makeCommittedArt(_ folder: TemporaryFolder) throws {
        makeArt(folder)
        try git(folder, ["init", "-q"])
        try git(folder, ["add", "art"])
        try git(folder, ["commit", "-q", "-m", "base"])
    }

    /// `check` run as CI runs it, its temporary folder (`TMPDIR`) one of the test's own.
    static func check(_ folder: TemporaryFolder, _ extra: [String] = []) throws -> CLI.Result {
        folder.write("tmp/.keep", "")
        return try CLI.run(["check", "--art", "art", "--out", "out", "--jobs", "2"] + extra, in: folder.path, environment: ["TMPDIR": folder.path + "/tmp"])
    }

    /// The icon as the baseline has it, with one anti-aliased edge pixel a shade lighter:
    /// what another librsvg or cairo build does to an edge.
    static func driftOneEdgePixel(_ folder: TemporaryFolder) throws -> (x: Int, y: Int) {
        let path = folder.path + "/out/" + icon
        var image = ImageFileComparison.eightBit(try PNGDecoder.decodeFile(path))
        let edge = try #require((0..<image.width * image.height).first { image.pixels[4 * $0 + 3] > 60 && image.pixels[4 * $0 + 3] < 190 })
        image.pixels[4 * edge + 3] += 12
        try FileIO.writeAtomically(PNGEncoder.encode(image), to: path)
        return (edge % image.width, edge / image.width)
    }

    @Test func anAntiAliasingDriftPassesWithinToleranceUnlessTheArtFolderAsksForExact() throws {
        let folder = TestPaths.temporaryFolder("review-drift")
        Self.makeArt(folder)
        #expect(try EngineFixtures.build(folder).status == 0)
        _ = try Self.driftOneEdgePixel(folder)
        var result = try Self.check(folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("art/icons/give.svg:1:1: warning: 1 output within tolerance against out/: \(Self.icon): no pixel differs"))
        #expect(result.stdout.hasSuffix("1 art file: 1 output within tolerance: every change within tolerance\n"), "\(result.stdout)")

        // The art folder tightens the icons' rule: the same drift fails.
        folder.write("art/bijoux-assets.json", #"{"tolerances": {"icons": {"comparison": "exact"}}}"#)
        result = try Self.check(folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("art/icons/give.svg:1:1: error: "), "\(result.stderr)")
        #expect(result.stdout.contains("\(Self.icon): 1 of 5184 pixels differ"), "\(result.stdout)")

        // A kind the table does not have is an error at its place, exit 2.
        folder.write("art/bijoux-assets.json", "{\"tolerances\": {\"icon\": {\"budget\": 3}}}")
        result = try Self.check(folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("art/bijoux-assets.json:1:17: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("unknown kind (expected one of: charms, icons, appIcon, images, audio)"), "\(result.stderr)")
    }

    @Test func aMovedStrokeFailsWithItsBoundingBox() throws {
        let folder = TestPaths.temporaryFolder("review-stroke")
        Self.makeArt(folder)
        #expect(try EngineFixtures.build(folder).status == 0)
        let svg = try #require(folder.read("art/icons/give.svg"))
        let moved = String(decoding: svg, as: UTF8.self).replacingOccurrences(of: "<path d=\"M2.75 13v8\"", with: "<path d=\"M6.75 13v8\"")
        #expect(Array(moved.utf8) != svg)
        folder.write("art/icons/give.svg", moved)
        let result = try Self.check(folder, ["--report", "review"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("art/icons/give.svg:1:1: error: 3 outputs changed against out/: "), "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("changed: \(Self.icon)") })
        #expect(line.contains(" pixels differ (") && line.contains("bounding box"), "\(line)")
        // The old stroke at x 2.75 and the new at 6.75, 13 to 21 pt down: the box holds both, @3x.
        let review = try BuildEngine.check(EngineFixtures.options(folder)).review
        guard case .image(let difference, _)? = review.changes.first(where: { $0.path == Self.icon })?.finding else {
            Issue.record("no image finding for the icon")
            return
        }
        let bounds = try #require(difference.bounds)
        // The review page shows the same box beside the pictures.
        let page = String(decoding: try #require(folder.read("review/index.html")), as: UTF8.self)
        #expect(page.contains("\(bounds)"), "\(bounds)")
        #expect(bounds.x <= 3 * 2 + 2 && bounds.x + bounds.width >= 3 * 7 && bounds.y >= 3 * 12 && bounds.y + bounds.height <= 3 * 22 + 2, "\(bounds)")
    }

    /// An art pull request in a scratch repository: the base commit, then one charm
    /// (plum) recoloured and one (kiwi) added.
    static func artPullRequest(_ folder: TemporaryFolder) throws {
        try Self.makeCommittedArt(folder)
        let plum = PNGEncoder.encode(
            Synthetic.paintedDisc(width: 180, height: 150, center: (80, 75), radius: 55, softness: 6, color: (40, 160, 90)), as: .rgb)
        folder.write("art/charms/plum.png", plum)
        folder.write("art/charms/kiwi.png", plum)
        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
        let plumEntry = #""sweet", "swayDuration": 4.0}"#
        let kiwiEntry = #"{"id": "kiwi", "displayName": "Kiwi", "note": "fuzzy", "swayDuration": 3.1}"#
        folder.write("art/charms.json", table.replacingOccurrences(of: plumEntry, with: plumEntry + ",\n  " + kiwiEntry))
        try Self.git(folder, ["add", "art"])
        try Self.git(folder, ["commit", "-q", "-m", "recolour plum, add kiwi"])
    }

    @Test func anArtPullRequestIsReviewedAgainstItsBaseRevision() throws {
        let folder = TestPaths.temporaryFolder("review-revision")
        try Self.artPullRequest(folder)
        let result = try Self.check(folder, ["--against", "HEAD~1", "--junit", "check.xml", "--summary", "summary.md"])
        #expect(result.status == 1, "\(result.stderr)")
        let places = result.stderr.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        let charms = places.filter { $0.hasPrefix("art/charms/") }
        #expect(charms == ["art/charms/plum.png:1:1:", "art/charms/kiwi.png:1:1:"], "\(result.stderr)")
        // The table's new entry is where charms.json first changed.
        #expect(places.contains("art/charms.json:4:1:"), "\(result.stderr)")
        #expect(places.allSatisfy { $0.hasPrefix("art/charms/") || $0.hasPrefix("art/charms.json:") || $0 == "art:1:1:" }, "\(places)")
        #expect(result.stdout.contains("added: Assets.xcassets/Charms/kiwi.imageset/kiwi@3x.png: added"))
        #expect(result.stdout.contains("changed: Assets.xcassets/Charms/plum.imageset/plum@3x.png: "))

        let junit = try XMLDocument(data: Data(try #require(folder.read("check.xml"))))
        let cases = try junit.nodes(forXPath: "//testcase")
        #expect(cases.count == 7, "3 charms, the table, the icon, its catalog folder and the art folder: \(cases.count)")
        let failing = try junit.nodes(forXPath: "//testcase[failure]").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(Set(failing).isSuperset(of: ["art/charms/plum.png", "art/charms/kiwi.png"]), "\(failing)")
        #expect(!failing.contains("art/charms/sun.png") && !failing.contains("art/icons/give.svg"))
        let summary = String(decoding: try #require(folder.read("summary.md")), as: UTF8.self)
        #expect(summary.contains("<code>art/charms/plum.png</code>") && summary.contains("<code>art/charms/kiwi.png</code>"), "\(summary)")
        #expect(!summary.contains("sun.png"))
        // The revision's art and build are gone.
        #expect(try FileIO.list(folder.path + "/tmp") == [".keep"])
    }

    /// `--against DIR`: a folder of an earlier build is the baseline, the output folder
    /// left out of it.
    @Test func aFolderOfAnEarlierBuildIsABaseline() throws {
        let folder = TestPaths.temporaryFolder("review-folder")
        Self.makeArt(folder)
        #expect(try EngineFixtures.build(folder, out: "earlier").status == 0)
        folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 160, height: 150, center: (80, 75), radius: 50, softness: 6, color: (250, 120, 60)), as: .rgb))
        let result = try Self.check(folder, ["--against", "earlier"])
        #expect(result.status == 1)
        let places = result.stderr.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(places.first == "art/charms/sun.png:1:1:" && places.allSatisfy { ["art/charms/sun.png:1:1:", "art:1:1:"].contains($0) }, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("; to accept: bijoux-assets build --art art --out out\n"), "\(result.stdout)")
        #expect(!folder.exists("out"))
    }

    @Test func aRevisionThatIsNotThereIsAnErrorWithStatusTwo() throws {
        let folder = TestPaths.temporaryFolder("review-no-revision")
        try Self.makeCommittedArt(folder)
        let result = try Self.check(folder, ["--against", "no-such-branch"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --against no-such-branch: not a commit of the repository at "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `--against` takes a revision only as a revision: never as an option to git, never as
    /// a shell word. Each is one error with status 2, and nothing is made.
    @Test(arguments: ["--output=x", "HEAD; touch x", "-p", "$(touch x)"])
    func aRevisionIsNeverAnOptionOrAShellWord(_ revision: String) throws {
        let folder = TestPaths.temporaryFolder("review-injection")
        try Self.makeCommittedArt(folder)
        let result = try Self.check(folder, ["--against", revision])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --against \(revision): not a "), "\(result.stderr)")
        #expect(!folder.exists("x") && !folder.exists("art/x") && !folder.exists("out"))
        let status = try CLI.runTool("/usr/bin/env", ["git", "-C", folder.path, "status", "--porcelain", "--", "art"])
        #expect(status.status == 0 && status.stdout.isEmpty, "the work tree is as it was: \(status.stdout)")
    }

    static func git(_ folder: TemporaryFolder, _ arguments: [String]) throws {
        let result = try CLI.runTool(
            "/usr/bin/env",
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "-C", folder.path] + arguments)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    }
}

/// `check --report` on the art pull request, opened in headless Chromium: every image
/// loads, and the recoloured charm's diff is red exactly where the engine found the change.
@Suite("check's review page in a browser", .tags(.slow), .notInFastRun, .needsBrowser)
struct CheckReviewBrowserTests {
    @Test func theReviewOfAnArtPullRequestLoadsAndShowsTheChangeWhereItIs() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("review-page-check")
        try CheckReviewTests.artPullRequest(folder)
        let result = try CheckReviewTests.check(folder, ["--against", "HEAD~1", "--report", "review"])
        #expect(result.status == 1, "\(result.stderr)")
        let (dom, console) = try ReviewPageBrowserTests.probed(
            folder.path + "/review/index.html", probe: ReviewPageBrowserTests.imageProbe, profile: folder.path + "/profile")
        #expect(console.isEmpty, "console messages:\n\(console.joined(separator: "\n"))")
        let loaded = try #require(dom.firstMatch(of: /data-loaded="(\d+)\/(\d+)"/), "the probe did not run")
        #expect(loaded.output.1 == loaded.output.2 && Int(loaded.output.2)! >= 9, "\(loaded.output.0)")

        var options = EngineFixtures.options(folder)
        options.jobs = 2
        let review = try BuildEngine.check(options, against: .revision("HEAD~1")).review
        let plum = "Assets.xcassets/Charms/plum.imageset/plum.png"
        guard case .image(let difference, _)? = review.changes.first(where: { $0.path == plum })?.finding, let box = difference.bounds else {
            Issue.record("no image finding for \(plum)")
            return
        }
        #expect(ReviewPageBrowserTests.red(dom, plum) == "\(box.x),\(box.y),\(box.width),\(box.height),\(difference.differingPixels)")
        // Grouped by art file, the added charm among them; nothing unchanged shown.
        #expect(dom.contains("data-source=\"art/charms/plum.png\"") && dom.contains("data-source=\"art/charms/kiwi.png\""))
        #expect(!dom.contains("data-source=\"art/charms/sun.png\""))
    }
}

@Suite("Text diff")
struct TextDiffTests {
    @Test func everyHunkWithItsLineAndContext() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...20).map { "line \($0)" }
        lines[2] = "LINE 3"
        lines.insert("new", at: 15)
        let new = lines.joined(separator: "\n") + "\n"
        #expect(
            TextDiff.hunks(expected: old, actual: new) == """
                @@ line 3 @@
                 line 1
                 line 2
                -line 3
                +LINE 3
                 line 4
                 line 5
                @@ line 16 @@
                 line 14
                 line 15
                +new
                 line 16
                 line 17
                """)
        #expect(TextDiff.hunks(expected: old, actual: old) == "")
        #expect(TextDiff.firstLine(of: TextDiff.hunks(expected: old, actual: new)) == 3)
    }

    /// Past the table's bound the middle is one hunk, so a hostile pair costs little.
    @Test func aHugeDifferenceIsOneHunk() {
        let a = (0..<3000).map { "a\($0)" }.joined(separator: "\n"), b = (0..<3000).map { "b\($0)" }.joined(separator: "\n")
        let hunks = TextDiff.hunks(expected: a, actual: b)
        #expect(hunks.hasPrefix("@@ line 1 @@\n-a0\n"))
        #expect(hunks.hasSuffix("more lines"))
        let long = String(repeating: "x", count: 1000)
        #expect(TextDiff.hunks(expected: "a\n", actual: long + "\n") == "@@ line 1 @@\n-a\n+" + String(repeating: "x", count: 240) + "… (760 more characters)")
    }
}
