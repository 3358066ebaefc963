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

    /// `signal` convolved with `response`, `signal.count + response.count - 1` long.
    static func convolve(_ signal: [Float], _ response: [Float]) -> [Float] {
        guard !signal.isEmpty, !response.isEmpty else { return [] }
        var size = 1
        while size < 2 * response.count { size *= 2 }
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
