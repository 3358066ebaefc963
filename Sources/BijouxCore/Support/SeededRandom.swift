/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so
/// every random choice (a score's, a test's random pixels) is the same on every build
/// and machine.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// `stream` separates the choices of different voices, so changing how one voice
    /// draws does not move another's.
    package init(seed: UInt64, stream: UInt64 = 0) { state = seed ^ (stream &* 0x9E37_79B9_7F4A_7C15) }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    /// Uniform in [-1, 1).
    package mutating func signed() -> Double { unit() * 2 - 1 }
    /// Triangular in (-1, 1): most offsets small, as a player's are.
    package mutating func triangular() -> Double { (unit() + unit()) - 1 }
    package mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }
    package mutating func chance(_ probability: Double) -> Bool { unit() < probability }
}
