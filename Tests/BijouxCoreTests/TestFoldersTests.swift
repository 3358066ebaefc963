import Foundation
import Testing

@testable import BijouxTestKit

/// The tests' own folders go, whatever happened in them (issue 21: a build killed in a
/// test left its folder behind).
@Suite("Test folders")
struct TestFoldersTests {
    @Test func aReadOnlyFolderInsideGoesWithItsTestFolder() throws {
        var path = ""
        do {
            let folder = TestPaths.temporaryFolder("read-only")
            path = folder.path
            folder.write("out/Generated/CharmTable.swift", "// made")
            #expect(chmod(path + "/out/Generated", 0o555) == 0)
            #expect(chmod(path + "/out", 0o555) == 0)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The folder of a test process that was killed (no exit handler ran) is removed by
    /// the next test process; that of a running one is left alone; links are not followed.
    @Test func foldersOfEndedTestProcessesAreRemoved() throws {
        let temporary = TestPaths.temporaryFolder("sweep")
        let target = TestPaths.temporaryFolder("outside")
        target.write("keep.txt", "outside")
        #expect(chmod(target.path, 0o755) == 0)
        // A process that has ended: its pid names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = temporary.path + "/" + TestFolders.prefix + String(ended.processIdentifier)
        let alive = temporary.path + "/" + TestFolders.prefix + String(getppid())
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(atPath: folder + "/build/Generated", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: target.path)
        }
        #expect(chmod(dead + "/build", 0o555) == 0)
        TestFolders.removeFoldersOfEndedProcesses(in: temporary.path)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive + "/build/Generated"))
        #expect(target.read("keep.txt") == Array("outside".utf8))
        var info = stat()
        #expect(stat(target.path, &info) == 0 && info.st_mode & 0o777 == 0o755)
    }
}
