import CKissFFT
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestSupport

/// The bass is heard: of the decoded track's energy, at least 15 % lies under 200 Hz and
/// 4 % under 100 Hz (the double bass's register, its fundamentals), on the sample waltz
/// in F and on a score in another key, at another tempo.
@Suite("The low end", .tags(.slow), .notInFastRun)
struct LowEndTests {
    static let minimumUnder200 = 0.15
    static let minimumUnder100 = 0.04

    /// 32 bars in B♭ at 84 beats per minute.
    static let inBFlat =
        #"{"tempo": 84, "bars": 32, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Gm7", "Cm7", "F7", "Dm7", "G7", "Cm7", "F7sus4"], "#
        + #""seed": 11, "loop": true}"#

    /// The share of `buffer`'s energy (both channels) under each frequency, from its
    /// power spectrum: one real FFT a channel, zero-padded to a power of two.
    static func shares(_ buffer: StereoBuffer, under cutoffs: [Double]) -> [Double] {
        var size = 2
        while size < buffer.frames { size *= 2 }
        guard let forward = kiss_fftr_alloc(Int32(size), 0, nil, nil) else { fatalError("KISS FFT could not allocate \(size) points") }
        defer { free(UnsafeMutableRawPointer(forward)) }
        var total = 0.0
        var below = [Double](repeating: 0, count: cutoffs.count)
        for channel in [buffer.left, buffer.right] {
            var frame = [Float](repeating: 0, count: size)
            frame.replaceSubrange(0..<channel.count, with: channel)
            var spectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: size / 2 + 1)
            kiss_fftr(forward, frame, &spectrum)
            for (k, bin) in spectrum.enumerated() {
                let power = Double(bin.r) * Double(bin.r) + Double(bin.i) * Double(bin.i)
                total += power
                let frequency = Double(k) * Voices.sampleRate / Double(size)
                for (i, cutoff) in cutoffs.enumerated() where frequency < cutoff { below[i] += power }
            }
        }
        return below.map { $0 / total }
    }

    static func check(_ decoded: StereoBuffer, _ name: String) {
        let shares = Self.shares(decoded, under: [200, 100])
        print("\(name): \(Format.percent(shares[0])) of the energy under 200 Hz, \(Format.percent(shares[1])) under 100 Hz")
        #expect(shares[0] >= minimumUnder200, "\(name): \(shares[0]) under 200 Hz")
        #expect(shares[1] >= minimumUnder100, "\(name): \(shares[1]) under 100 Hz")
    }

    @Test func theSampleWaltzHasALowEnd() throws {
        let waltz = try RenderedWaltz.get()
        Self.check(waltz.decoded, "the sample waltz")
        // The encoder keeps the low end: the decoded shares are the synthesised track's.
        for (decoded, synthesised) in zip(Self.shares(waltz.decoded, under: [200, 100]), Self.shares(waltz.track.pcm, under: [200, 100])) {
            #expect(abs(decoded - synthesised) < 0.01, "decoded \(decoded), synthesised \(synthesised)")
        }
    }

    @Test func aScoreInBFlatHasALowEnd() throws {
        let score = try Score.parse(Array(Self.inBFlat.utf8), file: "b-flat.json")
        let track = AmbientTrack(score: score, name: "b-flat", threads: 2)
        let decoded = try AACCodec.decode(try track.encoded(file: "b-flat.json"), file: "b-flat.json").buffer
        Self.check(decoded, "32 bars in B flat")
    }

    /// Scores at the edges of what the tool accepts, for the low end: the least bass
    /// beside the loudest piano, the fastest and the slowest tempo, chords of six notes,
    /// the loudest brushes, the driest and the wettest room, a single bar. Their
    /// synthesised tracks (the encoder keeps the low end: see the waltz).
    static let edges: [String] = [
        #"{"tempo": 240, "bars": 16, "meter": "3/4", "key": "E", "progression": ["E13", "C#m9", "F#13", "B7b9"], "seed": 2, "#
            + #""levels": {"piano": 2, "bass": 1.8, "brushes": 2}, "reverb": {"seconds": 0.1, "mix": 0}, "loop": true}"#,
        #"{"tempo": 30, "bars": 4, "meter": "3/4", "key": "G", "progression": ["Gmaj9", "Em9"], "seed": 3, "#
            + #""levels": {"piano": 2, "bass": 1.8, "brushes": 2}, "reverb": {"seconds": 8, "mix": 1}, "fadeIn": 5, "fadeOut": 10}"#,
        #"{"tempo": 132, "bars": 24, "meter": "3/4", "key": "Ab", "progression": ["Abmaj7", "Fm9", "Bbm7", "Eb13"], "seed": 4, "#
            + #""levels": {"piano": 1.5, "bass": 1.35, "brushes": 1}, "swing": 0.75, "humanize": {"timing": 0.05, "velocity": 0.5}}"#,
        #"{"tempo": 60, "bars": 1, "meter": "3/4", "key": "C#m", "progression": ["C#m7b5"], "seed": 5, "levels": {"piano": 1, "bass": 0.9}, "loop": true}"#,
        #"{"tempo": 240, "bars": 1, "meter": "3/4", "key": "B", "progression": ["B13"], "seed": 6, "#
            + #""levels": {"piano": 2, "bass": 1.8, "brushes": 2}, "reverb": {"seconds": 0.1, "mix": 0}}"#,
        #"{"tempo": 30, "bars": 2, "meter": "3/4", "key": "Gb", "progression": ["Gbmaj9", "Ebm9"], "seed": 8, "#
            + #""levels": {"piano": 2, "bass": 1.8, "brushes": 0}, "reverb": {"seconds": 0.1, "mix": 0}, "loop": true}"#,
    ]

    @Test(arguments: edges)
    func scoresAtTheEdgesHaveALowEnd(_ text: String) throws {
        let score = try Score.parse(Array(text.utf8), file: "edge.json")
        Self.check(AmbientTrack(score: score, name: "edge", threads: 2).pcm, "\(score.progression[0].symbol) at \(Format.number(score.tempo)) beats per minute")
    }

    /// The balance, each voice alone (the others' levels at 0), with the room, before the
    /// gain: the electric piano, which carries the melody and the chords, is the loudest;
    /// the bass sits 3 to 8 LU under it (loudness weights the lowest octave down, so its
    /// share of the energy is larger than it sounds); the brushes are far under both.
    @Test func thePianoLeadsAndTheBassSitsUnderIt() throws {
        let waltz = try RenderedWaltz.get().score
        func loudness(piano: Double = 0, bass: Double = 0, brushes: Double = 0) -> Double {
            var score = waltz
            (score.levels.piano, score.levels.bass, score.levels.brushes) = (piano, bass, brushes)
            let synthesis = TrackSynthesis(score)
            var store = MemoryStore(frames: synthesis.length)
            synthesis.render(threads: 2) { store.write($0, at: $1) }
            return AmbientTrack.measure(store, frames: synthesis.length).integrated
        }
        let levels = waltz.levels
        let piano = loudness(piano: levels.piano), bass = loudness(bass: levels.bass), brushes = loudness(brushes: levels.brushes)
        print("alone: piano \(Format.number(piano)) LUFS, bass \(Format.number(bass)) LUFS, brushes \(Format.number(brushes)) LUFS")
        #expect((3...8).contains(piano - bass), "the bass \(piano - bass) LU under the piano")
        #expect(piano - brushes > 15, "the brushes \(piano - brushes) LU under the piano")
    }
}
