import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("The sounds stage")
struct SoundsStageTests {
    /// A sounds job's artifact codes itself as every artifact does (`ArtifactCoding`): the
    /// facts come back bit for bit, a loop or none, and bytes that are not one whole
    /// artifact (cut short, or with more after it) decode to nothing.
    @Test func aSoundArtifactComesBackExactlyAndOnlyWhole() {
        let facts = AmbientTrack.Facts(
            name: "waltz", sampleRate: 48_000, frames: 1_234_567, loop: 1024..<1_234_567, tempo: 92.5, bars: 16, beatsPerBar: 3,
            loudness: -20.000000000000004, truePeak: -8.05)
        var unlooped = facts
        unlooped.loop = nil
        for artifact in [SoundArtifact.track(facts), .track(unlooped), .pattern("give")] {
            let bytes = artifact.encoded
            #expect(SoundArtifact(encoded: bytes) == artifact)
            for count in 0..<bytes.count { #expect(SoundArtifact(encoded: Array(bytes.prefix(count))) == nil) }
            #expect(SoundArtifact(encoded: bytes + [0]) == nil)
        }
    }

    /// The engine's small art folder plus a three-second score and a haptic recipe.
    static func makeArt(_ folder: TemporaryFolder) {
        EngineFixtures.makeArt(folder)
        folder.write(
            "art/music/short-loop.json",
            Array(#"{"tempo": 120, "bars": 2, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Ebdim7"], "seed": 3, "loop": true}"#.utf8))
        folder.write(
            "art/haptics/tap.json",
            Array(
                #"""
                {"ramp": {"count": 2, "spacing": 0.1, "startIntensity": 0.2, "endIntensity": 0.4, "startSharpness": 0.5, "endSharpness": 0.5}, "thud": \#
                {"delay": 0, "duration": 0.1, "intensity": 0.9, "sharpness": 0.1}}
                """#
                .utf8))
    }

    @Test(.tags(.slow), .notInFastRun) func buildsTheTrackThePatternAndTheirSwift() throws {
        let folder = TestPaths.temporaryFolder("sounds")
        Self.makeArt(folder)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.stages == ["charms", "symbols", "sounds", "table"], "the table after the sounds, so its JSON twin lists them")
        let m4a = try #require(folder.read("out/Audio/short-loop.m4a"))
        let decoded = try AACCodec.decode(m4a, file: "short-loop.m4a")
        #expect(abs(decoded.buffer.frames - 3 * 44_100) <= AACCodec.frameLength)
        let ahap = String(decoding: try #require(folder.read("out/Haptics/tap.ahap")), as: UTF8.self)
        #expect(ahap.contains("\"HapticContinuous\""))
        let json = String(decoding: try #require(folder.read("out/Generated/charms.json")), as: UTF8.self)
        #expect(json.contains("\"loopEndFrame\" : 132300") && json.contains("\"file\" : \"tap.ahap\"") && json.contains("\"category\" : \"ambient\""))

        // It needs BijouxKit alone, and finds its files on Linux and as an Apple platform compiles it.
        let swift = String(decoding: try #require(folder.read("out/Generated/Sounds.swift")), as: UTF8.self)
        #expect(swift.hasPrefix("// Generated from art/music and art/haptics by bijoux-assets. Do not edit.\n"))
        #expect(swift.contains("case shortLoop = \"short-loop\"") && swift.contains("case tap = \"tap\""))
        #expect(swift.contains("public enum AmbientTrack: String, CaseIterable, Sendable, BundledTrack {"))
        #expect(swift.contains("public enum HapticPattern: String, CaseIterable, Sendable, BundledHapticPattern {"))
        try Self.checkTheSwift(in: folder.path + "/out")
    }

    /// Compiles `Generated/Sounds.swift` of the output folder `out` with a program that
    /// prints each file's place, runs it beside the folder's `Audio/` and `Haptics/` (the
    /// main bundle of a program is its folder), and type-checks the app's calls as an
    /// iPhone and a Mac compile them.
    static func checkTheSwift(in out: String) throws {
        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")
        let program = TestPaths.temporaryFolder("sounds-swift")
        let sounds = FileManager.default.contents(atPath: out + "/Generated/Sounds.swift")
        #expect(FileManager.default.createFile(atPath: program.path + "/Sounds.swift", contents: sounds))
        for folder in ["Audio", "Haptics"] { try FileManager.default.copyItem(atPath: out + "/" + folder, toPath: program.path + "/" + folder) }
        program.write("main.swift", "import Foundation\nprint(AmbientTrack.shortLoop.url.path, HapticPattern.tap.url.path)\n")
        let built = try SwiftCompiler.run(
            ["-swift-version", "6", "-warnings-as-errors"] + BijouxKitModule.linkArguments + ["-o", "sounds", "main.swift", "Sounds.swift"],
            in: program.path)
        try #require(built.status == 0, "\(built.output)")
        let run = try SwiftCompiler.execute(program.path + "/sounds", in: program.path)
        let real = FileIO.realPath(program.path)
        #expect(run.output == "\(real)/Audio/short-loop.m4a \(real)/Haptics/tap.ahap\n")

        program.write(
            "App.swift",
            """
            import BijouxKit
            #if canImport(CoreHaptics)
                import CoreHaptics
                func transfer() throws -> CHHapticPattern { try HapticPattern.tap.pattern() }
            #endif
            #if canImport(AVFoundation)
                import AVFoundation
                func music() throws -> AVAudioPlayer { try AmbientTrack.shortLoop.player(in: .main) }
            #endif

            """)
        let standIns = AppleStandIns.shared.result
        try #require(standIns.status == 0, "\(standIns.output)")
        for platform in AppleStandIns.Platform.allCases {
            let checked = try AppleStandIns.typecheck(["Sounds.swift", "App.swift"], as: platform, in: program.path)
            #expect(checked.status == 0, "\(platform): \(checked.output)")
        }
    }

    /// `make charm` rebuilds one charm and nothing else: no synthesis, the track as it was.
    @Test func aCharmRebuildDoesNotTouchTheAudio() throws {
        let folder = TestPaths.temporaryFolder("sounds-charm")
        Self.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = try #require(folder.read("out/Audio/short-loop.m4a"))
        folder.write("art/music/short-loop.json", Array(#"{"tempo": 0}"#.utf8))  // would fail if read
        let report = try BuildEngine.build(EngineFixtures.options(folder, only: ["sun"]))
        #expect(!report.stages.contains("sounds"))
        #expect(folder.read("out/Audio/short-loop.m4a") == before)
    }

    /// The cache: an unchanged score is not synthesised again; a changed one remakes its
    /// track, the Swift that lists it and the JSON twin that states its facts, and
    /// nothing else; a change to the table alone remakes the table and not the track.
    @Test func anUnchangedScoreIsTakenFromTheCache() throws {
        let folder = TestPaths.temporaryFolder("sounds-cache")
        Self.makeArt(folder)
        func build() throws -> Set<String> {
            let made = MadeJobs()
            var options = EngineFixtures.options(folder)
            options.progress = made.options
            try BuildEngine.build(options)
            return made.jobs
        }
        #expect(try build().isSuperset(of: ["sounds/short-loop.m4a", "sounds/tap.ahap", "sounds/Sounds.swift", "table/charm table"]))
        #expect(try build().isEmpty)

        let table = String(decoding: folder.read("art/charms.json")!, as: UTF8.self)
        folder.write("art/charms.json", table.replacingOccurrences(of: "\"swayDuration\": 3.0", with: "\"swayDuration\": 3.5"))
        #expect(try build() == ["table/charm table"])
        let remade = String(decoding: try #require(folder.read("out/Generated/charms.json")), as: UTF8.self)
        #expect(remade.contains("\"loopEndFrame\" : 132300"), "the cached track's facts, from its artifact in the cache")

        let json = folder.read("out/Generated/charms.json")
        folder.write(
            "art/music/short-loop.json",
            Array(#"{"tempo": 120, "bars": 3, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Ebdim7"], "seed": 3, "loop": true}"#.utf8))
        #expect(try build() == ["sounds/short-loop.m4a", "sounds/Sounds.swift", "table/charm table"])
        let twin = String(decoding: try #require(folder.read("out/Generated/charms.json")), as: UTF8.self)
        #expect(twin.contains("\"loopEndFrame\" : 198450") && folder.read("out/Generated/charms.json") != json)

        folder.write(
            "art/haptics/tap.json",
            Array(
                #"""
                {"ramp": {"count": 3, "spacing": 0.1, "startIntensity": 0.2, "endIntensity": 0.4, "startSharpness": 0.5, "endSharpness": 0.5}, "thud": \#
                {"delay": 0, "duration": 0.1, "intensity": 0.9, "sharpness": 0.1}}
                """#
                .utf8))
        #expect(try build() == ["sounds/tap.ahap", "sounds/Sounds.swift", "table/charm table"])
    }

    /// Sounds.swift is the sounds stage's; when the music goes, the table's folder
    /// loses it, and the table's twin its `sounds` fields.
    @Test func removedSoundsLeaveNoStaleFiles() throws {
        let folder = TestPaths.temporaryFolder("sounds-removed")
        Self.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        #expect(folder.read("out/Generated/Sounds.swift") != nil)
        try FileManager.default.removeItem(atPath: folder.path + "/art/music")
        try FileManager.default.removeItem(atPath: folder.path + "/art/haptics")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.files.removed.contains(SoundsStage.swiftPath))
        #expect(folder.read("out/Generated/Sounds.swift") == nil)
        let twin = String(decoding: try #require(folder.read("out/Generated/charms.json")), as: UTF8.self)
        #expect(!twin.contains("\"sounds\"") && !twin.contains("hapticPatterns"))
    }

    @Test func aBadScoreStopsTheBuildAtItsPosition() throws {
        let folder = TestPaths.temporaryFolder("sounds-bad")
        Self.makeArt(folder)
        folder.write("art/music/short-loop.json", Array(#"{"tempo": 120, "bars": 2, "meter": "6/8", "key": "F", "progression": ["F"], "seed": 1}"#.utf8))
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)"
                == "\(folder.path)/art/music/short-loop.json:1:36: field 'meter': meter \"6/8\" is not supported: expected \"3/4\" (the arrangement is a waltz)"
        }
        #expect(folder.read("out/Audio/short-loop.m4a") == nil)
    }

    /// Each score is minutes of synthesis at most, so the count is bounded too; the
    /// error comes from planning, before any score is read.
    @Test func moreScoresThanTheCapStopTheBuild() throws {
        let folder = TestPaths.temporaryFolder("sounds-many")
        Self.makeArt(folder)
        for index in 1..<Score.maxCount { folder.write("art/music/copy-\(index).json", folder.read("art/music/short-loop.json") ?? []) }
        let art = try ArtFolder(folder.path + "/art")
        #expect(try SoundsStage.plan(art).jobs.count == Score.maxCount + 2)
        folder.write("art/music/one-too-many.json", "not read")
        #expect {
            try SoundsStage.plan(try ArtFolder(folder.path + "/art"))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/music: \(Score.maxCount + 1) scores, more than the \(Score.maxCount) a build takes; merge or remove some"
        }
    }
}

@Suite("A score that plays once")
struct OneShotTrackTests {
    /// Without `loop` the track keeps its reverb tail: bars × beats × 60 / tempo plus
    /// the reverb's seconds, and the fade-out brings it to silence at its last sample.
    @Test func keepsItsTailAndFadesOut() throws {
        let score = try Score.parse(
            Array(
                #"""
                {"tempo": 120, "bars": 2, "meter": "3/4", "key": "F#m", "progression": ["F#m7b5", "C7sus4"], "seed": 9, "reverb": {"seconds": 1, "mix": 0.5}, \#
                "fadeOut": 0.5}
                """#
                .utf8), file: "once.json")
        let track = AmbientTrack(score: score, name: "once")
        #expect(track.facts.frames == Int((3.0 + 1.0) * Voices.sampleRate))
        #expect(track.facts.loop == nil)
        #expect(abs(track.pcm.left.last!) < 1e-4 && abs(track.pcm.right.last!) < 1e-4)
        #expect(abs(Loudness.measure(track.pcm).integrated - Mastering.targetLoudness) < 0.1)
    }
}
