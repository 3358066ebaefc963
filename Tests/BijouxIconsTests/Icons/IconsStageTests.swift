import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Icon stage")
struct IconsStageTests {
    static func contents(_ folder: TemporaryFolder, _ name: String) -> String {
        String(decoding: folder.read("out/Assets.xcassets/Icons/\(name).imageset/Contents.json") ?? [], as: UTF8.self)
    }

    @Test func buildsTemplateImageSetsAtThreeScales() throws {
        let folder = TestPaths.temporaryFolder("icons")
        IconFixtures.makeArt(folder)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.stages == ["icons", "symbols"])
        #expect(report.warnings.isEmpty)
        #expect(folder.exists("out/Assets.xcassets/Icons/Contents.json"))
        #expect(folder.exists("out/" + ContactSheetPage.path))
        for name in IconFixtures.names {
            #expect(Self.contents(folder, name) == AssetCatalog.imageSetContents(name: name, properties: ["template-rendering-intent": "template"]))
            #expect(Self.contents(folder, name).contains(#""template-rendering-intent" : "template""#))
            for scale in DrawnIcon.scales {
                let png = try PNGDecoder.decodeFile(
                    "\(folder.path)/out/Assets.xcassets/Icons/\(name).imageset/\(AssetCatalog.imageFileName(name, scale: scale))")
                #expect(png.width == 24 * scale && png.height == 24 * scale)
            }
        }
        #expect(
            report.notes.contains {
                $0.hasPrefix("icon give: 24×24 pt, wobble 0.5 pt / 8 pt, 2 octaves, seed \(WobbleParameters.seed(forName: "give")), template")
            })
    }

    @Test func sameBytesForAnyNumberOfJobs() throws {
        let one = TestPaths.temporaryFolder("icons-1"), four = TestPaths.temporaryFolder("icons-4")
        IconFixtures.makeArt(one)
        IconFixtures.makeArt(four)
        try BuildEngine.build(EngineFixtures.options(one, jobs: 1))
        try BuildEngine.build(EngineFixtures.options(four, jobs: 4))
        #expect(one.files() == four.files())
        for file in one.files() { #expect(one.read(file) == four.read(file), "\(file)") }
        #expect(try BuildEngine.build(EngineFixtures.options(one, jobs: 3)).files.written.isEmpty)
    }

    /// With icons.json asking for both forms: each icon's bitmaps as `<name>-bitmap`, its
    /// vector and its symbol set, the same bytes with one job and four.
    @Test func theFormsAreTheSameBytesForAnyNumberOfJobs() throws {
        let one = TestPaths.temporaryFolder("forms-1"), four = TestPaths.temporaryFolder("forms-4")
        for folder in [one, four] {
            IconFixtures.makeArt(folder)
            folder.write("art/icons.json", #"{"defaults": {"vector": true}, "icons": {"give": {"symbol": true}}}"#)
        }
        try BuildEngine.build(EngineFixtures.options(one, jobs: 1))
        try BuildEngine.build(EngineFixtures.options(four, jobs: 4))
        #expect(one.files() == four.files())
        for file in one.files() { #expect(one.read(file) == four.read(file), "\(file)") }
        let icons = Set(one.files().filter { $0.hasPrefix("out/Assets.xcassets/Icons/") })
        #expect(icons.contains("out/Assets.xcassets/Icons/give.symbolset/give.svg"))
        #expect(icons.contains("out/Assets.xcassets/Icons/give-bitmap.imageset/give-bitmap@3x.png"))
        #expect(icons.contains("out/Assets.xcassets/Icons/give-vector.imageset/give-vector.svg"))
        #expect(icons.contains("out/Assets.xcassets/Icons/wear.imageset/wear@3x.png"))
        #expect(icons.contains("out/Assets.xcassets/Icons/wear-vector.imageset/Contents.json"))
        #expect(!icons.contains { $0.hasPrefix("out/Assets.xcassets/Icons/give.imageset") || $0.hasPrefix("out/Assets.xcassets/Icons/wear.symbolset") })
    }

    /// A symbol takes the icon's name and moves its bitmaps to `<name>-bitmap`: an icon of
    /// that name already is one error naming both, before anything is drawn.
    @Test func aSymbolAndAnImageOfOneNameClash() throws {
        let folder = TestPaths.temporaryFolder("forms-clash")
        IconFixtures.makeArt(folder)
        folder.write("art/icons/give-bitmap.svg", folder.read("art/icons/give.svg")!)
        folder.write("art/icons.json", #"{"icons": {"give": {"symbol": true}}}"#)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".contains("give-bitmap") && "\(error)".contains("rename one")
        }
        #expect(!folder.files().contains { $0.hasPrefix("out/") })
    }

    @Test func settingsChangeTheWobbleAndTheRenderingIntent() throws {
        let folder = TestPaths.temporaryFolder("icons-settings")
        IconFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        folder.write("art/icons.json", #"{"icons": {"give": {"renderingIntent": "original"}, "wear": {"seed": 99}, "receive": {"amplitude": 0}}}"#)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(Self.contents(folder, "give").contains(#""template-rendering-intent" : "original""#))
        let changed = Set(report.files.written)
        #expect(changed.contains("Assets.xcassets/Icons/give.imageset/Contents.json"))
        #expect(!changed.contains("Assets.xcassets/Icons/give.imageset/give@3x.png"))
        #expect(changed.isSuperset(of: ["Assets.xcassets/Icons/wear.imageset/wear@3x.png", "Assets.xcassets/Icons/receive.imageset/receive@3x.png"]))
        #expect(folder.read("out/Assets.xcassets/Icons/pass-on.imageset/pass-on@3x.png") == before["out/Assets.xcassets/Icons/pass-on.imageset/pass-on@3x.png"])
        #expect(report.notes.contains("icon receive: 24×24 pt, wobble off, template"))
    }

    @Test func settingsForAnIconThatDoesNotExistAreAnError() {
        let folder = TestPaths.temporaryFolder("icons-typo")
        IconFixtures.makeArt(folder)
        folder.write("art/icons.json", "{\"icons\": {\n  \"recieve\": {\"amplitude\": 0.2}}}")
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/icons.json:2:14: icon 'recieve': there is no icons/recieve.svg"
        }
    }

    @Test func aBadIconFailsTheBuildNamingItAndWritesNothing() throws {
        let folder = TestPaths.temporaryFolder("icons-bad")
        IconFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        folder.write("art/icons/wear.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle r="3" fill="red"/></svg>"#)
        folder.write("art/icons/receive.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><image href="/etc/hosts"/></svg>"#)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/icons/receive.svg:1:64: <image href=…>: reference \"/etc/hosts\" is not allowed")
        }
        for (path, bytes) in before where path.hasPrefix("out/") { #expect(folder.read(path) == bytes, "\(path) changed") }
    }

    @Test func aRemovedIconLosesItsImageSet() throws {
        let folder = TestPaths.temporaryFolder("icons-prune")
        IconFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        try FileManager.default.removeItem(atPath: folder.path + "/art/icons/wear.svg")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.files.removed.contains("Assets.xcassets/Icons/wear.imageset/wear@2x.png"))
        #expect(!folder.exists("out/Assets.xcassets/Icons/wear.imageset"))
    }

    @Test func strayFilesWarnAndBadNamesFail() throws {
        let folder = TestPaths.temporaryFolder("icons-names")
        IconFixtures.makeArt(folder)
        folder.write("art/icons/notes.txt", "sketches")
        folder.write("art/icons/.DS_Store", "Finder's")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.warnings.map(\.description) == ["\(folder.path)/art/icons/notes.txt: not an .svg file; ignored"])
        folder.write("art/icons/-give.svg", FileManager.default.contents(atPath: TestPaths.art + "/icons/give.svg").map { Array($0) }!)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/icons/-give.svg: \"-give\" is not a valid icon name")
        }
    }

    @Test func inkAtTheEdgeWarnsThatTheWobbleCanClipIt() throws {
        let folder = TestPaths.temporaryFolder("icons-edge")
        folder.write(
            "art/icons/bar.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M0 12h24" stroke="currentColor" stroke-width="2"/></svg>"#)
        folder.write(
            "art/icons/dot.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="4" fill="currentColor"/></svg>"#)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.warnings.map(\.subject) == ["\(folder.path)/art/icons/bar.svg"])
        #expect(report.warnings.first?.message.contains("within the wobble's amplitude (0.5 pt) of the edge") == true)
    }

    /// An attribute value librsvg would ignore is a warning at the attribute's line and
    /// column (and on the icon's card), in the build and, from the cache, in the next.
    @Test func aValueLibrsvgIgnoresWarnsAtItsPosition() throws {
        let folder = TestPaths.temporaryFolder("icons-ignored")
        folder.write(
            "art/icons/dot.svg",
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
              <circle cx="12" cy="12" r="6" fill="currentColor"
                      stroke="currentColor" stroke-width="abc"/>
            </svg>
            """)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        let expected = BuildWarning(
            subject: "\(folder.path)/art/icons/dot.svg:3:33",
            message:
                "<circle stroke-width=\"abc\">: not a length (a number with an optional unit such as px or %), so librsvg ignores it, as if it were not there")
        #expect(report.warnings == [expected])
        #expect(expected.diagnostic.line(.warning).hasPrefix("\(folder.path)/art/icons/dot.svg:3:33: warning: <circle stroke-width="))
        let page = String(decoding: folder.read("out/" + ContactSheetPage.path)!, as: UTF8.self)
        #expect(
            page.contains("data-asset=\"icon:dot\" data-warnings=\"1\"") && page.contains("<li>3:33: &lt;circle stroke-width=&quot;abc&quot;&gt;: not a length")
        )
        #expect(try BuildEngine.build(EngineFixtures.options(folder)).warnings == [expected], "a cached icon keeps its warning")
    }

    @Test func aCharmRebuildLeavesTheIconsAlone() throws {
        let folder = TestPaths.temporaryFolder("icons-charm")
        EngineFixtures.makeArt(folder)
        IconFixtures.makeArt(folder)
        #expect(try BuildEngine.build(EngineFixtures.options(folder)).stages == ["charms", "icons", "symbols", "table"])
        let report = try BuildEngine.build(BuildEngine.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out", onlyCharms: ["sun"]))
        #expect(report.stages == ["charms"])
        #expect(folder.exists("out/Assets.xcassets/Icons/give.imageset/give@3x.png"))
    }

    /// The project's five icons follow one drawing rule: one ink (currentColor), one
    /// stroke weight, round caps and joins, no fills, on a 24-point canvas.
    @Test(arguments: IconFixtures.names)
    func projectIconsShareOneStyle(_ name: String) throws {
        let text = String(decoding: try FileIO.read(TestPaths.art + "/icons/\(name).svg"), as: UTF8.self)
        for attribute in [
            #"width="24""#, #"height="24""#, #"viewBox="0 0 24 24""#, #"fill="none""#, #"stroke="currentColor""#,
            #"stroke-width="1.75""#, #"stroke-linecap="round""#, #"stroke-linejoin="round""#,
        ] {
            #expect(text.components(separatedBy: attribute).count == 2, "\(name): \(attribute) once, on the root")
        }
        for other in ["stroke-width=", "fill=", "stroke=", "style=", "opacity"] {
            #expect(text.components(separatedBy: other).count <= 2, "\(name): a second \(other)")
        }
    }
}
