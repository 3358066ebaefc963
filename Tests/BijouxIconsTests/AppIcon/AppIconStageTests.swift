import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("App icon stage in the build")
struct AppIconStageTests {
    static let iconFiles = ["Contents.json", "AppIcon.png", "AppIcon-dark.png", "AppIcon-tinted.png"].map { "Assets.xcassets/AppIcon.appiconset/" + $0 }

    @Test(.tags(.slow), .notInFastRun) func theBuildMakesTheIconSetAndItsPreviews() throws {
        let folder = TestPaths.temporaryFolder("appicon")
        AppIconFixture.makeArt(folder)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.stages.suffix(4) == ["charms", "symbols", "app icon", "table"])
        for path in Self.iconFiles + [AppIconStage.homePreviewPath(.dark), AppIconStage.safeZonePreviewPath, ContactSheetPage.path] {
            #expect(folder.exists("out/" + path), "\(path)")
        }
        #expect(report.notes.contains { $0.hasPrefix("app icon: thread ") && $0.contains("heart bottom margin") })
        // A stale file in the icon set (an old variant's name) is removed: the stage owns the folder.
        folder.write("out/Assets.xcassets/AppIcon.appiconset/Icon-old.png", [1, 2, 3])
        let again = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(again.files.removed == ["Assets.xcassets/AppIcon.appiconset/Icon-old.png"])
        #expect(again.files.written.isEmpty)
    }

    @Test(.tags(.slow), .notInFastRun) func theBuildMakesTheIconComposerDocumentBesideTheIconSet() throws {
        let folder = TestPaths.temporaryFolder("appicon-document")
        AppIconFixture.makeArt(folder)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        let document = "out/" + LeFilDocument.folder
        let json = try #require(folder.read(document + "/icon.json"))
        // icon.json names exactly the files in Assets/, each of which is there.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let groups = try #require(parsed["groups"] as? [[String: Any]])
        let named = groups.flatMap { ($0["layers"] as? [[String: Any]] ?? []).compactMap { $0["image-name"] as? String } }
        let present = folder.files().filter { $0.hasPrefix(document + "/Assets/") }.map { String($0.dropFirst(document.count + "/Assets/".count)) }
        #expect(named.sorted() == present.sorted())
        #expect(named == ["thread.svg", "ring.svg", "heart.png"])
        for look in LeFilLooks.Look.allCases { #expect(folder.exists("out/" + LeFilDocument.Checked.homePath(look))) }
        let page = String(decoding: folder.read("out/" + ContactSheetPage.path) ?? [], as: UTF8.self)
        for look in LeFilLooks.Look.allCases { #expect(page.contains("data-asset=\"iconcomposer:\(look.rawValue)\"")) }
        #expect(page.contains("Approximation: " + HTML.escape(LeFilDocument.Checked.approximation)))
        #expect(report.notes.contains { $0.hasPrefix("AppIcon.icon: thread ") && $0.contains("heart bottom margin") })
        // The stage owns the document's folder: a stale layer goes.
        folder.write(document + "/Assets/old.svg", "<svg/>")
        let again = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(again.files.removed == [LeFilDocument.folder + "/Assets/old.svg"])
    }

    @Test(.tags(.slow), .notInFastRun) func aBrokenRuleFailsTheBuildAndWritesNothing() throws {
        let folder = TestPaths.temporaryFolder("appicon-rule")
        AppIconFixture.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        // A revised heart and a raised thread in the same build: nothing may change.
        folder.write("art/charms/heart.png", try FileIO.read(TestPaths.art + "/charms/cherry.png"))
        folder.write("art/appicon.json", AppIconFixture.json.replacingOccurrences(of: "\"topFraction\": 0.285", with: "\"topFraction\": 0.1"))
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/appicon.json:2:13: rule 'thread inside the safe zone' failed (geometry): ")
        }
        for (path, bytes) in before where path.hasPrefix("out/") { #expect(folder.read(path) == bytes, "\(path) changed") }
    }

    @Test func theCharmMustBeInTheTable() throws {
        let folder = TestPaths.temporaryFolder("appicon-charm")
        AppIconFixture.makeArt(folder, appIcon: AppIconFixture.json.replacingOccurrences(of: "\"id\": \"heart\"", with: "\"id\": \"comet\""))
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/appicon.json:10:19: field 'charm.id': no charm 'comet' in charms.json (known: heart, star)"
        }
        let bare = TestPaths.temporaryFolder("appicon-bare")
        bare.write("art/appicon.json", AppIconFixture.json)
        #expect {
            try BuildEngine.build(EngineFixtures.options(bare))
        } throws: { error in
            "\(error)" == "\(bare.path)/art/appicon.json:10:19: field 'charm.id': the icon hangs charm 'heart', but there is no charms.json to find its art in"
        }
    }

    @Test(.tags(.slow), .notInFastRun) func aRevisedHeartRevisesTheIconAndNoOtherCharmDoes() throws {
        let folder = TestPaths.temporaryFolder("appicon-revise")
        AppIconFixture.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let icon = folder.read("out/Assets.xcassets/AppIcon.appiconset/AppIcon.png")!
        // Rebuilding the star leaves the icon alone.
        let star = try BuildEngine.build(EngineFixtures.options(folder, only: ["star"]))
        #expect(!star.files.written.contains { $0.contains("AppIcon") })
        #expect(star.files.removed.isEmpty)
        // A repainted heart: `charm heart` rebuilds its image set, the icon set and
        // the Icon Composer document's heart and its looks.
        folder.write("art/charms/heart.png", try FileIO.read(TestPaths.art + "/charms/cherry.png"))
        let heart = try BuildEngine.build(EngineFixtures.options(folder, only: ["heart"]))
        #expect(
            Set(heart.files.written).isSuperset(of: [
                "Assets.xcassets/Charms/heart.imageset/heart@3x.png", "Assets.xcassets/AppIcon.appiconset/AppIcon.png",
                LeFilDocument.folder + "/Assets/heart.png", LeFilDocument.Checked.homePath(.default),
            ]))
        #expect(folder.read("out/Assets.xcassets/AppIcon.appiconset/AppIcon.png") != icon)
        #expect(heart.files.removed.isEmpty)
    }

    /// The icon set and the document are two jobs (they run side by side) that both
    /// take the charm from the art folder, so the engine keys it once for both (and
    /// for the charms stage): a charm used three times is keyed on its first use and
    /// the two others get that keying, even after the file changed.
    @Test func theTwoJobsShareTheHeartKeyedOnce() throws {
        let folder = TestPaths.temporaryFolder("appicon-shared")
        AppIconFixture.makeArt(folder)
        let art = try ArtFolder(folder.path + "/art")
        let plan = try AppIconStage.plan(art)
        #expect(plan.jobs.map(\.name) == ["app icon", LeFilDocument.folder])
        #expect(plan.jobs.map(\.charms) == [["heart"], ["heart"]])
        #expect(plan.jobs.map(\.scope) == [.charm("heart"), .charm("heart")])
        let entry = try #require(art.table?.charms.first { $0.id == "heart" })
        let hash = try art.artHash(of: entry)
        art.expectUses(["heart": 3])
        let first = try art.keyedCharm(entry, expected: hash)
        folder.write("art/charms/heart.png", try FileIO.read(TestPaths.art + "/charms/cherry.png"))
        for _ in 0..<2 { #expect(try art.keyedCharm(entry, expected: hash).keyed == first.keyed) }
        // After its last expected use it is read again, and the change is seen.
        #expect(throws: ArtFileError.self) { try art.keyedCharm(entry, expected: hash) }
    }

    @Test(.tags(.slow), .notInFastRun) func theCommandLineReportsABrokenRuleOnOneLine() throws {
        let folder = TestPaths.temporaryFolder("appicon-cli")
        AppIconFixture.makeArt(folder, appIcon: AppIconFixture.json.replacingOccurrences(of: "\"height\": 330", with: "\"height\": 420"))
        let result = try CLI.run(["build", "--art", "art", "--out", "out"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("art/appicon.json:10:12: error: rule 'heart bottom margin' failed (geometry): charm 'heart' ends at y = "))
        #expect(result.stderr.hasSuffix("; limit: at least 21 %\n"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!folder.exists("out"))
    }
}
