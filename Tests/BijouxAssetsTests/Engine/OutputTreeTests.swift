import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The commit, as a person or CI sees it: through the command line, killed at every
/// step, failing in the middle, run twice at once.
@Suite("Atomic output commit and the build lock", .tags(.slow), .notInFastRun)
struct OutputTreeTests {
    /// One charm and its table: few files, so every step can be tried.
    static func writeArt(_ folder: TemporaryFolder, revision: Int) {
        folder.write(
            "art/charms.json",
            """
            {"charms": [{"id": "sun", "displayName": "Sun", "note": "you light me up", "swayDuration": \(revision == 1 ? "3.0" : "3.5")}]}
            """)
        let color: (Double, Double, Double) = revision == 1 ? (250, 200, 60) : (90, 160, 250)
        folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 120, height: 110, center: (60, 55), radius: 40, softness: 5, color: color), as: .rgb))
    }

    /// The complete build of each revision, made in folders of their own.
    static func completeBuilds() throws -> (old: [String: [UInt8]], new: [String: [UInt8]]) {
        let reference = TestPaths.temporaryFolder("commit-reference")
        writeArt(reference, revision: 1)
        #expect(try EngineFixtures.build(reference, out: "old").status == 0)
        writeArt(reference, revision: 2)
        #expect(try EngineFixtures.build(reference, out: "new").status == 0)
        return (OutputFolder.snapshot(reference.path + "/old"), OutputFolder.snapshot(reference.path + "/new"))
    }

    @Test func killedAfterAnyStepTheFolderIsTheOldOrTheNewBuildAndTheNextBuildFinishes() throws {
        let (old, new) = try Self.completeBuilds()
        #expect(old != new)
        let pristine = TestPaths.temporaryFolder("commit-pristine")
        Self.writeArt(pristine, revision: 1)
        #expect(try EngineFixtures.build(pristine).status == 0)
        // An unowned file of the person's (build/README.md in this repository) survives.
        pristine.write("out/README.md", "mine")
        let folder = TestPaths.temporaryFolder("commit-kill")
        var step = 1, sawOld = false, sawNew = false
        while step < 500 {
            try? FileManager.default.removeItem(atPath: folder.path + "/out")
            try FileManager.default.copyItem(atPath: pristine.path + "/out", toPath: folder.path + "/out")
            Self.writeArt(folder, revision: 2)
            let killed = try EngineFixtures.build(folder, environment: ["BIJOUX_TEST_KILL_AT_STEP": "\(step)"])
            let after = OutputFolder.snapshot(folder.path + "/out")
            #expect(after["README.md"] == Array("mine".utf8), "step \(step)")
            var seen = after
            seen["README.md"] = nil
            #expect(seen == old || seen == new, "after step \(step) the output folder is neither the old nor the new build")
            sawOld = sawOld || seen == old
            sawNew = sawNew || seen == new
            let finished = try EngineFixtures.build(folder)
            #expect(finished.status == 0, "after a kill at step \(step): \(finished.stderr)")
            seen = OutputFolder.snapshot(folder.path + "/out")
            seen["README.md"] = nil
            #expect(seen == new, "the build after a kill at step \(step) is not the new build")
            #expect(OutputFolder.leftovers(folder.path + "/out").isEmpty, "step \(step)")
            if killed.status == 0 { break }
            #expect(killed.status == 128 + 9, "step \(step): \(killed.stderr)")
            step += 1
        }
        #expect(step > 20, "the commit has more steps than that")
        #expect(sawOld && sawNew)
    }

    @Test func aFolderWhereAFileMustGoFailsTheBuildAndLeavesTheOldOne() throws {
        let folder = TestPaths.temporaryFolder("commit-blocked")
        Self.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        // The next `charm sun` (which keeps every other file) must write where a folder now is.
        let blocked = CharmsStage.islandPath("sun", scale: 3)
        FileIO.removeTree(folder.path + "/out/" + blocked)
        folder.write("out/\(blocked)/keep.txt", "a folder in the way")
        let before = OutputFolder.snapshot(folder.path + "/out")
        Self.writeArt(folder, revision: 2)
        let result = try CLI.run(["charm", "sun", "--art", "art", "--out", "out"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr == "out/\(blocked): error: cannot write: Is a directory\n")
        #expect(OutputFolder.snapshot(folder.path + "/out") == before)
        #expect(OutputFolder.leftovers(folder.path + "/out").isEmpty)
    }

    @Test func twoBuildsStartedTogetherBothSucceedAndEqualOneBuild() throws {
        let (_, new) = try Self.completeBuilds()
        let folder = TestPaths.temporaryFolder("commit-twice")
        Self.writeArt(folder, revision: 2)
        let runs = try (0..<2).map { _ in try CLI.start(["build", "--art", "art", "--out", "out"], in: folder.path) }
        let results = runs.map { $0.finish() }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        #expect(OutputFolder.snapshot(folder.path + "/out") == new)
        #expect(OutputFolder.leftovers(folder.path + "/out").isEmpty)
        // When one waited, it said so once, on its own line.
        for result in results where result.stderr.contains("waiting") {
            #expect(result.stderr == "waiting for another build of out/\n")
        }
    }

    @Test func aSecondBuildWaitsForTheLockAndSaysSoOnce() throws {
        let folder = TestPaths.temporaryFolder("commit-lock")
        Self.writeArt(folder, revision: 1)
        var lock: FileLock? = try FileLock(folder.path + "/.out.bijoux-lock") {}
        let waiting = try CLI.start(["build", "--art", "art", "--out", "out"], in: folder.path, streamingStderr: true)
        // It says it waits (however slow the machine is to get there), and until the
        // lock is released, no output appears.
        let said = waiting.stderrSoFar!.wait(60) { $0.contains("waiting for another build of out/\n") }
        #expect(said, "no waiting line within a minute: \(waiting.stderrSoFar!.value)")
        #expect(lock != nil && !FileManager.default.fileExists(atPath: folder.path + "/out"))
        lock = nil
        let result = waiting.finish()
        #expect(result.status == 0)
        #expect(result.stderr == "waiting for another build of out/\n")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/Generated/CharmTable.swift"))
    }

    /// A build that changes nothing makes no tree and swaps nothing: the folder is the
    /// same folder (its inode), with the same cache; a change then swaps a new one in.
    @Test func aNoOpBuildLeavesTheFolderAsItIs() throws {
        let folder = TestPaths.temporaryFolder("commit-no-op")
        Self.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        func inode() throws -> UInt64 {
            try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/out")[.systemFileNumber] as? UInt64)
        }
        let before = try inode(), cache = folder.read("out/" + BuildCache.file)
        #expect(try EngineFixtures.build(folder).status == 0)
        #expect(try inode() == before && folder.read("out/" + BuildCache.file) == cache)
        #expect(try FileIO.list(folder.path).allSatisfy { !$0.contains("bijoux-tree") })
        Self.writeArt(folder, revision: 2)
        #expect(try EngineFixtures.build(folder).status == 0)
        #expect(try inode() != before)
    }

    @Test func leftoversOfInterruptedRunsAreSwept() throws {
        let folder = TestPaths.temporaryFolder("commit-sweep")
        Self.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        folder.write(".out.bijoux-tree-abc123/Generated/CharmTable.swift", "half a build")
        folder.write("out/Preview/\(FileIO.temporaryPrefix)index.html.x1y2z3", "half a file")
        folder.write("out/Assets.xcassets/Charms/\(FileIO.temporaryPrefix)Contents.json.a", "half a file")
        #expect(!OutputFolder.leftovers(folder.path + "/out").isEmpty)
        #expect(try EngineFixtures.build(folder).status == 0)
        #expect(OutputFolder.leftovers(folder.path + "/out").isEmpty)
    }

    /// Without a terminal (CI): one line per stage when it ends, with its count, its
    /// cache hits and its time; --verbose adds a line per job; --quiet prints nothing.
    @Test func progressIsOneLinePerStageAndNothingWhenQuiet() throws {
        let folder = TestPaths.temporaryFolder("commit-progress")
        Self.writeArt(folder, revision: 1)
        let first = try CLI.run(["build", "--art", "art", "--out", "out"], in: folder.path)
        #expect(first.status == 0)
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("charms ") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("charms 2/2 in ") && $0.hasSuffix(" s") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("table 1/1 in ") })
        let again = try CLI.run(["build", "--art", "art", "--out", "out", "--verbose"], in: folder.path)
        #expect(again.stdout.contains("\ncharms 2/2 (2 cached) in "), "\(again.stdout)")
        #expect(again.stdout.contains("  charms sun: cached\n"))
        #expect(again.stdout.contains("\n  contact sheet page: cached\ncontact sheet 1/1 (1 cached) in "))
        Self.writeArt(folder, revision: 2)
        let changed = try CLI.run(["build", "--art", "art", "--out", "out", "--verbose"], in: folder.path)
        #expect(changed.stdout.contains("\ncharms 2/2 (1 cached) in "), "\(changed.stdout)")
        #expect(changed.stdout.range(of: #"  charms sun: [0-9]+\.[0-9]{2} s\n"#, options: .regularExpression) != nil)
        let quiet = try CLI.run(["build", "--art", "art", "--out", "out", "--quiet"], in: folder.path)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }
}
