import BijouxCore

/// The black-matte luminance key (SPEC B): painted art on black becomes a soft-edged
/// cut-out. Alpha is the pixel's brightness, and the colour is unpremultiplied, so
/// brush edges and anti-aliasing survive where a colour key would clip them.
///
/// Policies for inputs other than 8-bit RGB:
/// - alpha or tRNS: the pixel is first composited over black (the matte it would be
///   painted on), rounding to nearest, then keyed;
/// - 16-bit: composited and keyed in floating point at full precision, rounded once to
///   8 bits at the end;
/// - palette, grey, 1/2/4-bit and interlaced files are expanded by libpng first;
/// - a painting in another colour space (an ICC profile, gAMA, cHRM: `SourceColour`)
///   is keyed in colour by `ColourManagedKey`; this exact formula is sRGB's.
enum LuminanceKey {
    /// The SPEC's formula, literally; the reference every faster path is tested against.
    static func reference(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBA {
        let a = Int(max(r, g, b))
        if a == 0 { return RGBA(0, 0, 0, 0) }
        return RGBA(UInt8(Int(r) * 255 / a), UInt8(Int(g) * 255 / a), UInt8(Int(b) * 255 / a), UInt8(a))
    }

    /// `unpremultiplied[a << 8 | c]` is c·255 ÷ a (floor) for c ≤ a: the key's three
    /// divisions per pixel become three loads from a 64 KiB table built with the
    /// reference formula itself.
    static let unpremultiplied: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for c in 0...a { table[a << 8 | c] = UInt8(c * 255 / a) }
        }
        return table
    }()

    /// Keys an 8-bit image in place (the buffer is reused when the caller hands it
    /// over). Alpha in the input is composited over black first; `blackPoint` levels
    /// the matte's noise floor down to black before keying (0 leaves pixels alone).
    /// `threads` split the pixels; each pixel is keyed alone, so the result is the same.
    static func key(_ image: consuming RGBAImage, blackPoint: Int = 0, threads: Int = 1) -> RGBAImage {
        var image = image
        let levels = BlackPoint.levelsTable(blackPoint)
        image.withMutablePixels { p in
            Parallel.forEachBand(p.pixelCount, jobs: threads) { band in key(p, band, levels: levels) }
        }
        return image
    }

    /// Keys the pixels `range` of `p` in place, their noise floor levelled by `levels`
    /// (`BlackPoint.levelsTable`).
    static func key(_ p: MutablePixelView<UInt8>, _ range: Range<Int>, levels: [UInt8]) {
        // Black (of any alpha) keys to transparent black: the matte, most of a painting,
        // is cleared four pixels at a time.
        let colour = SIMD16<UInt8>(255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0)
        unpremultiplied.withUnsafeBufferPointer { t in
            levels.withUnsafeBufferPointer { l in
                var i = range.lowerBound
                while i < range.upperBound {
                    if i + 4 <= range.upperBound {
                        let address = p.address(ofPixel: i)
                        if address.loadUnaligned(as: SIMD16<UInt8>.self) & colour == SIMD16() {
                            address.storeBytes(of: SIMD16<UInt8>(), as: SIMD16<UInt8>.self)
                            i += 4
                            continue
                        }
                    }
                    defer { i += 1 }
                    var r = p[i, .red], g = p[i, .green], b = p[i, .blue]
                    let alpha = p[i, .alpha]
                    if alpha != 255 {
                        r = Alpha.premultiply(r, alpha)
                        g = Alpha.premultiply(g, alpha)
                        b = Alpha.premultiply(b, alpha)
                    }
                    r = l[Int(r)]
                    g = l[Int(g)]
                    b = l[Int(b)]
                    let a = max(r, max(g, b))
                    let row = Int(a) &<< 8
                    p[i, .red] = t[row | Int(r)]
                    p[i, .green] = t[row | Int(g)]
                    p[i, .blue] = t[row | Int(b)]
                    p[i, .alpha] = a
                }
            }
        }
    }

    /// Keys a 16-bit image at full precision, rounding once to 8 bits at the end.
    static func key(_ image: RGBA16Image, blackPoint: Int = 0) -> RGBAImage {
        let black = Double(max(0, min(blackPoint, 254))) * 257
        let stretch = 65535 / (65535 - black)
        var keyed = RGBAImage(width: image.width, height: image.height)
        image.withPixels { samples in
            keyed.withMutablePixels { out in
                for i in 0..<samples.pixelCount {
                    let alpha = Double(samples[i, .alpha]) / 65535
                    @inline(__always) func levelled(_ c: Channel) -> Double {
                        max(0, Double(samples[i, c]) * alpha - black) * stretch
                    }
                    let r = levelled(.red), g = levelled(.green), b = levelled(.blue)
                    let a = max(r, g, b)
                    let a8 = (a * 255 / 65535).rounded()
                    if a8 == 0 { continue }  // transparent black, as the image starts
                    @inline(__always) func straight(_ c: Double) -> UInt8 { UInt8(min(255, (c / a * 255).rounded())) }
                    out[rgba: i] = RGBA(straight(r), straight(g), straight(b), UInt8(a8))
                }
            }
        }
        return keyed
    }

    /// Keys a decoded PNG in its own colour space: sRGB by the exact formula, any other
    /// through `ColourManagedKey`.
    static func key(_ decoded: consuming DecodedPNG, colour: SourceColour, blackPoint: Int = 0, threads: Int = 1) -> KeyedImage {
        guard let profile = colour.profile else { return KeyedImage(image: key(decoded, blackPoint: blackPoint, threads: threads), gamut: .sRGB) }
        let sixteenBit = if case .rgba16 = decoded { true } else { false }
        return ColourManagedKey.key(decoded, blackPoint: blackPoint, colour: ColourConversion(from: profile, sixteenBit: sixteenBit), threads: threads)
    }

    /// Keys whatever a PNG decoded to, its samples read as sRGB.
    static func key(_ decoded: consuming DecodedPNG, blackPoint: Int = 0, threads: Int = 1) -> RGBAImage {
        switch consume decoded {
        case .rgba8(let image, _): key(image, blackPoint: blackPoint, threads: threads)
        case .rgba16(let image, _): key(image, blackPoint: blackPoint)
        }
    }
}

/// A matte's noise floor, removed by levelling: samples at or below the black point
/// become 0 and the rest are stretched so 255 stays 255.
enum BlackPoint {
    static let validRange = 0...254

    /// The 8-bit levels mapping for a black point; the identity for 0.
    static func levelsTable(_ blackPoint: Int) -> [UInt8] {
        let black = max(0, min(blackPoint, 254))
        return (0..<256).map { c in
            c <= black ? 0 : UInt8(((c - black) * 255 * 2 + (255 - black)) / ((255 - black) * 2))
        }
    }
}
