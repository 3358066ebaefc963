import Foundation
import Testing

@testable import BijouxTestKit
@testable import BijouxTestSupport

/// What crosses between the package's targets stays designed: declarations are internal
/// unless another target names them, `make crossing` lists those (Tests/Tools/crossing),
/// and the list must be Tests/Tools/crossing.txt, so a declaration made `package` (or one
/// that stops being) is a change to that file, seen in review; under 560 in all (a
/// ratchet: it only comes down; the command line, a target of its own, calls about 80).
@Suite("What crosses targets")
struct CrossingTargetsTests {
    @Test func theListIsTheRecordedOneAndUnderTheBudget() throws {
        let result = try CLI.runTool(TestPaths.packageRoot + "/Tests/Tools/crossing", ["--check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let recorded = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/Tools/crossing.txt", encoding: .utf8)
        let total = recorded.split(separator: "\n").first { $0.hasSuffix(" declarations cross targets") }
        let count = try #require(total.flatMap { Int($0.prefix { $0.isNumber }) })
        #expect(count < 560)
    }

    /// Outside BijouxKit, `public` only where the compiler needs it: the pixel view, the
    /// premultiplication the key runs per pixel, and what their `@inlinable` members name
    /// (this toolchain specialises or inlines an `@inlinable`
    /// generic across modules only when it is public, not `package`: without it, every
    /// pixel the wobble moves went through generic metadata, 24 pt icons 1.5× slower), and
    /// the `description` a BijouxKit type's conformance requires.
    @Test func nothingOutsideBijouxKitIsPublicButWhatTheCompilerNeeds() throws {
        let recorded = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/Tools/crossing.txt", encoding: .utf8)
        let files = Set(recorded.split(separator: "\n").filter { $0.contains(": public ") }.map { $0.prefix { $0 != ":" } })
        #expect(
            files == [
                "Sources/BijouxCore/ImageIO/PixelView.swift", "Sources/BijouxCore/ImageIO/Images.swift", "Sources/BijouxCore/ImageIO/Alpha.swift",
                "Sources/BijouxAssets/Support/Geometry.swift",
            ])
        let images = recorded.split(separator: "\n").filter { $0.hasPrefix("Sources/BijouxCore/ImageIO/Images.swift: public ") }
        #expect(images.allSatisfy { $0.contains("RGBA") || $0.contains("r: UInt8") || $0.contains("description") }, "\(images)")
    }
}
