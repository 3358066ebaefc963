#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two channels of samples at `Voices.sampleRate`.
struct StereoBuffer: Equatable, Sendable {
    var left: [Float]
    var right: [Float]

    init(frames: Int) {
        left = [Float](repeating: 0, count: frames)
        right = left
    }

    init(left: [Float], right: [Float]) { (self.left, self.right) = (left, right) }

    var frames: Int { left.count }

    /// Adds `mono` starting at frame `offset`, panned with equal power (−1 left … 1 right);
    /// a negative offset is a sound that began before this buffer.
    mutating func add(_ mono: [Float], at offset: Int, pan: Double, gain: Double) {
        let angle = (min(1, max(-1, pan)) + 1) * Double.pi / 4
        let l = Float(cos(angle) * gain), r = Float(sin(angle) * gain)
        let begin = max(0, offset), end = min(frames, offset + mono.count)
        guard begin < end else { return }
        for i in begin..<end {
            left[i] += mono[i - offset] * l
            right[i] += mono[i - offset] * r
        }
    }

    mutating func add(_ other: StereoBuffer, gain: Float) {
        for i in 0..<min(frames, other.frames) {
            left[i] += other.left[i] * gain
            right[i] += other.right[i] * gain
        }
    }
}

/// The three instruments, each a note → samples function, mono, starting at the
/// note's onset. libm's `sin`, `exp` and `pow` are called on every sample, so the
/// bits are the same from build to build on one platform (the goldens' Linux) but
/// may differ in the last place on another.
enum Voices {
    static let sampleRate = 44_100.0

    static func frequency(_ pitch: Int) -> Double { 440 * pow(2, Double(pitch - 69) / 12) }

    /// A tine electric piano by two-operator FM: the modulator's index (the
    /// brightness) grows with velocity and fades within a quarter second, leaving a
    /// nearly pure tone; a high partial gives the tine's "bark" on a hard strike.
    static func electricPiano(_ note: Note) -> [Float] {
        let f = frequency(note.pitch)
        let v = note.velocity
        let decay = 1.6 * pow(261.63 / f, 0.35)  // lower notes ring longer
        let release = 0.12
        let length = Int((note.duration + release * 6) * sampleRate)
        let step = 2 * Double.pi * f / sampleRate
        let index0 = 0.5 + 2.4 * v * v
        let barkRatio = 7.0, barkLevel = f * barkRatio < 16_000 ? 0.12 * v * v : 0
        let attack = 0.003 * sampleRate
        var samples = [Float](repeating: 0, count: length)
        for n in 0..<length {
            let t = Double(n) / sampleRate
            let phase = step * Double(n)
            let index = index0 * exp(-t / 0.22)
            var envelope = exp(-t / decay) * min(1, Double(n) / attack)
            if t > note.duration { envelope *= exp(-(t - note.duration) / release) }
            let tone = sin(phase + index * sin(phase)) + barkLevel * exp(-t / 0.04) * sin(barkRatio * phase)
            samples[n] = Float(envelope * tone * (0.25 + 0.75 * v))
        }
        return samples
    }

    /// A plucked upright bass by Karplus–Strong: a loop as long as one period,
    /// excited by a burst of low-passed noise (darker for a softer pluck), losing a
    /// little of its highs on every pass; the finger damps it at the note's end.
    static func bass(_ note: Note, random: inout SeededRandom) -> [Float] {
        let f = frequency(note.pitch)
        let period = sampleRate / f - 0.5  // the averaging filter adds half a sample
        let whole = Int(period), fraction = period - Double(whole)
        let sustain = pow(10, -3 / (2.2 * f))  // −60 dB in 2.2 s at the fundamental
        let damp = 0.05
        let length = Int((note.duration + damp * 8) * sampleRate)
        var loop = [Double](repeating: 0, count: whole + 2)
        // The excitation: noise through a one-pole low-pass, its cutoff with velocity.
        let smoothing = 0.55 - 0.35 * note.velocity
        var low = 0.0
        for i in 0..<loop.count {
            low += (1 - smoothing) * (random.signed() - low)
            loop[i] = low
        }
        let mean = loop.reduce(0, +) / Double(loop.count)
        for i in loop.indices { loop[i] -= mean }
        var samples = [Float](repeating: 0, count: length)
        var read = 0
        var previous = 0.0
        var body = 0.0
        let bodyCoefficient = 1 - exp(-2 * Double.pi * 900 / sampleRate)
        for n in 0..<length {
            let a = loop[read], b = loop[(read + 1) % loop.count], c = loop[(read + 2) % loop.count]
            // Delays of the loop's length, one and two less, weighted so the loop (with
            // the averaging low-pass) is exactly one period long.
            let delayed = (a * fraction + b + c * (1 - fraction)) / 2
            var gain = sustain
            let t = Double(n) / sampleRate
            if t > note.duration { gain *= exp(-1 / (damp * f)) }
            let value = delayed * gain
            loop[read] = value
            read = (read + 1) % loop.count
            body += bodyCoefficient * (value - body)
            // The pluck's transient: the string's first pass differs from the next.
            samples[n] = Float((body + 0.15 * (value - previous)) * (0.5 + 0.5 * note.velocity))
            previous = value
        }
        return samples
    }

    /// Brushes on a snare: band-limited noise, a slow swell for a sweep (pitch 1), a
    /// quick decay for a tap (pitch 0).
    static func brush(_ stroke: Note, random: inout SeededRandom) -> [Float] {
        let length = Int(stroke.duration * sampleRate)
        let sweep = stroke.pitch == 1
        let highPass = exp(-2 * Double.pi * 1800 / sampleRate), lowPass = 1 - exp(-2 * Double.pi * 7000 / sampleRate)
        var samples = [Float](repeating: 0, count: length)
        var low = 0.0, previousInput = 0.0, high = 0.0
        for n in 0..<length {
            let x = Double(n) / Double(length)
            let envelope = sweep ? sin(Double.pi * x) * 0.6 : exp(-x * 9) * min(1, Double(n) / 40)
            let noise = random.signed()
            high = highPass * (high + noise - previousInput)
            previousInput = noise
            low += lowPass * (high - low)
            samples[n] = Float(low * envelope * stroke.velocity)
        }
        return samples
    }
}
