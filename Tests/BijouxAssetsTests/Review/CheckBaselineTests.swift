import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// The baseline `check` reads is named explicitly, or by a `--against` that cannot mean
/// two things.
@Suite("check: the baseline it reads", .tags(.slow), .notInFastRun)
struct CheckBaselineTests {
    /// A baseline folder is named by `--against-dir`; `--against` takes one only when it
    /// cannot be a revision, and a name that is both, or a link to a folder, is one error
    /// that names both forms, with nothing built or compared.
    @Test func againstDirNamesAFolderAndAnAmbiguousAgainstIsOneError() throws {
        let folder = TestPaths.temporaryFolder("baseline-ambiguous")
        CheckReviewTests.makeArt(folder)
        try CheckReviewTests.git(folder, ["init", "-q"])
        try CheckReviewTests.git(folder, ["add", "art"])
        try CheckReviewTests.git(folder, ["commit", "-q", "-m", "base"])
        try CheckReviewTests.git(folder, ["branch", "earlier"])
        #expect(try OutputTreeTests.build(folder, out: "earlier").status == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "earlier")
        let commit = try #require(RevisionBaseline.commit("earlier", artFolder: folder.path + "/art"))

        var result = try CheckReviewTests.check(folder, ["--against", "earlier"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "error: --against earlier: is both a folder and a git revision; give --against-dir earlier for the folder, "
                + "or --against \(commit) for the revision\n")
        #expect(result.stdout.isEmpty)
        result = try CheckReviewTests.check(folder, ["--against", "linked"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "error: --against linked: is a symbolic link to a folder; give --against-dir linked for that folder, "
                + "or --against with a git revision\n")
        result = try CheckReviewTests.check(folder, ["--against-dir", "nowhere"])
        #expect(result.status == 2 && result.stderr == "error: --against-dir nowhere: not a folder\n", "\(result.stderr)")

        for (given, name) in [(["--against-dir", "earlier"], "earlier/"), (["--against", commit], commit), (["--against-dir", "linked"], "linked/")] {
            result = try CheckReviewTests.check(folder, given)
            #expect(result.status == 0, "\(given): \(result.stderr)")
            #expect(result.stdout == "\(name) is what a build writes now\n", "\(given)")
        }
        #expect(!folder.exists("out"))
    }
}
