import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// A library is identified by the file that holds its code; a helper's are the files the
/// dynamic loader lists for it, listed once per build; one that cannot be identified is a
/// value unique to the process, so no cache is trusted.
@Suite("Helpers' libraries")
struct LinkedLibrariesTests {
    @Test func theFilesAreThoseLddOrOtoolLists() {
        let ldd = """
            \tlinux-vdso.so.1 (0x00007ffd)
            \tlibavutil.so.57 => /lib/x86_64-linux-gnu/libavutil.so.57 (0x00007f92)
            \tlibavcodec.so.59 => /lib/x86_64-linux-gnu/libavcodec.so.59 (0x00007f93)
            \tlibswresample.so.4 => /lib/x86_64-linux-gnu/libswresample.so.4 (0x00007f94)
            \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f95)
            """
        #expect(
            LinkedLibraries.libraryFiles(ldd, prefixes: ["libav", "libsw"]) == [
                "/lib/x86_64-linux-gnu/libavcodec.so.59", "/lib/x86_64-linux-gnu/libavutil.so.57", "/lib/x86_64-linux-gnu/libswresample.so.4",
            ])
        #expect(LinkedLibraries.libraryFiles(ldd, prefixes: ["libc."]) == ["/lib/x86_64-linux-gnu/libc.so.6"])
        let otool = """
            /usr/local/bin/bijoux-render:
            \t/opt/homebrew/opt/librsvg/lib/librsvg-2.2.dylib (compatibility version 59.0.0, current version 59.0.0)
            \t/usr/lib/libSystem.B.dylib (compatibility version 1.0.0, current version 1351.0.0)
            """
        #expect(LinkedLibraries.libraryFiles(otool, prefixes: ["librsvg"]) == ["/opt/homebrew/opt/librsvg/lib/librsvg-2.2.dylib"])
        #expect(LinkedLibraries.libraryFiles("\tlibrsvg-2.so.2 => not found\n", prefixes: ["librsvg"]) == nil)
        #expect(LinkedLibraries.libraryFiles("\t@rpath/librsvg-2.2.dylib (compatibility version 59.0.0)\n", prefixes: ["librsvg"]) == nil)
    }

    /// This machine's renderer: librsvg and cairo, as the loader resolves them, each with
    /// its identity; and the tool itself loads neither librsvg nor GLib.
    @Test func theRenderersLibrariesAreLibrsvgAndCairo() throws {
        let identity = LinkedLibraries().identity(of: IconRenderer.executable)
        #expect(identity.contains("/librsvg-2") && identity.contains("/libcairo"), "\(identity)")
        #expect(!identity.contains(LinkedLibraries.unidentified))
        let linked = try CLI.linkedLibraries(CLI.executable)
        for name in ["librsvg", "libglib", "libgio", "libpango"] {
            #expect(!linked.contains(name), "bijoux-assets must not load \(name) at its start:\n\(linked)")
        }
        #expect(try CLI.linkedLibraries(IconRenderer.helper).contains("librsvg"))
    }

    /// A file's identity is read from the file each time: replacing a library in place
    /// (here a stand-in without a build ID, so identified by its bytes) changes it, and a
    /// file that cannot be placed or read is unidentified.
    @Test func aReplacedLibraryFileIsANewIdentity() throws {
        let folder = TestPaths.temporaryFolder("linked-replaced")
        folder.write("lib/libstand-in.so.1", "version 1")
        let standIn = folder.path + "/lib/libstand-in.so.1"
        let before = LinkedLibraries.identity(ofFiles: [standIn])
        #expect(before == "\(standIn) \(try FileIO.executableIdentity(ofFile: standIn))")
        #expect(LinkedLibraries.identity(ofFiles: [standIn]) == before)
        folder.write("lib/libstand-in.so.1", "version 2")
        #expect(LinkedLibraries.identity(ofFiles: [standIn]) != before)
        #expect(LinkedLibraries.identity(ofFiles: [standIn, folder.path + "/lib/absent.so"]) == LinkedLibraries.unidentified)
        #expect(LinkedLibraries.identity(ofFiles: [standIn, nil]) == LinkedLibraries.unidentified)
    }

    /// A build lists a helper's libraries once: after the helper is gone, the same build
    /// still has its answer, and the next build (a new `LinkedLibraries`) lists again.
    @Test func aHelpersLibrariesAreListedOncePerBuild() throws {
        let folder = TestPaths.temporaryFolder("linked-once")
        let link = folder.path + "/bijoux-render"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: IconRenderer.helper)
        let variable = "BIJOUX_TEST_LINKED_ONCE"
        setenv(variable, link, 1)
        defer { unsetenv(variable) }
        let helper = HelperExecutable(role: "the stand-in", name: "unused", variable: variable, libraryPrefixes: ["librsvg"])
        let build = LinkedLibraries()
        build.prefetch(helper)
        let found = build.identity(of: helper)
        #expect(found.contains("/librsvg-2") && !found.contains("/libcairo"), "\(found)")
        try FileManager.default.removeItem(atPath: link)
        #expect(build.identity(of: helper) == found)
        #expect(LinkedLibraries().identity(of: helper) == LinkedLibraries.unidentified)
    }

    /// A listing is made once per build of a helper: what an earlier build's cache kept for
    /// this executable is taken without listing again (here a stand-in listing naming a file
    /// the loader would not, to tell the two apart), each file identified afresh; one kept
    /// for another executable identity is not taken; and the build passes on what it used.
    @Test func aListingIsKeptPerHelperExecutable() throws {
        let folder = TestPaths.temporaryFolder("linked-kept")
        folder.write("lib/libstand-in.so.1", "version 1")
        let standIn = folder.path + "/lib/libstand-in.so.1"
        let helper = IconRenderer.executable
        let listing = helper.path + " " + (try FileIO.executableIdentity(ofFile: helper.path)).description
        let kept = LinkedLibraries(known: [listing: [standIn]])
        #expect(kept.identity(of: helper) == LinkedLibraries.identity(ofFiles: [standIn]))
        #expect(kept.listings == [listing: [standIn]])
        folder.write("lib/libstand-in.so.1", "version 2")
        #expect(LinkedLibraries(known: [listing: [standIn]]).identity(of: helper) == LinkedLibraries.identity(ofFiles: [standIn]))
        let stale = LinkedLibraries(known: [helper.path + " another build": [standIn]])
        #expect(stale.identity(of: helper).contains("/librsvg-2"))
        #expect(stale.listings.keys.sorted() == [listing])
    }

    /// A helper that cannot be listed, or whose listing names none of its libraries, is
    /// unidentified: a value unique to the process, so no cached output is trusted.
    @Test func anUnlistableHelperIsUnidentified() {
        let missing = HelperExecutable(role: "the stand-in", name: "bijoux-no-such-helper", variable: "BIJOUX_NO_SUCH_HELPER", libraryPrefixes: ["librsvg"])
        #expect(LinkedLibraries().identity(of: missing) == LinkedLibraries.unidentified)
        let variable = "BIJOUX_TEST_UNLINKED"
        setenv(variable, IconRenderer.helper, 1)
        defer { unsetenv(variable) }
        let unlinked = HelperExecutable(role: "the renderer", name: "unused", variable: variable, libraryPrefixes: ["libnothing"])
        #expect(unlinked.path == IconRenderer.helper)
        #expect(LinkedLibraries().identity(of: unlinked) == LinkedLibraries.unidentified)
        #expect(LinkedLibraries.unidentified.hasPrefix("unidentified ") && LinkedLibraries.unidentified.count > "unidentified ".count)
    }
}
