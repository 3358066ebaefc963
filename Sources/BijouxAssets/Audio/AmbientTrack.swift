import BijouxAudio
import BijouxCore
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A score made into sound: the arrangement played by the three voices, the piano's
/// tremolo, the reverb, the loop's seam or the fades (`TrackSynthesis`, a block at a
/// time), the loudness. Pure: the same score gives the same samples, bit for bit, on one
/// platform (see `Voices`), with any number of threads. The build uses
/// `encode(score:name:file:threads:)`, which never holds the whole track; `init` holds it
/// in `pcm`, for tests.
struct AmbientTrack: Sendable {
    /// The mastered samples, 44.1 kHz stereo (made by `init`, which holds them all).
    var pcm: StereoBuffer
    var facts: Facts

    /// What the app and the JSON twin are told about a track.
    struct Facts: Equatable, Sendable {
        var name: String
        var sampleRate: Int
        /// The file's length in frames (the encoder's priming is not counted: the
        /// container's edit list removes it on decode).
        var frames: Int
        /// Where playback loops, in frames: the whole file for a looping score.
        var loop: Range<Int>?
        var tempo: Double
        var bars: Int
        var beatsPerBar: Int
        var loudness: Double
        var truePeak: Double

        var duration: Double { Double(frames) / Double(sampleRate) }
    }

    init(score: Score, name: String, threads: Int = 1) {
        let synthesis = TrackSynthesis(score)
        var store = MemoryStore(frames: synthesis.length)
        synthesis.render(threads: threads) { store.write($0, at: $1) }
        var gain = Float(Mastering.gain(toTargetFrom: Self.measure(store, frames: synthesis.length)))
        while true {
            var pass = MasteringPass(store: store, frames: synthesis.length, gain: gain)
            var pcm = StereoBuffer(frames: synthesis.length)
            var at = 0
            while let block = pass.next() {
                for i in 0..<(block.count / 2) {
                    pcm.left[at + i] = block[2 * i]
                    pcm.right[at + i] = block[2 * i + 1]
                }
                at += block.count / 2
            }
            let measured = pass.measured()
            if let lowered = Mastering.lowered(gain, truePeak: measured.truePeak) {
                gain = lowered
                continue
            }
            self.pcm = pcm
            facts = Self.facts(score: score, name: name, frames: synthesis.length, measured: measured)
            return
        }
    }

    /// The track of `score` synthesised, mastered and encoded as it is made. The helper
    /// is started first, so its loading overlaps the synthesis, which its first read
    /// waits for: the track, made on `threads` threads, goes before its gain to an
    /// unlinked temporary file (`ScratchFile`), is read back once to measure its
    /// integrated loudness and once more, with the gain to the target, for the encoder
    /// (which uses `threads` too), measured again as it goes for the facts. Only if its
    /// true peak then passes the ceiling is it encoded again with a lower gain. Memory
    /// holds blocks, never the whole track. `file` (the score) names it in an error.
    static func encode(score: Score, name: String, file: String, threads: Int = 1, cancel: StopFlag? = nil) throws -> (facts: Facts, bytes: [UInt8]) {
        let synthesis = TrackSynthesis(score)
        let store = try ScratchFile(file: file)
        var gain: Float?
        var failure: (any Error)?
        while true {
            var pass: MasteringPass<ScratchFile>?
            let bytes = try AACCodec.encode(sampleRate: Int(Voices.sampleRate), threads: threads, file: file, cancel: cancel) {
                if pass == nil {
                    if gain == nil {
                        synthesis.render(threads: threads) { store.write($0, at: $1) }
                        do throws(ScratchFile.Failure) { try store.check() } catch {
                            failure = error
                            return nil
                        }
                        gain = Float(Mastering.gain(toTargetFrom: measure(store, frames: synthesis.length)))
                    }
                    pass = MasteringPass(store: store, frames: synthesis.length, gain: gain!)
                }
                return pass!.next()
            }
            if let failure { throw failure }
            try store.check()
            let measured = pass!.measured()
            if let lowered = Mastering.lowered(gain!, truePeak: measured.truePeak) {
                gain = lowered
                continue
            }
            return (facts(score: score, name: name, frames: synthesis.length, measured: measured), bytes)
        }
    }

    /// The track's samples as they are read back: a second at a time, with the gain,
    /// measured as they go (integrated loudness and true peak) on a queue of its own, so
    /// the encoder is not kept waiting for the measure (the true peak's oversampling).
    /// At most four seconds wait for the measure (`waiting`): an encoder faster than it
    /// (on more threads) waits for it, rather than the seconds piling up in memory.
    struct MasteringPass<Store: TrackStore> {
        var store: Store
        let frames: Int
        let gain: Float
        private let meter = Loudness.Meter()
        private let metering = DispatchQueue(label: "mastering")
        private let waiting = DispatchSemaphore(value: 4)
        var at = 0

        init(store: Store, frames: Int, gain: Float) { (self.store, self.frames, self.gain) = (store, frames, gain) }

        mutating func next() -> [Float]? {
            guard at < frames else { return nil }
            let count = min(Int(Voices.sampleRate), frames - at)
            var block = store.read(at..<(at + count))
            for i in block.indices { block[i] *= gain }
            let (meter, measured, waiting) = (self.meter, block, self.waiting)
            waiting.wait()
            metering.async {
                CallerNice.adopt()
                meter.add(measured)
                waiting.signal()
            }
            at += count
            return block
        }

        /// The measure of every block given so far.
        func measured() -> Loudness { metering.sync { meter.result() } }
    }

    /// The integrated loudness of the track in `store`, read a second at a time.
    static func measure<Store: TrackStore>(_ store: Store, frames: Int) -> Loudness {
        let meter = Loudness.Meter(truePeak: false)
        var at = 0
        while at < frames {
            let count = min(Int(Voices.sampleRate), frames - at)
            meter.add(store.read(at..<(at + count)))
            at += count
        }
        return meter.result()
    }

    static func facts(score: Score, name: String, frames: Int, measured: Loudness) -> Facts {
        Facts(
            name: name, sampleRate: Int(Voices.sampleRate), frames: frames, loop: score.loop ? 0..<frames : nil,
            tempo: score.tempo, bars: score.bars, beatsPerBar: score.beatsPerBar,
            loudness: (measured.integrated * 100).rounded() / 100, truePeak: (measured.truePeak * 100).rounded() / 100)
    }

    /// The track as `.m4a` bytes; `file` (the score) names it in an error.
    func encoded(file: String) throws(AACCodec.Failure) -> [UInt8] { try AACCodec.encode(pcm, sampleRate: facts.sampleRate, file: file) }
}
