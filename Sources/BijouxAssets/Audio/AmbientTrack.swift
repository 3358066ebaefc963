#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A score made into sound: the arrangement played by the three voices, the piano's
/// tremolo, the reverb, the loop's seam or the fades (`TrackSynthesis`, a block at a
/// time), the loudness. Pure: the same score gives the same samples, bit for bit, on one
/// platform (see `Voices`). The build uses `encode(score:name:file:)`, which never holds
/// the whole track; `init` holds it in `pcm`, for tests.
package struct AmbientTrack: Sendable {
    /// The mastered samples, 44.1 kHz stereo (made by `init`, which holds them all).
    var pcm: StereoBuffer
    package var facts: Facts

    /// What the app and the JSON twin are told about a track.
    package struct Facts: Equatable, Sendable {
        package var name: String
        package var sampleRate: Int
        /// The file's length in frames (the encoder's priming is not counted: the
        /// container's edit list removes it on decode).
        package var frames: Int
        /// Where playback loops, in frames: the whole file for a looping score.
        package var loop: Range<Int>?
        package var tempo: Double
        package var bars: Int
        package var beatsPerBar: Int
        package var loudness: Double
        package var truePeak: Double

        package var duration: Double { Double(frames) / Double(sampleRate) }
    }

    /// The piano's tremolo (a suitcase piano's stereo vibrato, slow): its rate is
    /// moved to a whole number of cycles per loop, so the seam does not jump.
    static let tremoloRate = 2.8
    static let tremoloDepth = 0.28
    /// How long past the last bar notes may ring before the reverb.
    static let ringOut = 3.0

    package init(score: Score, name: String) {
        let synthesis = TrackSynthesis(score)
        var store = MemoryStore(frames: synthesis.length)
        synthesis.render { store.write($0, at: $1) }
        var pass = Self.masteringPass(store, frames: synthesis.length)
        var pcm = StereoBuffer(frames: synthesis.length)
        var at = 0
        while let block = pass.next() {
            for i in 0..<(block.count / 2) {
                pcm.left[at + i] = block[2 * i]
                pcm.right[at + i] = block[2 * i + 1]
            }
            at += block.count / 2
        }
        self.pcm = pcm
        facts = Self.facts(score: score, name: name, frames: synthesis.length, measured: pass.meter.result())
    }

    /// The track of `score` synthesised, mastered and encoded as it is made: the track
    /// before its gain goes to an unlinked temporary file (`ScratchFile`) while it is
    /// made, is read back once to measure its loudness and once more, with the gain, for
    /// the encoder, so memory holds blocks, never the whole track. `file` (the score)
    /// names it in an error.
    static func encode(score: Score, name: String, file: String) throws -> (facts: Facts, bytes: [UInt8]) {
        let synthesis = TrackSynthesis(score)
        let store = try ScratchFile(file: file)
        synthesis.render { store.write($0, at: $1) }
        try store.check()
        var pass = masteringPass(store, frames: synthesis.length)
        let bytes = try AACCodec.encode(sampleRate: Int(Voices.sampleRate), file: file) { pass.next() }
        try pass.store.check()
        return (facts(score: score, name: name, frames: synthesis.length, measured: pass.meter.result()), bytes)
    }

    /// The track's samples as they are read back: a second at a time, with the gain that
    /// brings the whole to the target, measured again as they go.
    struct MasteringPass<Store: TrackStore> {
        var store: Store
        let frames: Int
        let gain: Float
        let meter = Loudness.Meter()
        var at = 0

        mutating func next() -> [Float]? {
            guard at < frames else { return nil }
            let count = min(Int(Voices.sampleRate), frames - at)
            var block = store.read(at..<(at + count))
            for i in block.indices { block[i] *= gain }
            meter.add(block)
            at += count
            return block
        }
    }

    static func masteringPass<Store: TrackStore>(_ store: Store, frames: Int) -> MasteringPass<Store> {
        let before = Loudness.Meter()
        var at = 0
        while at < frames {
            let count = min(Int(Voices.sampleRate), frames - at)
            before.add(store.read(at..<(at + count)))
            at += count
        }
        return MasteringPass(store: store, frames: frames, gain: Float(Mastering.gain(for: before.result())))
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
