import Testing

@testable import BijouxAssets

@Suite("PNG encoding")
struct PNGEncoderTests {
    @Test(arguments: [(1, 1), (3, 7), (64, 64), (301, 257), (2048, 40)])
    func roundTripsRGBA(size: (Int, Int)) throws {
        var image = Synthetic.randomOpaque(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = image.pixels[i - 1] }
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image), path: "mem.png")
        #expect(decoded.rgba8 == image)
    }

    @Test func writesRGBAndGreyWithoutAlpha() throws {
        let image = Synthetic.randomOpaque(width: 33, height: 17, seed: 7)
        let rgb = try PNGDecoder.decode(PNGEncoder.encode(image, as: .rgb), path: "rgb.png")
        #expect(rgb.info.colorType == .rgb && !rgb.info.hasAlpha)
        #expect(rgb.rgba8 == image)
        let grey = try PNGDecoder.decode(PNGEncoder.encode(image, as: .grey), path: "grey.png")
        #expect(grey.info.colorType == .grey)
        for y in 0..<17 { for x in 0..<33 { #expect(grey.rgba8[x, y].g == image[x, y].r) } }
    }

    @Test func sameBytesForAnyNumberOfJobs() {
        // Tall enough for many independently deflated pieces.
        let image = Synthetic.paintedDisc(width: 700, height: 900, center: (350, 450), radius: 300, softness: 20, color: (230, 120, 40))
        let keyed = LuminanceKey.key(image)
        let one = PNGEncoder.encode(keyed, options: .init(jobs: 1))
        for jobs in [2, 3, 8] { #expect(PNGEncoder.encode(keyed, options: .init(jobs: jobs)) == one) }
    }

    @Test func piecesJoinIntoOneValidStream() throws {
        // 2000×2000 RGBA is ~16 MB of rows: over sixty pieces, each primed with the
        // window before it. libpng verifies the joined stream and its Adler-32.
        let image = Synthetic.paintedDisc(width: 2000, height: 2000, center: (1000, 1000), radius: 900, softness: 40, color: (90, 200, 160))
        let bytes = PNGEncoder.encode(image)
        #expect(try PNGDecoder.decode(bytes, path: "big.png").rgba8 == image)
    }

    @Test func filtersMatchTheirDefinitions() {
        // Paeth's predictor, from the PNG specification's worked definition.
        #expect(PNGEncoder.paeth(10, 20, 15) == 15)
        #expect(PNGEncoder.paeth(0, 0, 0) == 0)
        #expect(PNGEncoder.paeth(255, 0, 255) == 0)
        #expect(PNGEncoder.paeth(100, 50, 0) == 100)
    }
}

@Suite("PNG compression policy")
struct PNGCompressionTests {
    /// The run-length default must stay within 5 % of zlib level 6 (libpng's default)
    /// on what the tool really writes: keyed painted art, full size and placed.
    @Test(arguments: ["heart", "cat", "star", "envelope"])
    func runLengthStaysWithinFivePercentOfLevelSix(_ id: String) throws {
        let keyed = LuminanceKey.key(try PNGDecoder.decodeFile("\(TestPaths.art)/charms/\(id).png"))
        let placed = CharmCanvas.standard.render(keyed, bounds: PaintedBounds.of(keyed), scale: 3)
        for image in [keyed, placed] {
            let fast = PNGEncoder.encode(image, options: .init(compression: .runLength)).count
            let reference = PNGEncoder.encode(image, options: .init(compression: .filtered(level: 6))).count
            #expect(Double(fast) <= Double(reference) * 1.05, "\(id): \(fast) bytes against \(reference) at level 6")
        }
    }

    @Test func bothCompressionsDecodeToTheSamePixels() throws {
        let image = LuminanceKey.key(Synthetic.paintedDisc(width: 500, height: 700, center: (250, 350), radius: 200, softness: 30, color: (200, 120, 255)))
        for compression in [PNGEncoder.Compression.runLength, .filtered(level: 6), .filtered(level: 1)] {
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image, options: .init(compression: compression)), path: "m.png").rgba8 == image)
        }
    }
}
