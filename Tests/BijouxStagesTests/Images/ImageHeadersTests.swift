import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("JPEG and PDF headers, and the images' cards")
struct ImageHeadersTests {
    @Test func aJPEGsFrameHeaderIsFoundPastItsOtherSegments() throws {
        #expect(try JPEGHeader.read(ImageFixtures.jpeg()) == JPEGHeader(width: 8, height: 8, components: 1, isProgressive: false))
        // A JFIF segment before the tables, fill bytes before a marker, padding after the end.
        var jfif = ImageFixtures.jpeg()
        jfif.insert(contentsOf: [0xFF, 0xE0, 0x00, 0x06] + Array("JFIF".utf8) + [0xFF], at: 2)
        #expect(try JPEGHeader.read(jfif + [0, 0]).width == 8)
        #expect(try JPEGHeader.read(ImageFixtures.jpeg(width: 300, height: 200)).height == 200)
    }

    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xD9], "no frame header before the image data"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x7F, 0xFF, 0xFF, 0xD9], "segment 0xFFE0 at byte 2 runs past the end of the file"),
            ([0xFF, 0xD8, 0x00, 0xFF, 0xD9], "not a JPEG segment at byte 2"),
            ([0x89, 0x50, 0x4E, 0x47], "not a JPEG file (no start-of-image marker)"),
        ] as [([UInt8], String)])
    func aMalformedJPEGIsRefusedWithAReason(bytes: [UInt8], message: String) {
        #expect(throws: JPEGHeader.Problem(message: message)) { try JPEGHeader.read(bytes) }
    }

    @Test func onlyBaselineAndProgressive8BitJPEGsAreTaken() {
        let lossless = ImageFixtures.jpeg().replacing([0xFF, 0xC0], with: [0xFF, 0xC3])
        #expect(throws: JPEGHeader.Problem.self) { try JPEGHeader.read(lossless) }
        let progressive = ImageFixtures.jpeg().replacing([0xFF, 0xC0], with: [0xFF, 0xC2])
        #expect((try? JPEGHeader.read(progressive))?.isProgressive == true)
    }

    /// Issue 45, finding 11: a JPEG made for print was accepted without a word. It is an
    /// error that says what it is.
    @Test func aCMYKOrYCCKJPEGIsRefusedByName() throws {
        let advice = "made for print: iOS shows its inks as no colour you saw; save it as an RGB JPEG (sRGB or Display P3)"
        for (bytes, kind) in [
            (ImageFixtures.jpeg(components: 4), "a CMYK JPEG"), (ImageFixtures.jpeg(components: 4, adobeTransform: 0), "a CMYK JPEG"),
            (ImageFixtures.jpeg(components: 4, adobeTransform: 2), "a YCCK JPEG (CMYK stored as YCbCr and K)"),
        ] {
            #expect(throws: JPEGHeader.Problem(message: "\(kind), \(advice)")) { try JPEGHeader.read(bytes) }
        }
        #expect(try JPEGHeader.read(ImageFixtures.jpeg(components: 3, adobeTransform: 1)).components == 3)
    }

    /// Issue 45, finding 11: a PDF of several pages, of which Xcode uses the first, was
    /// accepted without a word. Its page tree's count is read (the root's, the largest;
    /// not an outline's), and none is found where there is no tree to find.
    @Test func aPDFsPageCountIsItsPageTreesCount() throws {
        #expect(try PDFHeader.read(ImageFixtures.pdf).pages == 1)
        #expect(try PDFHeader.read(ImageFixtures.pdf(pages: 3)) == PDFHeader(pageSize: (24, 24), pages: 3))
        #expect(try PDFHeader.read(ImageFixtures.pdf(pages: 1)).pages == 1)
        let hidden = Array(String(decoding: ImageFixtures.pdf(pages: 3), as: UTF8.self).replacingOccurrences(of: "/Pages", with: "/Other").utf8)
        #expect(try PDFHeader.read(hidden).pages == nil)
        let unended = Array(String(decoding: ImageFixtures.pdf(pages: 3), as: UTF8.self).replacingOccurrences(of: "endobj", with: "").utf8)
        #expect(try PDFHeader.read(unended).pages == nil)
    }

    @Test func aPDFsPageSizeIsItsFirstMediaBox() throws {
        #expect(try PDFHeader.read(ImageFixtures.pdf).pageSize?.width == 24)
        let moved = Array(String(decoding: ImageFixtures.pdf, as: UTF8.self).replacingOccurrences(of: "[0 0 24 24]", with: "[ -10.5 2\n30 44.25 ]").utf8)
        let size = try #require(try PDFHeader.read(moved).pageSize)
        #expect(size.width == 40.5 && size.height == 42.25)
        // No box to find (compressed objects): no size, still a PDF.
        let hidden = Array(String(decoding: ImageFixtures.pdf, as: UTF8.self).replacingOccurrences(of: "/MediaBox", with: "/Other").utf8)
        #expect(try PDFHeader.read(hidden).pageSize == nil)
        #expect(throws: JPEGHeader.Problem.self) { try PDFHeader.read(Array("%PDF-9.9\n%%EOF".utf8)) }
    }

    /// Every text from the art on the cards is escaped: a profile's description, a data file's name.
    @Test func theCardsEscapeTheArtsText() {
        let image = ContactSheet.ImageAsset(
            name: "glow",
            variants: [
                ContactSheet.ImageVariant(
                    label: "any @1x", format: "png", image: ContactSheet.Image(path: "Assets.xcassets/Images/glow.imageset/glow.png", width: 2, height: 2),
                    colour: "<script>alert(1)</script> (ICC profile), shipped as it is"),
                ContactSheet.ImageVariant(
                    label: "any", format: "pdf", image: ContactSheet.Image(path: "Assets.xcassets/Images/a.imageset/a.pdf", width: 24, height: 24), colour: ""),
            ], vector: "", renderingIntent: "")
        let card = ContactSheetPage.imageCard(image)
        #expect(!card.contains("<script>") && card.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(card.contains("href=\"../Assets.xcassets/Images/a.imageset/a.pdf\">PDF</a>") && card.contains("24×24 pt"))
        let data = ContactSheetPage.dataCard(ContactSheet.DataAsset(name: "x", fileName: "x.<b>\"", typeIdentifier: "", bytes: 3))
        #expect(data.contains("<code>x.&lt;b&gt;&quot;</code>") && data.contains("no type identifier · 3 bytes"))
        // The cards go through the cache as the others do.
        let sheet = ContactSheet(images: [image], data: [ContactSheet.DataAsset(name: "x", fileName: "x.bin", typeIdentifier: "", bytes: 3)])
        #expect(ContactSheet(encoded: sheet.encoded) == sheet)
    }

    @Test func aDisplayP3ProfileIsKnownByWhatItDoes() throws {
        #expect(ImageColour.isDisplayP3(try ColourProfile.icc(ColourFixtures.displayP3, greyImage: false)))
        #expect(ImageColour.isDisplayP3(try ColourProfile.icc(ColourFixtures.displayP3v4LUT, greyImage: false)))
        #expect(!ImageColour.isDisplayP3(try ColourProfile.icc(ColourFixtures.adobeRGB, greyImage: false)))
        // A cICP chunk (P3 primaries, sRGB's transfer) ranks first.
        let tagged = ImageFixtures.png(2, 2)
        let cicp = Array(tagged[0..<33]) + RawPNG.chunk("cICP", [12, 13, 0, 1]) + Array(tagged[33...])
        let png = try PNGRows(cicp, path: "c.png")
        #expect(try ImageColour.of(cicp, info: png.info, path: "c.png") == .displayP3)
    }
}
