import Testing

@testable import BijouxCore

@Suite("The pixel view")
struct PixelViewTests {
    /// A 3 × 2 image whose every sample says where it is: 100·y + 10·x + channel.
    static let image: RGBAImage = {
        var samples: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 {
                for channel in 0..<4 { samples.append(UInt8(100 * y + 10 * x + channel)) }
            }
        }
        return RGBAImage(width: 3, height: 2, pixels: samples)
    }()

    @Test func namesPixelsRowsAndChannelsInMemoryOrder() {
        Self.image.withPixels { p in
            #expect(p.pixelCount == 6)
            #expect(p.pixel(x: 2, y: 1) == 5)
            #expect(p.row(1) == 3..<6)
            #expect(p[x: 1, y: 1, .blue] == 112)
            #expect(p[4, .alpha] == 113)
            #expect(p[rgba: 2] == RGBA(20, 21, 22, 23))
            #expect(p[5] == SIMD4<UInt8>(120, 121, 122, 123))
            #expect(Array(p.samples(p.row(1)).prefix(5)) == [100, 101, 102, 103, 110])
        }
    }

    @Test func writesThroughTheMutableView() {
        var image = Self.image
        image.withMutablePixels { p in
            p[x: 0, y: 1, .green] = 7
            p[rgba: 1] = RGBA(1, 2, 3, 4)
            p[2] = SIMD4(9, 8, 7, 6)
        }
        #expect(image[0, 1] == RGBA(100, 7, 102, 103))
        #expect(image[1, 0] == RGBA(1, 2, 3, 4))
        #expect(image[2, 0] == RGBA(9, 8, 7, 6))
        #expect(image[2, 1] == Self.image[2, 1])
    }

    @Test func floatBuffersLoadAndStoreWholePixels() {
        var sums = FloatPixels(width: 2, height: 2)
        sums.withMutablePixels { p in p[3] = SIMD4(0.5, 1, 2, 255) }
        #expect(sums.pixels == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 1, 2, 255])
        #expect(sums.withPixels { $0[x: 1, y: 1, .alpha] } == 255)
    }

    @Test func anEmptyImageHasNoPixelsToVisit() {
        let count = RGBAImage(width: 0, height: 0).withPixels { $0.pixelCount }
        #expect(count == 0)
    }
}
