import BijouxCore

/// What the build reads of a JPEG: its frame header, found by walking the file's
/// segments. No JPEG library is among the C libraries the tool links (libpng, zlib,
/// librsvg, cairo, libxml2, xxHash, KISS FFT, libebur128, FFmpeg, Little CMS), and the
/// build never decodes a JPEG (its bytes are copied into the catalog as they are), so
/// this small reader in Swift checks what can be checked without decoding: the start of
/// image, well-formed segments up to the frame header (baseline, extended or progressive
/// Huffman, 8 bits), a size within the caps, grey or colour samples (a CMYK or YCCK
/// JPEG, made for print, is refused: iOS would show its ink values as no screen colour
/// the designer saw), and the end-of-image marker at the end (a truncated file is
/// refused). It reads each byte at most once and allocates nothing.
struct JPEGHeader: Equatable, Sendable {
    var width: Int
    var height: Int
    /// 1 (grey) or 3 (YCbCr, or RGB).
    var components: Int
    var isProgressive: Bool

    /// Why a file is not a JPEG the build takes.
    struct Problem: Error, Equatable, Sendable {
        var message: String
    }

    static func read(_ bytes: [UInt8], limit: ImageSizeLimit = .standard) throws(Problem) -> JPEGHeader {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw Problem(message: "not a JPEG file (no start-of-image marker)") }
        var end = bytes.count
        while end > 2 && bytes[end - 1] == 0 { end -= 1 }  // padding some writers leave
        guard end >= 4, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else {
            throw Problem(message: "truncated JPEG: it does not end with the end-of-image marker")
        }
        var at = 2
        /// The colour transform of an Adobe segment (APP14), which tells CMYK (0) from YCCK (2).
        var adobeTransform: UInt8?
        while true {
            guard at < end, bytes[at] == 0xFF else { throw Problem(message: "not a JPEG segment at byte \(at)") }
            while at < end && bytes[at] == 0xFF { at += 1 }  // fill bytes
            guard at < end else { throw Problem(message: "truncated JPEG at byte \(at)") }
            let marker = bytes[at]
            at += 1
            switch marker {
            case 0xD9, 0xDA: throw Problem(message: "no frame header before the image data")
            case 0x00, 0x01, 0xD0...0xD8: throw Problem(message: "unexpected marker 0xFF\(hex(marker)) at byte \(at - 2)")
            default: break
            }
            guard at + 2 <= end else { throw Problem(message: "truncated JPEG at byte \(at)") }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= end else { throw Problem(message: "segment 0xFF\(hex(marker)) at byte \(at - 2) runs past the end of the file") }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return try frame(marker, Array(bytes[at + 2..<at + length]), limit: limit, adobeTransform: adobeTransform)
            }
            if marker == 0xEE && length >= 14 && bytes[at + 2..<at + 7].elementsEqual("Adobe".utf8) { adobeTransform = bytes[at + 13] }
            at += length
        }
    }

    /// The frame header (after its length): precision, height, width, components.
    private static func frame(_ marker: UInt8, _ segment: [UInt8], limit: ImageSizeLimit, adobeTransform: UInt8?) throws(Problem) -> JPEGHeader {
        guard [0xC0, 0xC1, 0xC2].contains(marker) else {
            throw Problem(
                message: "a lossless, hierarchical or arithmetic-coded JPEG (0xFF\(hex(marker))), which iOS may not decode; save it as baseline or progressive")
        }
        guard segment.count >= 6 else { throw Problem(message: "frame header too short") }
        let precision = Int(segment[0]), height = Int(segment[1]) << 8 | Int(segment[2]), width = Int(segment[3]) << 8 | Int(segment[4])
        let components = Int(segment[5])
        guard precision == 8 else { throw Problem(message: "\(precision)-bit samples; iOS decodes 8-bit JPEGs") }
        if components == 4 {
            let kind = adobeTransform == 2 ? "a YCCK JPEG (CMYK stored as YCbCr and K)" : "a CMYK JPEG"
            throw Problem(message: "\(kind), made for print: iOS shows its inks as no colour you saw; save it as an RGB JPEG (sRGB or Display P3)")
        }
        guard [1, 3].contains(components), segment.count >= 6 + 3 * components else {
            throw Problem(message: "\(components) colour components in the frame header (1 or 3 expected)")
        }
        guard width > 0, height > 0 else { throw Problem(message: "declares a size of \(width)×\(height) px") }
        guard width <= limit.maxSide, height <= limit.maxSide, width * height <= limit.maxPixels else {
            throw Problem(message: "declares \(width)×\(height) px, over the limit of \(limit)")
        }
        return JPEGHeader(width: width, height: height, components: components, isProgressive: marker == 0xC2)
    }

    private static func hex(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
}

/// What the build reads of a PDF: that it is one (the `%PDF-1.x` or `%PDF-2.0` header and
/// `%%EOF` in its last kilobyte, so a truncated file is refused) and, when they are simply
/// found, the page size (the first `/MediaBox [x0 y0 x1 y1]` in the file, in points) and
/// the number of pages (`pageCount`). A PDF's objects may be compressed, so there may be
/// none to find; the size is then unknown, which only the contact sheet shows, and so is
/// the count. The bytes are copied into the catalog as they are; nothing here parses the
/// document.
struct PDFHeader: Equatable, Sendable {
    /// The page's width and height in points, when found.
    var pageSize: (width: Double, height: Double)?
    /// How many pages its page tree says it has, when found. Xcode uses the first alone.
    var pages: Int?

    static func == (a: PDFHeader, b: PDFHeader) -> Bool {
        a.pageSize?.width == b.pageSize?.width && a.pageSize?.height == b.pageSize?.height && a.pages == b.pages
    }

    /// The most bytes a PDF may have (a vector drawing is kilobytes).
    static let maxBytes = 32 << 20
    /// The largest page side in points PDF allows (ISO 32000's user space limit).
    static let maxSide = 14400.0

    static func read(_ bytes: [UInt8]) throws(JPEGHeader.Problem) -> PDFHeader {
        guard bytes.count <= maxBytes else { throw JPEGHeader.Problem(message: "\(bytes.count) bytes, over the \(maxBytes >> 20) MiB limit") }
        let magic = Array("%PDF-".utf8)
        guard bytes.count >= 8, bytes.starts(with: magic),
            bytes[5] == UInt8(ascii: "1") && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[7])
                || bytes[5] == UInt8(ascii: "2") && bytes[7] == UInt8(ascii: "0"),
            bytes[6] == UInt8(ascii: ".")
        else { throw JPEGHeader.Problem(message: "not a PDF file (no %PDF-1.x header)") }
        let tail = bytes.suffix(1024)
        guard find(Array("%%EOF".utf8), in: tail, from: tail.startIndex) != nil else {
            throw JPEGHeader.Problem(message: "truncated PDF: no %%EOF in its last kilobyte")
        }
        return PDFHeader(pageSize: mediaBox(bytes), pages: pageCount(bytes))
    }

    /// The number of pages the page tree declares: the largest `/Count` of an object
    /// whose `/Type` is `/Pages` (the tree's root counts every page below it), found in
    /// one pass over the file's uncompressed objects (each ended by `endobj`); nil when
    /// there is none.
    static func pageCount(_ bytes: [UInt8]) -> Int? {
        var pages: Int?
        var (isPages, count) = (false, nil as Int?)
        var at = 0
        while let slash = bytes[at...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "e") }) {
            at = slash + 1
            if starts("/Type", at: slash, in: bytes) {
                at = skipSpace(bytes, from: slash + 5)
                isPages = isPages || (starts("/Pages", at: at, in: bytes) && !isRegular(bytes, at + 6))
            } else if starts("/Count", at: slash, in: bytes) {
                at = skipSpace(bytes, from: slash + 6)
                let digits = bytes[at...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.prefix(9)
                count = Int(String(decoding: digits, as: UTF8.self)) ?? count
            } else if starts("endobj", at: slash, in: bytes) {
                if isPages, let count { pages = max(pages ?? 0, count) }
                (isPages, count) = (false, nil)
            }
        }
        return pages
    }

    private static func starts(_ word: String, at index: Int, in bytes: [UInt8]) -> Bool {
        index + word.utf8.count <= bytes.count && bytes[index..<index + word.utf8.count].elementsEqual(word.utf8)
    }

    /// Where the bytes after `index` that are not PDF white space start.
    private static func skipSpace(_ bytes: [UInt8], from index: Int) -> Int {
        bytes[min(index, bytes.count)...].firstIndex { ![0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains($0) } ?? bytes.count
    }

    /// Whether the byte at `index` continues a name (neither white space nor a delimiter).
    private static func isRegular(_ bytes: [UInt8], _ index: Int) -> Bool {
        index < bytes.count && !Array(" \n\r\t\u{0C}\0()<>[]{}/%".utf8).contains(bytes[index])
    }

    /// The first `/MediaBox` followed by `[` and four numbers, when its size is positive.
    static func mediaBox(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        guard let key = find(Array("/MediaBox".utf8), in: bytes[...], from: 0) else { return nil }
        var at = skipSpace(bytes, from: key + 9)
        guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return nil }
        at += 1
        var numbers: [Double] = []
        for _ in 0..<4 {
            at = skipSpace(bytes, from: at)
            let start = at
            while at < bytes.count, at - start < 32,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) || bytes[at] == UInt8(ascii: ".")
                    || bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+")
            {
                at += 1
            }
            guard let number = Double(String(decoding: bytes[start..<at], as: UTF8.self)), number.isFinite else { return nil }
            numbers.append(number)
        }
        let width = numbers[2] - numbers[0], height = numbers[3] - numbers[1]
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else { return nil }
        return (width, height)
    }

    /// The index of the first `needle` in `haystack` at or after `from`.
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var at = max(from, haystack.startIndex)
        while at + needle.count <= haystack.endIndex {
            if haystack[at] == first && haystack[at..<at + needle.count].elementsEqual(needle) { return at }
            at += 1
        }
        return nil
    }
}
