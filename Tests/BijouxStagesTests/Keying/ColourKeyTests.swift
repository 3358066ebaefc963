import CLCMS2
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// The sample heart (sRGB, on black) saved in other colour spaces, each file made here
/// from its own profile by Little CMS: keyed, it must give the heart's alpha (within
/// one level) and colours (ΔE2000 ≤ 1 on average, ≤ 2 at the 99th percentile, over
/// pixels at least half opaque).
@Suite("The key in colour")
struct ColourKeyTests {
    struct Space: CustomTestStringConvertible, Sendable {
        var name: String
        /// The profile the samples are converted into, and the chunks the file carries.
        var profile: [UInt8]
        var chunks: [UInt8]
        var sixteenBit: Bool
        var testDescription: String { name }
    }

    static let heart = try! PNGDecoder.decodeFile(TestPaths.art + "/charms/heart.png").rgba8
    static let heartKeyed = LuminanceKey.key(heart)

    static func gammaProfile(_ gamma: Double) -> [UInt8] {
        ColourFixtures.rgbProfile(primaries: ColourFixtures.srgbPrimaries, curve: cmsBuildGamma(nil, 1 / gamma)!, description: "gamma")
    }

    static let spaces: [Space] = [
        Space(name: "Display P3", profile: ColourFixtures.displayP3, chunks: ColourFixtures.iccp(ColourFixtures.displayP3), sixteenBit: false),
        Space(name: "Display P3, 16-bit", profile: ColourFixtures.displayP3, chunks: ColourFixtures.iccp(ColourFixtures.displayP3), sixteenBit: true),
        Space(name: "Adobe RGB (1998)", profile: ColourFixtures.adobeRGB, chunks: ColourFixtures.iccp(ColourFixtures.adobeRGB), sixteenBit: false),
        Space(
            name: "Display P3, a v4 LUT-based profile", profile: ColourFixtures.displayP3v4LUT, chunks: ColourFixtures.iccp(ColourFixtures.displayP3v4LUT),
            sixteenBit: false),
        Space(name: "gAMA 1/1.8", profile: gammaProfile(0.55556), chunks: ColourFixtures.gama(0.55556), sixteenBit: false),
        Space(name: "gAMA 1 (linear), 16-bit", profile: gammaProfile(1), chunks: ColourFixtures.gama(1), sixteenBit: true),
    ]

    static func file(_ space: Space, samples: [UInt16]? = nil) -> [UInt8] {
        let converted = samples ?? ColourFixtures.convert(heart, to: space.profile, sixteenBit: space.sixteenBit)
        return ColourFixtures.png(width: heart.width, height: heart.height, samples: converted, sixteenBit: space.sixteenBit, chunks: space.chunks)
    }

    @Test(arguments: spaces)
    func keysToTheSameAlphaAndColours(_ space: Space) throws {
        let decoded = try PNGDecoder.decode(Self.file(space), path: "heart.png")
        let colour = try SourceColour.of(decoded.info, path: "heart.png")
        #expect(!colour.isSRGB)
        let keyed = LuminanceKey.key(decoded, colour: colour, threads: 2)
        #expect(keyed.gamut == .sRGB, "the heart fits sRGB")
        var worstAlpha = 0
        var differences: [Double] = []
        for y in 0..<Self.heart.height {
            for x in 0..<Self.heart.width {
                let expected = Self.heartKeyed[x, y], got = keyed.image[x, y]
                worstAlpha = max(worstAlpha, abs(Int(expected.a) - Int(got.a)))
                if expected.a >= 128 { differences.append(ColourFixtures.deltaE2000(expected, got)) }
            }
        }
        differences.sort()
        let mean = differences.reduce(0, +) / Double(differences.count)
        let p99 = differences[Int(Double(differences.count - 1) * 0.99)]
        #expect(worstAlpha <= 1, "\(space.name): alpha differs by \(worstAlpha) levels")
        #expect(mean <= 1 && p99 <= 2, "\(space.name): ΔE2000 mean \(mean), 99th percentile \(p99)")
        // The fast matrix path is Little CMS's own transform: the LUT-based profile
        // takes Little CMS's, the others the matrix.
        let conversion = ColourConversion(from: colour.profile!, sixteenBit: space.sixteenBit)
        #expect(conversion.usesMatrix == !space.name.contains("LUT"))
    }

    /// The matrix path against Little CMS's float transform, colour by colour.
    @Test func theMatrixPathIsLittleCMSsTransform() throws {
        let profile = try ColourProfile.icc(ColourFixtures.adobeRGB, greyImage: false)
        let conversion = ColourConversion(from: profile, sixteenBit: false)
        #expect(conversion.usesMatrix)
        let transform = cmsCreateTransform(profile.handle, BX_TYPE_RGB_8, ColourProfile.sRGB.handle, BX_TYPE_RGB_FLT, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer { cmsDeleteTransform(transform) }
        var samples: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) { samples += [UInt8(r), UInt8(g), UInt8(b), 255] }
            }
        }
        let count = samples.count / 4
        var ours = [SIMD4<Float>](repeating: .zero, count: count)
        ours.withUnsafeMutableBufferPointer { conversion.convert(samples, count: count, into: $0.baseAddress!) }
        var rgb = samples.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        var reference = [Float](repeating: 0, count: count * 3)
        cmsDoTransform(transform, &rgb, &reference, UInt32(count))
        // Below 0, Little CMS continues sRGB's linear segment where extended sRGB
        // mirrors the curve: the components compared are those at or above 0.
        var worst: Float = 0, compared = 0
        for i in 0..<count {
            for c in 0..<3 where reference[i * 3 + c] >= 0 {
                worst = max(worst, abs(ours[i][c] - reference[i * 3 + c]))
                compared += 1
            }
        }
        #expect(compared > count * 2)
        #expect(worst < 0.5 / 255, "worst difference \(worst * 255) levels")
    }

    /// sRGB said three ways keys to exactly the untagged file's pixels.
    @Test func sRGBTaggedKeysToTheUntaggedBytes() throws {
        let samples = ColourFixtures.convert(Self.heart, to: ColourFixtures.save(cmsCreate_sRGBProfile()), sixteenBit: false)
        for chunks in [RawPNG.chunk("sRGB", [0]), ColourFixtures.iccp(ColourFixtures.save(cmsCreate_sRGBProfile())), []] {
            let png = ColourFixtures.png(width: Self.heart.width, height: Self.heart.height, samples: samples, sixteenBit: false, chunks: chunks)
            let decoded = try PNGDecoder.decode(png, path: "heart.png")
            let colour = try SourceColour.of(decoded.info, path: "heart.png")
            #expect(colour.isSRGB, "\(colour.name)")
            #expect(LuminanceKey.key(decoded, colour: colour).image == Self.heartKeyed)
        }
    }

    /// A heart whose red leaves sRGB (P3's own red) is kept wide: Display P3, opaque,
    /// its colours the file's.
    @Test func aWidePaintingIsKeyedAsDisplayP3() throws {
        let p3 = ColourFixtures.convert(Self.heart, to: ColourFixtures.displayP3, sixteenBit: false)
        let samples = Self.wideRed(p3)
        let space = Self.spaces[0]
        let decoded = try PNGDecoder.decode(Self.file(space, samples: samples), path: "heart.png")
        let keyed = LuminanceKey.key(decoded, colour: try SourceColour.of(decoded.info, path: "heart.png"))
        #expect(keyed.gamut == .displayP3)
        var solid = 0, opaque = 0, worst = 0
        for i in 0..<(Self.heart.width * Self.heart.height) where samples[i * 3] == 255 {
            let got = keyed.image[i % Self.heart.width, i / Self.heart.width]
            solid += 1
            opaque += got.a == 255 ? 1 : 0
            worst = max(worst, abs(Int(got.g) - Int(samples[i * 3 + 1])), abs(Int(got.b) - Int(samples[i * 3 + 2])), 255 - Int(got.r))
        }
        #expect(solid > 50 && opaque == solid, "solid P3 red is opaque: \(opaque) of \(solid)")
        #expect(worst <= 2, "the P3 colours are the file's, within \(worst) levels")
    }

    /// The P3 heart pushed to P3's own red: each pixel's brightest component, scaled so
    /// the brightest pixel is 255, on red; green and blue a tenth of that.
    static func wideRed(_ p3: [UInt16]) -> [UInt16] {
        let top = Int(p3.max()!)
        var out = p3
        for i in stride(from: 0, to: p3.count, by: 3) {
            let red = Int(max(p3[i], p3[i + 1], p3[i + 2])) * 255 / top
            (out[i], out[i + 1], out[i + 2]) = (UInt16(red), UInt16(red / 10), UInt16(red / 10))
        }
        return out
    }

    @Test func aProfileThatIsNotRGBIsOneErrorNamingIt() throws {
        let grey = cmsCreateGrayProfile(cmsD50_xyY(), cmsBuildGamma(nil, 2.2))!
        let mlu = cmsMLUalloc(nil, 1)!
        cmsMLUsetASCII(mlu, "en", "US", "Dot Gain 20%")
        cmsWriteTag(grey, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
        let greyBytes = ColourFixtures.save(grey)
        let samples = ColourFixtures.convert(Self.heart, to: ColourFixtures.displayP3, sixteenBit: false)
        let png = ColourFixtures.png(
            width: Self.heart.width, height: Self.heart.height, samples: samples, sixteenBit: false, chunks: ColourFixtures.iccp(greyBytes))
        let decoded = try PNGDecoder.decode(png, path: "art/charms/heart.png")
        #expect(throws: ImageIOError.self) { try SourceColour.of(decoded.info, path: "art/charms/heart.png") }
        do { _ = try SourceColour.of(decoded.info, path: "art/charms/heart.png") } catch {
            let line = error.diagnostic.line(.error)
            #expect(line.hasPrefix("art/charms/heart.png: error: the embedded ICC profile 'Dot Gain 20%' describes grey samples, not RGB; export"), "\(line)")
        }
    }
}

/// PngSuite's gamma images (g03…g25, gAMA 0.35 to 2.5, no sRGB chunk): keyed to what
/// Little CMS's own float transform from their gAMA to sRGB gives, within a level.
@Suite("PngSuite's gamma images in colour")
struct GammaSuiteTests {
    static let files = PNGSuite.valid.filter { $0.hasPrefix("g") }

    @Test(arguments: files)
    func keysAsLittleCMSConverts(_ name: String) throws {
        let decoded = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/" + name)
        guard case .rgba8(let image, let info) = decoded, let gamma = info.gamma else { return }
        let colour = try SourceColour.of(info, path: name)
        let keyed = LuminanceKey.key(decoded, colour: colour)
        // gAMA 0.45 (g04) is within 1 % of sRGB's 1/2.2: read as sRGB, by the exact key.
        if abs(gamma - SourceColour.srgbGamma) <= SourceColour.srgbGamma * 0.01 {
            #expect(colour.isSRGB && keyed.image == LuminanceKey.key(decoded), "\(name)")
            return
        }
        #expect(!colour.isSRGB)
        let profile = ColourFixtures.open(ColourGammaReference.profile(gamma))
        defer { cmsCloseProfile(profile) }
        let transform = cmsCreateTransform(profile, BX_TYPE_RGBA_8, cmsCreate_sRGBProfile(), BX_TYPE_RGB_FLT, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer { cmsDeleteTransform(transform) }
        var worst = 0
        for i in 0..<(image.width * image.height) {
            var pixel = [image.pixels[i * 4], image.pixels[i * 4 + 1], image.pixels[i * 4 + 2], image.pixels[i * 4 + 3]]
            var rgb = [Float](repeating: 0, count: 3)
            cmsDoTransform(transform, &pixel, &rgb, 1)
            let over = rgb.map { $0 * Float(pixel[3]) / 255 }
            let alpha = min(1, over.max()!)
            let expectedAlpha = Int((alpha * 255).rounded())
            let got = keyed.image[i % image.width, i / image.width]
            worst = max(worst, abs(expectedAlpha - Int(got.a)))
            guard expectedAlpha >= 64 else { continue }
            for (c, value) in zip([got.r, got.g, got.b], over) {
                worst = max(worst, abs(Int((min(1, max(0, value / alpha)) * 255).rounded()) - Int(c)))
            }
        }
        #expect(worst <= 1, "\(name): \(worst) levels from Little CMS's")
    }
}

/// The profile a gAMA chunk describes, built here apart from the tool's.
enum ColourGammaReference {
    static func profile(_ gamma: Double) -> [UInt8] {
        ColourFixtures.rgbProfile(primaries: ColourFixtures.srgbPrimaries, curve: cmsBuildGamma(nil, 1 / gamma)!, description: "gamma")
    }
}
