import BijouxCore
import CKissFFT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A convolution reverb: the room is an impulse response synthesised from noise
/// (a short pre-delay, then an exponential decay whose highs die first, the two
/// channels decorrelated), convolved with the music (its two channels summed, as a
/// room hears one source) by FFT (KISS FFT's real transform, overlap-add) rather than
/// by a hand-written transform.
enum Reverb {
    static let preDelay = 0.012

    /// Each channel's response, `seconds` long to −60 dB, with unit energy.
    static func impulseResponse(seconds: Double, seed: UInt64) -> StereoBuffer {
        let rate = Voices.sampleRate
        let length = Int(seconds * rate)
        let delay = Int(preDelay * rate)
        func channel(_ stream: UInt64) -> [Float] {
            var random = SeededRandom(seed: seed, stream: stream)
            var response = [Double](repeating: 0, count: length)
            var low = 0.0
            for n in delay..<length {
                let t = Double(n - delay) / rate
                // The low-pass closes from 9 kHz towards 600 Hz as the tail decays.
                let cutoff = 600 + 8400 * exp(-t / (seconds / 4))
                low += (1 - exp(-2 * Double.pi * cutoff / rate)) * (random.signed() - low)
                response[n] = low * exp(-6.907_755 * t / seconds)
            }
            let energy = response.reduce(0) { $0 + $1 * $1 }
            let scale = energy > 0 ? 1 / energy.squareRoot() : 0
            return response.map { Float($0 * scale) }
        }
        return StereoBuffer(left: channel(10), right: channel(11))
    }
}

extension Reverb {
    /// The room's two responses convolved with one signal (the mix's two channels
    /// summed, halved), a block at a time by overlap-add: each block of the signal,
    /// zero-padded to the transform's size, is transformed once, multiplied by each
    /// response's spectrum and transformed back, and added onto the overlap of the
    /// blocks before, whose first samples are then final. The transform is at least four
    /// times the response's length when that is at most 2^19 points (a 2.4 s room: blocks
    /// of 9.5 s), at least twice otherwise: fewer, longer blocks cost less per sample.
    final class Convolver {
        let size: Int
        /// How many samples a `push` may take: the transform's size less the response's.
        let block: Int
        private let responseLength: Int
        private let forward: kiss_fftr_cfg
        private let inverse: [kiss_fftr_cfg]
        private var responseSpectra: [[kiss_fft_cpx]]
        private var spectrum: [kiss_fft_cpx]
        private var frame: [Float]
        /// Each channel's output from the next sample on, as far as the blocks so far reach.
        private var overlap: [[Float]]

        init(_ response: StereoBuffer) {
            let length = max(1, response.frames)
            var size = 1
            while size < 2 * length { size *= 2 }
            while size < 4 * length && size < 1 << 19 { size *= 2 }
            self.size = size
            responseLength = response.frames
            block = size - response.frames + 1
            let bins = size / 2 + 1
            guard let forward = kiss_fftr_alloc(Int32(size), 0, nil, nil), let left = kiss_fftr_alloc(Int32(size), 1, nil, nil),
                let right = kiss_fftr_alloc(Int32(size), 1, nil, nil)
            else {
                fatalError("KISS FFT could not allocate a transform of \(size) points")
            }
            (self.forward, inverse) = (forward, [left, right])
            frame = [Float](repeating: 0, count: size)
            spectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: bins)
            overlap = [frame, frame]
            responseSpectra = []
            for channel in [response.left, response.right] {
                var padded = [Float](repeating: 0, count: size)
                padded.replaceSubrange(0..<channel.count, with: channel)
                var transformed = spectrum
                kiss_fftr(forward, padded, &transformed)
                responseSpectra.append(transformed)
            }
        }

        deinit {
            free(UnsafeMutableRawPointer(forward))
            for transform in inverse { free(UnsafeMutableRawPointer(transform)) }
        }

        /// Takes the mix's next `mix.frames` (at most `block`) frames and returns as many
        /// finished frames of the room; the two channels are transformed back on
        /// `threads` threads.
        func push(_ mix: StereoBuffer, threads: Int = 1) -> StereoBuffer {
            let count = mix.frames
            precondition(count <= block)
            frame.withUnsafeMutableBufferPointer { frame in
                mix.left.withUnsafeBufferPointer { left in
                    mix.right.withUnsafeBufferPointer { right in
                        for i in 0..<count { frame[i] = (left[i] + right[i]) * 0.5 }
                        for i in count..<size { frame[i] = 0 }
                    }
                }
            }
            kiss_fftr(forward, frame, &spectrum)
            let input = spectrum, scale = 1 / Float(size)
            let channels = Parallel.map(2, jobs: threads) { channel -> [Float] in
                var product = input
                input.withUnsafeBufferPointer { input in
                    responseSpectra[channel].withUnsafeBufferPointer { response in
                        product.withUnsafeMutableBufferPointer { product in
                            for k in 0..<product.count {
                                let a = input[k], b = response[k]
                                product[k] = kiss_fft_cpx(r: a.r * b.r - a.i * b.i, i: a.r * b.i + a.i * b.r)
                            }
                        }
                    }
                }
                var output = [Float](repeating: 0, count: size)
                kiss_fftri(inverse[channel], product, &output)
                return output
            }
            var done = StereoBuffer(frames: count)
            for channel in 0..<2 {
                overlap[channel].withUnsafeMutableBufferPointer { overlap in
                    channels[channel].withUnsafeBufferPointer { output in
                        for i in 0..<size { overlap[i] += output[i] * scale }
                    }
                    let finished = Array(overlap[0..<count])
                    if channel == 0 { done.left = finished } else { done.right = finished }
                    // Shift what is not finished to the front.
                    for i in 0..<(size - count) { overlap[i] = overlap[i + count] }
                    for i in (size - count)..<size { overlap[i] = 0 }
                }
            }
            return done
        }

        /// The output past the signal's end: the response's length less one.
        func finish() -> StereoBuffer {
            let tail = max(0, responseLength - 1)
            return StereoBuffer(left: Array(overlap[0][0..<tail]), right: Array(overlap[1][0..<tail]))
        }
    }
}
