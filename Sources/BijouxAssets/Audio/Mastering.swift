import CEbur128

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A track's loudness as EBU R 128 measures it (libebur128): integrated loudness in
/// LUFS and the true peak (4× oversampled, the louder channel) in dBTP.
struct Loudness: Equatable, Sendable {
    var integrated: Double
    var truePeak: Double

    static func measure(_ buffer: StereoBuffer) -> Loudness {
        let rate = Int(Voices.sampleRate)
        guard let state = ebur128_init(2, UInt(rate), Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)) else {
            fatalError("libebur128 could not allocate its state")
        }
        defer {
            var owned: UnsafeMutablePointer<ebur128_state>? = state
            ebur128_destroy(&owned)
        }
        // libebur128 takes interleaved frames; a second at a time keeps the copy small.
        var interleaved = [Float](repeating: 0, count: 2 * rate)
        var start = 0
        while start < buffer.frames {
            let count = min(rate, buffer.frames - start)
            for i in 0..<count {
                interleaved[2 * i] = buffer.left[start + i]
                interleaved[2 * i + 1] = buffer.right[start + i]
            }
            ebur128_add_frames_float(state, interleaved, count)
            start += count
        }
        var integrated = -Double.infinity
        ebur128_loudness_global(state, &integrated)
        var peak = 0.0
        for channel in 0..<2 {
            var channelPeak = 0.0
            ebur128_true_peak(state, UInt32(channel), &channelPeak)
            peak = max(peak, channelPeak)
        }
        return Loudness(integrated: integrated, truePeak: 20 * log10(peak))
    }
}

/// The last stage before encoding: the loop's seam or the fades, then one gain to
/// the loudness target, capped so the true peak stays under the ceiling.
enum Mastering {
    /// Ambient music under other sounds: quieter than streaming's −14 and
    /// broadcast's −23 is too quiet on a phone speaker. The true-peak ceiling leaves
    /// room for the AAC encoder's overshoot.
    static let targetLoudness = -20.0
    static let truePeakCeiling = -1.0

    /// A loop of `length` frames: everything past the end (notes ringing on, the
    /// reverb's tail) is added back from the start, as it sounds when the track
    /// plays again, so the last sample runs into the first with no click and no step.
    static func foldLoop(_ buffer: StereoBuffer, length: Int) -> StereoBuffer {
        var folded = StereoBuffer(frames: length)
        for i in 0..<buffer.frames {
            folded.left[i % length] += buffer.left[i]
            folded.right[i % length] += buffer.right[i]
        }
        return folded
    }

    /// Linear fades of `fadeIn` and `fadeOut` seconds at the ends.
    static func fade(_ buffer: inout StereoBuffer, fadeIn: Double, fadeOut: Double) {
        let inFrames = Int(fadeIn * Voices.sampleRate), outFrames = Int(fadeOut * Voices.sampleRate)
        for i in 0..<min(inFrames, buffer.frames) {
            let g = Float(i) / Float(inFrames)
            buffer.left[i] *= g
            buffer.right[i] *= g
        }
        for j in 0..<min(outFrames, buffer.frames) {
            let i = buffer.frames - 1 - j, g = Float(j) / Float(outFrames)
            buffer.left[i] *= g
            buffer.right[i] *= g
        }
    }

    /// The gain that brings `loudness` to the target, lowered if the true peak would
    /// pass the ceiling (true peak scales with the gain).
    static func gain(for loudness: Loudness) -> Double {
        let toTarget = targetLoudness - loudness.integrated
        let headroom = truePeakCeiling - 0.05 - loudness.truePeak
        return pow(10, min(toTarget, headroom) / 20)
    }

    static func apply(_ gain: Double, to buffer: inout StereoBuffer) {
        let g = Float(gain)
        for i in 0..<buffer.frames {
            buffer.left[i] *= g
            buffer.right[i] *= g
        }
    }
}
