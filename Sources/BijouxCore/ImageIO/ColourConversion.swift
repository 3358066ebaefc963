import CLCMS2

/// Converts RGB samples from a profile to extended sRGB: sRGB's primaries and curve,
/// unbounded, so a colour beyond sRGB keeps a component above 1 or below 0 (the curve
/// is mirrored for negative values, as Apple's extended sRGB is).
///
/// Little CMS decides every conversion: the profile's curves and its colorants (the
/// matrix to sRGB's) are read from it by Little CMS, and any profile that is not a plain
/// matrix/TRC one (a LUT-based profile) goes through Little CMS's own float transform.
/// The matrix/TRC case, which every RGB profile a painting app writes is (Display P3,
/// Adobe RGB, gAMA/cHRM), is applied here as three table lookups and a 3×3 matrix per
/// pixel: Little CMS's unbounded float transform costs about 200 ns a pixel here (9×
/// the whole key of the bench painting), because it evaluates each curve with `pow`.
/// The tests hold this path to Little CMS's transform.
package struct ColourConversion: Sendable {
    private enum Path {
        /// Per-channel decoding tables (linear light per code value) and the matrix
        /// from the source's linear RGB to linear sRGB (rows).
        case matrix(decode: [[Float]], matrix: [SIMD3<Float>])
        /// Little CMS's float transform (`ColourProfile.toSRGB`).
        case transform(LittleCMSHandle)
    }

    private let path: Path
    private let sixteenBit: Bool
    /// Keeps the profile alive while the transform refers to it.
    private let profile: ColourProfile

    package init(from profile: ColourProfile, sixteenBit: Bool) {
        self.profile = profile
        self.sixteenBit = sixteenBit
        if let path = Self.matrixPath(profile, levels: sixteenBit ? 65536 : 256) {
            self.path = path
        } else {
            self.path = .transform(profile.toSRGB)
        }
    }

    /// Whether the matrix path is taken (for the tests).
    var usesMatrix: Bool {
        if case .matrix = path { return true }
        return false
    }

    /// Converts `count` RGBA pixels (8-bit, or 16-bit when made for 16 bits) to extended
    /// sRGB (r, g, b) with the source's alpha (0...1) in the fourth lane.
    package func convert(_ pixels: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        switch path {
        case .matrix(let decode, let matrix):
            decode[0].withUnsafeBufferPointer { r in
                decode[1].withUnsafeBufferPointer { g in
                    decode[2].withUnsafeBufferPointer { b in
                        let (m0, m1, m2) = (matrix[0], matrix[1], matrix[2])
                        let scale: Float = sixteenBit ? 1 / 65535 : 1 / 255
                        // Code value 0 decodes to no light in every channel: black, the
                        // matte that is most of a painting, stays black without the matrix.
                        let blackIsBlack = r[0] == 0 && g[0] == 0 && b[0] == 0
                        // Paint comes in runs of one colour (half the painted pixels of the
                        // bench painting repeat their left neighbour): a repeat is copied.
                        var previous = (-1, -1, -1, -1)
                        for i in 0..<count {
                            let (ri, gi, bi, ai) = sample(pixels, i)
                            defer { previous = (ri, gi, bi, ai) }
                            if (ri, gi, bi, ai) == previous {
                                out[i] = out[i - 1]
                                continue
                            }
                            if blackIsBlack && (ri | gi | bi == 0 || ai == 0) {
                                out[i] = .zero
                                continue
                            }
                            let linear = SIMD3(r[ri], g[gi], b[bi])
                            let srgb = SIMD3((m0 * linear).sum(), (m1 * linear).sum(), (m2 * linear).sum())
                            out[i] = SIMD4(SRGBCurve.encode(srgb.x), SRGBCurve.encode(srgb.y), SRGBCurve.encode(srgb.z), Float(ai) * scale)
                        }
                    }
                }
            }
        case .transform(let transform):
            convertWithLittleCMS(transform.pointer, pixels, count: count, into: out)
        }
    }

    @inline(__always) private func sample(_ pixels: UnsafeRawPointer, _ i: Int) -> (Int, Int, Int, Int) {
        if sixteenBit {
            let p = pixels.assumingMemoryBound(to: UInt16.self) + i * 4
            return (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
        }
        let p = pixels.assumingMemoryBound(to: UInt8.self) + i * 4
        return (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    private func convertWithLittleCMS(_ transform: cmsHTRANSFORM, _ pixels: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        var wide = [UInt16](repeating: 0, count: count * 4)
        for i in 0..<count {
            let (r, g, b, a) = sample(pixels, i)
            let widen = sixteenBit ? 1 : 257
            (wide[i * 4], wide[i * 4 + 1], wide[i * 4 + 2], wide[i * 4 + 3]) = (UInt16(r * widen), UInt16(g * widen), UInt16(b * widen), UInt16(a * widen))
        }
        var rgb = [Float](repeating: 0, count: count * 3)
        cmsDoTransform(transform, wide, &rgb, cmsUInt32Number(count))
        for i in 0..<count { out[i] = SIMD4(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], Float(wide[i * 4 + 3]) / 65535) }
    }

    /// The matrix path for a matrix/TRC RGB profile that Little CMS would also apply as
    /// one (no LUT), else nil.
    private static func matrixPath(_ profile: ColourProfile, levels: Int) -> Path? {
        let handle = profile.handle
        // Little CMS prefers any device-to-PCS LUT to the matrix (AToB1 for this intent,
        // else AToB0), so a profile with one takes its transform.
        let luts = [cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigAToB2Tag, cmsSigDToB0Tag, cmsSigDToB1Tag, cmsSigDToB2Tag]
        guard cmsIsMatrixShaper(handle) != 0, !luts.contains(where: { cmsIsTag(handle, $0) != 0 }),
            let source = LinearRGB.colorants(of: handle), let toSRGB = LinearRGB.matrix(from: source, to: LinearRGB.sRGB)
        else { return nil }
        var tables: [[Float]] = []
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(handle, tag).map({ OpaquePointer($0) }) else { return nil }
            let last = Float(levels - 1)
            tables.append((0..<levels).map { cmsEvalToneCurveFloat(curve, Float($0) / last) })
        }
        return .matrix(decode: tables, matrix: toSRGB)
    }

    /// Whether a profile is sRGB in all but name: every one of 6³ colours and 256 greys
    /// converts to sRGB within half an 8-bit level of itself.
    static func isSRGB(_ profile: ColourProfile) -> Bool {
        let conversion = ColourConversion(from: profile, sixteenBit: false)
        var samples: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) { samples += [UInt8(r), UInt8(g), UInt8(b), 255] }
            }
        }
        for level in 0...255 { samples += [UInt8(level), UInt8(level), UInt8(level), 255] }
        let count = samples.count / 4
        var out = [SIMD4<Float>](repeating: .zero, count: count)
        out.withUnsafeMutableBufferPointer { buffer in conversion.convert(samples, count: count, into: buffer.baseAddress!) }
        for i in 0..<count {
            let expected = SIMD3(Float(samples[i * 4]), Float(samples[i * 4 + 1]), Float(samples[i * 4 + 2])) / 255
            let difference = SIMD3(out[i].x, out[i].y, out[i].z) - expected
            if max(abs(difference.x), abs(difference.y), abs(difference.z)) > 0.5 / 255 { return false }
        }
        return true
    }
}

/// Linear-light RGB from a matrix/TRC profile's colorants (their XYZ, adapted to the
/// ICC's D50 by the profile, as Little CMS reads them).
package enum LinearRGB {
    package static let sRGB = colorants(of: ColourProfile.sRGB.handle)!
    package static let displayP3 = colorants(of: ColourProfile.displayP3.handle)!

    /// The three colorants as the columns of the RGB-to-XYZ matrix, by rows.
    static func colorants(of handle: cmsHPROFILE) -> [SIMD3<Double>]? {
        var columns: [cmsCIEXYZ] = []
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let xyz = cmsReadTag(handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee else { return nil }
            columns.append(xyz)
        }
        return [
            SIMD3(columns[0].X, columns[1].X, columns[2].X), SIMD3(columns[0].Y, columns[1].Y, columns[2].Y),
            SIMD3(columns[0].Z, columns[1].Z, columns[2].Z),
        ]
    }

    /// inverse(to) × from, by rows: linear RGB of `from`'s primaries to `to`'s.
    package static func matrix(from: [SIMD3<Double>], to: [SIMD3<Double>]) -> [SIMD3<Float>]? {
        guard let inverse = inverse(to) else { return nil }
        return (0..<3).map { row in
            let r = inverse[row]
            let column = { (c: Int) in r.x * from[0][c] + r.y * from[1][c] + r.z * from[2][c] }
            return SIMD3(Float(column(0)), Float(column(1)), Float(column(2)))
        }
    }

    private static func inverse(_ m: [SIMD3<Double>]) -> [SIMD3<Double>]? {
        let (a, b, c) = (m[0], m[1], m[2])
        let cofactors = [
            SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y),
            SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z),
            SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x),
        ]
        let determinant = a.x * cofactors[0].x + a.y * cofactors[1].x + a.z * cofactors[2].x
        guard abs(determinant) > 1e-12 else { return nil }
        return cofactors.map { $0 / determinant }
    }
}

/// 8-bit RGBA between profiles by Little CMS's own transform, relative colorimetric: a
/// colour the target holds keeps its appearance, one beyond it is clipped to the
/// target's gamut; alpha is copied. The sRGB variant of a wide image set is made so,
/// and a wide app icon's sRGB inks become Display P3 ones.
package final class GamutMapping: Sendable {
    /// Little CMS keeps what it needs of both profiles in the transform.
    private let transform: LittleCMSHandle

    /// Nil when Little CMS cannot convert between the two.
    package init?(from source: ColourProfile, to target: ColourProfile) {
        guard
            let transform = cmsCreateTransform(
                source.handle, BX_TYPE_RGBA_8, target.handle, BX_TYPE_RGBA_8,
                cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE))
        else { return nil }
        self.transform = LittleCMSHandle(transform, .transform)
    }

    private static let displayP3ToSRGB = GamutMapping(from: .displayP3, to: .sRGB)!
    private static let sRGBToDisplayP3 = GamutMapping(from: .sRGB, to: .displayP3)!

    /// The image's straight colours converted.
    package func apply(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height)
        out.pixels.withUnsafeMutableBytes { target in
            image.pixels.withUnsafeBytes { source in
                cmsDoTransform(transform.pointer, source.baseAddress, target.baseAddress, cmsUInt32Number(image.width * image.height))
            }
        }
        return out
    }

    package static func sRGB(fromDisplayP3 image: RGBAImage) -> RGBAImage { displayP3ToSRGB.apply(image) }
    static func displayP3(fromSRGB image: RGBAImage) -> RGBAImage { sRGBToDisplayP3.apply(image) }

    package static func displayP3(fromSRGB colour: RGBA) -> RGBA {
        displayP3(fromSRGB: RGBAImage(width: 1, height: 1, pixels: [colour.r, colour.g, colour.b, colour.a]))[0, 0]
    }
}
