import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("PNG encoding")
struct PNGEncoderTests {
    @Test(arguments: [(1, 1), (3, 7), (64, 64), (301, 257), (2048, 40)])
    func roundTripsRGBA(size: (Int, Int)) throws {
        var image = Synthetic.randomOpaque(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = image.pixels[i - 1] }
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image), path: "mem.png")
        #expect(decoded.rgba8 == image)
    }

    @Test func writesRGBWithoutAlpha() throws {
        let image = Synthetic.randomOpaque(width: 33, height: 17, seed: 7)
        let rgb = try PNGDecoder.decode(PNGEncoder.encode(image, as: .rgb), path: "rgb.png")
        #expect(rgb.info.colorType == .rgb && !rgb.info.hasAlpha)
        #expect(rgb.rgba8 == image)
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

    /// The vector Paeth predictor, which works in bytes, against the specification's
    /// for every (a, b, c).
    @Test func vectorPaethMatchesTheDefinitionEverywhere() {
        var mismatches = 0
        for a in 0..<256 {
            for b in 0..<256 {
                var cs = SIMD16<UInt8>(), expected = SIMD16<UInt8>()
                for c0 in stride(from: 0, to: 256, by: 16) {
                    for lane in 0..<16 {
                        cs[lane] = UInt8(c0 + lane)
                        expected[lane] = PNGEncoder.paeth(a, b, c0 + lane)
                    }
                    let got = PNGEncoder.paeth(SIMD16(repeating: UInt8(a)), SIMD16(repeating: UInt8(b)), cs)
                    if got != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The one-pass filter choice against the heuristic as written: every filter in
    /// full, the smallest sum of magnitudes, the first on a tie; on rows of every kind
    /// and widths that leave every remainder of the sixteen-byte vectors.
    @Test func filterRowChoosesAndWritesAsTheHeuristicSays() {
        var random = SeededRandom(seed: 11)
        for bpp in [1, 3, 4] {
            for width in [1, 2, 5, 16, 17, 33, 100, 257] {
                let rowBytes = width * bpp
                for kind in 0..<5 {
                    // Noise, smooth ramps, flat runs, zeros with a few bytes, the extremes.
                    let rows = (0..<3).map { row in
                        (0..<rowBytes).map { i -> UInt8 in
                            switch kind {
                            case 0: UInt8.random(in: 0...255, using: &random)
                            case 1: UInt8(truncatingIfNeeded: i * 3 + row * 7)
                            case 2: UInt8((i / 7 + row) % 3 * 100)
                            case 3: random.chance(0.05) ? UInt8.random(in: 1...255, using: &random) : 0
                            default: random.chance(0.5) ? 255 : 0
                            }
                        }
                    }
                    let raw = rows.flatMap { $0 }
                    let zeros = [UInt8](repeating: 0, count: rowBytes)
                    for row in 0..<3 {
                        var out = [UInt8](repeating: 0xAA, count: rowBytes + 1)
                        _ = raw.withUnsafeBufferPointer { buffer in
                            zeros.withUnsafeBufferPointer { zero in
                                out.withUnsafeMutableBufferPointer {
                                    PNGEncoder.filterRow(
                                        buffer, row: row, rowBytes: rowBytes, bytesPerPixel: bpp, into: $0.baseAddress!, zeroRow: zero.baseAddress!)
                                }
                            }
                        }
                        let expected = Self.referenceFilter(raw, row: row, rowBytes: rowBytes, bpp: bpp)
                        #expect(out == expected, "bpp \(bpp), width \(width), kind \(kind), row \(row)")
                    }
                }
            }
        }
    }

    /// libpng's heuristic, literally: each filter's whole row, then the least sum.
    static func referenceFilter(_ raw: [UInt8], row: Int, rowBytes: Int, bpp: Int) -> [UInt8] {
        func at(_ r: Int, _ i: Int) -> Int { r < 0 || i < 0 ? 0 : Int(raw[r * rowBytes + i]) }
        var best: [UInt8] = [], bestSum = Int.max
        for filter in 0..<5 {
            let bytes = (0..<rowBytes).map { i -> UInt8 in
                let x = at(row, i), a = at(row, i - bpp), b = at(row - 1, i), c = at(row - 1, i - bpp)
                let predictor =
                    switch filter {
                    case 0: 0
                    case 1: a
                    case 2: b
                    case 3: (a + b) / 2
                    default: Int(PNGEncoder.paeth(a, b, c))
                    }
                return UInt8(truncatingIfNeeded: x - predictor)
            }
            let sum = bytes.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
            if sum < bestSum { (best, bestSum) = ([UInt8(filter)] + bytes, sum) }
        }
        return best
    }

    /// Rows made as the encoder goes (the key's pipeline) give `encode`'s bytes, for any
    /// number of threads; an error while making them is thrown, and nothing hangs.
    @Test func rowsMadeAsItGoesEncodeTheSame() throws {
        let image = LuminanceKey.key(Synthetic.paintedDisc(width: 900, height: 700, center: (450, 350), radius: 300, softness: 25, color: (40, 160, 230)))
        let whole = PNGEncoder.encode(image, options: .init(jobs: 1))
        for jobs in [1, 2, 3, 8] {
            let streamed = PNGEncoder.encode(width: image.width, height: image.height, options: .init(jobs: jobs)) { rows, pixels in
                image.withPixels { source in
                    for i in pixels.pixel(x: 0, y: rows.lowerBound)..<pixels.pixel(x: 0, y: rows.upperBound) { pixels[i] = source[i] }
                }
            }
            #expect(streamed == whole, "\(jobs) jobs")
        }
        struct Broken: Error {}
        for jobs in [1, 2, 3] {
            #expect(throws: Broken.self) {
                _ = try PNGEncoder.encode(width: image.width, height: image.height, options: .init(jobs: jobs)) { (rows, _) throws(Broken) in
                    if rows.lowerBound > 200 { throw Broken() }
                }
            }
        }
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
