#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// sRGB's transfer curve (IEC 61966-2-1), the one Display P3 shares, extended to every
/// real number by mirroring it about 0 and continuing it above 1 (Apple's extended
/// sRGB). Between 0 and 1 each direction is a 4,097-entry table read with linear
/// interpolation (within 2·10⁻⁵ of the formula, a two-hundredth of an 8-bit level);
/// outside it, the formula itself.
package enum SRGBCurve {
    static let steps = 4096

    /// Linear light to the curve's code value.
    @inline(__always) package static func encode(_ linear: Float) -> Float {
        let magnitude = abs(linear)
        let value = magnitude <= 1 ? lookUp(encodeTable, magnitude) : encodeFormula(magnitude)
        return linear < 0 ? -value : value
    }

    /// A code value to linear light.
    @inline(__always) package static func decode(_ code: Float) -> Float {
        let magnitude = abs(code)
        let value = magnitude <= 1 ? lookUp(decodeTable, magnitude) : decodeFormula(magnitude)
        return code < 0 ? -value : value
    }

    static func encodeFormula(_ x: Float) -> Float { x <= 0.0031308 ? 12.92 * x : 1.055 * powf(x, 1 / 2.4) - 0.055 }
    static func decodeFormula(_ x: Float) -> Float { x <= 0.04045 ? x / 12.92 : powf((x + 0.055) / 1.055, 2.4) }

    /// The tables, made once and kept for the process's life (read-only after that):
    /// plain memory rather than arrays, so a lookup in the key's inner loop is a load.
    nonisolated(unsafe) private static let encodeTable = table(encodeFormula)
    nonisolated(unsafe) private static let decodeTable = table(decodeFormula)

    private static func table(_ formula: (Float) -> Float) -> UnsafeMutablePointer<Float> {
        let table = UnsafeMutablePointer<Float>.allocate(capacity: steps + 1)
        for i in 0...steps { table[i] = formula(Float(i) / Float(steps)) }
        return table
    }

    @inline(__always) private static func lookUp(_ table: UnsafeMutablePointer<Float>, _ x: Float) -> Float {
        let position = x * Float(steps)
        let index = min(Int(position), steps - 1)
        let fraction = position - Float(index)
        return table[index] + (table[index + 1] - table[index]) * fraction
    }
}
