@testable import BijouxCore
import Testing

@testable import BijouxAssets
@testable import BijouxRender

/// The icon renderer's protocol: the request line and document the tool writes, and the
/// line and raster the helper answers, which carry the SVG's own size back to the tool.
@Suite("The icon renderer's protocol")
struct IconRendererTests {
    static let ink = RGBA(0x12, 0xab, 0xef, 255)

    @Test func aRequestReadsBackFromItsLine() {
        let requests = [
            RenderRequest(size: .density(6), ink: Self.ink, maxSide: 512, cpuSeconds: 11),
            RenderRequest(size: .pixels(width: 1024, height: 768), ink: RGBA(0, 0, 0, 255), maxSide: 1024, cpuSeconds: 2),
        ]
        #expect(requests[0].header(length: 300) == Array("@6 12abef 512 11 300\n".utf8))
        #expect(requests[1].header(length: 0) == Array("1024x768 000000 1024 2 0\n".utf8))
        for request in requests {
            let line = String(decoding: request.header(length: 42).dropLast(), as: UTF8.self)
            #expect(RenderRequest.parse(header: line)?.request == request && RenderRequest.parse(header: line)?.length == 42)
        }
        for bad in [
            "@6 12abef 512 11", "@0 12abef 512 11 10", "0x4 12abef 512 11 10", "12x 12abef 512 11 10", "6 12abef 512 11 10",
            "@6 12abeg 512 11 10", "@6 12abef 0 11 10", "@6 12abef 512 -1 10", "@6 12abef 512 11 -1", "@6 12abef 512 11 \(RenderRequest.maxDocument + 1)",
        ] {
            #expect(RenderRequest.parse(header: bad) == nil, "\(bad)")
        }
        #expect(RGBA(hexDigits: Self.ink.hexDigits) == Self.ink)
    }

    @Test func anAnswerIsALineAndAWholeRaster() {
        let image = PremultipliedImage(width: 12, height: 6, pixels: (0..<12 * 6 * 4).map { UInt8($0 % 251) })
        let rendered = RenderedSVG(pointWidth: 2, pointHeight: 1, image: image)
        let reply = RenderReply.drawn(rendered, cpuSeconds: 0.0042).bytes
        #expect(Array(reply.prefix(17)) == Array("OK 12 6 2 1 4200\n".utf8))
        #expect(RenderReply(reply, for: .density(6)) == .drawn(rendered, cpuSeconds: 0.0042))
        #expect(RenderReply(reply, for: .pixels(width: 12, height: 6)) == .drawn(rendered, cpuSeconds: 0.0042))
        #expect(RenderReply(reply, for: .density(3)) == nil)
        #expect(RenderReply(reply, for: .pixels(width: 6, height: 12)) == nil)
        #expect(RenderReply(Array(reply.dropLast()), for: .density(6)) == nil && !RenderReply.isWhole(Array(reply.dropLast())))
        #expect(RenderReply.isWhole(reply) && RenderReply(reply + [0], for: .density(6)) == nil)
        let failed = RenderReply.failed("the SVG has no size\nat all").bytes
        #expect(failed == Array("ERROR the SVG has no size at all\n".utf8) && RenderReply(failed, for: .density(6)) == .failed("the SVG has no size at all"))
    }

    /// A build's drawings share the renderers kept alive: one thread's drawings are all
    /// made by one process; a renderer killed at a limit is replaced by a new one, and
    /// the session's end ends the rest.
    @Test func oneRendererServesManyDrawingsAndAKilledOneIsReplaced() throws {
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20"><circle cx="12" cy="10" r="8" fill="currentColor"/></svg>"#.utf8)
        var renders: RenderSession? = RenderSession(limits: RenderLimits(perIcon: 0.5, total: 600))
        let first = try renders!.render(svg, size: .density(6), ink: Self.ink, file: "t.svg")
        for _ in 0..<5 { #expect(try renders!.render(svg, size: .density(6), ink: Self.ink, file: "t.svg") == first) }
        #expect(renders!.helpers.count == 1, "one process drew all six")
        #expect(throws: (any Error).self) {
            try DrawnIcon.make(name: "slow", file: "slow.svg", svg: Array(RenderLimitTests.slowSVG().utf8), wobble: .standard(seed: 1), renders: renders!)
        }
        // The slow drawing went to the same renderer, which its limit killed.
        #expect(renders!.helpers.count == 1)
        let killed = try #require(renders!.helpers.first)
        #expect(!RenderLimitTests.exists(killed), "the renderer past its limit is gone")
        // The build stops at its first limit, so a new session draws again, with a new process.
        renders = RenderSession()
        #expect(try renders!.render(svg, size: .density(6), ink: Self.ink, file: "t.svg") == first)
        let alive = try #require(renders!.helpers.first)
        #expect(RenderLimitTests.exists(alive))
        renders = nil
        #expect(!RenderLimitTests.exists(alive), "the session's end ends its renderers")
    }

    /// The helper process draws what the same code draws in process, at the SVG's own
    /// size times the density, and says that size.
    @Test func theHelperDrawsAtTheSVGsOwnSize() throws {
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20"><circle cx="12" cy="10" r="8" fill="currentColor"/></svg>"#.utf8)
        let drawn = try RenderSession().render(svg, size: .density(6), ink: Self.ink, file: "t.svg")
        #expect(drawn.pointWidth == 24 && drawn.pointHeight == 20)
        #expect(drawn.image.width == 144 && drawn.image.height == 120)
        let request = RenderRequest(size: .density(6), ink: Self.ink, maxSide: DrawnIcon.maxPointSide, cpuSeconds: 10)
        #expect(drawn == (try RenderHelper.render(svg, request)))
        #expect(drawn.image.straightened()[72, 60] == Self.ink)
        let fitted = try RenderSession().render(svg, size: .pixels(width: 48, height: 40), ink: Self.ink, file: "t.svg")
        #expect(fitted.image.width == 48 && fitted.pointWidth == 24)
    }

    /// The SVG's own problems are found in the helper and reported against the file.
    @Test func theHelpersMessageNamesTheFile() {
        let sizeless = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>"#.utf8)
        #expect {
            try RenderSession().render(sizeless, size: .density(6), ink: Self.ink, file: "art/icons/sizeless.svg")
        } throws: { error in
            "\(error)".hasPrefix("art/icons/sizeless.svg: ") && "\(error)".contains("the SVG has no size")
        }
        let large = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="24"/>"#.utf8)
        #expect {
            try RenderSession().render(large, size: .density(6), ink: Self.ink, file: "big.svg")
        } throws: { error in
            "\(error)".contains("over the limit of 512 pt a side")
        }
    }
}
