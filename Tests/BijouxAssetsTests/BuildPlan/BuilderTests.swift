import Foundation
import Testing

@testable import BijouxAssets

@Suite("Build planning and atomic output")
struct BuilderTests {
    /// A small art folder: three soft discs painted on black.
    static func makeArt(_ folder: TemporaryFolder, hazyMatte: Bool = false) {
        folder.write("art/charms.json", """
            {"charms": [
              {"id": "sun", "displayName": "Sun", "note": "you light me up", "swayDuration": 3.0},
              {"id": "moon", "displayName": "Moon", "note": "night night", "swayDuration": 2.5},
              {"id": "plum", "displayName": "Plum", "note": "sweet", "swayDuration": 4.0}
            ]}
            """)
        let colors: [(String, (Double, Double, Double))] = [("sun", (250, 200, 60)), ("moon", (220, 220, 240)), ("plum", (150, 40, 160))]
        for (i, (id, color)) in colors.enumerated() {
            let disc = Synthetic.paintedDisc(
                width: 160 + i * 10, height: 150, center: (80, 75), radius: 55, softness: 6, color: color,
                matte: hazyMatte && id == "moon" ? 7 : 0)
            folder.write("art/charms/\(id).png", PNGEncoder.encode(disc, as: .rgb))
        }
    }

    static func options(_ folder: TemporaryFolder, strict: Bool = false, jobs: Int = 2, only: Set<String>? = nil) -> Builder.Options {
        Builder.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out", strict: strict, jobs: jobs, onlyCharms: only)
    }

    @Test func buildsTheCatalogLayout() throws {
        let folder = TestPaths.temporaryFolder("layout")
        Self.makeArt(folder)
        let report = try Builder.build(Self.options(folder))
        #expect(report.stages.contains("charms"))
        #expect(report.warnings.isEmpty)
        let files = folder.files().filter { $0.hasPrefix("out/") }.map { String($0.dropFirst(4)) }
        for id in ["sun", "moon", "plum"] {
            for file in ["Contents.json", "\(id).png", "\(id)@2x.png", "\(id)@3x.png"] {
                #expect(files.contains("Assets.xcassets/Charms/\(id).imageset/\(file)"))
            }
            #expect(files.contains("Preview/Charms/\(id).png"))
            let at3x = try PNGDecoder.decodeFile("\(folder.path)/out/Assets.xcassets/Charms/\(id).imageset/\(id)@3x.png")
            #expect(at3x.width == 360 && at3x.height == 330)
        }
        #expect(files.contains("Assets.xcassets/Contents.json"))
        #expect(files.contains("Assets.xcassets/Charms/Contents.json"))
        #expect(files.contains("Preview/charms-22px.png"))
    }

    @Test func sameBytesForAnyNumberOfJobsAndUnchangedFilesAreNotRewritten() throws {
        let folder = TestPaths.temporaryFolder("jobs")
        Self.makeArt(folder)
        let first = try Builder.build(Self.options(folder, jobs: 1))
        let snapshot = folder.files().map { folder.read($0)! }
        let again = try Builder.build(Self.options(folder, jobs: 4))
        #expect(again.files.written.isEmpty)
        #expect(again.files.unchanged.count == first.files.written.count)
        #expect(folder.files().map { folder.read($0)! } == snapshot)
    }

    @Test func aFailedBuildLeavesThePreviousOutputsIntact() throws {
        let folder = TestPaths.temporaryFolder("atomic")
        Self.makeArt(folder)
        try Builder.build(Self.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        // Revise the sun, and break the plum: nothing at all may change.
        folder.write("art/charms/sun.png", PNGEncoder.encode(Synthetic.paintedDisc(width: 100, height: 100, center: (50, 50), radius: 30, softness: 3, color: (255, 0, 0)), as: .rgb))
        folder.write("art/charms/plum.png", Array("not a png".utf8))
        #expect {
            try Builder.build(Self.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/charms/plum.png: not a PNG file (bad signature)"
        }
        for (path, bytes) in before where path.hasPrefix("out/") { #expect(folder.read(path) == bytes, "\(path) changed") }
        #expect(!folder.files().contains { $0.contains(FileIO.temporaryPrefix) })
    }

    @Test func aHazyMatteWarnsAndStrictFails() throws {
        let folder = TestPaths.temporaryFolder("matte")
        Self.makeArt(folder, hazyMatte: true)
        let report = try Builder.build(Self.options(folder))
        #expect(report.warnings.count == 1)
        #expect(report.warnings[0].subject.hasSuffix("art/charms/moon.png"))
        #expect(report.warnings[0].message.contains("charm 'moon': matte is not black: background floor 7/255"))
        #expect(report.warnings[0].message.contains("\"blackPoint\": 7"))
        #expect(throws: StrictModeFailure.self) { try Builder.build(Self.options(folder, strict: true)) }
        // The suggested black point clears it.
        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(of: "\"night night\",", with: "\"night night\", \"blackPoint\": 7,")
        folder.write("art/charms.json", table)
        #expect(try Builder.build(Self.options(folder, strict: true)).warnings.isEmpty)
    }

    @Test func oneCharmRebuildTouchesNothingElse() throws {
        let folder = TestPaths.temporaryFolder("one")
        Self.makeArt(folder)
        try Builder.build(Self.options(folder))
        let before = Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.read($0)!) })
        folder.write("art/charms/sun.png", PNGEncoder.encode(Synthetic.paintedDisc(width: 100, height: 100, center: (50, 50), radius: 30, softness: 3, color: (255, 0, 0)), as: .rgb))
        let report = try Builder.build(Self.options(folder, only: ["sun"]))
        #expect(Set(report.files.written) == [
            "Assets.xcassets/Charms/sun.imageset/sun.png", "Assets.xcassets/Charms/sun.imageset/sun@2x.png",
            "Assets.xcassets/Charms/sun.imageset/sun@3x.png", "Preview/Charms/sun.png",
        ])
        for (path, bytes) in before where path.hasPrefix("out/") && !path.contains("sun") {
            #expect(folder.read(path) == bytes, "\(path) changed")
        }
        #expect(throws: ArtFolderError.self) { try Builder.build(Self.options(folder, only: ["comet"])) }
    }

    @Test func aCharmRemovedFromTheTableLosesItsOutputs() throws {
        let folder = TestPaths.temporaryFolder("prune")
        Self.makeArt(folder)
        try Builder.build(Self.options(folder))
        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\": \"moon\", \"displayName\": \"Moon\", \"note\": \"night night\", \"swayDuration\": 2.5},", with: "")
        folder.write("art/charms.json", table)
        let report = try Builder.build(Self.options(folder))
        #expect(report.files.removed.contains("Assets.xcassets/Charms/moon.imageset/moon@3x.png"))
        #expect(!folder.exists("out/Assets.xcassets/Charms/moon.imageset"))
        #expect(!folder.exists("out/Preview/Charms/moon.png"))
    }

    @Test func anUnwritableOutputFolderIsReported() throws {
        let folder = TestPaths.temporaryFolder("unwritable")
        Self.makeArt(folder)
        folder.write("out", "a file where the output folder should be")
        #expect {
            try Builder.build(Self.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/out") && "\(error)".contains("cannot write")
        }
    }

    @Test func anEmptyArtFolderSaysWhatIsMissing() {
        let folder = TestPaths.temporaryFolder("empty")
        folder.write("art/readme.txt", "nothing here")
        #expect {
            try Builder.build(Self.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art: nothing to build: no charms.json, icons/ or appicon.json"
        }
    }
}
