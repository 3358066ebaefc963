/// Premultiplying, unpremultiplying and compositing 8-bit colour: the one definition of
/// each, with its rounding, for every loop that converts between straight and
/// premultiplied colour (cairo surfaces, compositing over black, downsampled renders,
/// previews) or lays one straight-alpha pixel over another.
///
/// Both round to nearest. c·α/255 is never exactly halfway between two integers
/// (2·c·α is even, 255·(2k + 1) is odd), so no tie rule is needed. The painted-charm
/// key is the one exception: the SPEC fixes *floor* division there
/// (`LuminanceKey.reference`), and it keeps its own table.
public enum Alpha {
    /// c·α/255 rounded to nearest: the premultiplied colour, which is also the colour a
    /// pixel shows over a black matte. Exact for every 8-bit pair.
    @inlinable @inline(__always)
    public static func premultiply(_ c: UInt8, _ alpha: UInt8) -> UInt8 {
        let product = Int(c) &* Int(alpha) &+ 128
        return UInt8(truncatingIfNeeded: (product &+ (product >> 8)) >> 8)
    }

    /// c·255/α rounded to nearest and clamped to 255 (a premultiplied value above its
    /// alpha is invalid, but rounding upstream can produce it); 0 when α is 0.
    @inline(__always)
    static func unpremultiply(_ c: UInt8, _ alpha: UInt8) -> UInt8 {
        guard alpha > 0 else { return 0 }
        let a = UInt32(alpha)
        return UInt8(min(255, (UInt32(c) * 255 + a / 2) / a))
    }

    /// Straight-alpha `top` over straight-alpha `base` (Porter–Duff over), straight
    /// alpha out. Alpha and premultiplied colour are summed exactly in 0...255·255, the
    /// colour is divided by the result's alpha rounding to nearest, and the alpha is
    /// rounded to nearest (ties up). A transparent `top` leaves `base` as it is.
    @inline(__always)
    static func over(_ top: RGBA, _ base: RGBA) -> RGBA {
        let alpha = Int(top.a)
        if alpha == 0 { return base }
        let baseWeight = Int(base.a) * (255 - alpha)
        let outAlpha = alpha * 255 + baseWeight
        @inline(__always) func colour(_ top: UInt8, _ base: UInt8) -> UInt8 {
            UInt8((Int(top) * alpha * 255 + Int(base) * baseWeight + outAlpha / 2) / outAlpha)
        }
        return RGBA(colour(top.r, base.r), colour(top.g, base.g), colour(top.b, base.b), UInt8((outAlpha + 127) / 255))
    }
}
