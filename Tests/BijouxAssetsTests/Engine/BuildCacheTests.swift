import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Each change rebuilds exactly the jobs its inputs decide (seen in the build's
/// events) and rewrites exactly the files whose bytes changed (seen in their
/// modification times); a cache that cannot be trusted gives a full, correct build.
@Suite("Build cache")
struct BuildCacheTests {
    static let cachedEverything: Set<String> = []

    @Test(.tags(.slow), .notInFastRun) func aBuildWithNothingChangedMakesNothingAndTouchesNothing() throws {
        let built = try EngineFixtures.everyStage("cache-noop")
        let before = OutputFolder.snapshot(built.out)
        #expect(try built.build(jobs: 1) == Self.cachedEverything)
        #expect(OutputFolder.snapshot(built.out) == before)
        #expect(try OutputFolder.rewritten(built.out).isEmpty)
    }

    @Test(.tags(.slow), .notInFastRun) func oneChangedPixelOfOneCharmRebuildsThatCharmAndThePage() throws {
        let built = try EngineFixtures.everyStage("cache-png")
        var sun = EngineFixtures.charmDisc(0)
        sun[80, 75] = RGBA(0, 0, 0, 255)
        built.folder.write("art/charms/sun.png", PNGEncoder.encode(sun, as: .rgb))
        #expect(try built.build() == ["charms/sun", "contact sheet/page"])
        let rewritten = try OutputFolder.rewritten(built.out)
        #expect(rewritten.contains("Assets.xcassets/Charms/sun.imageset/sun@3x.png"))
        #expect(
            rewritten.isSubset(of: [
                "Assets.xcassets/Charms/sun.imageset/sun.png", "Assets.xcassets/Charms/sun.imageset/sun@2x.png",
                "Assets.xcassets/Charms/sun.imageset/sun@3x.png", CharmsStage.islandPath("sun", scale: 1),
                CharmsStage.islandPath("sun", scale: 3), ContactSheetPage.path,
            ]), "\(rewritten.sorted())")
    }

    /// `charm <id>` redraws the page with that charm's new card and every other card
    /// from the last build's cache; run again, it remakes nothing.
    @Test(.tags(.slow), .notInFastRun) func oneCharmBuildRedrawsThePageFromTheCachedCards() throws {
        let built = try EngineFixtures.everyStage("cache-charm-page")
        let before = String(decoding: try FileIO.read(built.out + "/" + ContactSheetPage.path), as: UTF8.self)
        #expect(!before.contains("data-asset=\"charm:sun\" data-warnings"))
        let hazy = EngineFixtures.charmDisc(0, matte: 14)
        built.folder.write("art/charms/sun.png", PNGEncoder.encode(hazy, as: .rgb))
        func charmBuild() throws -> Set<String> {
            let made = MadeJobs()
            try BuildEngine.build(BuildEngine.Options(artFolder: built.art, outputFolder: built.out, onlyCharms: ["sun"], progress: made.options))
            return made.jobs
        }
        #expect(try charmBuild() == ["charms/sun", "contact sheet/page"])
        let page = String(decoding: try FileIO.read(built.out + "/" + ContactSheetPage.path), as: UTF8.self)
        #expect(page.contains("data-asset=\"charm:sun\" data-warnings=\"1\""))
        // The cards of the jobs it did not run, as the last build left them.
        func cards(_ text: String) -> [Substring] {
            text.split(separator: "data-asset=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        }
        #expect(cards(page) == cards(before))
        #expect(cards(page).contains("icon:wear") && cards(page).contains("appicon:tinted") && cards(page).contains("charm:heart"))
        #expect(try charmBuild().isEmpty)
        // The full build after it agrees with it: nothing to remake.
        #expect(try built.build() == [])
    }

    @Test(.tags(.slow), .notInFastRun) func theIconsCharmRebuildsTheIconToo() throws {
        let built = try EngineFixtures.everyStage("cache-heart")
        built.folder.write("art/charms/heart.png", try FileIO.read(TestPaths.art + "/charms/cherry.png"))
        #expect(try built.build() == ["charms/heart", "app icon/app icon", "app icon/AppIcon.icon", "contact sheet/page"])
        let rewritten = try OutputFolder.rewritten(built.out)
        #expect(
            rewritten.isSuperset(of: [
                "Assets.xcassets/AppIcon.appiconset/AppIcon.png", LeFilDocument.folder + "/Assets/heart.png", LeFilDocument.Checked.homePath(.default),
            ]))
    }

    @Test(.tags(.slow), .notInFastRun) func aChangedSwayDurationRebuildsOnlyTheTable() throws {
        let built = try EngineFixtures.everyStage("cache-sway")
        let table = String(decoding: built.folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(of: "\"swayDuration\": 3.0", with: "\"swayDuration\": 3.5")
        built.folder.write("art/charms.json", table)
        #expect(try built.build() == ["table/charm table"])
        #expect(try OutputFolder.rewritten(built.out) == [TableStage.swiftPath, TableStage.jsonPath])
    }

    @Test(.tags(.slow), .notInFastRun) func aChangedIconSettingRebuildsThatIconAndThePage() throws {
        let built = try EngineFixtures.everyStage("cache-icon")
        built.folder.write("art/icons.json", #"{"icons": {"wear": {"seed": 99}}}"#)
        #expect(try built.build() == ["icons/wear", "contact sheet/page"])
        let rewritten = try OutputFolder.rewritten(built.out)
        #expect(rewritten.contains("Assets.xcassets/Icons/wear.imageset/wear@3x.png"))
        #expect(
            rewritten.isSubset(of: [
                "Assets.xcassets/Icons/wear.imageset/wear.png", "Assets.xcassets/Icons/wear.imageset/wear@2x.png",
                "Assets.xcassets/Icons/wear.imageset/wear@3x.png", ContactSheetPage.path,
            ]), "\(rewritten.sorted())")
    }

    /// The app icon's inks are its palette: the dark variant's ring colour changes the
    /// dark render and the home-screen picture that shows it, the Icon Composer
    /// document's dark fill (icon.json, not a layer's picture) and its dark look, and
    /// nothing else (the page is redrawn, to the same bytes).
    @Test(.tags(.slow), .notInFastRun) func aChangedPaletteColourRebuildsOnlyWhatShowsIt() throws {
        let built = try EngineFixtures.everyStage("cache-palette")
        built.folder.write("art/appicon.json", AppIconFixture.json.replacingOccurrences(of: "\"ring\": \"#EDCF98\"", with: "\"ring\": \"#3050F0\""))
        #expect(try built.build() == ["app icon/app icon", "app icon/AppIcon.icon", "contact sheet/page"])
        #expect(
            try OutputFolder.rewritten(built.out) == [
                "Assets.xcassets/AppIcon.appiconset/AppIcon-dark.png", AppIconStage.homePreviewPath(.dark),
                LeFilDocument.folder + "/icon.json", LeFilDocument.Checked.homePath(.dark),
            ])
    }

    @Test(.tags(.slow), .notInFastRun, arguments: ["flipped byte", "truncated", "foreign", "empty", "folder"])
    func aCacheThatCannotBeTrustedGivesAFullCorrectBuild(_ damage: String) throws {
        let built = try EngineFixtures.everyStage("cache-corrupt")
        let expected = OutputFolder.snapshot(built.out)
        let cacheFile = built.out + "/" + BuildCache.file
        var bytes = try FileIO.read(cacheFile)
        switch damage {
        case "flipped byte": bytes[bytes.count / 2] ^= 0x40
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "foreign":
            // A well-formed cache from another build of the tool.
            bytes = try #require(BuildCache.decode(bytes, tool: ToolIdentity.current)).encoded(tool: "0.0.9 0123")
        case "empty": bytes = []
        default: break
        }
        if damage == "folder" {
            FileIO.removeTree(cacheFile)
            try FileIO.makeDirectories(cacheFile)
        } else {
            built.folder.write("out/" + BuildCache.file, bytes)
        }
        // Outputs that lie: a full build must not trust them either.
        built.folder.write("out/Assets.xcassets/Charms/sun.imageset/sun@2x.png", "damaged")
        let made = try built.build()
        #expect(made.contains("charms/sun") && made.contains("app icon/app icon") && made.contains("table/charm table") && made.contains("icons/give"))
        #expect(made.count >= 10)
        #expect(OutputFolder.snapshot(built.out) == expected)
        #expect(BuildCache.decode(try FileIO.read(cacheFile), tool: ToolIdentity.current) != nil)
    }

    /// A cached output that someone edited is made again, not trusted.
    @Test(.tags(.slow), .notInFastRun) func anEditedOutputIsRemadeEvenWithAValidCache() throws {
        let built = try EngineFixtures.everyStage("cache-edited")
        let expected = OutputFolder.snapshot(built.out)
        built.folder.write("out/" + CharmsStage.islandPath("star", scale: 3), "edited")
        #expect(try built.build() == ["charms/star"])
        #expect(OutputFolder.snapshot(built.out) == expected)
    }

    /// Bytes `encoded` never writes are refused, not merged into a cache that would
    /// encode to other bytes: a job named twice, a helper listed twice or out of order.
    @Test(arguments: [["charms/cat", "charms/cat"], ["charms/cat", "charms/dog"]], [["", ""], ["b", "a"], ["a", "b"]])
    func aCacheNamingAJobOrHelperTwiceOrOutOfOrderIsRefused(jobs: [String], helpers: [String]) throws {
        var writer = ByteWriter(bytes: BuildCache.magic)
        writer.string("t")
        writer.number(jobs.count)
        for job in jobs {
            writer.string(job)
            writer.hash(ContentHash.of(Array(job.utf8)))
            for count in [0, 0, 0] { writer.number(count) }
            writer.data([])
        }
        writer.number(helpers.count)
        for helper in helpers {
            writer.string(helper)
            writer.number(0)
        }
        writer.hash(ContentHash.of(writer.bytes))
        let decoded = BuildCache.decode(writer.bytes, tool: "t")
        #expect((decoded != nil) == (Set(jobs).count == jobs.count && helpers == ["a", "b"]))
        if let decoded { #expect(decoded.encoded(tool: "t") == writer.bytes) }
    }

    @Test func theCacheRoundTripsAndRefusesEveryTruncation() throws {
        var cache = BuildCache()
        let cat = JobID(stage: "charms", job: "cat/with a slash")
        cache[cat] = BuildCache.Entry(
            key: ContentHash.of([1, 2, 3]), outputs: [.init(path: "a/b.png", hash: ContentHash.of([4]))],
            warnings: [.init(subject: "cat.png", inArt: true, message: "hazy ✓"), .init(subject: "elsewhere", inArt: false, message: "m")],
            notes: ["note"], artifact: [9, 8, 7])
        cache.listings = ["/bin/bijoux-render 1234": ["/lib/librsvg-2.so.2"], "/bin/bijoux-aac 5678": []]
        let bytes = cache.encoded(tool: "t")
        let decoded = try #require(BuildCache.decode(bytes, tool: "t"))
        #expect(decoded.entries.map(\.id) == [cat] && decoded[cat] == cache[cat] && cache[cat] != nil)
        #expect(decoded.listings == cache.listings)
        #expect(BuildCache.decode(bytes, tool: "u") == nil)
        for length in 0..<bytes.count { #expect(BuildCache.decode(Array(bytes.prefix(length)), tool: "t") == nil) }
    }

    /// The cache's identity holds the identity of the file of every library that decides an
    /// output (see `ToolIdentity`): a cache written under another identity of any one of
    /// them (here cairo's, injected) is not trusted, so every job is made again.
    @Test func aCacheFromAnotherLibraryIsNotTrusted() throws {
        let built = EngineFixtures.Built(folder: TestPaths.temporaryFolder("cache-library"))
        OutputTreeTests.writeArt(built.folder, revision: 1)
        let all = try built.build()
        #expect(all.contains("charms/sun") && all.contains("table/charm table"))
        #expect(try built.build().isEmpty)
        let files = ToolIdentity.libraryFiles.compactMap { $0 }
        #expect(files.count == 6)
        for (file, name) in zip(files, ["/libcairo", "/libpng", "/libz", "/libebur128", "/libkissfft", "/liblcms2"]) {
            #expect(file.contains(name), "\(files)")
            #expect(ToolIdentity.current.contains("\(file) \(try FileIO.executableIdentity(ofFile: file))"), "\(name)")
        }
        let cairo = "\(files[0]) \(try FileIO.executableIdentity(ofFile: files[0]))"
        let other = ToolIdentity.current.replacing(cairo, with: "\(files[0]) \(ContentHash.of([1]))")
        #expect(other != ToolIdentity.current)
        let cacheFile = built.out + "/" + BuildCache.file
        let cache = try #require(BuildCache.decode(try FileIO.read(cacheFile), tool: ToolIdentity.current))
        built.folder.write("out/" + BuildCache.file, cache.encoded(tool: other))
        #expect(try built.build() == all)
    }

    /// A cached warning keeps its art file relative to the art folder, so after the
    /// art folder is renamed the replayed warning names it as this build was given it.
    @Test func aReplayedWarningNamesTheArtFolderAsGivenThisBuild() throws {
        let folder = TestPaths.temporaryFolder("cache-renamed-art")
        OutputTreeTests.writeArt(folder, revision: 1)
        let hazy = Synthetic.paintedDisc(width: 120, height: 110, center: (60, 55), radius: 40, softness: 5, color: (250, 200, 60), matte: 14)
        folder.write("art/charms/sun.png", PNGEncoder.encode(hazy, as: .rgb))
        func build(_ art: String) throws -> (made: Set<String>, warnings: [String]) {
            let made = MadeJobs()
            let report = try BuildEngine.build(
                BuildEngine.Options(artFolder: folder.path + "/" + art, outputFolder: folder.path + "/out", progress: made.options))
            return (made.jobs, report.warnings.map(\.subject))
        }
        let first = try build("art")
        #expect(first.made.contains("charms/sun"))
        #expect(first.warnings == [folder.path + "/art/charms/sun.png"])
        try FileManager.default.moveItem(atPath: folder.path + "/art", toPath: folder.path + "/paintings")
        let second = try build("paintings")
        #expect(!second.made.contains("charms/sun"))
        #expect(second.warnings == [folder.path + "/paintings/charms/sun.png"])
    }

    /// An executable is identified by the build ID the linker wrote in its headers (not
    /// by hashing tens of megabytes on every build): the test executable's ID is the one
    /// `readelf` (or `otool`) would show, any change to the ID changes the identity, and
    /// a file with no ID is identified by its hash.
    @Test func anExecutableIsIdentifiedByItsBuildID() throws {
        let folder = TestPaths.temporaryFolder("identity")
        let executable = try #require(FileIO.executablePath())
        let bytes = try FileIO.read(executable, limit: .max)
        let id = try #require(
            ExecutableHeaders.buildID(Array(bytes.prefix(64))) { offset, count in
                offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
            })
        #expect(id.count >= 16)
        #expect(try FileIO.executableIdentity(ofFile: executable) == ContentHash.of(Array("build id ".utf8) + id))
        // The same file with one byte of its ID changed is another build.
        let at = try #require((0...(bytes.count - id.count)).first { Array(bytes[$0..<($0 + id.count)]) == id })
        var changed = bytes
        changed[at] ^= 1
        folder.write("changed", changed)
        #expect(try FileIO.executableIdentity(ofFile: folder.path + "/changed") != FileIO.executableIdentity(ofFile: executable))
        folder.write("script", "#!/bin/sh\necho hello\n")
        #expect(try FileIO.executableIdentity(ofFile: folder.path + "/script") == FileIO.contentHash(ofFile: folder.path + "/script"))
        #expect(throws: FileError.self) { try FileIO.executableIdentity(ofFile: folder.path + "/missing") }
    }
}
