import Testing

@testable import BijouxCore

@Suite("Premultiplying, unpremultiplying and compositing")
struct AlphaTests {
    @Test func premultiplyRoundsToNearestForEveryPair() {
        for c in 0...255 {
            for alpha in 0...255 {
                let exact = Double(c * alpha) / 255
                #expect(Alpha.premultiply(UInt8(c), UInt8(alpha)) == UInt8(exact.rounded()))
            }
        }
    }

    @Test func unpremultiplyRoundsToNearestAndClampsForEveryPair() {
        for c in 0...255 {
            #expect(Alpha.unpremultiply(UInt8(c), 0) == 0)
            for alpha in 1...255 {
                let exact = min(255, (Double(c * 255) / Double(alpha)).rounded(.toNearestOrAwayFromZero))
                #expect(Alpha.unpremultiply(UInt8(c), UInt8(alpha)) == UInt8(exact))
            }
        }
    }

    /// Straight → premultiplied → straight gives back the colour of every opaque pixel.
    @Test func roundTripIsExactWhenOpaque() {
        for c in 0...255 {
            #expect(Alpha.unpremultiply(Alpha.premultiply(UInt8(c), 255), 255) == UInt8(c))
        }
    }

    /// `over` is Porter–Duff over in straight alpha, each channel within half a level
    /// of the real-valued result (a tie may go either way), for every alpha pair and a
    /// spread of colours.
    @Test func overIsPorterDuffRoundedToNearest() {
        for topAlpha in 0...255 {
            for baseAlpha in stride(from: 0, through: 255, by: 5) {
                for (c1, c2) in [(0, 255), (255, 0), (17, 200), (128, 129)] {
                    let top = RGBA(UInt8(c1), UInt8(c2), UInt8(c1 / 2), UInt8(topAlpha))
                    let base = RGBA(UInt8(c2), UInt8(c1), UInt8(c2 / 3), UInt8(baseAlpha))
                    let out = Alpha.over(top, base)
                    let ta = Double(topAlpha) / 255, ba = Double(baseAlpha) / 255
                    let a = ta + ba * (1 - ta)
                    #expect(abs(Double(out.a) - a * 255) <= 0.5 + 1e-9)
                    guard topAlpha > 0 else {
                        #expect(out == base)
                        continue
                    }
                    for (t, b, o) in [(top.r, base.r, out.r), (top.g, base.g, out.g), (top.b, base.b, out.b)] {
                        let exact = (Double(t) * ta + Double(b) * ba * (1 - ta)) / a
                        #expect(abs(Double(o) - exact) <= 0.5 + 1e-9, "\(top) over \(base) gave \(out)")
                    }
                }
            }
        }
    }

    @Test func overOpaqueTopIsTheTop() {
        #expect(Alpha.over(RGBA(10, 20, 30, 255), RGBA(200, 100, 0, 77)) == RGBA(10, 20, 30, 255))
    }
}
