import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two channels of samples at `Voices.sampleRate`.
package struct StereoBuffer: Equatable, Sendable {
    package var left: [Float]
    package var right: [Float]

    package init(frames: Int) {
        left = [Float](repeating: 0, count: frames)
        right = left
    }

    package init(left: [Float], right: [Float]) { (self.left, self.right) = (left, right) }

    package var frames: Int { left.count }

    /// Adds `mono` starting at frame `offset`, panned with equal power (−1 left … 1 right);
    /// a negative offset is a sound that began before this buffer.
    mutating func add(_ mono: [Float], at offset: Int, pan: Double, gain: Double) {
        let angle = (min(1, max(-1, pan)) + 1) * Double.pi / 4
        let l = Float(cos(angle) * gain), r = Float(sin(angle) * gain)
        let begin = max(0, offset), end = min(frames, offset + mono.count)
        guard begin < end else { return }
        mono.withUnsafeBufferPointer { mono in
            Self.add(mono, from: begin - offset, into: &left, begin..<end, gain: l)
            Self.add(mono, from: begin - offset, into: &right, begin..<end, gain: r)
        }
    }

    mutating func add(_ other: StereoBuffer, gain: Float) {
        let end = min(frames, other.frames)
        other.left.withUnsafeBufferPointer { Self.add($0, from: 0, into: &left, 0..<end, gain: gain) }
        other.right.withUnsafeBufferPointer { Self.add($0, from: 0, into: &right, 0..<end, gain: gain) }
    }

    /// `channel[range] += source[from...] × gain`, sample by sample.
    private static func add(_ source: UnsafeBufferPointer<Float>, from: Int, into channel: inout [Float], _ range: Range<Int>, gain: Float) {
        channel.withUnsafeMutableBufferPointer { channel in
            for i in range { channel[i] += source[from + i - range.lowerBound] * gain }
        }
    }
}

/// One cycle of a sine, read by phase: a phase is a whole number of 2^-32 turns
/// (`UInt32`, so it wraps as a cycle does), looked up in a table of 4096 steps with
/// linear interpolation (within 3·10^-7 of `sin`). The voices' oscillators and the
/// tremolo read it on every sample instead of calling libm.
enum Sine {
    static let bits = 12
    static let table: [Double] = (0...(1 << bits)).map { sin(2 * Double.pi * Double($0) / Double(1 << bits)) }
    /// Phase units (2^-32 turns) per radian.
    static let unitsPerRadian = 4_294_967_296 / (2 * Double.pi)

    @inline(__always)
    static func of(_ phase: UInt32, _ table: UnsafeBufferPointer<Double>) -> Double {
        let index = Int(phase >> UInt32(32 - bits))
        let fraction = Double(phase & (1 << UInt32(32 - bits) - 1)) * (1 / Double(1 << (32 - bits)))
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    /// The phase step of `frequency` at the sample rate.
    static func step(_ frequency: Double) -> UInt32 { UInt32((frequency / Voices.sampleRate * 4_294_967_296).rounded()) }

    /// An angle in radians (|angle| < π) as a phase offset.
    @inline(__always)
    static func offset(_ radians: Double) -> UInt32 { UInt32(bitPattern: Int32(radians * unitsPerRadian)) }
}

/// The three instruments, each a note → samples function, mono, starting at the
/// note's onset, pure: the same note gives the same samples, so notes are made in
/// parallel and added in the arrangement's order. Oscillators read `Sine`; envelopes
/// decay by a factor a sample; what libm computes (`exp`, `pow`, `sin` for the tables
/// and factors) is computed once a note, so the bits are the same from build to build
/// on one platform (the goldens' Linux) but may differ in the last place on another.
package enum Voices {
    package static let sampleRate = 44_100.0

    static func frequency(_ pitch: Int) -> Double { 440 * pow(2, Double(pitch - 69) / 12) }

    /// The factor a sample of a decay to 1/e in `seconds`.
    static func decay(_ seconds: Double) -> Double { exp(-1 / (seconds * sampleRate)) }

    /// A tine electric piano by two-operator FM: the modulator's index (the
    /// brightness) grows with velocity and fades within a quarter second, leaving a
    /// nearly pure tone; a high partial gives the tine's "bark" on a hard strike.
    static func electricPiano(_ note: Note) -> [Float] {
        let f = frequency(note.pitch)
        let v = note.velocity
        let release = 0.12
        let length = Int((note.duration + release * 6) * sampleRate)
        let held = Int(note.duration * sampleRate)
        let step = Sine.step(f)
        let barkRatio: UInt32 = 7
        let barkLevel = f * Double(barkRatio) < 16_000 ? 0.12 * v * v : 0
        let attack = 0.003 * sampleRate
        // Lower notes ring longer; the brightness and the bark fade faster than the tone.
        let toneDecay = decay(1.6 * pow(261.63 / f, 0.35)), indexDecay = decay(0.22), barkDecay = decay(0.04), releaseDecay = decay(release)
        let level = 0.25 + 0.75 * v
        var index = 0.5 + 2.4 * v * v, envelope = level, bark = barkLevel
        var phase: UInt32 = 0
        return [Float](unsafeUninitializedCapacity: length) { samples, count in
            Sine.table.withUnsafeBufferPointer { table in
                for n in 0..<length {
                    let modulator = Sine.of(phase, table)
                    var tone = Sine.of(phase &+ Sine.offset(index * modulator), table)
                    if bark > 0 { tone += bark * Sine.of(phase &* barkRatio, table) }
                    let rise = Double(n) < attack ? Double(n) / attack : 1
                    samples[n] = Float(envelope * rise * tone)
                    phase &+= step
                    index *= indexDecay
                    bark *= barkDecay
                    envelope *= n < held ? toneDecay : toneDecay * releaseDecay
                }
            }
            count = length
        }
    }

    /// A plucked upright bass, additive: the string's first partials, each a decaying
    /// sinusoid (a complex rotation a sample), the fundamental strongest, the upper ones
    /// dying sooner, so the pluck's edge goes and the round low body stays; a few
    /// milliseconds' rise, a soft attack rather than a click; the finger damps the
    /// string at the note's end. Slightly stretched partials, as a stiff string's.
    static func bass(_ note: Note) -> [Float] {
        let f = frequency(note.pitch), v = note.velocity
        let release = 0.06
        let length = Int((note.duration + release * 8) * sampleRate)
        let held = Int(note.duration * sampleRate)
        let rise = Int(0.008 * sampleRate)
        // Up to 1.2 kHz; the pluck a fifth of the way along the string, softer notes darker.
        let partials = max(1, min(10, Int(1_200 / f)))
        let ringing = 1.1 * pow(55 / f, 0.25)
        // Each partial's rotation: its real and imaginary parts, cosine and sine of its
        // step (times its decay), and amplitude, side by side.
        var partial = [Double](repeating: 0, count: 5 * partials)
        for k in 0..<partials {
            let n = Double(k + 1)
            let frequency = n * f * (1 + 0.0001 * n * n)
            let shape = abs(sin(n * Double.pi * 0.2)) / pow(n, 1.3) * pow(0.55 + 0.35 * v, n - 1)
            let r = decay(ringing / (1 + 0.5 * (n - 1)))
            partial[5 * k] = 1
            partial[5 * k + 2] = r * cos(2 * Double.pi * frequency / sampleRate)
            partial[5 * k + 3] = r * sin(2 * Double.pi * frequency / sampleRate)
            partial[5 * k + 4] = shape
        }
        let total = (0..<partials).reduce(0.0) { $0 + partial[5 * $1 + 4] }
        let level = (0.45 + 0.55 * v) / total
        for k in 0..<partials { partial[5 * k + 4] *= level }
        let damping = decay(release)
        var envelope = 1.0
        return [Float](unsafeUninitializedCapacity: length) { samples, count in
            partial.withUnsafeMutableBufferPointer { p in
                for n in 0..<length {
                    var value = 0.0
                    for k in stride(from: 0, to: 5 * partials, by: 5) {
                        let (x, y) = (p[k], p[k + 1])
                        p[k] = x * p[k + 2] - y * p[k + 3]
                        p[k + 1] = x * p[k + 3] + y * p[k + 2]
                        value += p[k + 4] * y
                    }
                    let attack = n < rise ? 0.5 - 0.5 * cos(Double.pi * Double(n) / Double(rise)) : 1
                    samples[n] = Float(value * envelope * attack)
                    if n >= held { envelope *= damping }
                }
            }
            count = length
        }
    }

    /// Brushes on a snare: band-limited noise, a slow swell for a sweep (pitch 1), a
    /// quick decay for a tap (pitch 0). Each stroke's noise is its own, seeded by the
    /// score's seed and its place in the arrangement.
    static func brush(_ stroke: Note, seed: UInt64, index: Int) -> [Float] {
        var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D, stream: 6)
        let length = Int(stroke.duration * sampleRate)
        let sweep = stroke.pitch == 1
        let highPass = exp(-2 * Double.pi * 1800 / sampleRate), lowPass = 1 - exp(-2 * Double.pi * 7000 / sampleRate)
        var samples = [Float](repeating: 0, count: length)
        var low = 0.0, previousInput = 0.0, high = 0.0
        Sine.table.withUnsafeBufferPointer { table in
            let step = UInt32(4_294_967_296 / 2 / Double(max(1, length)))
            var phase: UInt32 = 0
            var tap = 1.0
            let tapDecay = exp(-9 / Double(max(1, length)))
            for n in 0..<length {
                let envelope = sweep ? Sine.of(phase, table) * 0.6 : tap * min(1, Double(n) / 40)
                let noise = random.signed()
                high = highPass * (high + noise - previousInput)
                previousInput = noise
                low += lowPass * (high - low)
                samples[n] = Float(low * envelope * stroke.velocity)
                phase &+= step
                tap *= tapDecay
            }
        }
        return samples
    }
}
