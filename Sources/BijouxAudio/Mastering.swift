import CEbur128

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A track's loudness as EBU R 128 measures it (libebur128): integrated loudness in
/// LUFS and the true peak (4× oversampled, the louder channel) in dBTP.
package struct Loudness: Equatable, Sendable {
    package var integrated: Double
    package var truePeak: Double

    package static func measure(_ buffer: StereoBuffer) -> Loudness {
        let meter = Meter()
        var interleaved = [Float](repeating: 0, count: 2 * buffer.frames)
        for i in 0..<buffer.frames {
            interleaved[2 * i] = buffer.left[i]
            interleaved[2 * i + 1] = buffer.right[i]
        }
        meter.add(interleaved)
        return meter.result()
    }

    /// libebur128 fed as the track comes, interleaved: it is given a second at a time
    /// whatever the blocks, so the measure is that of the whole track at once. Without
    /// `truePeak` it measures the integrated loudness alone (the true peak's 4×
    /// oversampling is most of its work) and `result` has a true peak of nan.
    /// Used by one thread at a time (`MasteringPass` hands it blocks on a serial queue).
    package final class Meter: @unchecked Sendable {
        private let state: UnsafeMutablePointer<ebur128_state>
        private var pending: [Float] = []
        private let chunk = 2 * Int(Voices.sampleRate)
        private let truePeak: Bool

        package init(truePeak: Bool = true) {
            self.truePeak = truePeak
            let mode = EBUR128_MODE_I.rawValue | (truePeak ? EBUR128_MODE_TRUE_PEAK.rawValue : 0)
            guard let state = ebur128_init(2, UInt(Voices.sampleRate), Int32(mode)) else {
                fatalError("libebur128 could not allocate its state")
            }
            self.state = state
            pending.reserveCapacity(chunk)
        }

        deinit {
            var owned: UnsafeMutablePointer<ebur128_state>? = state
            ebur128_destroy(&owned)
        }

        package func add(_ interleaved: [Float]) {
            var i = 0
            while i < interleaved.count {
                let take = min(chunk - pending.count, interleaved.count - i)
                pending += interleaved[i..<(i + take)]
                i += take
                if pending.count == chunk { flush() }
            }
        }

        private func flush() {
            if !pending.isEmpty { ebur128_add_frames_float(state, pending, pending.count / 2) }
            pending.removeAll(keepingCapacity: true)
        }

        /// The loudness of everything added.
        package func result() -> Loudness {
            flush()
            var integrated = -Double.infinity
            ebur128_loudness_global(state, &integrated)
            guard truePeak else { return Loudness(integrated: integrated, truePeak: .nan) }
            var peak = 0.0
            for channel in 0..<2 {
                var channelPeak = 0.0
                ebur128_true_peak(state, UInt32(channel), &channelPeak)
                peak = max(peak, channelPeak)
            }
            return Loudness(integrated: integrated, truePeak: 20 * log10(peak))
        }
    }
}

/// The last stage before encoding: the loop's seam or the fades, then one gain to
/// the loudness target, capped so the true peak stays under the ceiling.
package enum Mastering {
    /// Ambient music under other sounds: quieter than streaming's −14 and
    /// broadcast's −23 is too quiet on a phone speaker. The true-peak ceiling leaves
    /// room for the AAC encoder's overshoot.
    static let targetLoudness = -20.0
    static let truePeakCeiling = -1.0

    /// The gain, in two steps, for a track measured as it is encoded: first the gain to
    /// the target from the integrated loudness alone (`measured` needs no true peak);
    /// then, given the true peak the track had with that gain, nil when it is within the
    /// ceiling less 0.05 dB, else the gain lowered to put it there (the true peak scales
    /// with the gain), with which the track is made again.
    package static func gain(toTargetFrom measured: Loudness) -> Double { pow(10, (targetLoudness - measured.integrated) / 20) }

    package static func lowered(_ gain: Float, truePeak: Double) -> Float? {
        let over = truePeak - (truePeakCeiling - 0.05)
        return over > 0 ? gain * Float(pow(10, -over / 20)) : nil
    }
}
