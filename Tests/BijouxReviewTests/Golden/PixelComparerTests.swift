import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Pixel comparer (pixelmatch's rule)")
struct PixelComparerTests {
    static let perceptual = PixelComparison.perceptual(threshold: 0.1)

    /// A vertical edge, dark left of `edge` and light right of it, the one pixel it
    /// crosses anti-aliased by coverage: what a renderer draws for a straight edge.
    static func edge(at edge: Double, width: Int = 24, height: Int = 12) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let dark = 30.0, light = 230.0
        for y in 0..<height {
            for x in 0..<width {
                let lightCoverage = min(1, max(0, Double(x + 1) - edge))
                let v = UInt8((dark + (light - dark) * lightCoverage).rounded())
                image[x, y] = RGBA(v, v, v, 255)
            }
        }
        return image
    }

    @Test func identicalPixelsInDifferentlyEncodedFilesMatch() throws {
        let folder = TestPaths.temporaryFolder("cmp-encodings")
        let opaque = Synthetic.randomOpaque(width: 40, height: 30, seed: 11)
        folder.write("rgba.png", PNGEncoder.encode(opaque, as: .rgba))
        folder.write("rgb.png", PNGEncoder.encode(opaque, as: .rgb, options: .init(compression: .filtered(level: 1), jobs: 1)))
        #expect(folder.read("rgba.png") != folder.read("rgb.png"))
        for comparison in [PixelComparison.exact, Self.perceptual] {
            let (_, _, difference) = try ImageFileComparison.compare(
                expected: folder.path + "/rgba.png", actual: folder.path + "/rgb.png", comparison)
            #expect(difference.matches && difference.worstDistance == 0 && difference.bounds == nil)
        }
        // The PNG suite's interlaced and plain files of one picture, and 16-bit files
        // against themselves re-encoded at 8 bits.
        for (plain, interlaced) in [("basn0g08", "basi0g08"), ("basn2c08", "basi2c08"), ("basn3p04", "basi3p04"), ("basn6a08", "basi6a08")] {
            let (_, _, difference) = try ImageFileComparison.compare(
                expected: "\(TestPaths.pngSuite)/\(plain).png", actual: "\(TestPaths.pngSuite)/\(interlaced).png", .exact)
            #expect(difference.matches, "\(plain) vs \(interlaced): \(difference.summary)")
        }
        let sixteen = try ImageFileComparison.load(TestPaths.pngSuite + "/basn2c16.png")
        folder.write("eight.png", PNGEncoder.encode(sixteen))
        let (_, _, difference) = try ImageFileComparison.compare(
            expected: TestPaths.pngSuite + "/basn2c16.png", actual: folder.path + "/eight.png", .exact)
        #expect(difference.matches)
    }

    @Test func onePixelChangedIsCountedWithItsBoxAndDistance() throws {
        let expected = Compositing.filled(width: 50, height: 40, color: RGBA(0, 0, 0, 255))
        var actual = expected
        actual[17, 23] = RGBA(255, 255, 255, 255)
        for comparison in [PixelComparison.exact, Self.perceptual] {
            let difference = try PixelComparer.compare(expected, actual, comparison)
            #expect(difference.differingPixels == 1)
            #expect(difference.bounds == PixelRect(x: 17, y: 23, width: 1, height: 1))
            #expect(difference.pixelClass(x: 17, y: 23) == .differs)
            // Black against white: YIQ delta 0.5053·255² of the 35215 maximum.
            #expect(abs(difference.worstDistance - (0.5053 * 255 * 255 / 35215).squareRoot()) < 1e-6)
            #expect(difference.antiAliasedPixels == 0 && difference.belowThresholdPixels == 0)
        }
        // A change below the threshold is tolerated by the perceptual rule only.
        var slight = expected
        slight[3, 4] = RGBA(20, 20, 20, 255)  // distance ≈ 0.076
        #expect(try PixelComparer.compare(expected, slight, Self.perceptual).matches)
        #expect(try PixelComparer.compare(expected, slight, Self.perceptual).belowThresholdPixels == 1)
        #expect(try PixelComparer.compare(expected, slight, .perceptual(threshold: 0.05)).differingPixels == 1)
        #expect(try PixelComparer.compare(expected, slight, .exact).differingPixels == 1)
    }

    @Test func distanceIsPixelmatchsYIQDelta() {
        // Pure red against pure blue, worked by hand from pixelmatch's formula.
        let y = 255 * 0.29889531 - 255 * 0.11448223
        let i = 255 * 0.59597799 - 255 * -0.32180189
        let q = 255 * 0.21147017 - 255 * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000
        #expect(abs(PixelComparer.colorDelta(red, blue).0 - delta) < 1e-9)
        #expect(PixelComparer.colorDelta(red, blue).0 <= PixelComparer.maxDelta)
    }

    @Test func subPixelShiftOfAnAntiAliasedEdgeIsIgnoredButCaughtWhenExact() throws {
        let before = Self.edge(at: 10.2), after = Self.edge(at: 10.7)
        let perceptual = try PixelComparer.compare(before, after, Self.perceptual)
        #expect(perceptual.matches, "\(perceptual.summary)")
        #expect(perceptual.antiAliasedPixels == before.height)
        #expect(perceptual.pixelClass(x: 10, y: 5) == .antiAliased)
        #expect(perceptual.worstDistance > 0.1)
        let exact = try PixelComparer.compare(before, after, .exact)
        #expect(exact.differingPixels == before.height)
        #expect(exact.bounds == PixelRect(x: 10, y: 0, width: 1, height: before.height))
        // A whole-pixel move of the edge is not anti-aliasing: the solid pixel beside
        // it changes too.
        let moved = try PixelComparer.compare(before, Self.edge(at: 12.2), Self.perceptual)
        #expect(moved.differingPixels > 0)
    }

    @Test func differentSizesAreAnErrorNamingBothFiles() throws {
        let small = RGBAImage(width: 4, height: 3), large = RGBAImage(width: 5, height: 3)
        #expect(throws: ImageSizeMismatch(expected: (4, 3), actual: (5, 3))) {
            try PixelComparer.compare(small, large, .exact)
        }
        let folder = TestPaths.temporaryFolder("cmp-sizes")
        folder.write("a.png", PNGEncoder.encode(small))
        folder.write("b.png", PNGEncoder.encode(large))
        let a = folder.path + "/a.png", b = folder.path + "/b.png"
        #expect(throws: ImageSizeError.self) { try ImageFileComparison.compare(expected: a, actual: b, .exact) }
        do {
            _ = try ImageFileComparison.compare(expected: a, actual: b, Self.perceptual)
        } catch let error as ImageSizeError {
            #expect(error.description == "\(a) is 4×3 pixels but \(b) is 5×3: images of different sizes cannot be compared pixel by pixel")
        }
    }

    @Test func colourUnderZeroAlphaNeverCounts() throws {
        var generator = SeededRandom(seed: 5)
        var a = RGBAImage(width: 16, height: 16), b = RGBAImage(width: 16, height: 16)
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                a.pixels[i + c] = UInt8.random(in: 0...255, using: &generator)
                b.pixels[i + c] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        // A painted square in both, so the anti-aliasing test has edges to look at.
        for y in 4..<12 { for x in 4..<12 { a[x, y] = RGBA(200, 120, 40, 255); b[x, y] = RGBA(200, 120, 40, 255) } }
        for comparison in [PixelComparison.exact, Self.perceptual] {
            let difference = try PixelComparer.compare(a, b, comparison)
            #expect(difference.matches && difference.worstDistance == 0, "\(difference.summary)")
        }
    }

    @Test func transparentAgainstPaintedCountsOverWhiteAndOverBlack() throws {
        let clear = RGBAImage(width: 3, height: 3)
        // White ink appearing on a transparent ground: invisible over white (where
        // pixelmatch looks), plain over black.
        var whiteInk = clear
        whiteInk[1, 1] = RGBA(255, 255, 255, 255)
        #expect(try PixelComparer.compare(clear, whiteInk, Self.perceptual).differingPixels == 1)
        var blackInk = clear
        blackInk[1, 1] = RGBA(0, 0, 0, 255)
        #expect(try PixelComparer.compare(clear, blackInk, Self.perceptual).differingPixels == 1)
        // A nearly invisible speck is within the threshold on both grounds.
        var speck = clear
        speck[1, 1] = RGBA(255, 255, 255, 6)
        #expect(try PixelComparer.compare(clear, speck, Self.perceptual).matches)
        #expect(try PixelComparer.compare(clear, speck, .exact).differingPixels == 1)
        // Light ink on transparency changing shade is seen (over black).
        var ink = clear, lighter = clear
        ink[1, 1] = RGBA(200, 200, 200, 160)
        lighter[1, 1] = RGBA(255, 255, 255, 160)
        #expect(try PixelComparer.compare(ink, lighter, Self.perceptual).differingPixels == 1)
    }

    @Test func sameResultForAnyNumberOfThreads() throws {
        // Noise against noise with a shared flat patch and shifted edges: every class
        // of pixel, in bands that split unevenly.
        var a = Synthetic.randomOpaque(width: 70, height: 101, seed: 1)
        var b = Synthetic.randomOpaque(width: 70, height: 101, seed: 2)
        let edgeA = Self.edge(at: 30.3, width: 70, height: 101), edgeB = Self.edge(at: 30.8, width: 70, height: 101)
        for y in 20..<60 { for x in 10..<50 { a[x, y] = edgeA[x, y]; b[x, y] = edgeB[x, y] } }
        let one = try PixelComparer.compare(a, b, Self.perceptual, jobs: 1)
        #expect(one.antiAliasedPixels > 0 && one.belowThresholdPixels > 0 && one.differingPixels > 0)
        for jobs in [2, 3, 8] {
            let many = try PixelComparer.compare(a, b, Self.perceptual, jobs: jobs)
            #expect(many.classes == one.classes && many.bounds == one.bounds && many.worstDistance == one.worstDistance)
            #expect(many.summary == one.summary)
        }
    }

    @Test func diffImageMarksChangesOverAFadedExpected() throws {
        let expected = Self.edge(at: 10.2)
        var actual = Self.edge(at: 10.7)
        actual[2, 2] = RGBA(255, 0, 255, 255)
        let difference = try PixelComparer.compare(expected, actual, Self.perceptual)
        let picture = DiffImage.render(expected: expected, difference: difference)
        #expect(picture[2, 2] == DiffImage.differsColor)
        #expect(picture[10, 5] == DiffImage.toleratedColor)
        // Unchanged pixels keep the expected picture's light and dark, faded to pale grey.
        let darkSide = picture[3, 8], lightSide = picture[20, 8]
        #expect(darkSide.r == darkSide.g && darkSide.g == darkSide.b && darkSide.a == 255)
        #expect(darkSide.r < lightSide.r)
        #expect(darkSide.r > 150)
    }

    @Test func summaryNamesCountDistanceAndBox() throws {
        let expected = Compositing.filled(width: 10, height: 10, color: RGBA(0, 0, 0, 255))
        var actual = expected
        actual[2, 3] = RGBA(255, 255, 255, 255)
        actual[6, 5] = RGBA(255, 255, 255, 255)
        let difference = try PixelComparer.compare(expected, actual, .exact)
        #expect(difference.summary == "2 of 100 pixels differ (2 %, exact), bounding box 5×3 at (2, 3), worst distance 0.966")
        #expect(
            difference.summaryJSON == [
                "width": 10, "height": 10, "comparison": "exact", "differingPixels": 2, "antiAliasedPixels": 0,
                "belowThresholdPixels": 0, "worstDistance": .double(0.965942), "boundingBox": ["x": 2, "y": 3, "width": 5, "height": 3],
            ])
    }
}
