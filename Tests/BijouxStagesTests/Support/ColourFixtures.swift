import CLCMS2
import CZlib

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// Paintings in other colour spaces, made in the tests from their own profiles with
/// Little CMS, and the colour-difference measure (ΔE2000, Little CMS's) they are held to.
enum ColourFixtures {
    /// A matrix/TRC RGB profile as ICC bytes, made by Little CMS. `curve` is the
    /// decoding curve; `version` 2.1 or 4.3.
    static func rgbProfile(
        white: (Double, Double) = (0.3127, 0.3290), primaries: [(Double, Double)], curve: OpaquePointer, description: String, version: Double = 2.1,
        lutBased: Bool = false
    ) -> [UInt8] {
        var whitePoint = cmsCIExyY(x: white.0, y: white.1, Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: primaries[0].0, y: primaries[0].1, Y: 1), Green: cmsCIExyY(x: primaries[1].0, y: primaries[1].1, Y: 1),
            Blue: cmsCIExyY(x: primaries[2].0, y: primaries[2].1, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let handle = cmsCreateRGBProfile(&whitePoint, &triple, &curves)!
        defer { cmsCloseProfile(handle) }
        cmsSetProfileVersion(handle, version)
        let mlu = cmsMLUalloc(nil, 1)!
        cmsMLUsetASCII(mlu, "en", "US", description)
        cmsWriteTag(handle, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
        cmsMLUfree(mlu)
        if lutBased { addAToB(handle, white: &whitePoint, primaries: &triple, curve: curve) }
        return save(handle)
    }

    static func save(_ handle: cmsHPROFILE) -> [UInt8] {
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(handle, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        _ = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        return bytes
    }

    /// Gives a matrix/TRC profile an A2B0 LUT (lutAtoBType: its own curves, then its
    /// matrix as a 17-point grid from linear RGB to XYZ, exact for a linear function),
    /// so Little CMS reads it as a LUT-based profile.
    private static func addAToB(_ handle: cmsHPROFILE, white: inout cmsCIExyY, primaries: inout cmsCIExyYTRIPLE, curve: OpaquePointer) {
        var linear: [OpaquePointer?] = Array(repeating: cmsBuildGamma(nil, 1), count: 3)
        let twin = cmsCreateRGBProfile(&white, &primaries, &linear)!
        let xyz = cmsCreateXYZProfile()!
        let toXYZ = cmsCreateTransform(twin, BX_TYPE_RGB_FLT, xyz, BX_TYPE_XYZ_FLT, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer {
            cmsDeleteTransform(toXYZ)
            cmsCloseProfile(twin)
            cmsCloseProfile(xyz)
        }
        let pipeline = cmsPipelineAlloc(nil, 3, 3)!
        var curves: [OpaquePointer?] = [curve, curve, curve]
        cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(nil, 3, &curves))
        // lutAtoBType holds a 16-bit grid.
        let grid = cmsStageAllocCLut16bit(nil, 17, 3, 3, nil)!
        cmsStageSampleCLut16bit(
            grid,
            { input, output, cargo in
                var rgb = (0..<3).map { Float(input![$0]) / 65535 }
                var xyz = [Float](repeating: 0, count: 3)
                cmsDoTransform(cargo!, &rgb, &xyz, 1)
                // XYZ encoded over 1 + 32767/32768, as the PCS encodes it.
                for i in 0..<3 { output![i] = UInt16(max(0, min(65535, (Double(xyz[i]) / (1 + 32767.0 / 32768) * 65535).rounded()))) }
                return 1
            }, toXYZ, 0)
        cmsPipelineInsertStage(pipeline, cmsAT_END, grid)
        cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(nil, 3, nil))
        cmsWriteTag(handle, cmsSigAToB0Tag, UnsafeRawPointer(pipeline))
        cmsPipelineFree(pipeline)
    }

    static var srgbCurve: OpaquePointer {
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        return cmsBuildParametricToneCurve(nil, 4, &parameters)!
    }

    static let p3Primaries = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
    static let adobePrimaries = [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)]
    static let srgbPrimaries = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]

    static let displayP3 = rgbProfile(primaries: p3Primaries, curve: srgbCurve, description: "Display P3")
    static let adobeRGB = rgbProfile(primaries: adobePrimaries, curve: cmsBuildGamma(nil, 563.0 / 256)!, description: "Adobe RGB (1998)")
    static let displayP3v4LUT = rgbProfile(
        primaries: p3Primaries, curve: srgbCurve, description: "Display P3 (v4, LUT)", version: 4.3, lutBased: true)

    /// `image`'s sRGB colours converted into `profile` by Little CMS (relative
    /// colorimetric), at 8 or 16 bits, alpha dropped (the paintings are opaque on black).
    static func convert(_ image: RGBAImage, from source: [UInt8]? = nil, to profile: [UInt8], sixteenBit: Bool) -> [UInt16] {
        let input = source.map(open) ?? cmsCreate_sRGBProfile()!
        let output = open(profile)
        defer {
            cmsCloseProfile(input)
            cmsCloseProfile(output)
        }
        let transform = cmsCreateTransform(
            input, BX_TYPE_RGBA_8, output, sixteenBit ? BX_TYPE_RGB_16 : BX_TYPE_RGB_8, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer { cmsDeleteTransform(transform) }
        let count = image.width * image.height
        if sixteenBit {
            var out = [UInt16](repeating: 0, count: count * 3)
            cmsDoTransform(transform, image.pixels, &out, UInt32(count))
            return out
        }
        var out = [UInt8](repeating: 0, count: count * 3)
        cmsDoTransform(transform, image.pixels, &out, UInt32(count))
        return out.map(UInt16.init)
    }

    static func open(_ bytes: [UInt8]) -> cmsHPROFILE {
        bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }!
    }

    /// A PNG of RGB samples (8 or 16 bits) with the given ancillary chunks before its
    /// image data (`iCCP`, `gAMA`, `sRGB`: `chunks(…)`).
    static func png(width: Int, height: Int, samples: [UInt16], sixteenBit: Bool, chunks: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for value in samples[(y * width * 3)..<((y + 1) * width * 3)] {
                if sixteenBit { raw += [UInt8(value >> 8), UInt8(value & 0xFF)] } else { raw.append(UInt8(value)) }
            }
        }
        return RawPNG.signature + RawPNG.header(width: UInt32(width), height: UInt32(height), bitDepth: sixteenBit ? 16 : 8)
            + chunks + RawPNG.chunk("IDAT", deflate(raw)) + RawPNG.chunk("IEND", [])
    }

    static func iccp(_ profile: [UInt8], name: String = "ICC Profile") -> [UInt8] {
        RawPNG.chunk("iCCP", Array(name.utf8) + [0, 0] + deflate(profile))
    }

    static func gama(_ gamma: Double) -> [UInt8] { RawPNG.chunk("gAMA", RawPNG.bigEndian(UInt32((gamma * 100000).rounded()))) }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        compress2(&out, &size, bytes, uLong(bytes.count), 6)
        return Array(out.prefix(Int(size)))
    }

    /// ΔE2000 between two sRGB colours (straight, 8-bit), by Little CMS.
    static func deltaE2000(_ a: RGBA, _ b: RGBA) -> Double {
        let lab = labTransform
        var input: [UInt8] = [a.r, a.g, a.b, b.r, b.g, b.b]
        var out = [cmsCIELab](repeating: cmsCIELab(), count: 2)
        cmsDoTransform(lab, &input, &out, 2)
        return cmsCIE2000DeltaE(&out[0], &out[1], 1, 1, 1)
    }

    nonisolated(unsafe) private static let labTransform = cmsCreateTransform(
        cmsCreate_sRGBProfile(), BX_TYPE_RGB_8, cmsCreateLab4Profile(nil), BX_TYPE_LAB_DBL, UInt32(INTENT_RELATIVE_COLORIMETRIC),
        UInt32(cmsFLAGS_NOCACHE))!
}
