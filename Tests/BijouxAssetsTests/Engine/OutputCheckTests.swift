import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("check: is the output folder what a build would write?")
struct OutputCheckTests {
    static func check(_ folder: TemporaryFolder) throws -> CLI.Result {
        try CLI.run(["check", "--art", "art", "--out", "out"], in: folder.path)
    }

    /// Every file under the folder, dot-entries included, with its bytes and time.
    static func everything(_ folder: TemporaryFolder) throws -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
    }

    @Test func upToDateStaleMissingAndExtraWithoutWritingAnything() throws {
        let folder = TestPaths.temporaryFolder("check")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        var result = try Self.check(folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "out/ is what a build writes now\n")

        // Hidden files and files outside the stages' folders are not the build's.
        folder.write("out/Assets.xcassets/Charms/.DS_Store", "Finder")
        folder.write("out/README.md", "mine")
        #expect(try Self.check(folder).status == 0)

        folder.write("out/Preview/Charms/sun-22pt@3x.png", "edited")
        FileIO.removeTree(folder.path + "/out/Generated/charms.json")
        folder.write("out/Assets.xcassets/Charms/comet.imageset/Contents.json", "{}")
        let before = try Self.everything(folder)
        result = try Self.check(folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                changed: Preview/Charms/sun-22pt@3x.png: out/Preview/Charms/sun-22pt@3x.png: not a PNG file (bad signature)
                added: Generated/charms.json: added
                removed: Assets.xcassets/Charms/comet.imageset/Contents.json: removed
                3 art files: 1 output changed, 1 added, 1 removed; to accept: bijoux-assets build --art art --out out

                """)
        // One line per art file, in the form compilers use, pointing at the art.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines[0].hasPrefix("art/charms/sun.png:1:1: error: 1 output changed against out/: Preview/Charms/sun-22pt@3x.png: "))
        #expect(lines[1] == "art/charms.json:1:1: error: 1 output added against out/: Generated/charms.json: added")
        #expect(lines[2] == "art:1:1: error: 1 output removed against out/: Assets.xcassets/Charms/comet.imageset/Contents.json: removed")
        #expect(try Self.everything(folder) == before)
    }

    /// Without a cache (deleted, or a fresh clone's committed outputs), check makes
    /// everything and compares it; a changed input is stale output.
    @Test func withoutACacheEverythingIsComparedAndAChangedInputIsStale() throws {
        let folder = TestPaths.temporaryFolder("check-nocache")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        FileIO.removeTree(folder.path + "/out/.bijoux")
        #expect(try Self.check(folder).status == 0)
        OutputTreeTests.writeArt(folder, revision: 2)
        let result = try Self.check(folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("changed: Generated/CharmTable.swift: text differs from line "))
        #expect(result.stdout.contains("changed: Assets.xcassets/Charms/sun.imageset/sun@3x.png: "))
        #expect(!folder.exists("out/.bijoux"))
    }

    /// No stage makes a symbolic link: one anywhere in the output folder (outside the
    /// stages' folders, dot-named) is extra to `check`, and the next build removes it,
    /// not what it points to.
    @Test func aSymbolicLinkInTheOutputFolderIsExtraAndABuildRemovesIt() throws {
        let folder = TestPaths.temporaryFolder("check-link")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        folder.write("elsewhere.txt", "not the tool's")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/out/Assets.xcassets/linked.txt", withDestinationPath: "../../elsewhere.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/out/.dangling", withDestinationPath: "/nowhere")
        let result = try Self.check(folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                removed: .dangling: a symbolic link, not opened
                removed: Assets.xcassets/linked.txt: a symbolic link, not opened
                1 art file: 2 outputs removed; to accept: bijoux-assets build --art art --out out

                """)
        let built = try EngineFixtures.build(folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.contains(" 2 removed in out/"), "\(built.stdout)")
        #expect(FileIO.entryKind(folder.path + "/out/Assets.xcassets/linked.txt") == nil)
        #expect(FileIO.entryKind(folder.path + "/out/.dangling") == nil)
        #expect(folder.read("elsewhere.txt") == Array("not the tool's".utf8))
        #expect(try Self.check(folder).status == 0)
    }

    /// A cache is no secret: its identity is in it, in plain text, and its checksum is
    /// unkeyed. A folder restored from elsewhere can hold an edited output and a cache
    /// rewritten to match it, written here with the cache's own encoder. `check` makes
    /// every output from the art and compares bytes, so it names the file; only
    /// `--trust-cache` (for local use) takes the cache's word, and so does `build`,
    /// which trusts the folder's cache as it trusts the folder.
    @Test func aForgedCacheFailsCheckAndOnlyTrustCacheTakesItsWord() throws {
        let folder = TestPaths.temporaryFolder("check-forged")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try EngineFixtures.build(folder).status == 0)
        let table = "out/" + TableStage.swiftPath
        let poisoned = try #require(folder.read(table)) + Array("let poisoned = true\n".utf8)
        folder.write(table, poisoned)
        let bytes = try #require(folder.read("out/" + BuildCache.file))
        var header = ByteReader(bytes: bytes, at: BuildCache.magic.count)
        let identity = header.string()
        let tool = try #require(identity)
        var cache = try #require(BuildCache.decode(bytes, tool: tool))
        for (id, var entry) in cache.entries {
            for output in entry.outputs.indices where entry.outputs[output].path == TableStage.swiftPath {
                entry.outputs[output].hash = ContentHash.of(poisoned)
            }
            cache[id] = entry
        }
        folder.write("out/" + BuildCache.file, cache.encoded(tool: tool))

        var result = try Self.check(folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("changed: \(TableStage.swiftPath): text differs from line "), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("art/charms.json:1:1: error: 1 output changed against out/"), "\(result.stderr)")
        result = try CLI.run(["check", "--art", "art", "--out", "out", "--trust-cache"], in: folder.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "out/ is what a build writes now\n")
        #expect(try EngineFixtures.build(folder).status == 0)
        #expect(folder.read(table) == poisoned)
        // Without the forged cache, a build remakes the file from the art.
        FileIO.removeTree(folder.path + "/out/.bijoux")
        #expect(try EngineFixtures.build(folder).status == 0)
        #expect(folder.read(table) != poisoned)
        #expect(try Self.check(folder).status == 0)
    }

    /// `check --help` says what `--trust-cache` trusts, and that CI should not use it.
    @Test func theHelpSaysWhatTrustCacheTrusts() throws {
        let result = try CLI.run(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--trust-cache"))
        #expect(result.stdout.contains("trusts nothing in the folder"))
        #expect(result.stdout.contains("CI should not"))
    }
}
