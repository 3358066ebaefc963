import CBijouxShims

/// What a PNG file was before decoding expanded it to RGBA, for the keying policies
/// (alpha, 16-bit, colour chunks) and for reports.
package struct PNGSourceInfo: Equatable, Sendable {
    package enum ColorType: Int, Sendable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgbAlpha = 6
    }

    package var colorType: ColorType
    package var bitDepth: Int
    /// An alpha channel or a tRNS chunk.
    package var hasAlpha: Bool
    package var interlaced: Bool
    /// The gAMA chunk's value, if any (0.45455 is sRGB's).
    package var gamma: Double?
    package var hasSRGBChunk: Bool
    /// The iCCP chunk's profile name, if any.
    package var iccProfileName: String?
    /// libpng's warnings while reading (for example a known-incorrect sRGB profile).
    package var warnings: [String]
}

/// A decoded PNG: RGBA at 8 bits for sources of 8 bits or fewer, at 16 bits for
/// 16-bit sources, so 16-bit art keeps its precision until the key rounds once.
package enum DecodedPNG: Sendable {
    case rgba8(RGBAImage, PNGSourceInfo)
    case rgba16(RGBA16Image, PNGSourceInfo)

    package var info: PNGSourceInfo {
        switch self {
        case .rgba8(_, let info), .rgba16(_, let info): info
        }
    }

    package var width: Int {
        switch self {
        case .rgba8(let image, _): image.width
        case .rgba16(let image, _): image.width
        }
    }

    package var height: Int {
        switch self {
        case .rgba8(let image, _): image.height
        case .rgba16(let image, _): image.height
        }
    }
}

package enum PNGDecoder {
    /// Decodes a PNG file's bytes. `path` only names the file in errors.
    package static func decode(
        _ data: [UInt8], path: String, limit: ImageSizeLimit = .standard
    ) throws(ImageIOError) -> DecodedPNG {
        if data.count < 8 || !data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            throw .notPNG(path: path)
        }
        let result: Result<DecodedPNG, ImageIOError> = data.withUnsafeBufferPointer { buffer in
            var header = bx_png_info()
            var reader: OpaquePointer?
            let begun = bx_png_begin(
                buffer.baseAddress, buffer.count, UInt32(limit.maxSide), UInt64(limit.maxPixels),
                &header, &reader)
            defer { bx_png_end(reader) }
            if let failure = failure(begun, header, path: path, limit: limit) {
                return .failure(failure)
            }
            let info = sourceInfo(header)
            let width = Int(header.width)
            let height = Int(header.height)
            var finished = BX_PNG_OK
            if header.bit_depth == 16 {
                let samples = [UInt16](unsafeUninitializedCapacity: width * height * Channel.count) { out, count in
                    finished = bx_png_finish(reader, out.baseAddress)
                    count = out.count
                }
                if let failure = failure(finished, header, path: path, limit: limit) { return .failure(failure) }
                return .success(.rgba16(RGBA16Image(width: width, height: height, pixels: samples), info))
            }
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * Channel.count) { out, count in
                finished = bx_png_finish(reader, out.baseAddress)
                count = out.count
            }
            if let failure = failure(finished, header, path: path, limit: limit) { return .failure(failure) }
            return .success(.rgba8(RGBAImage(width: width, height: height, pixels: pixels), info))
        }
        return try result.get()
    }

    /// Reads and decodes a PNG file. (The build reads art through `ArtFolder`.)
    package static func decodeFile(_ path: String, limit: ImageSizeLimit = .standard) throws(ImageIOError) -> DecodedPNG {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw .file(error) }
        return try decode(bytes, path: path, limit: limit)
    }

    private static func failure(
        _ status: bx_png_status, _ header: bx_png_info, path: String, limit: ImageSizeLimit
    ) -> ImageIOError? {
        switch status {
        case BX_PNG_OK: return nil
        case BX_PNG_TOO_LARGE:
            return .tooLarge(path: path, width: Int(header.width), height: Int(header.height), limit: limit)
        case BX_PNG_NO_MEMORY: return .outOfMemory(path: path)
        default:
            var header = header
            let message = withUnsafeBytes(of: &header.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            return .corrupt(path: path, reason: message.isEmpty ? "unknown libpng error" : message)
        }
    }

    private static func sourceInfo(_ header: bx_png_info) -> PNGSourceInfo {
        var header = header
        let warnings = withUnsafeBytes(of: &header.warnings) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let iccName = withUnsafeBytes(of: &header.iccp_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        return PNGSourceInfo(
            colorType: PNGSourceInfo.ColorType(rawValue: Int(header.source_color_type)) ?? .rgbAlpha,
            bitDepth: Int(header.source_bit_depth),
            hasAlpha: header.source_has_alpha != 0,
            interlaced: header.interlaced != 0,
            gamma: header.has_gamma != 0 ? header.gamma : nil,
            hasSRGBChunk: header.has_srgb != 0,
            iccProfileName: header.has_iccp != 0 ? iccName : nil,
            warnings: warnings.isEmpty ? [] : warnings.split(separator: "\n").map(String.init))
    }
}
