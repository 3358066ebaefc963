import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

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

        // The same art, built by the release tool where it was built (`Dist.toolBin`).
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

/// A root folder with the system's libraries alone, and the bundles' tools run in it:
/// Packaging/bare_root.py makes it and runs in it, as the benchmark does.
enum BareRoot {
    static var canMake: Bool {
        #if os(Linux)
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
                && FileManager.default.isExecutableFile(atPath: "/usr/sbin/chroot")
        #else
            false
        #endif
    }

    static let script = TestPaths.packageRoot + "/Packaging/bare_root.py"

    /// Where a bundle's variant lies inside the root.
    static func variant(_ bundle: Dist.Bundle) -> String {
        "/bundles/\(bundle.name).artifactbundle/\(bundle.variant)"
    }

    /// Makes the root at `path`: the system libraries the bundles' executables load, at
    /// the paths the loader names for them, the bundles, the art, an empty /proc and /tmp.
    static func make(in path: String) throws -> String {
        let made = try CLI.runTool("/usr/bin/env", ["python3", "-B", script, "make", path, Dist.dist, TestPaths.art])
        try #require(made.status == 0, "\(made.stderr)")
        let system = try FileManager.default.subpathsOfDirectory(atPath: path).filter { !$0.hasPrefix("bundles/") && !$0.hasPrefix("art/") }
        let libraries = system.compactMap { $0.split(separator: "/").last.map(String.init) }.filter { $0.contains(".so") }
        #expect(libraries.contains("libc.so.6") && Set(libraries).isSubset(of: Dist.systemLibraries), "\(libraries)")
        return path
    }

    /// Runs the bundle's `bijoux-assets build --art /art --out /out` inside `root`, with
    /// an environment that names only the AAC encoder (in its own bundle).
    static func build(_ root: String) throws -> CLI.Result {
        try CLI.runTool(
            "/usr/bin/env",
            ["python3", "-B", script, "run", root, "BIJOUX_AAC=" + variant(Dist.music) + "/bin/bijoux-aac", "--"]
                + [variant(Dist.tool) + "/bin/bijoux-assets", "build", "--art", "/art", "--out", "/out"])
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
