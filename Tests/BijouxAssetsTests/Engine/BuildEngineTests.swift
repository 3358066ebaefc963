import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Build engine: planning and atomic output")
struct BuildEngineTests {
    @Test func buildsTheCatalogLayout() throws {
        let folder = TestPaths.temporaryFolder("layout")
        EngineFixtures.makeArt(folder)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.stages == ["charms", "symbols", "table"])
        #expect(report.warnings.isEmpty)
        let files = folder.files().filter { $0.hasPrefix("out/") }.map { String($0.dropFirst(4)) }
        for id in ["sun", "moon", "plum"] {
            for file in ["Contents.json", "\(id).png", "\(id)@2x.png", "\(id)@3x.png"] {
                #expect(files.contains("Assets.xcassets/Charms/\(id).imageset/\(file)"))
            }
            #expect(files.contains("Preview/Charms/\(id)-22pt@1x.png") && files.contains("Preview/Charms/\(id)-22pt@3x.png"))
            let at3x = try PNGDecoder.decodeFile("\(folder.path)/out/Assets.xcassets/Charms/\(id).imageset/\(id)@3x.png")
            #expect(at3x.width == 360 && at3x.height == 330)
        }
        #expect(files.contains("Assets.xcassets/Contents.json"))
        #expect(files.contains("Assets.xcassets/Charms/Contents.json"))
        #expect(files.contains(ContactSheetPage.path))
        let swift = String(decoding: try #require(folder.read("out/Generated/CharmTable.swift")), as: UTF8.self)
        #expect(swift.hasPrefix("// Generated from art/charms.json by bijoux-assets. Do not edit.\n// swiftlint:disable all\n"))
        #expect(swift.contains("    case sun = \"sun\"\n    case moon = \"moon\"\n    case plum = \"plum\"\n"))
        let json = String(decoding: try #require(folder.read("out/Generated/charms.json")), as: UTF8.self)
        #expect(json == CharmTableJSON.generate(try CharmTableSource.parse(try #require(folder.read("art/charms.json")), file: "x")))
    }

    /// The header names the art folder by its own name, so the generated files do not
    /// depend on where the checkout is.
    @Test func theGeneratedTableIsTheSameWhereverTheArtIs() throws {
        let first = TestPaths.temporaryFolder("where-a"), second = TestPaths.temporaryFolder("where-b")
        EngineFixtures.makeArt(first)
        EngineFixtures.makeArt(second)
        try BuildEngine.build(EngineFixtures.options(first))
        try BuildEngine.build(BuildEngine.Options(artFolder: second.path + "/art/", outputFolder: second.path + "/elsewhere"))
        for file in [TableStage.swiftPath, TableStage.jsonPath] {
            #expect(first.read("out/" + file) != nil)
            #expect(first.read("out/" + file) == second.read("elsewhere/" + file))
        }
        #expect(TableStage.sourceName(artFolder: "/some/checkout/design-art//") == "design-art/charms.json")
    }

    @Test func aMissingArtFileReadsTheSameFromEveryStage() throws {
        let folder = TestPaths.temporaryFolder("missing")
        EngineFixtures.makeArt(folder)
        FileIO.removeTree(folder.path + "/art/charms/moon.png")
        let expected =
            """
            \(folder.path)/art/charms.json:3:3: charm 'moon', field 'art': file charms/moon.png not found (the default path for this id; set \"art\" for \
            another)
            """
        #expect { try BuildEngine.build(EngineFixtures.options(folder)) } throws: { "\($0)" == expected }
        #expect { try BuildEngine.build(EngineFixtures.options(folder, only: ["moon"])) } throws: { "\($0)" == expected }
        #expect { try BuildEngine.run(CharmsStage.self, art: try ArtFolder(folder.path + "/art")) } throws: { "\($0)" == expected }
        #expect(!folder.exists("out"))
        // A charm rebuild of another charm does not need the moon.
        #expect(try BuildEngine.build(EngineFixtures.options(folder, only: ["sun"])).stages == ["charms"])
    }

    @Test func idsThatClashAsSwiftCasesFailTheBuildBeforeAnyCharmIsPainted() throws {
        let folder = TestPaths.temporaryFolder("clash")
        EngineFixtures.makeArt(folder)
        folder.write("art/charms/sun-moon.png", folder.read("art/charms/sun.png")!)
        folder.write("art/charms/sunMoon.png", folder.read("art/charms/sun.png")!)
        folder.write(
            "art/charms.json",
            """
            {"charms": [
              {"id": "sun-moon", "displayName": "Sun", "note": "n", "swayDuration": 3.0},
              {"id": "sunMoon", "displayName": "Moon", "note": "n", "swayDuration": 2.5}
            ]}
            """)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)"
                == """
                \(folder.path)/art/charms.json:3:3: charm 'sunMoon', field 'id': becomes the Swift name sunMoon, as does charm 'sun-moon' at 2:3; rename one \
                of them
                """
        }
        #expect(!folder.exists("out"))
    }

    @Test func staleFilesInGeneratedAreRemoved() throws {
        let folder = TestPaths.temporaryFolder("stale")
        EngineFixtures.makeArt(folder)
        // An earlier build's folder (its marker makes it the tool's to replace).
        folder.write("out/" + OutputPlace.marker, OutputPlace.markerBytes)
        folder.write("out/Generated/OldCharmTable.swift", "// from an older build")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.files.removed == ["Generated/OldCharmTable.swift"])
        #expect(folder.exists("out/Generated/CharmTable.swift") && !folder.exists("out/Generated/OldCharmTable.swift"))
    }

    @Test func sameBytesForAnyNumberOfJobsAndUnchangedFilesAreNotRewritten() throws {
        let folder = TestPaths.temporaryFolder("jobs")
        EngineFixtures.makeArt(folder)
        let first = try BuildEngine.build(EngineFixtures.options(folder, jobs: 1))
        let snapshot = folder.files().map { folder.read($0)! }
        let again = try BuildEngine.build(EngineFixtures.options(folder, jobs: 4))
        #expect(again.files.written.isEmpty)
        #expect(again.files.unchanged.count == first.files.written.count)
        #expect(folder.files().map { folder.read($0)! } == snapshot)
    }

    @Test func aFailedBuildLeavesThePreviousOutputsIntact() throws {
        let folder = TestPaths.temporaryFolder("atomic")
        EngineFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        // Revise the sun, and break the plum: nothing at all may change.
        folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 100, height: 100, center: (50, 50), radius: 30, softness: 3, color: (255, 0, 0)), as: .rgb))
        folder.write("art/charms/plum.png", Array("not a png".utf8))
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/charms/plum.png: not a PNG file (bad signature)"
        }
        for (path, bytes) in before where path.hasPrefix("out/") { #expect(folder.read(path) == bytes, "\(path) changed") }
        #expect(!folder.files().contains { $0.contains(FileIO.temporaryPrefix) })
    }

    @Test func aHazyMatteWarnsAndStrictFails() throws {
        let folder = TestPaths.temporaryFolder("matte")
        EngineFixtures.makeArt(folder, hazyMatte: true)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.warnings.count == 1)
        #expect(report.warnings[0].subject.hasSuffix("art/charms/moon.png"))
        #expect(report.warnings[0].message.contains("charm 'moon': matte is not black: background floor 7/255"))
        #expect(report.warnings[0].message.contains("\"blackPoint\": 7"))
        #expect(throws: StrictModeFailure.self) { try BuildEngine.build(EngineFixtures.options(folder, strict: true)) }
        // The suggested black point clears it.
        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(of: "\"night night\",", with: "\"night night\", \"blackPoint\": 7,")
        folder.write("art/charms.json", table)
        #expect(try BuildEngine.build(EngineFixtures.options(folder, strict: true)).warnings.isEmpty)
    }

    @Test func oneCharmRebuildTouchesNothingElse() throws {
        let folder = TestPaths.temporaryFolder("one")
        EngineFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 100, height: 100, center: (50, 50), radius: 30, softness: 3, color: (255, 0, 0)), as: .rgb))
        let report = try BuildEngine.build(EngineFixtures.options(folder, only: ["sun"]))
        #expect(report.stages == ["charms"])
        #expect(
            Set(report.files.written) == [
                "Assets.xcassets/Charms/sun.imageset/sun.png", "Assets.xcassets/Charms/sun.imageset/sun@2x.png",
                "Assets.xcassets/Charms/sun.imageset/sun@3x.png", "Preview/Charms/sun-22pt@1x.png", "Preview/Charms/sun-22pt@3x.png",
            ])
        for (path, bytes) in before where path.hasPrefix("out/") && !path.hasPrefix("out/.") && !path.contains("sun") {
            #expect(folder.read(path) == bytes, "\(path) changed")
        }
        #expect(throws: ArtFileError.self) { try BuildEngine.build(EngineFixtures.options(folder, only: ["comet"])) }
    }

    @Test func aCharmRemovedFromTheTableLosesItsOutputs() throws {
        let folder = TestPaths.temporaryFolder("prune")
        EngineFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\": \"moon\", \"displayName\": \"Moon\", \"note\": \"night night\", \"swayDuration\": 2.5},", with: "")
        folder.write("art/charms.json", table)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.files.removed.contains("Assets.xcassets/Charms/moon.imageset/moon@3x.png"))
        #expect(!folder.exists("out/Assets.xcassets/Charms/moon.imageset"))
        #expect(!folder.exists("out/Preview/Charms/moon-22pt@3x.png"))
    }

    @Test func anUnwritableOutputFolderIsReported() throws {
        let folder = TestPaths.temporaryFolder("unwritable")
        EngineFixtures.makeArt(folder)
        folder.write("out", "a file where the output folder should be")
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/out") && "\(error)".contains("cannot write")
        }
    }

    @Test func anEmptyArtFolderSaysWhatIsMissing() {
        let folder = TestPaths.temporaryFolder("empty")
        folder.write("art/readme.txt", "nothing here")
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art: nothing to build: no charms.json, icons/, palette.json, appicon.json, music/ or haptics/"
        }
    }
}

@Suite("Image names across stages")
struct ImageNameTests {
    @Test func aCharmAndAnIconWithOneNameAreRefused() throws {
        let folder = TestPaths.temporaryFolder("names")
        EngineFixtures.makeArt(folder)
        folder.write(
            "art/icons/sun.svg",
            #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6" fill="none" \#
            stroke="currentColor" stroke-width="1.75"/></svg>
            """#
        )
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)"
                == """
                \(folder.path)/art: two image sets are named 'sun' (in Assets.xcassets/Charms and Assets.xcassets/Icons); the app finds them by name alone, so \
                rename one
                """
        }
        #expect(!folder.exists("out"))
        // Renamed, it builds.
        try FileManager.default.moveItem(atPath: folder.path + "/art/icons/sun.svg", toPath: folder.path + "/art/icons/sunny.svg")
        #expect(try BuildEngine.build(EngineFixtures.options(folder)).stages == ["charms", "icons", "symbols", "table"])
    }
}
