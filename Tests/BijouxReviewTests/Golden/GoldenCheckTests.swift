import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The golden machinery on a small synthetic build: recording policies, stale
/// goldens, failure files and the review page, platform goldens.
@Suite("Golden check and recording policy")
struct GoldenCheckTests {
    /// One build of BuildEngineTests' three-charm art, shared read-only by every test.
    static let built: TemporaryFolder = {
        let folder = TestPaths.sharedTemporaryFolder("golden-check")
        EngineFixtures.makeArt(folder)
        _ = try! BuildEngine.build(EngineFixtures.options(folder))
        return folder
    }()
    static var output: String { built.path + "/out" }
    static let moonAt2x = "Assets.xcassets/Charms/moon.imageset/moon@2x.png"
    static let moonContents = "Assets.xcassets/Charms/moon.imageset/Contents.json"

    static func check(
        _ goldens: TemporaryFolder, _ policy: RecordPolicy, platform: GoldenPlatform = .linux,
        tolerances: GoldenTolerances = .standard
    ) -> [GoldenResult] {
        GoldenCheck(outputFolder: output, store: GoldenStore(root: goldens.path, platform: platform), policy: policy, tolerances: tolerances).run()
    }

    /// A golden folder holding exactly the current outputs.
    static func recordedGoldens() -> TemporaryFolder {
        let goldens = TestPaths.temporaryFolder("goldens")
        _ = check(goldens, .missing)
        return goldens
    }

    static func editPixel(_ goldens: TemporaryFolder, _ path: String, x: Int, y: Int, to color: RGBA) throws {
        var image = try ImageFileComparison.load(goldens.path + "/" + path)
        image[x, y] = color
        goldens.write(path, PNGEncoder.encode(image))
    }

    static func failures(_ results: [GoldenResult]) -> [GoldenResult] { results.filter { !$0.passed } }

    @Test func missingGoldensAreRecordedAndFailThenPass() throws {
        let goldens = TestPaths.temporaryFolder("goldens")
        let first = Self.check(goldens, .missing)
        // The build cache (out/.bijoux/) is a dot-entry: no output, no golden.
        let outputs = Self.built.files().filter { $0.hasPrefix("out/") && !$0.hasPrefix("out/.") }.map { String($0.dropFirst(4)) }
        let guarded = outputs.filter { !$0.hasPrefix("Preview/") }
        #expect(first.map(\.path).sorted() == guarded.sorted())
        #expect(first.allSatisfy { !$0.passed && $0.recording == .written })
        #expect(first.allSatisfy { $0.message.contains("recorded \(goldens.path)/\($0.path)") })
        #expect(goldens.files() == guarded.sorted())
        for path in guarded { #expect(goldens.read(path) == Self.built.read("out/" + path)) }
        #expect(outputs.contains { $0.hasPrefix("Preview/") }, "previews exist but get no goldens")

        let second = Self.check(goldens, .missing)
        #expect(Self.failures(second).isEmpty)
    }

    @Test func neverRecordsAndFails() {
        let goldens = TestPaths.temporaryFolder("goldens")
        let results = Self.check(goldens, .never)
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { if case .missing = $0.outcome { $0.recording == nil } else { false } })
        #expect(results[0].message.hasSuffix("none recorded (BIJOUX_RECORD=never), expected at \(goldens.path)/\(results[0].path)"))
        #expect(goldens.files().isEmpty)
    }

    @Test func aChangedPixelFailsWithItsFilesAndPage() throws {
        let goldens = Self.recordedGoldens()
        try Self.editPixel(goldens, Self.moonAt2x, x: 120, y: 110, to: RGBA(255, 0, 0, 255))
        let edited = goldens.read(Self.moonAt2x)
        let results = Self.check(goldens, .missing)
        let failed = Self.failures(results)
        try #require(failed.count == 1)
        guard case .imageDiffers(_, _, let difference) = failed[0].outcome else {
            Issue.record("expected a pixel difference, got \(failed[0].outcome)")
            return
        }
        #expect(failed[0].path == Self.moonAt2x)
        #expect(difference.differingPixels == 1 && difference.bounds == PixelRect(x: 120, y: 110, width: 1, height: 1))
        #expect(failed[0].message.contains("1 of 52800 pixels differ"))
        #expect(failed[0].message.contains("exact"))
        #expect(goldens.read(Self.moonAt2x) == edited, "the missing policy leaves a differing golden alone")

        let reports = TestPaths.temporaryFolder("golden-report")
        let report = GoldenReport(failuresFolder: reports.path + "/failures", pagePath: reports.path + "/report.html")
        reports.write("failures/left-over.summary.json", "{}")
        let artifacts = try report.write(results)
        let files = try #require(artifacts[Self.moonAt2x])
        let base = reports.path + "/failures/Assets.xcassets/Charms/moon.imageset/moon@2x"
        #expect(files.expected == base + ".expected.png" && files.actual == base + ".actual.png")
        #expect(files.diff == base + ".diff.png" && files.summary == base + ".summary.json")
        #expect(try ImageFileComparison.load(files.expected!) == ImageFileComparison.load(goldens.path + "/" + Self.moonAt2x))
        #expect(try ImageFileComparison.load(files.actual!) == ImageFileComparison.load(Self.output + "/" + Self.moonAt2x))
        #expect(try ImageFileComparison.load(files.diff!)[120, 110] == DiffImage.differsColor)
        let summary = try JSONParser.parse(FileIO.read(files.summary))
        #expect(summary["difference"]?["differingPixels"]?.value == .number(1, "1"))
        #expect(summary["outcome"]?.value == .string("differs"))
        #expect(!reports.exists("failures/left-over.summary.json"), "the previous run's files are cleared")
        let page = String(decoding: reports.read("report.html")!, as: UTF8.self)
        #expect(page.contains("data-changed=\"1\"") && page.contains(">1 changed</span>"), "the review page of the one failure")
        #expect(page.contains("<section class=\"group fails\" data-source=\"\(goldens.path)/\(Self.moonAt2x)\">"))
        #expect(page.components(separatedBy: "src=\"data:image/png;base64,").count == 4)
        #expect(!page.contains("src=\"http") && !page.contains("href="), "self-contained")

        // A passing run removes the page and the folder.
        try report.write(Self.check(Self.recordedGoldens(), .missing))
        #expect(!reports.exists("report.html") && !reports.exists("failures"))
    }

    @Test func failedPolicyRewritesOnlyWhatFailed() throws {
        let goldens = Self.recordedGoldens()
        try Self.editPixel(goldens, Self.moonAt2x, x: 5, y: 5, to: RGBA(9, 9, 9, 9))
        let untouched = "Assets.xcassets/Charms/sun.imageset/sun.png"
        let before = try FileManager.default.attributesOfItem(atPath: goldens.path + "/" + untouched)[.modificationDate] as? Date
        let results = Self.check(goldens, .failed)
        let failed = Self.failures(results)
        #expect(failed.map(\.path) == [Self.moonAt2x])
        #expect(failed.first?.recording == .written)
        #expect(goldens.read(Self.moonAt2x) == Self.built.read("out/" + Self.moonAt2x))
        let after = try FileManager.default.attributesOfItem(atPath: goldens.path + "/" + untouched)[.modificationDate] as? Date
        #expect(before == after)
        #expect(Self.failures(Self.check(goldens, .never)).isEmpty)
    }

    @Test func staleGoldensFailAndAreRemovedWhenRecording() {
        let goldens = Self.recordedGoldens()
        goldens.write("Assets.xcassets/Charms/pluto.imageset/pluto.png", PNGEncoder.encode(RGBAImage(width: 2, height: 2)))
        goldens.write("Preview/charms-22px.png", PNGEncoder.encode(RGBAImage(width: 2, height: 2)))
        goldens.write(".DS_Store", "not a golden")
        let stale = Self.failures(Self.check(goldens, .missing))
        #expect(stale.map(\.path).sorted() == ["Assets.xcassets/Charms/pluto.imageset/pluto.png", "Preview/charms-22px.png"])
        #expect(stale.allSatisfy { if case .stale = $0.outcome { $0.recording == nil } else { false } })
        #expect(stale[0].message.contains("has no output any more (stale)"))
        #expect(goldens.exists("Preview/charms-22px.png"))

        let removed = Self.failures(Self.check(goldens, .failed))
        #expect(removed.count == 2 && removed.allSatisfy { $0.recording == .removed })
        #expect(!goldens.exists("Preview/charms-22px.png") && !goldens.exists("Assets.xcassets/Charms/pluto.imageset/pluto.png"))
    }

    @Test func samePixelsInOtherBytesPassUnlessRecordingAll() throws {
        let goldens = Self.recordedGoldens()
        let image = try ImageFileComparison.load(goldens.path + "/" + Self.moonAt2x)
        goldens.write(Self.moonAt2x, PNGEncoder.encode(image, options: .init(compression: .filtered(level: 1), jobs: 1)))
        #expect(goldens.read(Self.moonAt2x) != Self.built.read("out/" + Self.moonAt2x))
        #expect(Self.failures(Self.check(goldens, .failed)).isEmpty)

        let all = Self.check(goldens, .all)
        #expect(Self.failures(all).map(\.path) == [Self.moonAt2x])
        #expect(goldens.read(Self.moonAt2x) == Self.built.read("out/" + Self.moonAt2x))
        #expect(Self.failures(Self.check(goldens, .all)).isEmpty, "identical goldens are not rewritten")
    }

    @Test func corruptOrResizedGoldensFailClearly() throws {
        let goldens = Self.recordedGoldens()
        let sunAt3x = "Assets.xcassets/Charms/sun.imageset/sun@3x.png"
        goldens.write(sunAt3x, "not a picture")
        goldens.write(Self.moonAt2x, PNGEncoder.encode(RGBAImage(width: 3, height: 2)))
        let results = Self.check(goldens, .missing)
        let failed = Self.failures(results)
        #expect(failed.map(\.path).sorted() == [Self.moonAt2x, sunAt3x])
        let sun = try #require(failed.first { $0.path == sunAt3x })
        #expect(sun.message.hasPrefix("\(sunAt3x): \(goldens.path)/\(sunAt3x): not a PNG file (bad signature)"))
        let moon = try #require(failed.first { $0.path == Self.moonAt2x })
        #expect(moon.message.hasPrefix("\(Self.moonAt2x): size changed from 3×2 to 240×220"))

        let reports = TestPaths.temporaryFolder("golden-report")
        let artifacts = try GoldenReport(failuresFolder: reports.path + "/f", pagePath: reports.path + "/r.html").write(results)
        #expect(artifacts[Self.moonAt2x]?.expected != nil && artifacts[Self.moonAt2x]?.diff == nil)

        #expect(Self.failures(Self.check(goldens, .failed)).allSatisfy { $0.recording == .written })
        #expect(Self.failures(Self.check(goldens, .never)).isEmpty)
    }

    @Test func textDifferencesShowTheFirstDifferingLines() throws {
        let goldens = Self.recordedGoldens()
        let original = String(decoding: goldens.read(Self.moonContents)!, as: UTF8.self)
        goldens.write(Self.moonContents, original.replacingOccurrences(of: "\"scale\" : \"2x\"", with: "\"scale\" : \"4x\""))
        let failed = Self.failures(Self.check(goldens, .missing))
        try #require(failed.count == 1)
        let message = failed[0].message
        #expect(message.hasPrefix(Self.moonContents + ": text differs from the golden"))
        #expect(message.contains("\n-      \"scale\" : \"4x\"\n+      \"scale\" : \"2x\""), "\(message)")
    }

    @Test func budgetAllowsThatManyDifferingPixels() throws {
        let goldens = Self.recordedGoldens()
        try Self.editPixel(goldens, Self.moonAt2x, x: 1, y: 1, to: RGBA(255, 255, 255, 255))
        var lenient = GoldenTolerances.standard
        lenient.rules.append(
            .init(kind: "charms", prefix: "Assets.xcassets/Charms/moon.imageset/", tolerance: .perceptual(budget: 1, renderer: "test", reason: "test")))
        let results = Self.check(goldens, .never, tolerances: lenient)
        #expect(Self.failures(results).isEmpty)
        let moon = try #require(results.first { $0.path == Self.moonAt2x })
        guard case .matches(let difference?) = moon.outcome else {
            Issue.record("expected a tolerated difference")
            return
        }
        #expect(difference.differingPixels == 1)
        try Self.editPixel(goldens, Self.moonAt2x, x: 2, y: 1, to: RGBA(255, 255, 255, 255))
        #expect(Self.failures(Self.check(goldens, .never, tolerances: lenient)).map(\.path) == [Self.moonAt2x])
    }

    @Test func anotherPlatformKeepsItsOwnGoldensForRenderedOutputsOnly() throws {
        var rendered = GoldenTolerances.standard
        rendered.rules.append(.init(kind: "charms", prefix: "Assets.xcassets/Charms/moon.imageset/", tolerance: .perceptual(renderer: "test", reason: "test")))
        let goldens = Self.recordedGoldens()
        // No macOS golden: the reference golden is read, and it matches.
        #expect(Self.failures(Self.check(goldens, .failed, platform: .macOS, tolerances: rendered)).isEmpty)
        #expect(!goldens.exists("macOS"))

        // It differs on "macOS": recording writes the macOS golden, not the shared one.
        let shared = goldens.read(Self.moonAt2x)
        try Self.editPixel(goldens, Self.moonAt2x, x: 7, y: 7, to: RGBA(255, 0, 0, 255))
        let edited = goldens.read(Self.moonAt2x)
        let recorded = Self.failures(Self.check(goldens, .failed, platform: .macOS, tolerances: rendered))
        #expect(recorded.map(\.golden) == [goldens.path + "/macOS/" + Self.moonAt2x])
        #expect(goldens.read(Self.moonAt2x) == edited && goldens.read("macOS/" + Self.moonAt2x) == shared)
        #expect(Self.failures(Self.check(goldens, .never, platform: .macOS, tolerances: rendered)).isEmpty)
        // Linux still reads the shared golden and ignores the macOS one.
        #expect(Self.failures(Self.check(goldens, .never, platform: .linux, tolerances: rendered)).map(\.path) == [Self.moonAt2x])

        // A platform golden of an exact (not rendered) output is stale everywhere,
        // text included.
        goldens.write("macOS/" + Self.moonContents, goldens.read(Self.moonContents)!)
        let stale = Self.failures(Self.check(goldens, .never, platform: .linux, tolerances: rendered))
        #expect(stale.contains { $0.golden == goldens.path + "/macOS/" + Self.moonContents && $0.path == Self.moonContents })
    }

    @Test(arguments: [(nil, RecordPolicy.missing), ("", .missing), ("missing", .missing), ("failed", .failed), ("all", .all), ("never", .never)])
    func recordPolicyFromTheEnvironment(value: String?, policy: RecordPolicy) throws {
        #expect(try RecordPolicy.parse(value) == policy)
    }

    @Test func unknownRecordPolicyIsOneClearLine() {
        #expect(throws: RecordPolicyError(value: "yes")) { try RecordPolicy.parse("yes") }
        #expect(RecordPolicyError(value: "yes").description == "BIJOUX_RECORD=yes: expected one of missing, failed, all, never")
    }
}

@Suite("Golden tolerances, text diff, base64")
struct GoldenSupportTests {
    @Test func everyRuleHasAReasonAndRenderedMeansPerceptual() {
        let table = GoldenTolerances.standard
        for rule in table.rules + [
            .init(kind: "images", prefix: "(fallback)", tolerance: table.fallback), .init(kind: "text", prefix: "(text)", tolerance: GoldenTolerances.text),
        ] {
            #expect(rule.tolerance.reason.count > 40, "\(rule.prefix)")
            if case .perceptual = rule.tolerance.comparison {
                #expect(rule.tolerance.renderer != nil, "\(rule.prefix)")
            } else {
                #expect(rule.tolerance.renderer == nil && rule.tolerance.budget == 0, "\(rule.prefix)")
            }
        }
    }

    @Test func longestPrefixWins() {
        let table = GoldenTolerances.standard
        #expect(table.tolerance(for: "Assets.xcassets/Charms/cat.imageset/cat@2x.png").comparison == .exact)
        #expect(table.tolerance(for: "Assets.xcassets/Icons/give.imageset/give@3x.png").comparison == .perceptual(threshold: 0.1))
        #expect(table.tolerance(for: "Assets.xcassets/AppIcon.appiconset/icon-dark.png").renderer == "cairo")
        #expect(table.tolerance(for: "Somewhere/new.png") == table.fallback)
        #expect(table.tolerance(for: "Assets.xcassets/Icons/give.imageset/Contents.json") == GoldenTolerances.text)
        var more = table
        more.rules.append(
            .init(kind: "icons", prefix: "Assets.xcassets/Icons/wear.imageset/", tolerance: .perceptual(budget: 3, renderer: "librsvg", reason: "test")))
        #expect(more.tolerance(for: "Assets.xcassets/Icons/wear.imageset/wear.png").budget == 3)
        #expect(more.tolerance(for: "Assets.xcassets/Icons/give.imageset/give.png").budget == 0)
    }

    @Test func textDiffShowsOneHunkWithContext() {
        let expected = "a\nb\nc\nd\ne\nf\n", actual = "a\nb\nc\nD\ne\nf\n"
        #expect(TextDiff.firstHunk(expected: expected, actual: actual) == "@@ line 4 @@\n b\n c\n-d\n+D\n e\n f")
        #expect(TextDiff.firstHunk(expected: expected, actual: expected) == "")
        #expect(TextDiff.firstHunk(expected: "x\n", actual: "x") == "@@ line 1 @@\n-x\n+x\\ (no newline at end of file)")
        let long = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let hunk = TextDiff.firstHunk(expected: "", actual: long)
        #expect(hunk.hasPrefix("@@ line 1 @@\n+line 1\n") && hunk.hasSuffix("+line 8\n+… 12 more lines"))
    }

    @Test func artifactNamesKeepTheFolderAndDropTheExtension() {
        #expect(GoldenReport.stem("Assets.xcassets/Charms/cat.imageset/cat@2x.png") == "Assets.xcassets/Charms/cat.imageset/cat@2x")
        #expect(GoldenReport.fileExtension("Generated/CharmTable.swift") == ".swift")
        #expect(GoldenReport.stem("Generated/README") == "Generated/README")
    }
}
