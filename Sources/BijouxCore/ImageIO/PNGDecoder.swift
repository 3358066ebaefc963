import CBijouxShims

/// What a PNG file was before decoding expanded it to RGBA, for the keying policies
/// (alpha, 16-bit, colour chunks) and for reports.
package struct PNGSourceInfo: Equatable, Sendable {
    enum ColorType: Int, Sendable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgbAlpha = 6
    }

    var colorType: ColorType
    var bitDepth: Int
    /// An alpha channel or a tRNS chunk.
    var hasAlpha: Bool
    var interlaced: Bool
    /// The gAMA chunk's value, if any (0.45455 is sRGB's).
    var gamma: Double?
    var hasSRGBChunk: Bool
    /// The cHRM chunk's white and primaries (white x, y, red x, y, green x, y, blue x, y).
    var chromaticities: [Double]? = nil
    /// The iCCP chunk's profile name (the chunk's label, not the profile's description).
    var iccProfileName: String?
    /// The iCCP chunk's profile, inflated (empty when it cannot be).
    var iccProfile: [UInt8]? = nil
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
        try PNGRows(data, path: path, limit: limit).decodeAll()
    }

    /// Reads and decodes a PNG file. (The build reads art through `ArtFolder`.)
    package static func decodeFile(_ path: String, limit: ImageSizeLimit = .standard) throws(ImageIOError) -> DecodedPNG {
        try PNGRows(readFile(path), path: path, limit: limit).decodeAll()
    }

    /// A file's bytes, its read error as the decoder's.
    package static func readFile(_ path: String) throws(ImageIOError) -> [UInt8] {
        do { return try FileIO.read(path) } catch { throw .file(error) }
    }
}

/// A PNG being decoded: its header read (and checked against the size limits) when it
/// is made, its rows decoded by libpng either all at once (`decodeAll`) or, for an 8-bit
/// file that is not interlaced, a few at a time in order (`readRows`), so a caller can
/// work on the first rows while the next are decoded (`KeyFile`). Either way the pixels
/// are RGBA (see `DecodedPNG`), and the rest of the file through IEND is checked after
/// the last row.
package final class PNGRows {
    package let info: PNGSourceInfo
    package let width: Int
    package let height: Int
    /// 16 bits per sample (else 8).
    package let sixteenBit: Bool
    private let path: String
    private let limit: ImageSizeLimit
    /// The file's bytes and libpng's header, where the reader points for as long as it lives.
    private let data: UnsafeMutableBufferPointer<UInt8>
    private let header: UnsafeMutablePointer<bx_png_info>
    private let reader: OpaquePointer
    private var rowsRead = 0

    package init(_ bytes: [UInt8], path: String, limit: ImageSizeLimit = .standard) throws(ImageIOError) {
        if bytes.count < 8 || !bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            throw .notPNG(path: path)
        }
        let data = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = data.initialize(from: bytes)
        let header = UnsafeMutablePointer<bx_png_info>.allocate(capacity: 1)
        header.initialize(to: bx_png_info())
        var reader: OpaquePointer?
        let begun = bx_png_begin(data.baseAddress, data.count, UInt32(limit.maxSide), UInt64(limit.maxPixels), header, &reader)
        guard begun == BX_PNG_OK, let reader else {
            bx_png_end(reader)
            let failure = Self.failure(begun, header.pointee, path: path, limit: limit)
            header.deallocate()
            data.deallocate()
            throw failure ?? .corrupt(path: path, reason: "unknown libpng error")
        }
        (self.data, self.header, self.reader, self.path, self.limit) = (data, header, reader, path, limit)
        info = Self.sourceInfo(header.pointee)
        width = Int(header.pointee.width)
        height = Int(header.pointee.height)
        sixteenBit = header.pointee.bit_depth == 16
    }

    deinit {
        bx_png_end(reader)
        header.deallocate()
        data.deallocate()
    }

    /// Whether `readRows` may be used: 8 bits and not interlaced (an interlaced file's
    /// rows are complete only after its last pass).
    package var readsRowByRow: Bool { !sixteenBit && !info.interlaced }

    /// Decodes the next `count` rows into `pixels` (`width` RGBA pixels each, one after
    /// the other); after the last row, checks the rest of the file.
    package func readRows(_ count: Int, into pixels: UnsafeMutableRawPointer) throws(ImageIOError) {
        precondition(readsRowByRow && rowsRead + count <= height)
        try check(bx_png_read_rows(reader, pixels, UInt32(count)))
        rowsRead += count
        if rowsRead == height { try check(bx_png_read_end(reader)) }
    }

    /// Decodes every row.
    package func decodeAll() throws(ImageIOError) -> DecodedPNG {
        precondition(rowsRead == 0)
        rowsRead = height
        /// Every row's samples, as `Sample`s.
        func samples<Sample>(_: Sample.Type) throws(ImageIOError) -> [Sample] {
            var finished = BX_PNG_OK
            let samples: [Sample] = imageBuffer(width * height * Channel.count) { out in finished = bx_png_finish(reader, out.baseAddress) }
            try check(finished)
            return samples
        }
        if sixteenBit { return .rgba16(RGBA16Image(width: width, height: height, pixels: try samples(UInt16.self)), info) }
        return .rgba8(RGBAImage(width: width, height: height, pixels: try samples(UInt8.self)), info)
    }

    private func check(_ status: bx_png_status) throws(ImageIOError) {
        if let failure = Self.failure(status, header.pointee, path: path, limit: limit) { throw failure }
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
            chromaticities: header.has_chrm != 0 ? withUnsafeBytes(of: &header.chrm) { Array($0.bindMemory(to: Double.self)) } : nil,
            iccProfileName: header.has_iccp != 0 ? iccName : nil,
            // A profile that could not be inflated is present with no bytes (and refused).
            iccProfile: header.has_iccp == 0 ? nil : Array(UnsafeBufferPointer(start: header.iccp_profile, count: Int(header.iccp_length))),
            warnings: warnings.isEmpty ? [] : warnings.split(separator: "\n").map(String.init))
    }
}
