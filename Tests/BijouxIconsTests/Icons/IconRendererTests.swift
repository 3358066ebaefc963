import BijouxHelperKit
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxRender
@testable import BijouxTestSupport

/// The icon renderer as the tool runs it: processes kept alive between drawings, the
/// helper's drawing against the same code in process, its messages (its protocol's bytes
/// are `RenderProtocolTests`).
@Suite("The icon renderer")
struct IconRendererTests {
    static let ink = RGBA(0x12, 0xab, 0xef, 255)

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
            try DrawnIcon.make(name: "slow", file: "slow.svg", svg: Array(IconFixtures.slowSVG().utf8), wobble: .standard(seed: 1), renders: renders!)
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
        let request = RenderRequest(size: .density(6), ink: .init(Self.ink), maxSide: DrawnIcon.maxPointSide, cpuSeconds: 10)
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
