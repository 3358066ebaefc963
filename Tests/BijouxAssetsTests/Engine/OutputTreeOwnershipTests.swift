import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder is the tool's own: what a build refuses to write into (and leaves
/// as it was), the parents it makes, the mode it leaves, the syncs of its commit.
@Suite("The output folder is the tool's own", .tags(.slow), .notInFastRun)
struct OutputTreeOwnershipTests {
    static func build(_ folder: TemporaryFolder, in directory: String = "", art: String = "art", out: String = "out", environment: [String: String] = [:])
        throws -> CLI.Result
    {
        try CLI.run(["build", "--art", art, "--out", out, "--jobs", "2"], in: folder.path + directory, environment: environment)
    }

    /// Every file and link below the folder (dot-named ones too), with its bytes or
    /// the link's target, and every folder: what "untouched" compares.
    static func everything(_ folder: TemporaryFolder) -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let next = enumerator?.nextObject() as? String {
            let path = folder.path + "/" + next
            switch FileIO.entryKind(path) {
            case .directory?: found[next] = "folder"
            case .symbolicLink?: found[next] = "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            default: found[next] = folder.read(next).map { "\($0.count) bytes \(ContentHash.of($0))" } ?? "unreadable"
            }
        }
        return found
    }

    /// No message of the tool names the tree it builds in, nor a temporary file.
    static func namesNoStagingPath(_ result: CLI.Result) -> Bool {
        !result.stderr.contains("bijoux-tree") && !result.stderr.contains(FileIO.temporaryPrefix)
    }

    @Test func aFolderThatIsNotTheToolsIsRefusedAndLeftAsItWas() throws {
        let folder = TestPaths.temporaryFolder("own-foreign")
        OutputTreeTests.writeArt(folder, revision: 1)
        // A project folder of the person's, with folders whose names a build uses.
        folder.write("project/Generated/notes.txt", "my notes")
        folder.write("project/Audio/demo.wav", [0x52, 0x49, 0x46, 0x46, 1, 2, 3])
        folder.write("project/.hidden", "mine too")
        let before = Self.everything(folder)
        for (directory, out, shown) in [("", "project", "project"), ("/project", ".", "."), ("", "project/", "project")] {
            let result = try Self.build(folder, in: directory, art: directory.isEmpty ? "art" : "../art", out: out)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == """
                    \(shown): error: is not an output folder of bijoux-assets (it holds files, and no .bijoux-output), and a build replaces the output folder \
                    whole; nothing was changed: give --out a new or empty folder, such as build\n
                    """
            )
            #expect(Self.namesNoStagingPath(result))
            // Byte for byte, and no lock or tree beside it.
            #expect(Self.everything(folder) == before, "--out \(out)")
        }
    }

    @Test func anEmptyFolderOrOneOfEmptyFoldersIsTakenAndMarked() throws {
        let folder = TestPaths.temporaryFolder("own-empty")
        OutputTreeTests.writeArt(folder, revision: 1)
        try FileManager.default.createDirectory(atPath: folder.path + "/out/Generated/deeper", withIntermediateDirectories: true)
        let result = try Self.build(folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.read("out/" + OutputPlace.marker) == OutputPlace.markerBytes)
        #expect(folder.exists("out/Generated/CharmTable.swift"))
    }

    /// A folder an earlier version built has the cache and no marker: it is the
    /// tool's, and the next build marks it.
    @Test func aFolderWithTheCacheAndNoMarkerIsTheTools() throws {
        let folder = TestPaths.temporaryFolder("own-legacy")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try Self.build(folder).status == 0)
        FileIO.removeTree(folder.path + "/out/" + OutputPlace.marker)
        folder.write("out/README.md", "mine")
        let result = try Self.build(folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.read("out/" + OutputPlace.marker) == OutputPlace.markerBytes)
        #expect(folder.read("out/README.md") == Array("mine".utf8))
    }

    @Test(arguments: [
        ("art", "art: error: is the art folder art; give --out a folder of its own, such as build beside it"),
        ("art/", "art: error: is the art folder art; give --out a folder of its own, such as build beside it"),
        ("art/charms/out", "art/charms/out: error: is inside the art folder art; give --out a folder outside it, such as build beside it"),
        ("linked/out", "linked/out: error: is inside the art folder art; give --out a folder outside it, such as build beside it"),
        (".", ".: error: holds the art folder art, and a build replaces the output folder whole; give --out a folder beside the art, such as build"),
        ("..", "..: error: holds the art folder art, and a build replaces the output folder whole; give --out a folder beside the art, such as build"),
    ])
    func theArtFolderAFolderInItOrOneHoldingItIsRefused(out: String, message: String) throws {
        let folder = TestPaths.temporaryFolder("own-art")
        OutputTreeTests.writeArt(folder, revision: 1)
        // A link to the art folder: the paths are compared as resolved.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "art")
        let before = Self.everything(folder)
        let result = try Self.build(folder, out: out)
        #expect(result.status == 1)
        #expect(result.stderr == message + "\n")
        #expect(Self.everything(folder) == before)
    }

    @Test func missingParentsAreMadeAsMkdirPMakesThem() throws {
        let folder = TestPaths.temporaryFolder("own-parents")
        OutputTreeTests.writeArt(folder, revision: 1)
        let result = try Self.build(folder, out: "a/b/out")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.exists("a/b/out/Generated/CharmTable.swift"))
        #expect(folder.exists("a/b/.out.bijoux-lock"))
    }

    /// The folder, and each folder in it, has the mode the umask gives, after the first
    /// build and after one that swaps a new tree in; the umask is the child shell's own.
    @Test func theOutputFolderHasTheModeTheUmaskGives() throws {
        let folder = TestPaths.temporaryFolder("own-mode")
        OutputTreeTests.writeArt(folder, revision: 1)
        func build() throws -> CLI.Result {
            try CLI.runTool("/bin/sh", ["-c", "umask 022 && exec \"$0\" build --art art --out out/", CLI.executable], in: folder.path)
        }
        func modes() throws -> Set<Int> {
            var found: Set<Int> = []
            for path in ["out", "out/Generated", "out/Assets.xcassets/Charms"] {
                found.insert(try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)[.posixPermissions] as? Int))
            }
            return found
        }
        #expect(try build().status == 0)
        #expect(try modes() == [0o755])
        OutputTreeTests.writeArt(folder, revision: 2)
        #expect(try build().status == 0)
        #expect(try modes() == [0o755])
    }

    /// Files as well as folders have the mode the umask gives (0666 and 0777 less it),
    /// whatever the umask: under 027 the tree is 0750 and its files 0640, in the first
    /// build's folder and in the tree a later build swaps in; under 022, 0755 and 0644.
    @Test func filesAndFoldersFollowTheUmask() throws {
        for (umask, folderMode, fileMode) in [("027", 0o750, 0o640), ("022", 0o755, 0o644)] {
            let folder = TestPaths.temporaryFolder("own-umask-\(umask)")
            OutputTreeTests.writeArt(folder, revision: 1)
            func build() throws -> CLI.Result {
                try CLI.runTool("/bin/sh", ["-c", "umask \(umask) && exec \"$0\" build --art art --out out/", CLI.executable], in: folder.path)
            }
            func modes() throws -> (folders: Set<Int>, files: Set<Int>) {
                var folders: Set<Int> = [], files: Set<Int> = []
                for path in folder.files().filter({ $0.hasPrefix("out/") }) {
                    files.insert(try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)[.posixPermissions] as? Int))
                    var parent = (path as NSString).deletingLastPathComponent
                    while !parent.isEmpty {
                        folders.insert(try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/" + parent)[.posixPermissions] as? Int))
                        parent = (parent as NSString).deletingLastPathComponent
                    }
                }
                return (folders, files)
            }
            let first = try build()
            #expect(first.status == 0, "\(first.stderr)")
            var found = try modes()
            #expect(found.folders == [folderMode] && found.files == [fileMode], "umask \(umask): \(found)")
            OutputTreeTests.writeArt(folder, revision: 2)
            #expect(try build().status == 0)
            found = try modes()
            #expect(found.folders == [folderMode] && found.files == [fileMode], "umask \(umask), swapped in: \(found)")
        }
    }

    /// An output folder marked read-only, or one in a read-only folder (where the new
    /// tree is made and swapped), is an error; nothing changes. Root, whom `access`
    /// lets write anything, is refused too: the rule is the folder's mode.
    @Test func aReadOnlyFolderOrParentIsAnErrorAndLeftAsItWas() throws {
        let folder = TestPaths.temporaryFolder("own-read-only")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try Self.build(folder, out: "locked/out").status == 0)
        OutputTreeTests.writeArt(folder, revision: 2)
        for (path, message) in [
            ("locked/out", "locked/out: error: is read-only, and a build would replace it whole; make it writable (chmod u+w) or give --out another folder"),
            (
                "locked",
                "locked/out: error: its parent folder locked is read-only, and a build makes the new folder there and swaps it in; give --out another folder"
            ),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path + "/" + path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path + "/" + path) }
            let before = Self.everything(folder)
            let result = try Self.build(folder, out: "locked/out")
            #expect(result.status == 1)
            #expect(result.stderr == message + "\n")
            #expect(Self.namesNoStagingPath(result))
            #expect(Self.everything(folder) == before)
        }
    }

    /// Folders `names`, one in another, below `folder`, and an empty file `leaf` in the
    /// last, made by descriptors: the whole path may be longer than a path may be.
    static func makeDeep(_ folder: String, _ names: [String], leaf: String) throws {
        var fd = open(folder, O_RDONLY | O_DIRECTORY)
        for name in names {
            try #require(fd >= 0 && mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, leaf, O_WRONLY | O_CREAT, 0o644)
        close(file)
        close(fd)
        try #require(file >= 0)
    }

    static func removeDeep(_ folder: String, _ names: [String], leaf: String) {
        var fds = [open(folder, O_RDONLY | O_DIRECTORY)]
        for name in names { fds.append(openat(fds.last!, name, O_RDONLY | O_DIRECTORY)) }
        unlinkat(fds.last!, leaf, 0)
        for (index, name) in names.enumerated().reversed() { unlinkat(fds[index], name, AT_REMOVEDIR) }
        for fd in fds { close(fd) }
    }

    /// A step in the tree that fails (a path that fits under out/ and not under the
    /// tree's longer name) is told of the output folder's file: the tree is gone by then.
    @Test func anErrorInTheTreeNamesTheOutputFoldersFileNotTheTree() throws {
        let folder = TestPaths.temporaryFolder("own-long")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try Self.build(folder).status == 0)
        let names = ["deep"] + Array(repeating: String(repeating: "d", count: 200), count: 20)
        let leaf = String(repeating: "f", count: 60)
        try Self.makeDeep(folder.path + "/out", names, leaf: leaf)
        defer { Self.removeDeep(folder.path + "/out", names, leaf: leaf) }
        let shown = "out/" + (names + [leaf]).joined(separator: "/")
        #expect(shown.utf8.count < PATH_MAX && ("./.out.bijoux-tree-XXXXXX/" + shown.dropFirst(4)).utf8.count > PATH_MAX)
        let before = folder.read("out/Generated/CharmTable.swift")
        OutputTreeTests.writeArt(folder, revision: 2)
        let result = try Self.build(folder)
        #expect(result.status == 1)
        #expect(result.stderr == shown + ": error: cannot write: File name too long\n")
        #expect(Self.namesNoStagingPath(result))
        #expect(folder.read("out/Generated/CharmTable.swift") == before)
        #expect(try FileIO.list(folder.path).allSatisfy { !$0.contains("bijoux-tree") })
    }

    /// The commit's syncs, in order, as the debug build's trace records them: each file
    /// it wrote and each folder of the new tree before the exchange, the folder that
    /// holds both after it.
    @Test func theCommitSyncsTheTreeBeforeTheSwapAndTheParentAfter() throws {
        let folder = TestPaths.temporaryFolder("own-sync")
        OutputTreeTests.writeArt(folder, revision: 1)
        #expect(try Self.build(folder).status == 0)
        OutputTreeTests.writeArt(folder, revision: 2)
        let trace = folder.path + "/trace"
        let result = try CLI.run(["build", "--art", "art", "--out", "out", "--verbose"], in: folder.path, environment: ["BIJOUX_TEST_TRACE_COMMIT": trace])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: try FileIO.read(trace), as: UTF8.self).split(separator: "\n").map(String.init)
        let swap = try #require(lines.firstIndex { $0.hasPrefix("exchange ./.out.bijoux-tree-") && $0.hasSuffix(" out") }, "\(lines)")
        let tree = String(lines[swap].dropFirst("exchange ".count).dropLast(" out".count))
        let before = Set(lines[..<swap]), after = Array(lines[(swap + 1)...])
        let written = result.stdout.split(separator: "\n").filter { $0.hasPrefix("wrote out/") }.map { String($0.dropFirst("wrote out/".count)) }
        #expect(!written.isEmpty)
        for relative in written + [OutputPlace.marker, BuildCache.file, "Generated", "Assets.xcassets/Charms/sun.imageset", ""] {
            #expect(before.contains("fsync " + tree + (relative.isEmpty ? "" : "/" + relative)), "\(relative) is not synced before the swap")
        }
        #expect(after == ["fsync ."], "\(after)")
    }
}

/// How two resolved paths lie: the rule behind refusing an output folder in, at or
/// around the art.
@Suite("Output folder and art folder")
struct OutputTreeOverlapTests {
    @Test(arguments: [
        ("/p/art", "/p/art", OutputPlace.Overlap.same),
        ("/p/art/build", "/p/art", .inside),
        ("/p", "/p/art", .contains),
        ("/", "/p/art", .contains),
        ("/p/art", "/", .inside),
        ("/", "/", .same),
    ])
    func overlapping(output: String, art: String, overlap: OutputPlace.Overlap) {
        #expect(OutputPlace.overlap(output: output, art: art) == overlap)
    }

    @Test(arguments: [("/p/build", "/p/art"), ("/p/art-build", "/p/art"), ("/p/ar", "/p/art"), ("/q/art", "/p/art")])
    func apart(output: String, art: String) {
        #expect(OutputPlace.overlap(output: output, art: art) == nil)
    }

    /// The repository's build/ is kept in git with its README: the marker goes with it.
    @Test func theRepositorysBuildFolderHoldsTheMarker() throws {
        #expect(try FileIO.read(TestPaths.packageRoot + "/build/" + OutputPlace.marker) == OutputPlace.markerBytes)
    }

    @Test func aPathNotYetMadeResolvesThroughThePartThatIs() throws {
        let folder = TestPaths.temporaryFolder("resolve")
        try FileManager.default.createDirectory(atPath: folder.path + "/real/art", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: "real")
        let real = FileIO.realPath(folder.path)
        #expect(FileIO.resolvedPath(folder.path + "/link/art") == real + "/real/art")
        #expect(FileIO.resolvedPath(folder.path + "/link/new/deeper/") == real + "/real/new/deeper")
        #expect(FileIO.resolvedPath(folder.path + "/link/new/../art2/.") == real + "/real/art2")
        #expect(FileIO.resolvedPath("/") == "/")
    }
}
