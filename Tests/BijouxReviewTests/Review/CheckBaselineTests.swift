import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The baseline `check` reads is untrusted: a committed `build/`, a downloaded artifact.
/// It is read without following a link anywhere in it, named explicitly or by a
/// `--against` that cannot mean two things, and compared in memory bounded by the images,
/// not by the size of a text file someone put there.
@Suite("check: the baseline it reads", .tags(.slow), .notInFastRun)
struct CheckBaselineTests {
    /// The secrets the links lead to: no byte of them may reach any report.
    static let secrets = ["root:x:0:0:secret-passwd-line", "extraheader = AUTHORIZATION: basic c2VjcmV0LXRva2Vu"]

    /// Three charms and two data files (`passwd`, `config`), built into `out`; then the
    /// data sets replaced by links, one to a folder holding a `passwd` (as /etc does),
    /// one to a repository's `.git` whose `config` holds a token (as actions/checkout
    /// writes it), and a FIFO among the data sets.
    static func linkedBaseline(_ folder: TemporaryFolder) throws {
        EngineFixtures.makeArt(folder)
        folder.write("art/data/passwd", "harmless\n")
        folder.write("art/data/config", "x\n")
        #expect(try EngineFixtures.build(folder).status == 0)
        folder.write("etc/passwd", secrets[0] + "\n")
        folder.write("repo/.git/config", "[http]\n\t" + secrets[1] + "\n")
        let data = folder.path + "/out/Assets.xcassets/Data"
        for (name, target) in [("passwd", folder.path + "/etc"), ("config", "../../../repo/.git")] {
            FileIO.removeTree("\(data)/\(name).dataset")
            try FileManager.default.createSymbolicLink(atPath: "\(data)/\(name).dataset", withDestinationPath: target)
        }
        #expect(mkfifo(data + "/pipe", 0o644) == 0)
    }

    @Test(arguments: [false, true])
    func aLinkInTheBaselineIsNamedAndNothingBehindItIsRead(report: Bool) throws {
        let folder = TestPaths.temporaryFolder("baseline-links")
        try Self.linkedBaseline(folder)
        let reports = report ? ["--report", "review", "--junit", "check.xml", "--summary", "summary.md"] : []
        for baseline in [[], ["--against-dir", "out"]] {
            let result = try CheckReviewTests.check(folder, baseline + reports)
            #expect(result.status == 1, "\(result.stderr)")
            let data = "Assets.xcassets/Data/"
            #expect(result.stdout.contains("removed: \(data)passwd.dataset: a symbolic link, not opened\n"), "\(result.stdout)")
            #expect(result.stdout.contains("removed: \(data)config.dataset: a symbolic link, not opened\n"))
            #expect(result.stdout.contains("removed: \(data)pipe: a FIFO (named pipe), not opened\n"))
            let behind = "the baseline has a symbolic link at \(data)passwd.dataset, where this file's folder goes, not opened"
            #expect(result.stdout.contains("changed: \(data)passwd.dataset/passwd: \(behind)\n"))
            var shown = [result.stdout, result.stderr]
            for file in report ? ["review/index.html", "check.xml", "summary.md"] : [] {
                shown.append(String(decoding: try #require(folder.read(file)), as: UTF8.self))
            }
            for text in shown {
                for secret in Self.secrets + ["secret-passwd", "c2VjcmV0"] { #expect(!text.contains(secret), "\(secret) reached a report") }
            }
        }
    }

    /// A baseline folder is named by `--against-dir`; `--against` takes one only when it
    /// cannot be a revision, and a name that is both, or a link to a folder, is one error
    /// that names both forms, with nothing built or compared.
    @Test func againstDirNamesAFolderAndAnAmbiguousAgainstIsOneError() throws {
        let folder = TestPaths.temporaryFolder("baseline-ambiguous")
        try CheckReviewTests.makeCommittedArt(folder)
        try CheckReviewTests.git(folder, ["branch", "earlier"])
        #expect(try EngineFixtures.build(folder, out: "earlier").status == 0)
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

    /// A 16 MiB baseline text is compared by its hash and its size, never split into
    /// lines: `check` names it, says how large it is and what the diff limit is, and stays
    /// within a coarse memory guard (it took 0.9 GB). An equal text past the limit is
    /// equal by its hash.
    @Test(.enabled(if: CLI.canMeasure, "no /usr/bin/time to measure the tool's peak memory with (install Debian's time package)"))
    func aHugeBaselineTextCostsNoMemoryAndIsNotDiffed() throws {
        let folder = TestPaths.temporaryFolder("baseline-huge-text")
        EngineFixtures.makeArt(folder)
        folder.write("art/data/big.txt", String(repeating: "b\n", count: 1 << 20))
        #expect(try EngineFixtures.build(folder).status == 0)
        folder.write("out/" + TableStage.swiftPath, String(repeating: "a\n", count: 8 << 20))
        let arguments = ["check", "--art", folder.path + "/art", "--out", folder.path + "/out"]
        let result = try CLI.runMeasured(arguments, environment: ["TMPDIR": folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains(TableStage.swiftPath) })
        #expect(line.contains(": \(TableStage.swiftPath): text differs (16.8 MB before, "), "\(line)")
        #expect(line.contains(" after), past the diff limit of 1 MiB"), "\(line)")
        #expect(!result.stderr.contains("big.txt"), "an equal text past the limit is equal by its hash")
        #expect(result.peakBytes < 200 << 20, "peak memory \(result.peakBytes >> 20) MiB")
    }

    /// The contact sheet's page is shown but never fails `check`: no `error:` line, no
    /// JUnit failure, no ❌ row; the summary says where the review page is.
    @Test func theContactSheetPageIsShownButNotCounted() throws {
        let folder = TestPaths.temporaryFolder("baseline-page")
        EngineFixtures.makeArt(folder)
        #expect(try EngineFixtures.build(folder).status == 0)
        folder.write("out/" + ContactSheetPage.path, String(decoding: folder.read("out/" + ContactSheetPage.path)!, as: UTF8.self) + "<!-- -->\n")
        let github = ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "bijoux/app", "GITHUB_RUN_ID": "42"]
        folder.write("tmp/.keep", "")
        let result = try CLI.run(
            ["check", "--art", "art", "--out", "out", "--report", "review", "--junit", "check.xml", "--summary", "summary.md"], in: folder.path,
            environment: github.merging(["TMPDIR": folder.path + "/tmp"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("not counted: \(ContactSheetPage.path): text differs from line "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 art file: 1 output not counted: nothing that counts changed\n"), "\(result.stdout)")
        let junit = String(decoding: try #require(folder.read("check.xml")), as: UTF8.self)
        #expect(junit.contains("failures=\"0\"") && !junit.contains("<failure"))
        let summary = String(decoding: try #require(folder.read("summary.md")), as: UTF8.self)
        #expect(summary.hasPrefix("### bijoux-assets check: passes\n") && summary.contains("| ➖ <code>art</code> |") && !summary.contains("❌"), "\(summary)")
        #expect(summary.contains("the review page <code>review/index.html</code>"), "\(summary)")
        #expect(summary.contains("<a href=\"https://github.com/bijoux/app/actions/runs/42#artifacts\">artifacts</a>"), "\(summary)")
        let page = String(decoding: try #require(folder.read("review/index.html")), as: UTF8.self)
        #expect(page.contains("data-not-counted=\"1\" data-passes=\"true\"") && page.contains("<span class=\"badge not-counted\">not counted</span>"))
    }
}
