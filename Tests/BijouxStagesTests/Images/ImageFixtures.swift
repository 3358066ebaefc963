@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// Small files for art/images/ and art/data/, made in the tests: PNGs by the project's
/// encoder (a Display P3 one with Little CMS's P3 profile), and a JPEG and a PDF written
/// here byte by byte.
enum ImageFixtures {
    /// An sRGB PNG of one colour.
    static func png(_ width: Int, _ height: Int, _ colour: RGBA = RGBA(200, 60, 40, 255)) -> [UInt8] {
        let pixels = (0..<width * height).flatMap { _ in [colour.r, colour.g, colour.b, colour.a] }
        return PNGEncoder.encode(RGBAImage(width: width, height: height, pixels: pixels), options: .init(jobs: 1))
    }

    /// A 2×2 PNG of Display P3's pure red (beyond sRGB), tagged with a Display P3 ICC profile.
    static let p3PNG = ColourFixtures.png(
        width: 2, height: 2, samples: [UInt16](repeating: 0, count: 12).enumerated().map { $0.offset % 3 == 0 ? 255 : 0 }, sixteenBit: false,
        chunks: ColourFixtures.iccp(ColourFixtures.displayP3))

    /// A baseline JPEG, 8×8 mid-grey, written by hand: a quantisation table of ones, one
    /// one-code Huffman table each for DC and AC, and one block whose DC difference is 0
    /// and whose AC is the end of block (bits 00, padded with ones). FFmpeg decodes it to
    /// 64 pixels of 128. `width` and `height` change only what the frame header declares;
    /// `components` 4 declares CMYK (or YCCK, with an Adobe segment whose transform is 2).
    static func jpeg(width: Int = 8, height: Int = 8, components: UInt8 = 1, adobeTransform: UInt8? = nil) -> [UInt8] {
        let table = [UInt8](repeating: 1, count: 64)
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        let adobe: [UInt8] = adobeTransform.map { [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, $0] } ?? []
        var frame: [UInt8] = [0xFF, 0xC0, 0x00, 8 + 3 * components, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8)]
        frame += [UInt8(width & 0xFF), components] + (1...components).flatMap { [$0, 0x11, 0x00] }
        let start: [UInt8] = [0xFF, 0xD8] + adobe + [0xFF, 0xDB, 0x00, 0x43, 0x00] + table
        return start + frame
            + [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode + [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode
            + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00] + [0x3F] + [0xFF, 0xD9]
    }

    /// A one-page PDF of 24×24 pt (no content, no cross-reference table: readers rebuild it).
    static let pdf = Array(
        """
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 24 24] >> endobj
        trailer << /Root 1 0 R >>
        %%EOF

        """.utf8)

    /// A PDF of `pages` pages of 24×24 pt, its page tree a root and one node below it
    /// (each with its `/Count`), and an outline whose `/Count` is not a page count.
    static func pdf(pages: Int) -> [UInt8] {
        let kids = (0..<pages).map { "\(10 + $0) 0 R" }.joined(separator: " ")
        let objects = [
            "1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >> endobj", "2 0 obj << /Type/Pages /Kids [3 0 R] /Count \(pages) >> endobj",
            "3 0 obj << /Parent 2 0 R /Count \(pages) /Type /Pages\n/Kids [\(kids)] >> endobj", "4 0 obj << /Type /Outlines /Count 40 >> endobj",
        ]
        let leaves = (0..<pages).map { "\(10 + $0) 0 obj << /Type /Page /Parent 3 0 R /MediaBox [0 0 24 24] >> endobj" }
        return Array(("%PDF-1.4\n" + (objects + leaves).joined(separator: "\n") + "\ntrailer << /Root 1 0 R >>\n%%EOF\n").utf8)
    }

    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6"/></svg>"#

    /// The art folder of the stage tests: a raster image with a dark variant and @2x, one
    /// with every appearance, a Display P3 PNG, a PDF kept as a vector, a JPEG, an SVG, and
    /// a data file.
    static func makeArt(_ folder: TemporaryFolder) {
        folder.write("art/images/badge.png", png(4, 4))
        folder.write("art/images/badge@2x.png", png(8, 8))
        folder.write("art/images/badge~dark.png", png(4, 4, RGBA(40, 60, 200, 255)))
        for suffix in ["", "~dark", "~highcontrast", "~dark~highcontrast"] { folder.write("art/images/mark\(suffix).svg", svg) }
        folder.write("art/images/glow.png", p3PNG)
        folder.write("art/images/wordmark.pdf", pdf)
        folder.write("art/images/photo.jpg", jpeg())
        folder.write("art/images.json", #"{"defaults": {"renderingIntent": "original"}, "images": {"wordmark": {"preservesVector": true}}}"#)
        folder.write("art/data/cities.json", #"{"cities": ["Lyon", "Kyoto"]}"#)
    }
}
