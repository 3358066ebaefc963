import Foundation
import Testing

@testable import BijouxCore
@testable import BijouxTestKit

@Suite("PNG decoding over PngSuite")
struct PNGDecoderTests {
    static let valid = PNGSuite.valid
    static let corrupt = PNGSuite.corrupt

    @Test func corpusIsComplete() {
        #expect(Self.valid.count == 161)
        #expect(Self.corrupt.count == 14)
    }

    @Test(arguments: valid)
    func decodesEveryValidImage(_ name: String) throws {
        let decoded = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/" + name)
        // PngSuite names end in the bit depth: 16-bit sources keep 16 bits.
        let is16 = name.dropLast(4).hasSuffix("16")
        switch decoded {
        case .rgba8(let image, let info):
            #expect(!is16)
            #expect(image.pixels.count == image.width * image.height * 4)
            #expect(info.bitDepth == Int(name.dropLast(4).suffix(2))!)
        case .rgba16(let image, let info):
            #expect(is16)
            #expect(info.bitDepth == 16)
            #expect(image.pixels.count == image.width * image.height * 4)
        }
        let sizePart = name.prefix(3)
        if sizePart.hasPrefix("s"), let side = Int(sizePart.dropFirst()) {
            #expect(decoded.width == side && decoded.height == side)
        }
    }

    @Test(arguments: corrupt)
    func rejectsEveryCorruptImage(_ name: String) {
        let path = TestPaths.pngSuite + "/" + name
        #expect {
            _ = try PNGDecoder.decodeFile(path)
        } throws: { error in
            guard let error = error as? ImageIOError else { return false }
            let text = error.description
            return text.hasPrefix(path + ": ") && text.count > path.count + 10
        }
    }

    @Test func interlacedAndPlainDecodeToTheSamePixels() throws {
        for pair in [("basn2c08", "basi2c08"), ("basn3p04", "basi3p04"), ("basn6a16", "basi6a16")] {
            let plain = try PNGDecoder.decodeFile("\(TestPaths.pngSuite)/\(pair.0).png")
            let interlaced = try PNGDecoder.decodeFile("\(TestPaths.pngSuite)/\(pair.1).png")
            #expect(interlaced.info.interlaced && !plain.info.interlaced)
            switch (plain, interlaced) {
            case (.rgba8(let a, _), .rgba8(let b, _)): #expect(a == b)
            case (.rgba16(let a, _), .rgba16(let b, _)): #expect(a == b)
            default: Issue.record("bit depths differ for \(pair)")
            }
        }
    }

    @Test func reportsSourceFormatAndColourChunks() throws {
        let palette = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/tbrn2c08.png").info
        #expect(palette.colorType == .rgb && palette.hasAlpha)  // tRNS on RGB
        let gamma = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/g03n2c08.png").info
        #expect(abs(gamma.gamma! - 0.35) < 0.001)
        #expect(try !SourceColour.of(gamma, path: "g03n2c08.png").isSRGB)
        let chromaticities = try PNGDecoder.decodeFile(TestPaths.pngSuite + "/ccwn2c08.png").info
        #expect(chromaticities.iccProfileName == nil && chromaticities.chromaticities?.count == 8)
    }

    @Test func refusesAHugeHeaderBeforeAllocating() {
        let bytes = RawPNG.signature + RawPNG.header(width: 100_000, height: 100_000) + RawPNG.emptyImageData + RawPNG.chunk("IEND", [])
        #expect(throws: ImageIOError.tooLarge(path: "huge.png", width: 100_000, height: 100_000, limit: .standard)) {
            _ = try PNGDecoder.decode(bytes, path: "huge.png")
        }
        // Within libpng's side limit but over the pixel budget.
        let wide = RawPNG.signature + RawPNG.header(width: 16000, height: 16000) + RawPNG.emptyImageData + RawPNG.chunk("IEND", [])
        #expect(throws: ImageIOError.tooLarge(path: "wide.png", width: 16000, height: 16000, limit: .standard)) {
            _ = try PNGDecoder.decode(wide, path: "wide.png")
        }
    }

    @Test func namesTheProblemWithTruncatedAndForeignFiles() throws {
        let good = try FileIO.read(TestPaths.pngSuite + "/basn2c08.png")
        #expect(throws: ImageIOError.corrupt(path: "cut.png", reason: "file is truncated")) {
            _ = try PNGDecoder.decode(Array(good.prefix(good.count / 2)), path: "cut.png")
        }
        #expect(throws: ImageIOError.notPNG(path: "a.jpg")) {
            _ = try PNGDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 20), path: "a.jpg")
        }
        #expect(throws: ImageIOError.self) { _ = try PNGDecoder.decodeFile("/nonexistent/charm.png") }
        do {
            _ = try PNGDecoder.decodeFile("/nonexistent/charm.png")
        } catch {
            #expect(error.description == "/nonexistent/charm.png: cannot read: No such file or directory")
        }
    }
}
