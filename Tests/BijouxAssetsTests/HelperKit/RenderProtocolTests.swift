import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxHelperKit

/// The icon renderer's protocol, as both sides write and read it: the request line and
/// document the tool writes, and the line and raster the helper answers, which carry the
/// SVG's own size back to the tool.
@Suite("The icon renderer's protocol")
struct RenderProtocolTests {
    static let ink = RenderRequest.Ink(red: 0x12, green: 0xab, blue: 0xef)

    @Test func aRequestReadsBackFromItsBytes() throws {
        let requests = [
            RenderRequest(size: .density(6), ink: Self.ink, maxSide: 512, cpuSeconds: 11),
            RenderRequest(size: .pixels(width: 1024, height: 768), ink: .init(red: 0, green: 0, blue: 0), maxSide: 1024, cpuSeconds: 2),
        ]
        #expect(requests[0].bytes(document: Array("<svg/>".utf8)) == Array("@6 12abef 512 11 6\n<svg/>".utf8))
        #expect(requests[1].bytes(document: []) == Array("1024x768 000000 1024 2 0\n".utf8))
        let documents = [Array("<svg>one</svg>".utf8), []]
        let read = try HelperIOTests.reading(requests[0].bytes(document: documents[0]) + requests[1].bytes(document: documents[1])) { input in
            (try RenderRequest.next(from: &input), try RenderRequest.next(from: &input), try RenderRequest.next(from: &input))
        }
        #expect(read.0?.request == requests[0] && read.0?.document == documents[0])
        #expect(read.1?.request == requests[1] && read.1?.document == documents[1])
        #expect(read.2 == nil, "the end of the input between requests")
        #expect(RenderRequest.Ink(RGBA(0x12, 0xab, 0xef, 255)) == Self.ink && RGBA(Self.ink) == RGBA(0x12, 0xab, 0xef, 255))
    }

    /// A line that is no request is refused, saying what is wrong with it.
    @Test func aMalformedRequestLineIsRefusedWithItsReason() {
        let refused: [(line: String, reason: String)] = [
            ("@6 12abef 512 11", "it has 4 fields, not 5"), ("@0 12abef 512 11 10", "@DENSITY is not a positive whole number"),
            ("0x4 12abef 512 11 10", "SIZE is neither"), ("12x 12abef 512 11 10", "SIZE is neither"), ("6 12abef 512 11 10", "SIZE is neither"),
            ("@6 12abeg 512 11 10", "INK is not six hex digits"), ("@6 12abef 0 11 10", "MAX_SIDE is not"), ("@6 12abef 512 -1 10", "CPU_SECONDS is not"),
            ("@6 12abef 512 11 -1", "LENGTH is not"), ("@6 12abef 512 11 \(RenderRequest.maxDocument + 1)", "LENGTH is not"),
            ("@6  12abef 512 11 10", "it has 6 fields"),
        ]
        for (line, reason) in refused {
            #expect {
                try RenderRequest.parse(header: line)
            } throws: { error in
                let message = (error as? HelperError)?.message ?? ""
                return message.hasPrefix("not a request: '\(line)': ") && message.contains(reason)
            }
        }
    }

    /// A request whose document the input does not hold whole is an error, not a shorter document.
    @Test func aRequestCutShortIsAnError() throws {
        let request = RenderRequest(size: .density(6), ink: Self.ink, maxSide: 512, cpuSeconds: 11)
        let bytes = request.bytes(document: Array("<svg>whole</svg>".utf8))
        #expect(throws: HelperError("a document cut short: the input ended after 10 of 16 bytes")) {
            try HelperIOTests.reading(Array(bytes.dropLast(6))) { input in try RenderRequest.next(from: &input) }
        }
        #expect(throws: HelperError("the input ended inside a line (5 bytes)")) {
            try HelperIOTests.reading(Array(bytes.prefix(5))) { input in try RenderRequest.next(from: &input) }
        }
        #expect(throws: HelperError("a line longer than \(RenderRequest.maxHeader) bytes")) {
            try HelperIOTests.reading([UInt8](repeating: 0x40, count: 300)) { input in try RenderRequest.next(from: &input) }
        }
    }

    @Test func anAnswerIsALineAndAWholeRaster() throws {
        let drawing = RenderReply.Drawing(width: 12, height: 6, pointWidth: 2, pointHeight: 1, pixels: (0..<12 * 6 * 4).map { UInt8($0 % 251) })
        let reply = RenderReply.drawn(drawing, cpuSeconds: 0.0042).bytes
        #expect(Array(reply.prefix(17)) == Array("OK 12 6 2 1 4200\n".utf8))
        #expect(try RenderReply(decoding: reply, for: .density(6)) == .drawn(drawing, cpuSeconds: 0.0042))
        #expect(try RenderReply(decoding: reply, for: .pixels(width: 12, height: 6)) == .drawn(drawing, cpuSeconds: 0.0042))
        #expect(RenderReply.isWhole(reply) && !RenderReply.isWhole(Array(reply.dropLast())) && !RenderReply.isWhole(Array(reply.prefix(10))))
        let failed = RenderReply.failed("the SVG has no size\nat all").bytes
        #expect(failed == Array("ERROR the SVG has no size at all\n".utf8) && RenderReply.isWhole(failed))
        #expect(try RenderReply(decoding: failed, for: .density(6)) == .failed("the SVG has no size at all"))
        let image = RenderedSVG(drawing).image
        #expect(image.width == 12 && image.pixels == drawing.pixels && RenderedSVG(drawing).drawing == drawing)
    }

    /// An answer that is not the one asked for, or is not whole, is refused, saying why.
    @Test func aMalformedAnswerIsRefusedWithItsReason() {
        let drawing = RenderReply.Drawing(width: 12, height: 6, pointWidth: 2, pointHeight: 1, pixels: [UInt8](repeating: 7, count: 12 * 6 * 4))
        let reply = RenderReply.drawn(drawing, cpuSeconds: 0.0042).bytes
        let refused: [(output: [UInt8], size: RenderRequest.Size, reason: String)] = [
            (reply, .density(3), "a drawing of 12 × 6 pixels, not the 6 × 3 asked"),
            (reply, .pixels(width: 6, height: 12), "a drawing of 12 × 6 pixels, not the 6 × 12 asked"),
            (Array(reply.dropLast()), .density(6), "287 bytes of pixels, not 288"), (reply + [0], .density(6), "289 bytes of pixels, not 288"),
            (Array("OK 12 6 2\n".utf8), .density(6), "not an answer: 'OK 12 6 2'"), (Array("DRAWN\n".utf8), .density(6), "not an answer: 'DRAWN'"),
            (Array("OK 12".utf8), .density(6), "no answer line in 5 bytes"),
        ]
        for (output, size, reason) in refused {
            #expect(throws: HelperError(reason)) { try RenderReply(decoding: output, for: size) }
        }
    }

    /// The renderer's command line reads back, and one that is not its own is refused.
    @Test func theServeCommandLineReadsBack() throws {
        #expect(try RenderRequest.memoryMiB(serving: RenderRequest.serveArguments(memoryMiB: 1024)) == 1024)
        for bad in [["--serve"], ["--serve", "0"], ["--serve", "x"], ["serve", "12"], ["--serve", "12", "13"]] {
            #expect(throws: HelperError("unknown arguments '\(bad.joined(separator: " "))'")) { try RenderRequest.memoryMiB(serving: bad) }
        }
    }
}
