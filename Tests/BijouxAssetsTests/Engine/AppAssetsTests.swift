import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// `app-assets`: the app icon, its iOS 26 document and the accent colour, copied from a
/// build into a folder of the app target, touching nothing else there.
@Suite("The app's own assets, into the app target")
struct AppAssetsTests {
    /// A build's output folder holding the three items, and an app folder with a catalog
    /// of its own (another image set, an old icon set) and a source file.
    static func makeFolders(_ folder: TemporaryFolder) {
        folder.write("out/AppIcon.icon/icon.json", "{}")
        folder.write("out/AppIcon.icon/Assets/thread.svg", "<svg/>")
        folder.write("out/Assets.xcassets/AppIcon.appiconset/Contents.json", "{\"images\" : []}")
        folder.write("out/Assets.xcassets/AppIcon.appiconset/AppIcon.png", [0x89, 0x50])
        folder.write("out/Assets.xcassets/AccentColor.colorset/Contents.json", "{\"colors\" : []}")
        folder.write("out/Assets.xcassets/Charms/heart.imageset/Contents.json", "{}")
        folder.write("App/Assets.xcassets/Contents.json", "{ \"the app's own\" : 1 }")
        folder.write("App/Assets.xcassets/Other.imageset/Contents.json", "{}")
        folder.write("App/Assets.xcassets/AppIcon.appiconset/Old.png", [1])
        folder.write("App/Sources/main.swift", "print(1)\n")
        folder.write("art/charms.json", "{}")
    }

    @Test func theThreeItemsReplaceTheirOldSelvesAndNothingElseIsTouched() throws {
        let folder = TestPaths.temporaryFolder("app-assets")
        Self.makeFolders(folder)
        let before = OutputFolder.snapshot(folder.path + "/App")
        let report = try AppAssets.export(from: folder.path + "/out", into: folder.path + "/App", artFolder: folder.path + "/art")
        #expect(report.written == ["AppIcon.icon", "Assets.xcassets/AppIcon.appiconset", "Assets.xcassets/AccentColor.colorset"])
        let after = OutputFolder.snapshot(folder.path + "/App")
        let items = ["AppIcon.icon/", "Assets.xcassets/AppIcon.appiconset/", "Assets.xcassets/AccentColor.colorset/"]
        let outside = { (path: String) in !items.contains { path.hasPrefix($0) } }
        #expect(after.filter { outside($0.key) } == before.filter { outside($0.key) }, "the app's other files are as they were")
        let built = OutputFolder.snapshot(folder.path + "/out")
        for (path, bytes) in built where !outside(path) { #expect(after[path] == bytes, "\(path)") }
        #expect(after.keys.filter { !outside($0) }.sorted() == built.keys.filter { !outside($0) }.sorted(), "the old icon set's files are gone")
        #expect(after["Assets.xcassets/Charms/heart.imageset/Contents.json"] == nil, "only the app's own assets are copied")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/App").filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "no staging folder is left: \(hidden)")

        // Again: the same bytes are there, so nothing is replaced.
        try OutputFolder.age(folder.path + "/App")
        let again = try AppAssets.export(from: folder.path + "/out", into: folder.path + "/App", artFolder: folder.path + "/art")
        #expect(again.written.isEmpty && again.unchanged.count == 3)
        #expect(try OutputFolder.rewritten(folder.path + "/App").isEmpty)
    }

    @Test func anAppWithoutACatalogGetsOneWithXcodesRootContents() throws {
        let folder = TestPaths.temporaryFolder("app-assets-new")
        Self.makeFolders(folder)
        try FileManager.default.removeItem(atPath: folder.path + "/App/Assets.xcassets")
        _ = try AppAssets.export(from: folder.path + "/out", into: folder.path + "/App", artFolder: folder.path + "/art")
        #expect(folder.read("App/Assets.xcassets/Contents.json") == Array(AssetCatalog.folderContents().utf8))
        #expect(folder.exists("App/Assets.xcassets/AccentColor.colorset/Contents.json"))
    }

    @Test func aFolderThatIsNotTheAppsIsRefusedAndNothingIsWritten() throws {
        let folder = TestPaths.temporaryFolder("app-assets-refused")
        Self.makeFolders(folder)
        let out = folder.path + "/out"
        let cases: [(into: String, message: String)] = [
            (folder.path + "/Missing", "\(folder.path)/Missing: error: cannot write: no such folder; give the app target's folder"),
            (folder.path + "/art", "\(folder.path)/art: error: cannot write: overlaps the art folder \(folder.path)/art; give a folder of the app target"),
            (out + "/AppIcon.icon", "\(out)/AppIcon.icon: error: cannot write: overlaps the output folder \(out); give a folder of the app target"),
            (folder.path, "\(folder.path): error: cannot write: overlaps the art folder \(folder.path)/art; give a folder of the app target"),
        ]
        for (into, message) in cases {
            let before = OutputFolder.snapshot(folder.path)
            do {
                _ = try AppAssets.export(from: out, into: into, artFolder: folder.path + "/art")
                Issue.record("\(into) was accepted")
            } catch {
                #expect(error.diagnostic.line(.error) == message)
            }
            #expect(OutputFolder.snapshot(folder.path) == before)
        }
        let empty = TestPaths.temporaryFolder("app-assets-empty")
        empty.write("out/Assets.xcassets/Contents.json", "{}")
        empty.write("App/.keep", "")
        #expect(throws: FileError.self) { _ = try AppAssets.export(from: empty.path + "/out", into: empty.path + "/App", artFolder: empty.path + "/art") }
    }

    /// Through the tool: it builds first, then copies what the art makes (here the accent).
    @Test(.tags(.slow), .notInFastRun) func theCommandBuildsThenCopies() throws {
        let folder = TestPaths.temporaryFolder("app-assets-cli")
        EngineFixtures.makeArt(folder)
        folder.write("art/palette.json", ##"{"colors": {"paper": "#171513", "camel": "#C9A16B"}, "accent": "camel"}"##)
        folder.write("App/main.swift", "print(1)\n")
        let run = try CLI.run(["app-assets", "App", "--art", "art", "--out", "out"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote App/Assets.xcassets/AccentColor.colorset\n")
        #expect(folder.read("App/Assets.xcassets/AccentColor.colorset/Contents.json") == folder.read("out/Assets.xcassets/AccentColor.colorset/Contents.json"))
        let again = try CLI.run(["app-assets", "App", "--art", "art", "--out", "out"], in: folder.path)
        #expect(again.stdout == "unchanged App/Assets.xcassets/AccentColor.colorset\n")
        let misuse = try CLI.run(["app-assets"], in: folder.path)
        #expect(misuse.status == 2 && misuse.stderr == "error: missing argument <folder>. See 'bijoux-assets app-assets --help'.\n")
    }
}
