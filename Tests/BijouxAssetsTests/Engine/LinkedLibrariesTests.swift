import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// The libraries a helper loads are identified by the files the dynamic loader resolves
/// for it; the resolution is kept in the cache with what the loader decides it from, and
/// the next build takes it from there while those are unchanged.
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
        let libraries = LinkedLibraries()
        let identity = libraries.identity(of: IconRenderer.helper, matching: IconRenderer.libraryPrefixes)
        #expect(identity.contains("/librsvg-2") && identity.contains("/libcairo"), "\(identity)")
        #expect(libraries.resolutions.map(\.helper) == [IconRenderer.helper])
        let linked = try AACCodecTests.linkedLibraries(CLI.executable)
        for name in ["librsvg", "libglib", "libgio", "libpango"] {
            #expect(!linked.contains(name), "bijoux-assets must not load \(name) at its start:\n\(linked)")
        }
        #expect(try AACCodecTests.linkedLibraries(IconRenderer.helper).contains("librsvg"))
    }

    /// A remembered resolution is taken while what the loader decides from is unchanged
    /// (here it names a stand-in file, which only the remembered answer could give), and
    /// asked again once it is not; each file's identity is read afresh either way.
    @Test func aRememberedResolutionIsTakenWhileTheLoadersInputsHold() throws {
        let folder = TestPaths.temporaryFolder("linked-libraries")
        folder.write("lib/libstand-in.so.1", "version 1")
        let standIn = folder.path + "/lib/libstand-in.so.1"
        let helper = IconRenderer.helper
        func identity(_ remembered: LinkedLibraries.Resolution) -> String {
            LinkedLibraries(remembered: [remembered]).identity(of: helper, matching: IconRenderer.libraryPrefixes)
        }
        let loader = LinkedLibraries.loaderInputs(helper)
        let remembered = LinkedLibraries.Resolution(helper: helper, loader: loader, files: [standIn])
        let taken = identity(remembered)
        #expect(taken.hasPrefix(standIn + " "), "\(taken)")
        folder.write("lib/libstand-in.so.1", "version 2")
        #expect(identity(remembered) != taken, "the file's own identity is read again")
        var stale = remembered
        stale.loader += "; changed"
        #expect(identity(stale).contains("/librsvg-2"), "a stale resolution is asked again")
        var otherHelper = remembered
        otherHelper.helper += "-other"
        #expect(identity(otherHelper).contains("/librsvg-2"))
    }

    /// What the loader decides from changes with its variables and with the folders it
    /// searches: a library put beside the helper is seen.
    @Test func theLoadersInputsChangeWithTheFoldersItSearches() throws {
        let folder = TestPaths.temporaryFolder("linked-loader")
        folder.write("bin/helper", "stand-in")
        let helper = folder.path + "/bin/helper"
        let before = LinkedLibraries.loaderInputs(helper)
        #expect(before == LinkedLibraries.loaderInputs(helper))
        Thread.sleep(forTimeInterval: 0.01)
        folder.write("bin/librsvg-2.so.2", "a library beside it")
        #expect(LinkedLibraries.loaderInputs(helper) != before)
        #if !os(macOS)
            #expect(before.contains("LD_LIBRARY_PATH=") && before.contains("/etc/ld.so.cache "))
        #endif
    }

    /// A build keeps the renderer's resolution in its cache, and the next build takes it
    /// from there: shown by a cache whose resolution names a stand-in file (as only the
    /// cache could), which remakes exactly the jobs that draw SVGs; a no-op build after it
    /// leaves the cache as it is.
    @Test func aBuildTakesTheResolutionItsCacheKept() throws {
        let built = BuildCacheTests.Built(folder: TestPaths.temporaryFolder("linked-cache"))
        AppIconStageTests.makeArt(built.folder)
        built.folder.write("art/icons/give.svg", try FileIO.read(TestPaths.art + "/icons/give.svg"))
        try built.build()
        let cacheFile = built.out + "/" + BuildCache.file
        var cache = try #require(BuildCache.decode(try FileIO.read(cacheFile), tool: ToolIdentity.current))
        let renderer = try #require(cache.libraries.first { $0.helper == IconRenderer.helper })
        #expect(renderer.files.contains { $0.contains("/librsvg-2") })
        built.folder.write("lib/librsvg-stand-in.so", "a stand-in")
        cache.libraries = [.init(helper: renderer.helper, loader: renderer.loader, files: [built.folder.path + "/lib/librsvg-stand-in.so"])]
        built.folder.write("out/" + BuildCache.file, cache.encoded(tool: ToolIdentity.current))
        let remade = try built.build()
        #expect(
            remade.subtracting(["\(IconsStage.name)/give", "\(AppIconStage.name)/\(LeFilDocument.folder)"]) == ["\(ContactSheetStep.name)/page"],
            "\(remade)")
        let kept = try FileIO.read(cacheFile)
        #expect(try built.build().isEmpty)
        #expect(try FileIO.read(cacheFile) == kept)
    }

    /// A helper that cannot be listed is unidentified: a value unique to the process, so
    /// no cached output is trusted, and nothing is remembered.
    @Test func anUnlistableHelperIsUnidentified() {
        let libraries = LinkedLibraries()
        let identity = libraries.identity(of: "/nonexistent/bijoux-render", matching: IconRenderer.libraryPrefixes)
        #expect(identity == SystemLibraries.unidentified)
        #expect(libraries.resolutions.isEmpty)
    }
}
