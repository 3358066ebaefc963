import BijouxCore

/// The gamut a keyed image's colours are encoded in, named as an image set's
/// `display-gamut` names it.
enum Gamut: String, Sendable, Equatable {
    case sRGB = "sRGB"
    case displayP3 = "display-P3"
}

/// A keyed painting and the gamut its colours are in.
struct KeyedImage: Sendable {
    var image: RGBAImage
    var gamut: Gamut
}

/// The luminance key for a painting in a colour space other than sRGB (SPEC B's formula,
/// read in colour). The painting is first converted to extended sRGB by its profile
/// (`ColourConversion`), so its alpha is the brightness of the colour the painter saw,
/// the same whatever space the file was saved in: `max(r, g, b)` of the sRGB code
/// values, capped at 1, so solid paint beyond sRGB (a component above 1) is opaque. The
/// colour is that divided by alpha.
///
/// When every keyed colour fits sRGB (see `wideExcess`) the image is written as sRGB;
/// otherwise as Display P3, which keeps what sRGB cannot hold (colours beyond P3 are
/// clipped to it, relative colorimetric).
enum ColourManagedKey {
    /// How far beyond sRGB's gamut a pixel may reach, over black (so weighted by its
    /// alpha), and still count as fitting: one 8-bit level, which is also what an 8-bit
    /// sRGB picture saved in another space and read back can differ by.
    static let wideExcess: Float = 1 / 255

    static func key(_ decoded: consuming DecodedPNG, blackPoint: Int, colour: ColourConversion, threads: Int = 1) -> KeyedImage {
        let width = decoded.width, height = decoded.height
        var out = RGBAImage(width: width, height: height)
        let levels = Levels(blackPoint: blackPoint)
        var gamut = Gamut.sRGB
        // Keys every row from `samples` (the decoded pixels, 8 or 16 bits) as `pass`.
        func keyAll<Sample>(_ samples: [Sample], as pass: Gamut) -> Bool {
            let rowBytes = width * Channel.count * MemoryLayout<Sample>.size
            let bands = max(1, min(threads, height))
            var wide = [Bool](repeating: false, count: bands)
            samples.withUnsafeBytes { bytes in
                out.withMutablePixels { p in
                    wide.withUnsafeMutableBufferPointer { flags in
                        Parallel.forEachBand(bands, jobs: bands) { range in
                            for band in range {
                                flags[band] = keyRows(
                                    height * band / bands..<height * (band + 1) / bands, bytes.baseAddress!, rowBytes: rowBytes, into: p,
                                    colour: colour, levels: levels, as: pass)
                            }
                        }
                    }
                }
            }
            return wide.contains(true)
        }
        for pass in [Gamut.sRGB, .displayP3] where pass == .sRGB || gamut == .displayP3 {
            let wide: Bool
            switch decoded {
            case .rgba8(let image, _): wide = keyAll(image.pixels, as: pass)
            case .rgba16(let image, _): wide = keyAll(image.pixels, as: pass)
            }
            if pass == .sRGB, wide { gamut = .displayP3 }
        }
        return KeyedImage(image: out, gamut: gamut)
    }

    /// Keys `rows`, writing them in `gamut`; returns whether any pixel is beyond sRGB.
    /// `source` may be the output's own buffer (each row is converted before it is written).
    static func keyRows(
        _ rows: Range<Int>, _ source: UnsafeRawPointer, rowBytes: Int, into p: MutablePixelView<UInt8>,
        colour: ColourConversion, levels: Levels, as gamut: Gamut
    ) -> Bool {
        var converted = [SIMD4<Float>](repeating: .zero, count: p.width)
        var wide = false
        let toP3 = DisplayP3Encoding.shared
        for y in rows {
            converted.withUnsafeMutableBufferPointer { row in
                colour.convert(source + y * rowBytes, count: p.width, into: row.baseAddress!)
                for x in 0..<p.width {
                    let pixel = p.pixel(x: x, y: y)
                    if row[x] == .zero {  // the matte, most of a painting
                        p[rgba: pixel] = RGBA(0, 0, 0, 0)
                        continue
                    }
                    if x > 0 && row[x] == row[x - 1] {  // a run of one colour
                        p[rgba: pixel] = p[rgba: pixel - 1]
                        continue
                    }
                    let c = levels.apply(SIMD3(row[x].x, row[x].y, row[x].z) * row[x].w)
                    let excess = max(-c.min(), c.max() - 1)
                    if excess > wideExcess { wide = true }
                    let alpha = min(1, c.max())
                    // Rounded to nearest (half away from 0) by truncating the value plus
                    // a half: the values are not negative, and it stays in vector code.
                    let alpha8 = alpha * 255 + 0.5
                    guard alpha8 >= 1 else {
                        p[rgba: pixel] = RGBA(0, 0, 0, 0)
                        continue
                    }
                    let straight = c / alpha
                    let encoded = gamut == .sRGB ? straight : toP3.fromExtendedSRGB(straight)
                    let bytes = encoded.clamped(lowerBound: .zero, upperBound: .one) * 255 + 0.5
                    p[rgba: pixel] = RGBA(UInt8(bytes.x), UInt8(bytes.y), UInt8(bytes.z), UInt8(alpha8))
                }
            }
        }
        return wide
    }

    /// A black point as levels on converted colours: at or below it becomes 0, and the
    /// rest is stretched so 1 stays 1 (`BlackPoint`'s rule, unrounded).
    struct Levels {
        let black: Float
        let stretch: Float

        init(blackPoint: Int) {
            black = Float(max(0, min(blackPoint, 254))) / 255
            stretch = 1 / (1 - black)
        }

        @inline(__always) func apply(_ c: SIMD3<Float>) -> SIMD3<Float> {
            guard black > 0 else { return c }
            return (c - black).replacing(with: 0, where: c .< black) * stretch
        }
    }
}

/// Extended sRGB code values to Display P3's: decoded, through the matrix between the
/// two profiles' colorants (read by Little CMS), and encoded with the curve they share.
struct DisplayP3Encoding: Sendable {
    let matrix: [SIMD3<Float>]

    static let shared = DisplayP3Encoding()

    private init() {
        matrix = LinearRGB.matrix(from: LinearRGB.sRGB, to: LinearRGB.displayP3)!
    }

    @inline(__always) func fromExtendedSRGB(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let linear = SIMD3(SRGBCurve.decode(c.x), SRGBCurve.decode(c.y), SRGBCurve.decode(c.z))
        let p3 = SIMD3((matrix[0] * linear).sum(), (matrix[1] * linear).sum(), (matrix[2] * linear).sum())
        return SIMD3(SRGBCurve.encode(p3.x), SRGBCurve.encode(p3.y), SRGBCurve.encode(p3.z))
    }
}

extension PNGEncoder.ColourChunk {
    /// The chunk that says a key's output gamut.
    init(_ gamut: Gamut) { self = gamut == .sRGB ? .sRGB : .displayP3 }
}
