import Testing

@testable import BijouxAssets
@testable import BijouxRender

/// The icon renderer's protocol: what the tool asks on the helper's command line, and
/// the header and raster it answers, which carry the SVG's own size back to the tool.
@Suite("The icon renderer's protocol")
struct IconRendererTests {
    static let ink = RGBA(0x12, 0xab, 0xef, 255)

    @Test func aRequestReadsBackFromItsArguments() {
        let requests = [
            RenderRequest(size: .density(6), ink: Self.ink, maxSide: 512, cpuSeconds: 11, memoryMiB: 1024),
            RenderRequest(size: .pixels(width: 1024, height: 768), ink: RGBA(0, 0, 0, 255), maxSide: 1024, cpuSeconds: 2, memoryMiB: 64),
        ]
        #expect(requests[0].arguments == ["@6", "12abef", "512", "11", "1024"])
        #expect(requests[1].arguments == ["1024x768", "000000", "1024", "2", "64"])
        for request in requests { #expect(RenderRequest(arguments: request.arguments) == request) }
        for bad in [
            ["@6", "12abef", "512", "11"], ["@0", "12abef", "512", "11", "1024"], ["0x4", "12abef", "512", "11", "1024"],
            ["12x", "12abef", "512", "11", "1024"], ["6", "12abef", "512", "11", "1024"], ["@6", "12abeg", "512", "11", "1024"],
            ["@6", "12abef", "0", "11", "1024"], ["@6", "12abef", "512", "-1", "1024"],
        ] {
            #expect(RenderRequest(arguments: bad) == nil, "\(bad)")
        }
        #expect(RGBA(hexDigits: Self.ink.hexDigits) == Self.ink)
    }

    @Test func aReplyIsAHeaderAndAWholeRaster() {
        let image = PremultipliedImage(width: 12, height: 6, pixels: (0..<12 * 6 * 4).map { UInt8($0 % 251) })
        let rendered = RenderedSVG(pointWidth: 2, pointHeight: 1, image: image)
        #expect(Array(rendered.reply.prefix(9)) == Array("12 6 2 1\n".utf8))
        #expect(RenderedSVG(reply: rendered.reply, for: .density(6)) == rendered)
        #expect(RenderedSVG(reply: rendered.reply, for: .pixels(width: 12, height: 6)) == rendered)
        #expect(RenderedSVG(reply: rendered.reply, for: .density(3)) == nil)
        #expect(RenderedSVG(reply: rendered.reply, for: .pixels(width: 6, height: 12)) == nil)
        #expect(RenderedSVG(reply: Array(rendered.reply.dropLast()), for: .density(6)) == nil)
        #expect(RenderedSVG(reply: rendered.reply + [0], for: .density(6)) == nil)
        #expect(RenderedSVG(reply: Array(rendered.reply.suffix(from: 9)), for: .density(6)) == nil)
    }

    /// The helper process draws what the same code draws in process, at the SVG's own
    /// size times the density, and says that size.
    @Test func theHelperDrawsAtTheSVGsOwnSize() throws {
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20"><circle cx="12" cy="10" r="8" fill="currentColor"/></svg>"#.utf8)
        let drawn = try RenderSession().render(svg, size: .density(6), ink: Self.ink, file: "t.svg")
        #expect(drawn.pointWidth == 24 && drawn.pointHeight == 20)
        #expect(drawn.image.width == 144 && drawn.image.height == 120)
        let request = RenderRequest(size: .density(6), ink: Self.ink, maxSide: DrawnIcon.maxPointSide, cpuSeconds: 10, memoryMiB: 1024)
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
