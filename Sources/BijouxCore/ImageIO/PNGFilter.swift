#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// PNG's row filters, chosen as libpng's default heuristic chooses them: the part of
/// `PNGEncoder` that turns each row into its filtered form, sixteen bytes at a time.
extension PNGEncoder {
    /// Filters one row with the PNG filter libpng's default heuristic picks: of the
    /// five, the one whose bytes, read as signed, have the smallest sum of magnitudes
    /// (the first on a tie). The five sums are taken in one pass over the row, sixteen
    /// bytes at a time, and only the chosen filter is written.
    /// Returns whether the row was all zeros (and so is its filtered form).
    @discardableResult
    static func filterRow(
        _ raw: UnsafeBufferPointer<UInt8>, row: Int, rowBytes: Int, bytesPerPixel bpp: Int,
        into out: UnsafeMutablePointer<UInt8>, zeroRow: UnsafePointer<UInt8>
    ) -> Bool {
        let current = raw.baseAddress! + row * rowBytes
        // The row above the first is all zeros, as the PNG spec defines it.
        let previous: UnsafePointer<UInt8> = row > 0 ? raw.baseAddress! + (row - 1) * rowBytes : zeroRow
        // A row of zeros (transparent black, common in keyed art) filters to zeros
        // under every filter; None is the choice and the work is a memset.
        if memcmp(current, zeroRow, rowBytes) == 0 {
            out[0] = 0
            (out + 1).update(repeating: 0, count: rowBytes)
            return true
        }
        let lead = min(bpp, rowBytes)
        let vectorEnd = lead + (rowBytes - lead) / 16 * 16

        // The sums. The first pixel's left neighbours are zeros.
        var sums = (0, 0, 0, 0, 0)
        @inline(__always) func add(_ x: UInt8, _ a: UInt8, _ b: UInt8, _ c: UInt8) {
            sums.0 += magnitude(filteredByte(0, x, a, b, c))
            sums.1 += magnitude(filteredByte(1, x, a, b, c))
            sums.2 += magnitude(filteredByte(2, x, a, b, c))
            sums.3 += magnitude(filteredByte(3, x, a, b, c))
            sums.4 += magnitude(filteredByte(4, x, a, b, c))
        }
        for i in 0..<lead { add(current[i], 0, previous[i], 0) }
        var i = lead
        while i < vectorEnd {
            // At most 128 vectors of pairs of magnitudes (each at most 128) per 16-bit lane.
            let stop = min(vectorEnd, i + 128 * 16)
            var lanes = (SIMD8<UInt16>(), SIMD8<UInt16>(), SIMD8<UInt16>(), SIMD8<UInt16>(), SIMD8<UInt16>())
            while i < stop {
                let (x, a, b, c) = neighbours(current, previous, i, bpp)
                lanes.0 &+= pairSums(magnitudes(filtered(0, x, a, b, c)))
                lanes.1 &+= pairSums(magnitudes(filtered(1, x, a, b, c)))
                lanes.2 &+= pairSums(magnitudes(filtered(2, x, a, b, c)))
                lanes.3 &+= pairSums(magnitudes(filtered(3, x, a, b, c)))
                lanes.4 &+= pairSums(magnitudes(filtered(4, x, a, b, c)))
                i += 16
            }
            for lane in 0..<8 {
                sums.0 += Int(lanes.0[lane])
                sums.1 += Int(lanes.1[lane])
                sums.2 += Int(lanes.2[lane])
                sums.3 += Int(lanes.3[lane])
                sums.4 += Int(lanes.4[lane])
            }
        }
        for i in vectorEnd..<rowBytes { add(current[i], current[i - bpp], previous[i], previous[i - bpp]) }
        var best = 0, bestSum = sums.0
        if sums.1 < bestSum { (best, bestSum) = (1, sums.1) }
        if sums.2 < bestSum { (best, bestSum) = (2, sums.2) }
        if sums.3 < bestSum { (best, bestSum) = (3, sums.3) }
        if sums.4 < bestSum { best = 4 }

        out[0] = UInt8(best)
        let bytes = out + 1
        for i in 0..<lead { bytes[i] = filteredByte(best, current[i], 0, previous[i], 0) }
        i = lead
        while i < vectorEnd {
            let (x, a, b, c) = neighbours(current, previous, i, bpp)
            UnsafeMutableRawPointer(bytes + i).storeBytes(of: filtered(best, x, a, b, c), as: SIMD16<UInt8>.self)
            i += 16
        }
        for i in vectorEnd..<rowBytes {
            bytes[i] = filteredByte(best, current[i], current[i - bpp], previous[i], previous[i - bpp])
        }
        return false
    }

    /// Byte `i` of the row, the byte a pixel to its left, above it and above-left, for
    /// sixteen bytes from `i` (i ≥ bpp).
    @inline(__always)
    private static func neighbours(
        _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ i: Int, _ bpp: Int
    ) -> (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>) {
        func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> { UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self) }
        return (load(current + i), load(current + i - bpp), load(previous + i), load(previous + i - bpp))
    }

    // The vector helpers use only what the compiler inlines into plain SSE2 (lane-wise
    // arithmetic, comparisons and `replacing`), not `pointwiseMin` or widening
    // conversions, which it calls out of line.

    /// |v| for bytes read as signed (128 for -128).
    @inline(__always)
    private static func magnitudes(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let negated = 0 &- v
        return v.replacing(with: negated, where: negated .< v)
    }

    @inline(__always)
    private static func magnitude(_ v: UInt8) -> Int { Int(min(v, 0 &- v)) }

    /// Each pair of neighbouring bytes summed, as eight 16-bit lanes.
    @inline(__always)
    private static func pairSums(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
        let pairs = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        return (pairs & 0xFF) &+ (pairs &>> 8)
    }

    /// |a - b| of bytes.
    @inline(__always)
    private static func distance(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        a.replacing(with: b, where: b .> a) &- a.replacing(with: b, where: b .< a)
    }

    /// ⌊(a + b) / 2⌋ without overflow.
    @inline(__always)
    private static func average(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> { (a & b) &+ ((a ^ b) &>> 1) }

    /// `paeth` on sixteen bytes at once, in bytes: with p = a + b - c, |p - a| = |b - c|
    /// and |p - b| = |a - c|; |p - c| = |(b - c) + (a - c)| is their sum when b - c and
    /// a - c have the same sign (then never below either, so it decides nothing and
    /// 255 stands in for it), else the distance between them.
    @inline(__always)
    static func paeth(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let pa = distance(b, c), pb = distance(a, c)
        let sameSign = .!((b .>= c) .^ (a .>= c))
        let pc = distance(pa, pb).replacing(with: 255, where: sameSign)
        var predictor = c
        predictor.replace(with: b, where: pb .<= pc)
        predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
        return predictor
    }

    /// Sixteen bytes of filter `filter` (`filteredByte` sixteen times).
    @inline(__always)
    private static func filtered(
        _ filter: Int, _ x: SIMD16<UInt8>, _ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>
    ) -> SIMD16<UInt8> {
        switch filter {
        case 0: x
        case 1: x &- a
        case 2: x &- b
        case 3: x &- average(a, b)
        default: x &- paeth(a, b, c)
        }
    }

    /// One byte of filter `filter` given the byte `x`, its left neighbour `a`, the one
    /// above `b` and above-left `c`.
    @inline(__always)
    static func filteredByte(_ filter: Int, _ x: UInt8, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        switch filter {
        case 0: x
        case 1: x &- a
        case 2: x &- b
        case 3: x &- UInt8((Int(a) + Int(b)) >> 1)
        default: x &- paeth(Int(a), Int(b), Int(c))
        }
    }

    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return UInt8(a) }
        return pb <= pc ? UInt8(b) : UInt8(c)
    }
}
