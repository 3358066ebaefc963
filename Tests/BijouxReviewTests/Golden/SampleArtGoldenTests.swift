import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Every output of the committed sample art against its golden in Tests/Goldens/,
/// under the tolerances of `GoldenTolerances.standard`. Generic over whatever the
/// build produces: a new stage's outputs simply have no golden yet, so they are
/// recorded and fail (under the default `BIJOUX_RECORD=missing`) until someone looks
/// and commits them. `make goldens` re-records everything.
@Suite("Golden images of the sample art", .tags(.slow), .notInFastRun)
struct SampleArtGoldenTests {
    static let goldenFolder = TestPaths.packageRoot + "/Tests/Goldens"
    static let failuresFolder = TestPaths.packageRoot + "/build/golden-failures"
    static let reportPage = TestPaths.packageRoot + "/build/golden-report.html"

    /// Nothing to check before the sample art and its goldens exist; once either
    /// does, the check runs (art without goldens records them; goldens without art
    /// are stale).
    static let hasSampleArt = FileIO.isDirectory(TestPaths.art) || FileIO.isDirectory(goldenFolder)

    struct Run: Sendable {
        var results: [GoldenResult] = []
        var artifacts: [String: GoldenReport.Artifacts] = [:]
        var problem: String?
        /// The PNG outputs compared byte for byte with their goldens (after any recording),
        /// and those that differ.
        var bytesCompared = 0
        var differentBytes: [GoldenResult] = []
    }

    /// One build and one check, shared by the tests below.
    static let run: Run = {
        var run = Run()
        do {
            let policy = try RecordPolicy.fromEnvironment()
            let output = TestPaths.temporaryFolder("sample-art")
            // A folder inside the temporary one: the build's lock file sits beside it.
            try BuildEngine.build(BuildEngine.Options(artFolder: TestPaths.art, outputFolder: output.path + "/out"))
            let store = GoldenStore(root: goldenFolder)
            run.results = GoldenCheck(outputFolder: output.path + "/out", store: store, policy: policy).run()
            (run.bytesCompared, run.differentBytes) = comparedBytes(run.results)
            run.artifacts = try GoldenReport(failuresFolder: failuresFolder, pagePath: reportPage).write(run.results)
        } catch {
            run.problem = "the golden check could not run: \(error)"
        }
        return run
    }()

    /// The PNG results whose output (while the build's folder is there) and golden differ in
    /// bytes, and how many were compared: on the platform the goldens are recorded on, and a
    /// platform's own goldens elsewhere.
    static func comparedBytes(_ results: [GoldenResult]) -> (Int, [GoldenResult]) {
        let own = GoldenPlatform.current.overrideFolder.map { goldenFolder + "/" + $0 + "/" }
        let pngs = results.filter { result in
            result.path.hasSuffix(".png") && result.outputFile != nil && (own.map { result.golden.hasPrefix($0) } ?? true)
        }
        let different = pngs.filter { result in
            guard let output = result.outputFile, let bytes = try? FileIO.read(output) else { return true }
            return (try? FileIO.read(result.golden)) != bytes
        }
        return (pngs.count, different)
    }

    static func shown(_ text: String) -> String {
        text.replacingOccurrences(of: TestPaths.packageRoot + "/", with: "")
    }

    static func report(_ results: [GoldenResult]) {
        if let problem = run.problem { Issue.record(Comment(rawValue: problem)) }
        for result in results where !result.passed {
            var text = result.message
            if let files = run.artifacts[result.path] {
                text += "\n  \(files)\n  review page: \(reportPage)"
            }
            Issue.record(Comment(rawValue: shown(text)))
        }
    }

    @Test(.enabled(if: hasSampleArt, "no sample art in art/ and no goldens yet"))
    func everyOutputMatchesItsGolden() {
        Self.report(Self.run.results.filter { $0.outputFile != nil })
        #expect(Self.run.results.contains { $0.outputFile != nil } || Self.run.problem != nil, "the sample art built no output")
    }

    @Test(.enabled(if: hasSampleArt, "no sample art in art/ and no goldens yet"))
    func everyGoldenHasAnOutput() {
        Self.report(Self.run.results.filter { $0.outputFile == nil })
    }

    /// Every golden PNG is the tool's output byte for byte: the comparison above decodes pixels,
    /// so it passes a golden whose chunks went stale (one without the `sRGB` chunk the encoder
    /// writes). Checked on the platform the goldens are recorded on, and for a platform's own
    /// goldens; text outputs are compared exactly above, the rest (SVG, audio) only there.
    @Test(.enabled(if: hasSampleArt, "no sample art in art/ and no goldens yet"))
    func everyGoldenPNGIsTheOutputByteForByte() {
        #expect(Self.run.bytesCompared > 0 || Self.run.problem != nil || GoldenPlatform.current != .reference, "no PNG was compared")
        for result in Self.run.differentBytes {
            Issue.record("\(Self.shown(result.golden)) is not \(result.path) byte for byte as the tool writes it now; re-record with `make goldens`")
        }
    }
}
