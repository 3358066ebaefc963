import BijouxCore

/// The colour of a PNG of `art/images/`, as the paintings' colour is read
/// (`SourceColour`: an ICC profile, else the sRGB chunk, else gAMA/cHRM), with a cICP chunk
/// first, as PNG's third edition ranks it (libpng 1.6.39 does not read cICP, so its four
/// bytes are found here). A Display P3 PNG ships as a `display-gamut` pair, as a wide
/// charm does: its sRGB conversion (Little CMS, relative colorimetric, `GamutMapping`) and
/// the file itself; any other ships as it is (iOS honours an embedded profile).
enum ImageColour: Equatable, Sendable {
    case sRGB
    case displayP3
    /// Another colour space, by what the file says ("Adobe RGB (1998) (ICC profile)").
    case other(String)

    /// The colour a PNG's chunks say; `path` names the file in errors.
    static func of(_ bytes: [UInt8], info: PNGSourceInfo, path: String) throws(ImageIOError) -> ImageColour {
        if let cicp = cICP(bytes) {
            switch (cicp.primaries, cicp.transfer) {
            case (1, 13): return .sRGB
            case (12, 13): return .displayP3
            default: return .other("cICP primaries \(cicp.primaries), transfer \(cicp.transfer)")
            }
        }
        let colour = try SourceColour.of(info, path: path)
        guard let profile = colour.profile else { return .sRGB }
        return isDisplayP3(profile) ? .displayP3 : .other(colour.name)
    }

    var gamut: Gamut? {
        switch self {
        case .sRGB: .sRGB
        case .displayP3: .displayP3
        case .other: nil
        }
    }

    /// The cICP chunk's colour primaries and transfer function, when it comes before the
    /// image data. The chunks were already checked by libpng (`PNGRows`); this walk stops
    /// at IDAT or at anything malformed.
    static func cICP(_ bytes: [UInt8]) -> (primaries: Int, transfer: Int)? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard length >= 0, at + 12 + length <= bytes.count, type != "IDAT" else { return nil }
            if type == "cICP" && length == 4 { return (Int(bytes[at + 8]), Int(bytes[at + 9])) }
            at += 12 + length
        }
        return nil
    }

    /// Whether a profile is Display P3 in all but name: 27 Display P3 colours that sRGB also
    /// holds (each component 96, 128 or 160: a LUT-based profile's transform may clip what
    /// sRGB does not hold) and 18 greys, converted from it to extended sRGB
    /// (`ColourConversion`) and back with Display P3's own encoding, come back within one
    /// 8-bit level. sRGB's primaries move such a colour by 9 levels, Adobe RGB's by more.
    static func isDisplayP3(_ profile: ColourProfile) -> Bool {
        let conversion = ColourConversion(from: profile, sixteenBit: false)
        var samples: [UInt8] = []
        for r: UInt8 in [96, 128, 160] {
            for g: UInt8 in [96, 128, 160] {
                for b: UInt8 in [96, 128, 160] { samples += [r, g, b, 255] }
            }
        }
        for level in stride(from: 0, through: 255, by: 15) { samples += [UInt8(level), UInt8(level), UInt8(level), 255] }
        let count = samples.count / 4
        var out = [SIMD4<Float>](repeating: .zero, count: count)
        out.withUnsafeMutableBufferPointer { conversion.convert(samples, count: count, into: $0.baseAddress!) }
        for i in 0..<count {
            let back = DisplayP3Encoding.shared.fromExtendedSRGB(SIMD3(out[i].x, out[i].y, out[i].z)) * 255
            let expected = SIMD3(Float(samples[i * 4]), Float(samples[i * 4 + 1]), Float(samples[i * 4 + 2]))
            let difference = back - expected
            if max(abs(difference.x), abs(difference.y), abs(difference.z)) > 1 { return false }
        }
        return true
    }

    /// A Display P3 PNG's sRGB twin: decoded (within the caps), 16-bit samples rounded to
    /// 8, converted by Little CMS, and written with an sRGB chunk.
    static func sRGBTwin(_ bytes: [UInt8], path: String) throws(ImageIOError) -> [UInt8] {
        let image: RGBAImage
        switch try PNGDecoder.decode(bytes, path: path) {
        case .rgba8(let decoded, _): image = decoded
        case .rgba16(let decoded, _):
            image = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels.map { UInt8((Int($0) * 255 + 32767) / 65535) })
        }
        return PNGEncoder.encode(GamutMapping.sRGB(fromDisplayP3: image), options: .init(jobs: 1, colour: .sRGB))
    }
}
