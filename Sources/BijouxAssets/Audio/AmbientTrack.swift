#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A score made into sound: the arrangement played by the three voices, the piano's
/// tremolo, the reverb, the loop's seam or the fades, the loudness. Pure: the same
/// score gives the same samples, bit for bit, on one platform (see `Voices`).
package struct AmbientTrack: Sendable {
    /// The mastered samples, 44.1 kHz stereo.
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
        let rate = Voices.sampleRate
        let body = Int((score.bodySeconds * rate).rounded())
        let arrangement = Arrangement(score)
        let frames = body + Int(Self.ringOut * rate)

        var piano = StereoBuffer(frames: frames)
        for note in arrangement.piano {
            piano.add(Voices.electricPiano(note), at: Int(note.start * rate), pan: note.pan * 0.5, gain: 0.16)
        }
        let cycles = max(1, (Self.tremoloRate * score.bodySeconds).rounded())
        let omega = 2 * Double.pi * cycles / Double(body)
        for n in 0..<frames {
            let s = sin(omega * Double(n))
            piano.left[n] *= Float(1 - Self.tremoloDepth * (0.5 + 0.5 * s))
            piano.right[n] *= Float(1 - Self.tremoloDepth * (0.5 - 0.5 * s))
        }

        var mix = StereoBuffer(frames: frames)
        mix.add(piano, gain: Float(score.levels.piano))
        var pluck = SeededRandom(seed: score.seed, stream: 5)
        for note in arrangement.bass {
            mix.add(Voices.bass(note, random: &pluck), at: Int(note.start * rate), pan: -0.05, gain: 0.5 * score.levels.bass)
        }
        if score.levels.brushes > 0 {
            var noise = SeededRandom(seed: score.seed, stream: 6)
            for (i, stroke) in arrangement.brushes.enumerated() {
                mix.add(Voices.brush(stroke, random: &noise), at: Int(stroke.start * rate), pan: i % 3 == 0 ? 0.25 : 0.35, gain: 0.05 * score.levels.brushes)
            }
        }

        let response = Reverb.impulseResponse(seconds: score.reverbSeconds, seed: score.seed)
        let wetLeft = Reverb.convolve(mix.left, response.left), wetRight = Reverb.convolve(mix.right, response.right)
        var room = StereoBuffer(left: wetLeft, right: wetRight)
        for i in 0..<room.frames {
            room.left[i] *= Float(score.reverbMix)
            room.right[i] *= Float(score.reverbMix)
        }
        room.add(mix, gain: 1 - Float(score.reverbMix) * 0.5)

        var track: StereoBuffer
        if score.loop {
            track = Mastering.foldLoop(room, length: body)
        } else {
            let length = min(room.frames, body + Int(score.reverbSeconds * rate))
            track = StereoBuffer(left: Array(room.left.prefix(length)), right: Array(room.right.prefix(length)))
            Mastering.fade(&track, fadeIn: score.fadeIn, fadeOut: score.fadeOut)
        }
        Mastering.apply(Mastering.gain(for: Loudness.measure(track)), to: &track)
        let measured = Loudness.measure(track)

        pcm = track
        facts = Facts(
            name: name, sampleRate: Int(rate), frames: track.frames, loop: score.loop ? 0..<track.frames : nil,
            tempo: score.tempo, bars: score.bars, beatsPerBar: score.beatsPerBar,
            loudness: (measured.integrated * 100).rounded() / 100, truePeak: (measured.truePeak * 100).rounded() / 100)
    }

    /// The track as `.m4a` bytes; `file` (the score) names it in an error.
    func encoded(file: String) throws(AACCodec.Failure) -> [UInt8] { try AACCodec.encode(pcm, sampleRate: facts.sampleRate, file: file) }
}
