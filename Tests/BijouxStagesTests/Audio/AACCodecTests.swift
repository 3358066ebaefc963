import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The AAC encoder is a helper process: the tool itself links no FFmpeg, runs the helper
/// only when a track must be encoded, and stops with one line naming it, writing
/// nothing, when it is missing or fails.
@Suite("The AAC encoder helper")
struct AACCodecTests {
    /// The helper beside the tool, where the package's build puts it.
    static let helper = FileIO.parentDirectory(of: CLI.executable) + "/" + AACCodec.helperName

    @Test func theToolLinksNoFFmpegAndTheHelperDoes() throws {
        #expect(!(try CLI.linkedLibraries(CLI.executable)).contains("libav"), "bijoux-assets must not load FFmpeg at its start")
        let helper = try CLI.linkedLibraries(Self.helper)
        #expect(helper.contains("libavcodec") && helper.contains("libavformat"))
    }

    /// The helper's executable identity does not change when the system's FFmpeg does, so a
    /// track's key has the FFmpeg files the loader resolves for it (`LinkedLibraries`).
    @Test func aTracksKeyNamesTheFFmpegLibrariesTheLoaderResolvesForTheHelper() throws {
        // This machine's: the helper beside the tests' executable is the package's.
        let libraries = LinkedLibraries()
        let identity = libraries.identity(of: AACCodec.executable)
        #expect(identity.contains("/libavcodec") && identity.contains("/libavformat"), "\(identity)")
        let expected = CacheKey("track")
        expected.add("name", "waltz")
        expected.add("score", [1])
        expected.add("encoder", try AACCodec.executable.identity(file: "waltz.json", libraries: libraries))
        #expect(try SoundsStage.trackKey(name: "waltz", score: [1], file: "waltz.json", libraries: libraries).hash == expected.hash)
    }

    /// A built folder, and its files' bytes, to compare after a failed build.
    static func builtFolder(_ label: String) throws -> (TemporaryFolder, [String: [UInt8]]) {
        let folder = TestPaths.temporaryFolder(label)
        SoundsStageTests.makeArt(folder)
        let first = try CLI.run(["build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--quiet"])
        try #require(first.status == 0, "\(first.stderr)")
        return (folder, snapshot(folder))
    }

    static func snapshot(_ folder: TemporaryFolder) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: folder.files().filter { $0.hasPrefix("out/") }.map { ($0, folder.read($0) ?? []) })
    }

    @Test(.tags(.slow), .notInFastRun, arguments: ["missing", "failing"])
    func aHelperThatCannotEncodeStopsTheBuildAndKeepsTheOutputs(_ kind: String) throws {
        let (folder, before) = try Self.builtFolder("aac-\(kind)")
        // A new score, so its track must be encoded.
        folder.write(
            "art/music/short-loop.json",
            Array(#"{"tempo": 100, "bars": 2, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Ebdim7"], "seed": 3, "loop": true}"#.utf8))
        let helper = folder.path + "/helper/bijoux-aac"
        if kind == "failing" {
            folder.write("helper/bijoux-aac", "#!/bin/sh\necho 'no encoder here' >&2\nexit 3\n")
            chmod(helper, 0o755)
        }
        let result = try CLI.run(
            ["build", "--art", folder.path + "/art", "--out", folder.path + "/out"], environment: [AACCodec.helperVariable: helper])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        let score = folder.path + "/art/music/short-loop.json"
        let expected =
            kind == "missing"
            ? """
            \(score): error: cannot run the AAC encoder \(helper) (it is built beside bijoux-assets and ships in bijoux-aac.artifactbundle, which \
            the plugin package BijouxAssetsMusicPlugin carries; BIJOUX_AAC names another): cannot read: No such file or directory
            """
            : "\(score): error: \(helper) failed: no encoder here"
        #expect(lines.first.map(String.init) == expected)
        #expect(Self.snapshot(folder) == before, "the previous outputs stay as they were")
    }

    /// A track the cache holds is not encoded again: the helper is identified by its
    /// headers and its libraries' listing, not run. A copy of the helper whose code
    /// cannot run (but whose build ID and libraries are the same) builds the unchanged
    /// art; a changed score then needs it and fails.
    @Test(.tags(.slow), .notInFastRun) func theHelperRunsOnlyWhenATrackMustBeEncoded() throws {
        let folder = TestPaths.temporaryFolder("aac-cached")
        SoundsStageTests.makeArt(folder)
        let copy = folder.path + "/helper/bijoux-aac"
        let helper = try FileIO.read(Self.helper)
        folder.write("helper/bijoux-aac", helper)
        chmod(copy, 0o755)
        let arguments = ["build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--quiet"]
        let environment = [AACCodec.helperVariable: copy]
        let first = try CLI.run(arguments, environment: environment)
        try #require(first.status == 0, "\(first.stderr)")
        #if os(macOS)
            chmod(copy, 0o444)  // otool -L reads it; it cannot be run
        #else
            folder.write("helper/bijoux-aac", try Self.withBrokenEntry(helper))
            chmod(copy, 0o755)
        #endif
        #expect(try FileIO.executableIdentity(ofFile: copy) == (try FileIO.executableIdentity(ofFile: Self.helper)))
        let again = try CLI.run(arguments, environment: environment)
        #expect(again.status == 0, "a cached track needs no working encoder: \(again.stderr)")
        folder.write(
            "art/music/short-loop.json",
            Array(#"{"tempo": 90, "bars": 2, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Ebdim7"], "seed": 3, "loop": true}"#.utf8))
        let changed = try CLI.run(arguments, environment: environment)
        #expect(changed.status == 1 && changed.stderr.contains(copy), "\(changed.stderr)")
    }

    /// `elf`, a 64-bit ELF executable, with the first bytes at its entry point made
    /// instructions that trap (`ud2` on x86-64, `udf` elsewhere) and its headers kept: the
    /// loader still lists its libraries, and its build ID is the same, but it dies at its
    /// first instruction.
    static func withBrokenEntry(_ elf: [UInt8]) throws -> [UInt8] {
        func integer(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 | Int(elf[at + $1]) << (8 * $1) } }
        let entry = integer(0x18, 8), table = integer(0x20, 8), size = integer(0x36, 2)
        let loaded = (0..<integer(0x38, 2)).map { table + $0 * size }.first { header in
            let address = integer(header + 16, 8)
            return integer(header, 4) == 1 && address <= entry && entry < address + integer(header + 32, 8)
        }
        let header = try #require(loaded, "no loaded segment holds the entry point")
        let at = entry - integer(header + 16, 8) + integer(header + 8, 8)
        var broken = elf
        #if arch(x86_64)
            for index in 0..<8 { broken[at + 2 * index] = 0x0F; broken[at + 2 * index + 1] = 0x0B }
        #else
            for index in 0..<16 { broken[at + index] = 0 }
        #endif
        #expect(broken != elf)
        return broken
    }

    /// A superseded build stops its encoder: once the flag is set, the helper is killed
    /// mid-track and the encoding fails with one line, well before the track would end.
    @Test func aCancelledEncodingIsStoppedAndItsHelperKilled() throws {
        let cancel = StopFlag()
        let start = ContinuousClock.now
        var blocks = 0
        #expect {
            try AACCodec.encode(sampleRate: 44_100, file: "waltz.json", cancel: cancel) {
                // An endless track, a second at a time; the flag is set after a few.
                blocks += 1
                if blocks == 5 { cancel.set() }
                return [Float](repeating: 0.1, count: 2 * 44_100)
            }
        } throws: { error in
            "\(error)" == "waltz.json: not encoded: the build was cancelled (a newer change supersedes it)"
        }
        #expect(start.duration(to: .now) < .seconds(30))
    }

    /// Decoding stops at its bound: a sound longer than it is one line, not memory.
    @Test func decodingIsBoundedInFrames() throws {
        let buffer = StereoBuffer(left: [Float](repeating: 0.2, count: 88_200), right: [Float](repeating: 0.2, count: 88_200))
        let bytes = try AACCodec.encode(buffer, sampleRate: 44_100, file: "two-seconds")
        #expect(try AACCodec.decode(bytes, file: "two-seconds.m4a").buffer.frames >= 88_200)
        #expect {
            try AACCodec.decode(bytes, file: "two-seconds.m4a", maxFrames: 44_100)
        } throws: { error in
            "\(error)".hasPrefix("two-seconds.m4a: ") && "\(error)".hasSuffix("failed: the sound is longer than 44100 frames")
        }
    }
}
