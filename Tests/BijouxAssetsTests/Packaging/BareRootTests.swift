import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// The bundles' tools on a machine that has nothing but the C library: a root folder
/// holding only the system's libraries (Packaging/system-libraries.txt, the files the
/// loader names for them), the two artifact bundles, the sample art and an empty /tmp,
/// entered with `chroot` in a mount namespace of its own whose /proc is the kernel's (the
/// loader finds `$ORIGIN` there). Making it takes root, as CI has; elsewhere the suite
/// says why it did not run.
@Suite(
    "The artifact bundles in a bare root", .tags(.slow), .notInFastRun,
    .enabled(if: Dist.available, "no .build/dist/ (run make artifactbundle)"),
    .enabled(if: BareRoot.canMake, "making a bare root takes root (chroot, a mount namespace) on Linux"))
struct BareRootTests {
    @Test func theSampleArtBuildsToTheSameBytesAsFromTheBuildTree() throws {
        let folder = TestPaths.temporaryFolder("bare-root")
        let root = try BareRoot.make(in: folder.path + "/root")
        let built = try BareRoot.build(root)
        try #require(built.status == 0, "the bundle's build in the bare root failed:\n\(built.stderr)")
        #expect((built.stdout + built.stderr).contains("built 1"), "\(built.stdout)\(built.stderr)")

        // The same art, built by the release tool where it was built (.build/tool).
        try FileManager.default.copyItem(atPath: TestPaths.art, toPath: folder.path + "/art")
        let normal = try CLI.runTool(Dist.toolBin + "/bijoux-assets", ["build", "--art", folder.path + "/art", "--out", folder.path + "/normal"])
        try #require(normal.status == 0, "\(normal.stderr)")

        let inRoot = try BareRoot.outputs(root + "/out"), fromTree = try BareRoot.outputs(folder.path + "/normal")
        #expect(inRoot.count > 100, "\(inRoot.count) files")
        #expect(inRoot == fromTree, "the same files")
        for file in Set(inRoot).intersection(fromTree).sorted() {
            #expect(try FileIO.read(root + "/out/" + file) == FileIO.read(folder.path + "/normal/" + file), "\(file)")
        }
    }
}

/// A root folder with the system's libraries alone, and the bundles' tools run in it.
enum BareRoot {
    static var canMake: Bool {
        #if os(Linux)
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
                && FileManager.default.isExecutableFile(atPath: "/usr/sbin/chroot")
        #else
            false
        #endif
    }

    /// Where a bundle's variant lies inside the root.
    static func variant(_ bundle: Dist.Bundle) -> String {
        "/bundles/\(bundle.name).artifactbundle/\(bundle.variant)"
    }

    /// Makes the root at `path`: the system libraries the bundles' executables load, at
    /// the paths the loader names for them, the bundles, the art and an empty /proc.
    static func make(in path: String) throws -> String {
        let manager = FileManager.default
        var systemFiles: Set<String> = []
        for bundle in Dist.bundles {
            for tool in bundle.tools {
                let listing = try AACCodecTests.linkedLibraries(bundle.folder + "/\(bundle.variant)/bin/" + tool)
                for line in listing.split(separator: "\n") {
                    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    let file = words.count > 2 && words[1] == "=>" ? words[2] : words.first ?? ""
                    if file.hasPrefix("/"), let name = file.split(separator: "/").last, Dist.systemLibraries.contains(String(name)) {
                        systemFiles.insert(file)
                    }
                }
            }
        }
        #expect(systemFiles.contains { $0.hasSuffix("/libc.so.6") } && systemFiles.count < Dist.systemLibraries.count)
        for file in systemFiles {
            try manager.createDirectory(atPath: path + FileIO.parentDirectory(of: file), withIntermediateDirectories: true)
            try manager.copyItem(atPath: URL(fileURLWithPath: file).resolvingSymlinksInPath().path, toPath: path + file)
        }
        try manager.createDirectory(atPath: path + "/bundles", withIntermediateDirectories: true)
        for bundle in Dist.bundles {
            try manager.copyItem(atPath: bundle.folder, toPath: path + "/bundles/\(bundle.name).artifactbundle")
        }
        try manager.copyItem(atPath: TestPaths.art, toPath: path + "/art")
        // The kernel's /proc is mounted here, and /tmp is where the tool keeps a track's
        // temporary files (as on any machine).
        try manager.createDirectory(atPath: path + "/proc", withIntermediateDirectories: false)
        try manager.createDirectory(atPath: path + "/tmp", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
        return path
    }

    /// Runs the bundle's `bijoux-assets build --art /art --out /out` inside `root`, with
    /// an environment that names only the AAC encoder (in its own bundle).
    static func build(_ root: String) throws -> CLI.Result {
        try run(root, [variant(Dist.tool) + "/bin/bijoux-assets", "build", "--art", "/art", "--out", "/out"])
    }

    /// Runs `arguments` inside `root`: a new mount and process namespace, the kernel's
    /// /proc mounted at the root's, then chroot.
    static func run(_ root: String, _ arguments: [String]) throws -> CLI.Result {
        let aac = "BIJOUX_AAC=" + variant(Dist.music) + "/bin/bijoux-aac"
        return try CLI.runTool(
            "/usr/bin/env", ["-i", aac, "/usr/bin/unshare", "--fork", "--pid", "--mount-proc=\(root)/proc", "/usr/sbin/chroot", root] + arguments)
    }

    /// The files below `folder`, relative and sorted, but the tool's own cache (which
    /// holds the identity of the executable that wrote it, a path on this machine).
    static func outputs(_ folder: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard !next.hasPrefix(".bijoux/"), FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            found.append(next)
        }
        return found.sorted()
    }
}
