import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The sample waltz, rendered, encoded and decoded once for every test below.
struct RenderedWaltz: Sendable {
    var score: Score
    var track: AmbientTrack
    var encoded: [UInt8]
    var decoded: StereoBuffer
    var decodedRate: Int

    static let file = TestPaths.art + "/music/ambient-waltz.json"
    static let shared: Result<RenderedWaltz, any Error> = Result {
        let score = try Score.parse(try FileIO.read(file), file: file)
        let track = AmbientTrack(score: score, name: "ambient-waltz")
        let encoded = try track.encoded(file: file)
        let (decoded, rate) = try AACCodec.decode(encoded, file: file)
        return RenderedWaltz(score: score, track: track, encoded: encoded, decoded: decoded, decodedRate: rate)
    }

    static func get() throws -> RenderedWaltz { try shared.get() }
}

/// The PCM's golden: a hash of every sample's bits (exact, on the reference platform)
/// and the RMS level of each second per channel (within 0.05 dB anywhere), so any
/// change to the synthesis shows up, and a change on another platform's libm is told
/// apart from a real one.
struct PCMGolden: Equatable, Codable {
    var hash: String
    var frames: Int
    var levels: [[Double]]

    init(_ buffer: StereoBuffer) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for channel in [buffer.left, buffer.right] {
            for sample in channel {
                var bits = sample.bitPattern
                for _ in 0..<4 {
                    hash = (hash ^ UInt64(bits & 0xFF)) &* 0x0000_0100_0000_01B3
                    bits >>= 8
                }
            }
        }
        self.hash = String(hash, radix: 16)
        frames = buffer.frames
        let second = Int(Voices.sampleRate)
        levels = [buffer.left, buffer.right].map { channel in
            stride(from: 0, to: channel.count, by: second).map { start in
                let window = channel[start..<min(channel.count, start + second)]
                let rms = (window.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window.count)).squareRoot()
                return (20 * log10(max(rms, 1e-9)) * 1000).rounded() / 1000
            }
        }
    }
}

@Suite("The sample waltz", .tags(.slow), .notInFastRun)
struct AmbientTrackTests {
    static let goldenPath = TestPaths.packageRoot + "/Tests/AudioGoldens/ambient-waltz.pcm.json"

    @Test func thePCMMatchesItsGolden() throws {
        let actual = PCMGolden(try RenderedWaltz.get().track.pcm)
        let policy = try RecordPolicy.fromEnvironment()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = FileManager.default.contents(atPath: Self.goldenPath) else {
            if policy != .never {
                try FileManager.default.createDirectory(atPath: (Self.goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try encoder.encode(actual).write(to: URL(fileURLWithPath: Self.goldenPath))
            }
            Issue.record("no PCM golden: recorded \(Self.goldenPath); listen to the track and commit it")
            return
        }
        let expected = try JSONDecoder().decode(PCMGolden.self, from: data)
        #expect(actual.frames == expected.frames)
        for (a, e) in zip(actual.levels.joined(), expected.levels.joined()) { #expect(abs(a - e) <= 0.05, "level \(a) dB, golden \(e) dB") }
        if GoldenPlatform.current == .reference, actual.hash != expected.hash {
            if policy == .failed || policy == .all { try encoder.encode(actual).write(to: URL(fileURLWithPath: Self.goldenPath)) }
            Issue.record("the PCM's hash is \(actual.hash), the golden's \(expected.hash): the synthesis changed")
        }
    }

    /// The length is the score's: bars × beats × 60 / tempo (a loop has no tail), to
    /// the frame in the PCM and within one AAC frame after decoding.
    @Test func theDurationIsTheScores() throws {
        let waltz = try RenderedWaltz.get()
        let expected = Double(waltz.score.bars * waltz.score.beatsPerBar) * 60 / waltz.score.tempo
        #expect(waltz.track.facts.frames == Int((expected * Voices.sampleRate).rounded()))
        #expect(waltz.decodedRate == 44_100)
        #expect(abs(waltz.decoded.frames - waltz.track.facts.frames) <= AACCodec.frameLength, "decoded \(waltz.decoded.frames) frames")
    }

    /// Lossy, so not sample-exact: the decoded signal, at its best alignment (the edit
    /// list should make that zero), is within 24 dB SNR of what was encoded (33.0 dB measured).
    @Test func theFileDecodesToThePCM() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm, decoded = waltz.decoded
        func snr(lag: Int) -> Double {
            var signal = 0.0, noise = 0.0
            for i in 4096..<(pcm.frames - 4096) {
                for (a, b) in [(pcm.left[i], decoded.left[i + lag]), (pcm.right[i], decoded.right[i + lag])] {
                    signal += Double(a) * Double(a)
                    noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
                }
            }
            return 10 * log10(signal / noise)
        }
        let best = (-4...4).map { ($0, snr(lag: $0)) }.max { $0.1 < $1.1 }!
        #expect(best.0 == 0, "aligned by the container's edit list")
        #expect(best.1 >= 24, "SNR \(best.1) dB")
    }

    /// The helper encodes the minute in two 30-second stretches side by side
    /// (bijoux-aac): at their join the decoded track is as close to the synthesised one
    /// as elsewhere (every 1024-sample frame from 4 before the join to 8 after has a
    /// signal-to-noise ratio no lower than the track's 1st percentile of frames) and
    /// steps no more from one sample to the next than the track's 99.9th percentile step.
    @Test func theEncodersStretchesJoinUnheard() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm, decoded = waltz.decoded, size = AACCodec.frameLength
        let frames = min(pcm.frames, decoded.frames) / size
        let snr = (0..<frames).map { frame -> Double in
            var signal = 0.0, noise = 0.0
            for i in (frame * size)..<((frame + 1) * size) {
                for (a, b) in [(pcm.left[i], decoded.left[i]), (pcm.right[i], decoded.right[i])] {
                    signal += Double(a) * Double(a)
                    noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
                }
            }
            return 10 * log10(signal / max(noise, 1e-30))
        }
        let floor = snr.sorted()[frames / 100]
        let join = 1292
        try #require(frames > join + 8, "the waltz is two stretches")
        for frame in (join - 4)...(join + 8) { #expect(snr[frame] >= floor, "frame \(frame): \(snr[frame]) dB, the track's 1st percentile \(floor) dB") }
        for channel in [decoded.left, decoded.right] {
            let steps = zip(channel, channel.dropFirst()).map { abs($1 - $0) }.sorted()
            let step = abs(channel[join * size] - channel[join * size - 1])
            #expect(step <= steps[steps.count * 999 / 1000], "the step at the join, \(step)")
        }
    }

    /// With short stretches (128 frames, a fourth argument the tests give) the helper
    /// joins twenty of them: the file is the same bytes on 1 and 3 threads (however the
    /// joins went, a stretch encoded again with its neighbour included) and decodes to
    /// the track as closely as the file of two stretches.
    @Test func manyStretchesJoinToTheSameFileOnAnyThreads() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm
        var input = [Float](repeating: 0, count: 2 * pcm.frames)
        for i in 0..<pcm.frames { (input[2 * i], input[2 * i + 1]) = (pcm.left[i], pcm.right[i]) }
        let bytes = input.withUnsafeBytes { Array($0) }
        let files = try [1, 3].map { threads -> [UInt8] in
            let result = try ChildProcess.run(AACCodec.helper, ["encode", "44100", "128000", String(threads), "128"], input: bytes)
            try #require(result.status == 0, "\(result.reason)")
            return result.stdout
        }
        #expect(files[0] == files[1], "the same bytes on 1 and 3 threads")
        let decoded = try AACCodec.decode(files[0], file: "stretches.m4a").buffer
        var signal = 0.0, noise = 0.0
        for i in 0..<min(pcm.frames, decoded.frames) {
            for (a, b) in [(pcm.left[i], decoded.left[i]), (pcm.right[i], decoded.right[i])] {
                signal += Double(a) * Double(a)
                noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
            }
        }
        #expect(10 * log10(signal / noise) >= 24, "SNR \(10 * log10(signal / noise)) dB")
    }

    @Test func loudnessAndTruePeakMeetTheTargets() throws {
        let waltz = try RenderedWaltz.get()
        let measured = Loudness.measure(waltz.track.pcm)
        #expect(abs(measured.integrated - Mastering.targetLoudness) <= 0.1, "\(measured.integrated) LUFS")
        #expect(measured.truePeak <= Mastering.truePeakCeiling)
        #expect(waltz.track.pcm.left.allSatisfy { abs($0) < 1 } && waltz.track.pcm.right.allSatisfy { abs($0) < 1 }, "no clipping")
        let afterCodec = Loudness.measure(waltz.decoded)
        #expect(afterCodec.truePeak <= Mastering.truePeakCeiling, "decoded true peak \(afterCodec.truePeak) dBTP")
        #expect(abs(afterCodec.integrated - Mastering.targetLoudness) <= 0.3)
        #expect(waltz.track.facts.loudness == (measured.integrated * 100).rounded() / 100)
    }

    /// The seam: the step from the last sample to the first is no larger than the
    /// track's own 99.9th-percentile step between neighbouring samples, and the level
    /// change across it (50 ms either side) is within 1 dB of the range of the level
    /// changes across the track's other bar lines: the seam sounds like any bar line.
    @Test func theLoopSeamIsInaudible() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm
        let window = Int(0.05 * Voices.sampleRate)
        for channel in [pcm.left, pcm.right] {
            let steps = zip(channel, channel.dropFirst()).map { abs($1 - $0) }.sorted()
            let threshold = steps[steps.count * 999 / 1000]
            let seam = abs(channel[0] - channel[channel.count - 1])
            #expect(seam <= threshold, "seam step \(seam), 99.9th percentile \(threshold)")

            func rms(_ slice: ArraySlice<Float>) -> Double { (slice.reduce(0.0) { $0 + Double($1 * $1) } / Double(slice.count)).squareRoot() }
            func levelChange(at frame: Int) -> Double {
                let before = frame == 0 ? channel[(channel.count - window)...] : channel[(frame - window)..<frame]
                return 20 * log10(rms(channel[frame..<(frame + window)]) / rms(before))
            }
            let barLines = (1..<waltz.score.bars).map { Int((Double($0) * waltz.score.barSeconds * Voices.sampleRate).rounded()) }
            let changes = barLines.map(levelChange)
            let seamChange = levelChange(at: 0)
            #expect(
                seamChange >= changes.min()! - 1 && seamChange <= changes.max()! + 1, "seam \(seamChange) dB, bar lines \(changes.min()!)…\(changes.max()!) dB")
        }
    }

    /// Onset strength by spectral flux (the rise of log magnitude, summed over 40
    /// log-spaced frequencies from 40 Hz to 8 kHz, in 10 ms hops of 1024-sample Hann
    /// windows), autocorrelated: its strongest period between 0.4 and 1.5 s is the
    /// beat, 60/tempo, and the bar (three beats) correlates more than two or four.
    @Test func theBeatAndTheBarAreWhereTheScoreSaysThey() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm
        let hop = 441, size = 1024, bands = 40
        let frequencies = (0..<bands).map { 40 * pow(200, Double($0) / Double(bands - 1)) }
        let hann = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
        let cosines = frequencies.map { f in (0..<size).map { hann[$0] * cos(2 * Double.pi * f * Double($0) / Voices.sampleRate) } }
        let sines = frequencies.map { f in (0..<size).map { hann[$0] * sin(2 * Double.pi * f * Double($0) / Voices.sampleRate) } }
        var previous = [Double](repeating: 0, count: bands)
        var onset: [Double] = []
        var frame = [Double](repeating: 0, count: size)
        for start in stride(from: 0, to: pcm.frames - size, by: hop) {
            for i in 0..<size { frame[i] = Double(pcm.left[start + i] + pcm.right[start + i]) / 2 }
            var flux = 0.0
            for band in 0..<bands {
                var re = 0.0, im = 0.0
                for i in 0..<size {
                    re += frame[i] * cosines[band][i]
                    im += frame[i] * sines[band][i]
                }
                let magnitude = log(1 + 100 * (re * re + im * im).squareRoot())
                flux += max(0, magnitude - previous[band])
                previous[band] = magnitude
            }
            onset.append(flux)
        }
        onset.removeFirst()
        let mean = onset.reduce(0, +) / Double(onset.count)
        let centred = onset.map { $0 - mean }
        func correlation(_ lag: Int) -> Double {
            var sum = 0.0
            for i in 0..<(centred.count - lag) { sum += centred[i] * centred[i + lag] }
            return sum / Double(centred.count - lag)
        }
        let framesPerSecond = Voices.sampleRate / Double(hop)
        let best = (40...150).max { correlation($0) < correlation($1) }!
        let beat = Double(best) / framesPerSecond
        #expect(abs(beat - waltz.score.beatSeconds) / waltz.score.beatSeconds < 0.03, "beat found at \(beat) s, score says \(waltz.score.beatSeconds) s")
        func around(_ beats: Double) -> Double {
            let centre = Int((beats * waltz.score.beatSeconds * framesPerSecond).rounded())
            return (centre - 2...centre + 2).map(correlation).max()!
        }
        #expect(around(3) > around(2) && around(3) > around(4), "bar: 2 beats \(around(2)), 3 beats \(around(3)), 4 beats \(around(4))")
    }

    /// The bass plays each bar's root on the downbeat, in the double bass's register
    /// (E1–G2, 41–98 Hz), and the plucked voice sounds at the pitch it is given
    /// (autocorrelation of the note).
    @Test func theBassFollowsTheRootsInTheDoubleBasssRegister() throws {
        let score = try RenderedWaltz.get().score
        let arrangement = Arrangement(score)
        let bar = score.barSeconds
        for (index, chord) in (0..<score.bars).map({ ($0, score.chord(inBar: $0)) }) {
            let downbeat = try #require(arrangement.bass.first { abs($0.start - Double(index) * bar) < 0.05 })
            #expect(downbeat.pitch % 12 == chord.root, "bar \(index + 1): \(chord.symbol)")
        }
        #expect(arrangement.bass.allSatisfy { (28...43).contains($0.pitch) }, "E1–G2")
        for pitch in [Arrangement.bassRange.lowerBound, 36, Arrangement.bassRange.upperBound] {
            let samples = Voices.bass(Note(start: 0, duration: 1, pitch: pitch, velocity: 0.8))
            let window = Array(samples[4410..<(4410 + 8192)])
            func correlation(_ lag: Int) -> Double { (0..<(window.count - lag)).reduce(0.0) { $0 + Double(window[$1] * window[$1 + lag]) } }
            let minimumLag = Int(Voices.sampleRate / 110), maximumLag = Int(Voices.sampleRate / 30)
            let lag = (minimumLag...maximumLag).max { correlation($0) < correlation($1) }!
            let measured = Voices.sampleRate / Double(lag)
            #expect(abs(measured / Voices.frequency(pitch) - 1) < 0.03, "pitch \(pitch): \(measured) Hz, expected \(Voices.frequency(pitch)) Hz")
        }
    }

    /// The body of a plucked upright, note by note over the register: its fundamental
    /// is its strongest partial; it rises over a few milliseconds (a soft attack, not a
    /// click), and once the note ends the finger damps it, so 0.3 s later it is 40 dB
    /// under its peak rather than ringing on.
    @Test(arguments: [28, 33, 36, 40, 43])
    func theBassIsAPluckedUpright(_ pitch: Int) {
        let note = Note(start: 0, duration: 0.8, pitch: pitch, velocity: 0.8)
        let samples = Voices.bass(note).map(Double.init)
        let f = Voices.frequency(pitch)
        func partial(_ n: Int) -> Double {
            let window = samples[2205..<(2205 + 16384)]
            var re = 0.0, im = 0.0
            for (i, x) in window.enumerated() {
                let w = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(window.count))
                re += x * w * cos(2 * Double.pi * Double(n) * f * Double(i) / Voices.sampleRate)
                im += x * w * sin(2 * Double.pi * Double(n) * f * Double(i) / Voices.sampleRate)
            }
            return re * re + im * im
        }
        let fundamental = partial(1)
        #expect((2...6).allSatisfy { partial($0) < fundamental }, "the fundamental is the strongest partial")
        let peak = samples.prefix(Int(0.1 * Voices.sampleRate)).map(abs).max()!
        let firstNear = samples.firstIndex { abs($0) >= 0.9 * peak }!
        #expect(Double(firstNear) / Voices.sampleRate >= 0.004, "a soft attack: 90 % of the peak after \(Double(firstNear) / Voices.sampleRate) s")
        let damped = Int((note.duration + 0.3) * Voices.sampleRate)
        let tail = samples[damped..<min(samples.count, damped + 2205)].map(abs).max() ?? 0
        #expect(20 * log10(max(tail, 1e-12) / peak) <= -40, "damped: \(20 * log10(max(tail, 1e-12) / peak)) dB 0.3 s after the note")
    }

    /// In the mix itself: just after each downbeat (50–800 ms), of the bass range's
    /// semitones (E1–D3, under the piano's lowest note), the one with the most energy
    /// at its fundamental is the bar's root.
    @Test func theMixsLowestVoiceIsTheRootOnEveryDownbeat() throws {
        let waltz = try RenderedWaltz.get()
        let pcm = waltz.track.pcm, score = waltz.score
        var wrong: [String] = []
        for bar in 0..<score.bars {
            let start = Int((Double(bar) * score.barSeconds + 0.05) * Voices.sampleRate), count = Int(0.75 * Voices.sampleRate)
            func energy(_ pitch: Int) -> Double {
                let omega = 2 * Double.pi * Voices.frequency(pitch) / Voices.sampleRate
                var re = 0.0, im = 0.0
                for i in 0..<count {
                    let x = Double(pcm.left[start + i] + pcm.right[start + i]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count)))
                    re += x * cos(omega * Double(i))
                    im += x * sin(omega * Double(i))
                }
                return re * re + im * im
            }
            let loudest = Arrangement.bassRange.max { energy($0) < energy($1) }!
            if loudest % 12 != score.chord(inBar: bar).root { wrong.append("bar \(bar + 1) (\(score.chord(inBar: bar).symbol)): \(loudest)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func theFileIsAACInM4AWithoutAVersionString() throws {
        let bytes = try RenderedWaltz.get().encoded
        #expect(Array(bytes[4..<12]) == Array("ftypM4A ".utf8))
        let text = String(decoding: bytes.map { $0 < 0x20 || $0 > 0x7E ? 0x2E : $0 }, as: UTF8.self)
        #expect(!text.contains("Lavf") && !text.contains("Lavc"), "FFmpeg's version string is left out")
    }
}
