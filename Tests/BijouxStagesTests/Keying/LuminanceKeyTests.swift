import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("Luminance key")
struct LuminanceKeyTests {
    @Test func referenceFormulaOnKnownPixels() {
        #expect(LuminanceKey.reference(0, 0, 0) == RGBA(0, 0, 0, 0))
        #expect(LuminanceKey.reference(255, 255, 255) == RGBA(255, 255, 255, 255))
        #expect(LuminanceKey.reference(100, 50, 0) == RGBA(255, 127, 0, 100))  // 50·255/100 = 127.5 → 127
        #expect(LuminanceKey.reference(3, 1, 2) == RGBA(255, 85, 170, 3))
    }

    /// The table replaces the division: every (channel, max) pair is checked against
    /// the reference formula, in every channel position.
    @Test func tableMatchesTheDivisionForEveryChannelAndMax() {
        var pixels: [UInt8] = []
        var expected: [RGBA] = []
        for a in 0...255 {
            for c in 0...a {
                for position in 0..<3 {
                    var rgb: [UInt8] = [0, 0, 0]
                    rgb[(position + 1) % 3] = UInt8(a)
                    rgb[position] = UInt8(c)
                    pixels += rgb + [255]
                    expected.append(LuminanceKey.reference(rgb[0], rgb[1], rgb[2]))
                }
            }
        }
        let keyed = LuminanceKey.key(RGBAImage(width: expected.count, height: 1, pixels: pixels))
        var mismatches = 0
        for (i, want) in expected.enumerated() where keyed[i, 0] != want { mismatches += 1 }
        #expect(mismatches == 0)
        #expect(expected.count == 3 * 256 * 257 / 2)
    }

    @Test func randomRGBEqualsTheReferenceExactly() {
        let image = Synthetic.randomOpaque(width: 512, height: 512, seed: 42)
        let keyed = LuminanceKey.key(image)
        for y in 0..<512 {
            for x in 0..<512 {
                let p = image[x, y]
                if keyed[x, y] != LuminanceKey.reference(p.r, p.g, p.b) {
                    Issue.record("pixel (\(x), \(y)) \(p) keyed to \(keyed[x, y])")
                    return
                }
            }
        }
    }

    @Test func alphaIsCompositedOverBlackFirst() {
        // (200, 100, 0) at half opacity shows as (100, 50, 0) over black.
        let image = RGBAImage(width: 1, height: 1, pixels: [200, 100, 0, 128])
        let keyed = LuminanceKey.key(image)
        let shown: (UInt8, UInt8) = (UInt8((200 * 128 + 127) / 255 as Int), UInt8((100 * 128 + 127) / 255 as Int))
        #expect(keyed[0, 0] == LuminanceKey.reference(shown.0, shown.1, 0))
        #expect(LuminanceKey.key(RGBAImage(width: 1, height: 1, pixels: [255, 255, 255, 0]))[0, 0] == RGBA(0, 0, 0, 0))
    }

    @Test func blackPointLevelsTheMatteAway() {
        let levels = BlackPoint.levelsTable(12)
        #expect(levels[0] == 0 && levels[12] == 0 && levels[13] == 1 && levels[255] == 255)
        #expect(BlackPoint.levelsTable(0) == (0...255).map(UInt8.init))
        let hazy = RGBAImage(width: 2, height: 1, pixels: [12, 10, 11, 255, 200, 100, 50, 255])
        let keyed = LuminanceKey.key(hazy, blackPoint: 12)
        #expect(keyed[0, 0] == RGBA(0, 0, 0, 0))
        #expect(keyed[1, 0].a == levels[200])
    }

    @Test func sixteenBitIsKeyedAtFullPrecisionAndRoundedOnce() {
        // 0x8080 is exactly 128/255 of full scale; 0x8000 falls between 8-bit levels.
        let image = RGBA16Image(width: 2, height: 1, pixels: [0x8080, 0x4040, 0, 0xFFFF, 0x8000, 0x0001, 0x0001, 0xFFFF])
        let keyed = LuminanceKey.key(image)
        #expect(keyed[0, 0] == RGBA(255, 128, 0, 128))
        #expect(keyed[1, 0].a == 128)  // 0x8000·255/65535 = 127.5 → 128
        // 1/32768 of the colour's brightness: 0.0078 of a level, rounds to 0.
        #expect(keyed[1, 0] == RGBA(255, 0, 0, 128))
    }
}

/// For every PngSuite image, whatever its format: the keyed output composited over
/// black shows what the input composited over black showed, within one level.
@Suite("Key conformance over PngSuite")
struct KeyConformanceTests {
    @Test(arguments: PNGSuite.valid)
    func keyPreservesTheImageOverBlack(_ name: String) throws {
        let decoded = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/" + name)
        let overBlack: [Double]
        switch decoded {
        case .rgba8(let image, _):
            overBlack = stride(from: 0, to: image.pixels.count, by: 4).flatMap { (i: Int) -> [Double] in
                let alpha = Double(image.pixels[i + 3])
                return (0..<3).map { (c: Int) -> Double in Double(image.pixels[i + c]) * alpha / 255 }
            }
        case .rgba16(let image, _):
            overBlack = stride(from: 0, to: image.pixels.count, by: 4).flatMap { (i: Int) -> [Double] in
                let alpha = Double(image.pixels[i + 3])
                return (0..<3).map { (c: Int) -> Double in Double(image.pixels[i + c]) * alpha / 65535 / 257 }
            }
        }
        let keyed = LuminanceKey.key(decoded)
        var worst = 0.0
        for p in 0..<(keyed.width * keyed.height) {
            for c in 0..<3 {
                let shown = Double(keyed.pixels[p * 4 + c]) * Double(keyed.pixels[p * 4 + 3]) / 255
                worst = max(worst, abs(shown - overBlack[p * 3 + c]))
            }
        }
        #expect(worst <= 1.0, "\(name): keyed image over black differs by \(worst) levels")
    }
}

/// `key` decodes, keys and encodes in one pipeline for 8-bit files that are not
/// interlaced, and whole for the others: either way the file is `encode`'s of the keyed
/// image, for any number of threads; a corrupt file writes nothing.
@Suite("The key command's pipeline")
struct KeyFileTests {
    @Test(arguments: PNGSuite.valid)
    func writesTheKeyedImagesEncoding(_ name: String) throws {
        let input = TestPaths.pngSuite + "/" + name
        let folder = TestPaths.temporaryFolder("key")
        let decoded = try PNGDecoder.decodeFile(input)
        let keyed = LuminanceKey.key(decoded, colour: try SourceColour.of(decoded.info, path: input), blackPoint: 12)
        let expected = PNGEncoder.encode(keyed.image, options: .init(colour: .init(keyed.gamut)))
        for jobs in [1, 3] {
            _ = try KeyFile.key(input, to: folder.path + "/out.png", blackPoint: 12, jobs: jobs)
            #expect(folder.read("out.png") == expected, "\(name), \(jobs) jobs")
        }
    }

    @Test func theBenchSizedPaintingKeysAsTheImageDoes() throws {
        let folder = TestPaths.temporaryFolder("key")
        let painted = Synthetic.paintedDisc(width: 1500, height: 1300, center: (700, 640), radius: 560, softness: 30, color: (210, 150, 90))
        folder.write("in.png", PNGEncoder.encode(painted, as: .rgb))
        _ = try KeyFile.key(folder.path + "/in.png", to: folder.path + "/out.png", jobs: 2)
        #expect(folder.read("out.png") == PNGEncoder.encode(LuminanceKey.key(painted)))
    }

    @Test(arguments: PNGSuite.corrupt)
    func aCorruptFileWritesNothing(_ name: String) {
        let folder = TestPaths.temporaryFolder("key")
        #expect(throws: ImageIOError.self) { try KeyFile.key(TestPaths.pngSuite + "/" + name, to: folder.path + "/out.png", jobs: 2) }
        #expect(!folder.exists("out.png"))
    }
}
