import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// `check --against REV` builds the revision's art in a temporary folder of its own: what
/// that build writes names the art as a build of the work tree does, and the folder goes
/// when the check ends, when it is interrupted, and, when it was killed, at the next check.
@Suite("check: the revision's temporary folder", .tags(.slow), .notInFastRun)
struct CheckWorkspaceTests {
    /// The three charms and a stray file among the icons, which every build warns of on
    /// the contact sheet, naming the file; committed, in a repository whose root is the
    /// test's folder or the art folder itself.
    static func committedArt(_ folder: TemporaryFolder, artIsTheRepository: Bool = false) throws {
        EngineFixtures.makeArt(folder)
        folder.write("art/icons/notes.txt", "not an icon\n")
        let repository = artIsTheRepository ? folder.path + "/art" : folder.path
        for arguments in [["init", "-q"], ["add", artIsTheRepository ? "." : "art"], ["commit", "-q", "-m", "base"]] {
            let result = try CLI.runTool(
                "/usr/bin/env",
                ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "-C", repository] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
    }

    @Test(arguments: [false, true])
    func unchangedArtWithAWarningThatNamesAFileIsWhatTheRevisionBuilds(artIsTheRepository: Bool) throws {
        let folder = TestPaths.temporaryFolder("workspace-same")
        try Self.committedArt(folder, artIsTheRepository: artIsTheRepository)
        let result = try CheckReviewTests.check(folder, ["--against", "HEAD"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "HEAD is what a build writes now\n", "the contact sheet names the stray file alike: \(result.stdout)")
        #expect(try FileIO.list(folder.path + "/tmp") == [".keep"])
    }

    /// The check, started against HEAD with the test's temporary folder; its workspace
    /// once `entry` is in it (`.lock`: made; `tree`: the art is out, the build under way).
    static func startedCheck(_ folder: TemporaryFolder, until entry: String) throws -> (CLI.Running, String) {
        folder.write("tmp/.keep", "")
        let running = try CLI.start(
            ["check", "--art", "art", "--out", "out", "--against", "HEAD"], in: folder.path, environment: ["TMPDIR": folder.path + "/tmp"])
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, running.process.isRunning {
            let names = (try? FileIO.list(folder.path + "/tmp")) ?? []
            if let name = names.first(where: { $0.hasPrefix(CheckWorkspace.prefix) }), folder.exists("tmp/\(name)/\(entry)") {
                return (running, folder.path + "/tmp/" + name)
            }
            usleep(2000)
        }
        Issue.record("no workspace with \(entry) appeared while the check ran")
        throw CancellationError()
    }

    @Test(arguments: [(SIGTERM, "tree"), (SIGINT, ".lock")])
    func aSignalRemovesTheTemporaryFolder(_ number: Int32, _ stage: String) throws {
        let folder = TestPaths.temporaryFolder("workspace-signal")
        try Self.committedArt(folder)
        let (running, _) = try Self.startedCheck(folder, until: stage)
        kill(running.process.processIdentifier, number)
        let result = running.finish()
        #expect(result.status == 128 + number, "ended by the signal: \(result.status) \(result.stderr)")
        #expect(try FileIO.list(folder.path + "/tmp") == [".keep"])
    }

    /// A check killed outright leaves its folder; the next check removes it, and only
    /// folders of that name whose process is gone and whose lock nobody holds: not a
    /// running check's (this process's ID), not one locked from elsewhere (another
    /// container's), not one of another name.
    @Test func aKilledChecksFolderIsRemovedByTheNextCheckAndNoOtherIs() throws {
        let folder = TestPaths.temporaryFolder("workspace-killed")
        try Self.committedArt(folder)
        let (running, left) = try Self.startedCheck(folder, until: "tree")
        kill(running.process.processIdentifier, SIGKILL)
        #expect(running.finish().status == 128 + SIGKILL)
        #expect(FileIO.isDirectory(left), "SIGKILL leaves the folder")

        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let keep = [
            "\(CheckWorkspace.prefix)\(getpid())-Abc123", "\(CheckWorkspace.prefix)\(ended.processIdentifier)-Locked", "\(CheckWorkspace.prefix)x-Abc123",
            "\(CheckWorkspace.prefix)\(ended.processIdentifier)-toolong7",
        ]
        for name in keep { folder.write("tmp/\(name)/\(CheckWorkspace.lockName)", "") }
        let held = open(folder.path + "/tmp/\(keep[1])/\(CheckWorkspace.lockName)", O_RDWR)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)

        let result = try CheckReviewTests.check(folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!FileIO.isDirectory(left), "the killed check's folder is gone")
        #expect(try FileIO.list(folder.path + "/tmp") == ([".keep"] + keep).sorted())
    }
}
