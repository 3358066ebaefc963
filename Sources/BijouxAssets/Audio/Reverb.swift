import CKissFFT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A convolution reverb: the room is an impulse response synthesised from noise
/// (a short pre-delay, then an exponential decay whose highs die first, the two
/// channels decorrelated), convolved with the music by FFT (KISS FFT's real
/// transform, overlap-add) rather than by a hand-written transform.
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
    /// `convolve` a block at a time (overlap-add): each block of the signal, zero-padded
    /// to the transform's size, is convolved and added onto the overlap of those before,
    /// whose first samples are then final. An output sample is the same sum, in the same
    /// order, as in `convolve`.
    final class Convolver {
        let size: Int
        /// How many samples a `push` may take: the transform's size less the response's.
        let block: Int
        private let responseLength: Int
        private let forward: kiss_fftr_cfg
        private let inverse: kiss_fftr_cfg
        private var responseSpectrum: [kiss_fft_cpx]
        private var spectrum: [kiss_fft_cpx]
        private var frame: [Float]
        /// The output from the next sample on, as far as the blocks so far reach.
        private var overlap: [Float]

        init(_ response: [Float]) {
            var size = 1
            while size < 2 * max(1, response.count) { size *= 2 }
            self.size = size
            responseLength = response.count
            block = size - response.count + 1
            let bins = size / 2 + 1
            guard let forward = kiss_fftr_alloc(Int32(size), 0, nil, nil), let inverse = kiss_fftr_alloc(Int32(size), 1, nil, nil) else {
                fatalError("KISS FFT could not allocate a transform of \(size) points")
            }
            (self.forward, self.inverse) = (forward, inverse)
            frame = [Float](repeating: 0, count: size)
            responseSpectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: bins)
            spectrum = responseSpectrum
            overlap = frame
            frame.replaceSubrange(0..<response.count, with: response)
            kiss_fftr(forward, frame, &responseSpectrum)
        }

        deinit {
            free(UnsafeMutableRawPointer(forward))
            free(UnsafeMutableRawPointer(inverse))
        }

        /// Takes the signal's next `input.count` (at most `block`) samples and returns as
        /// many finished ones of the output.
        func push(_ input: [Float]) -> [Float] {
            precondition(input.count <= block)
            for i in 0..<size { frame[i] = i < input.count ? input[i] : 0 }
            kiss_fftr(forward, frame, &spectrum)
            for k in spectrum.indices {
                let a = spectrum[k], b = responseSpectrum[k]
                spectrum[k] = kiss_fft_cpx(r: a.r * b.r - a.i * b.i, i: a.r * b.i + a.i * b.r)
            }
            kiss_fftri(inverse, spectrum, &frame)
            let scale = 1 / Float(size)
            for i in 0..<size { overlap[i] += frame[i] * scale }
            let done = Array(overlap[0..<input.count])
            overlap.replaceSubrange(0..<(size - input.count), with: overlap[input.count..<size])
            for i in (size - input.count)..<size { overlap[i] = 0 }
            return done
        }

        /// The output past the signal's end: the response's length less one.
        func finish() -> [Float] { Array(overlap[0..<max(0, responseLength - 1)]) }
    }
}
