import Testing

@testable import BijouxAssets

@Suite("Premultiplying and unpremultiplying")
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
}
