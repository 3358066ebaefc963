import CKissFFT
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Synthesis streams (issue 21): the track is made a block at a time, so memory does
/// not grow with the score, and its samples, facts and file are the bits of the
/// whole-track computation it replaced, kept below as `WholeTrack`.
@Suite("Streaming synthesis")
struct StreamingSynthesisTests {
    static let scores: [String: String] = [
        // A loop whose tail (ring-out and reverb) is several times its body: it folds more than once.
        "tiny-loop": #"{"tempo": 240, "bars": 1, "meter": "3/4", "key": "C", "progression": ["Cmaj7"], "seed": 3, "reverb": {"seconds": 3, "mix": 0.5}, "#
            + #""loop": true}"#,
        // A long reverb (large blocks), no brushes, fades at both ends.
        "faded": #"{"tempo": 96, "bars": 12, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Gm7", "Cm7", "F7"], "seed": 11, "#
            + #""levels": {"piano": 0.8, "bass": 1, "brushes": 0}, "reverb": {"seconds": 5.5, "mix": 0.4}, "fadeIn": 2, "fadeOut": 3.5}"#,
        // The shortest reverb: many small blocks, notes spanning several.
        "short-reverb": #"{"tempo": 200, "bars": 6, "meter": "3/4", "key": "D", "progression": ["Dm7", "G7"], "seed": 5, "#
            + #""humanize": {"timing": 0.05, "velocity": 0.2}, "reverb": {"seconds": 0.1, "mix": 0.2}, "loop": true}"#,
    ]

    static func score(_ name: String) throws -> Score {
        if name == "ambient-waltz" { return try Score.parse(try FileIO.read(RenderedWaltz.file), file: RenderedWaltz.file) }
        return try Score.parse(Array((scores[name] ?? "").utf8), file: name + ".json")
    }

    static func bits(_ buffer: StereoBuffer) -> [[UInt32]] { [buffer.left.map(\.bitPattern), buffer.right.map(\.bitPattern)] }

    @Test(arguments: ["ambient-waltz", "tiny-loop", "faded", "short-reverb"])
    func theStreamedTrackIsTheWholeTrackBitForBit(_ name: String) throws {
        let score = try Self.score(name)
        let whole = WholeTrack(score: score, name: name)
        for threads in [1, 3] {
            let streamed = AmbientTrack(score: score, name: name, threads: threads)
            #expect(streamed.facts == whole.facts)
            #expect(streamed.pcm.frames == whole.pcm.frames)
            #expect(Self.bits(streamed.pcm) == Self.bits(whole.pcm), "every sample's bits, \(threads) threads")
        }
    }

    /// The build's path (a scratch file, read back twice, streamed to the helper) makes
    /// the file the whole track makes, with the same facts, and leaves no scratch file.
    @Test(arguments: ["tiny-loop", "faded"])
    func theStreamedFileIsTheWholeTracksFile(_ name: String) throws {
        let score = try Self.score(name)
        let whole = WholeTrack(score: score, name: name)
        let streamed = try AmbientTrack.encode(score: score, name: name, file: name + ".json")
        #expect(streamed.facts == whole.facts)
        #expect(streamed.bytes == (try AACCodec.encode(whole.pcm, sampleRate: whole.facts.sampleRate, file: name + ".json")))
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("bijoux-track.") } ?? []
        #expect(left.isEmpty, "no scratch file is left: \(left)")
    }

    /// The sample waltz's file, made on 1, 2 or 3 threads (its two stretches encoded one
    /// after the other or side by side), is the same bytes, the recorded ones (FNV-1a of
    /// its bytes: Tests/Goldens/Audio/ambient-waltz.m4a), so a change to the helper's
    /// protocol, its stretches or its chunking shows up.
    @Test(.tags(.slow), .notInFastRun) func theWaltzsFileIsTheSameForAnyNumberOfThreads() throws {
        let score = try Self.score("ambient-waltz")
        for threads in [1, 2, 3] {
            let bytes = try AmbientTrack.encode(score: score, name: "ambient-waltz", file: RenderedWaltz.file, threads: threads).bytes
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            #expect(bytes.count == Self.waltzBytes, "\(threads) threads")
            #expect(String(hash, radix: 16) == Self.waltzHash, "\(threads) threads")
        }
    }

    static let waltzBytes = 978_373
    static let waltzHash = "f3a2720a884f8170"

    /// A four-minute score built by the tool peaks (the tool or its helper, whichever is
    /// larger, as `/usr/bin/time` reports) well under what its whole-track buffers took
    /// (about 350 MB): the bound is generous, the figure printed.
    @Test(.tags(.slow), .notInFastRun) func memoryDoesNotGrowWithTheScoresLength() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"))
        let folder = TestPaths.temporaryFolder("long-score")
        folder.write(
            "art/music/long.json",
            Array(#"{"tempo": 72, "bars": 96, "meter": "3/4", "key": "F", "progression": ["Fmaj7", "Dm7", "Gm7", "C7"], "seed": 7, "loop": true}"#.utf8))
        let result = try CLI.runTool(
            "/usr/bin/time", ["-f", "peak %M KB", CLI.executable, "build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
        let kilobytes = try #require(line.flatMap { Int($0.dropFirst(5).dropLast(3)) })
        print("a four-minute score's build peaked at \(kilobytes / 1024) MB")
        #expect(kilobytes < 150 * 1024)
    }
}

/// The track as it would be made over whole-length buffers, every step at once (as
/// it was before synthesis streamed): the reference the streamed track is checked
/// against, note by note, whatever the number of threads.
struct WholeTrack {
    var pcm: StereoBuffer
    var facts: AmbientTrack.Facts

    init(score: Score, name: String) {
        let rate = Voices.sampleRate
        let body = Int((score.bodySeconds * rate).rounded())
        let arrangement = Arrangement(score)
        let frames = body + Int(TrackSynthesis.ringOut * rate)

        var piano = StereoBuffer(frames: frames)
        for note in arrangement.piano {
            piano.add(Voices.electricPiano(note), at: Int(note.start * rate), pan: note.pan * 0.5, gain: TrackSynthesis.pianoGain)
        }
        let cycles = max(1, Int((TrackSynthesis.tremoloRate * score.bodySeconds).rounded()))
        Sine.table.withUnsafeBufferPointer { table in
            for n in 0..<frames {
                let s = Sine.of(UInt32((UInt64(cycles * n % body) << 32) / UInt64(body)), table)
                piano.left[n] *= Float(1 - TrackSynthesis.tremoloDepth * (0.5 + 0.5 * s))
                piano.right[n] *= Float(1 - TrackSynthesis.tremoloDepth * (0.5 - 0.5 * s))
            }
        }

        var mix = StereoBuffer(frames: frames)
        mix.add(piano, gain: Float(score.levels.piano))
        for note in arrangement.bass {
            mix.add(Voices.bass(note), at: Int(note.start * rate), pan: -0.05, gain: TrackSynthesis.bassGain * score.levels.bass)
        }
        if score.levels.brushes > 0 {
            for (i, stroke) in arrangement.brushes.enumerated() {
                mix.add(
                    Voices.brush(stroke, seed: score.seed, index: i), at: Int(stroke.start * rate), pan: i % 3 == 0 ? 0.25 : 0.35,
                    gain: TrackSynthesis.brushGain * score.levels.brushes)
            }
        }

        let response = Reverb.impulseResponse(seconds: score.reverbSeconds, seed: score.seed)
        let mono = zip(mix.left, mix.right).map { ($0 + $1) * 0.5 }
        var room = StereoBuffer(left: Self.convolve(mono, response.left), right: Self.convolve(mono, response.right))
        for i in 0..<room.frames {
            room.left[i] *= Float(score.reverbMix)
            room.right[i] *= Float(score.reverbMix)
        }
        room.add(mix, gain: 1 - Float(score.reverbMix) * 0.5)

        var track: StereoBuffer
        if score.loop {
            track = StereoBuffer(frames: body)
            for i in 0..<room.frames {
                track.left[i % body] += room.left[i]
                track.right[i % body] += room.right[i]
            }
        } else {
            let length = min(room.frames, body + Int(score.reverbSeconds * rate))
            track = StereoBuffer(left: Array(room.left.prefix(length)), right: Array(room.right.prefix(length)))
            let inFrames = Int(score.fadeIn * rate), outFrames = Int(score.fadeOut * rate)
            for i in 0..<min(inFrames, track.frames) {
                track.left[i] *= Float(i) / Float(inFrames)
                track.right[i] *= Float(i) / Float(inFrames)
            }
            for j in 0..<min(outFrames, track.frames) {
                track.left[track.frames - 1 - j] *= Float(j) / Float(outFrames)
                track.right[track.frames - 1 - j] *= Float(j) / Float(outFrames)
            }
        }
        // The gain to the target, lowered if the true peak would then pass the ceiling.
        var gain = Float(Mastering.gain(toTargetFrom: Loudness.measure(track)))
        while true {
            var gained = track
            for i in 0..<track.frames {
                gained.left[i] *= gain
                gained.right[i] *= gain
            }
            let measured = Loudness.measure(gained)
            if let lowered = Mastering.lowered(gain, truePeak: measured.truePeak) {
                gain = lowered
                continue
            }
            pcm = gained
            facts = AmbientTrack.facts(score: score, name: name, frames: track.frames, measured: measured)
            return
        }
    }

    /// `signal` convolved with `response` by overlap-add into one whole-length output,
    /// in blocks of the streamed reverb's size.
    static func convolve(_ signal: [Float], _ response: [Float]) -> [Float] {
        guard !signal.isEmpty, !response.isEmpty else { return [] }
        var size = 1
        while size < 2 * response.count { size *= 2 }
        while size < 4 * response.count && size < 1 << 19 { size *= 2 }
        let block = size - response.count + 1
        let bins = size / 2 + 1
        guard let forward = kiss_fftr_alloc(Int32(size), 0, nil, nil), let inverse = kiss_fftr_alloc(Int32(size), 1, nil, nil) else {
            fatalError("KISS FFT could not allocate a transform of \(size) points")
        }
        defer {
            free(UnsafeMutableRawPointer(forward))
            free(UnsafeMutableRawPointer(inverse))
        }
        var frame = [Float](repeating: 0, count: size)
        var responseSpectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: bins)
        frame.replaceSubrange(0..<response.count, with: response)
        kiss_fftr(forward, frame, &responseSpectrum)
        var spectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: bins)
        var output = [Float](repeating: 0, count: signal.count + response.count - 1)
        let scale = 1 / Float(size)
        var start = 0
        while start < signal.count {
            let count = min(block, signal.count - start)
            for i in 0..<size { frame[i] = i < count ? signal[start + i] : 0 }
            kiss_fftr(forward, frame, &spectrum)
            for k in 0..<bins {
                let a = spectrum[k], b = responseSpectrum[k]
                spectrum[k] = kiss_fft_cpx(r: a.r * b.r - a.i * b.i, i: a.r * b.i + a.i * b.r)
            }
            kiss_fftri(inverse, spectrum, &frame)
            for i in 0..<min(size, output.count - start) { output[start + i] += frame[i] * scale }
            start += block
        }
        return output
    }
}
