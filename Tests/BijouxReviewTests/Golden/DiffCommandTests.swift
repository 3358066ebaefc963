import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// `bijoux-assets diff`: exit 0 same, 1 different, 2 cannot compare.
@Suite("Command line: diff", .tags(.slow), .notInFastRun)
struct DiffCommandTests {
    static func pair(_ folder: TemporaryFolder, _ a: RGBAImage, _ b: RGBAImage) -> (String, String) {
        folder.write("a.png", PNGEncoder.encode(a))
        folder.write("b.png", PNGEncoder.encode(b, as: .rgb))
        return (folder.path + "/a.png", folder.path + "/b.png")
    }

    @Test func sameImageInAnotherEncodingExitsZero() throws {
        let folder = TestPaths.temporaryFolder("cli-diff-same")
        let image = Synthetic.randomOpaque(width: 30, height: 20, seed: 8)
        let (a, b) = Self.pair(folder, image, image)
        for extra in [[], ["--exact"], ["--threshold", "0"]] {
            let result = try CLI.run(["diff", a, b] + extra)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            #expect(result.stdout.hasPrefix("same: no pixel differs"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func onePixelChangedExitsOneWithCountDistanceAndBox() throws {
        let folder = TestPaths.temporaryFolder("cli-diff-one")
        let image = Compositing.filled(width: 30, height: 20, color: RGBA(0, 0, 0, 255))
        var changed = image
        changed[12, 7] = RGBA(255, 255, 255, 255)
        let (a, b) = Self.pair(folder, image, changed)
        let out = folder.path + "/diff.png"
        let result = try CLI.run(["diff", a, b, "--out", out])
        #expect(result.status == 1)
        #expect(result.stdout == "differ: 1 of 600 pixels differ (0.17 %, threshold 0.1), bounding box 1×1 at (12, 7), worst distance 0.966\n")
        let picture = try ImageFileComparison.load(out)
        #expect(picture[12, 7] == DiffImage.differsColor && picture[0, 0] != DiffImage.differsColor)
    }

    @Test func antiAliasedEdgeShiftPassesUnlessExact() throws {
        let folder = TestPaths.temporaryFolder("cli-diff-aa")
        let (a, b) = Self.pair(folder, PixelComparerTests.edge(at: 10.2), PixelComparerTests.edge(at: 10.7))
        let tolerant = try CLI.run(["diff", a, b])
        #expect(tolerant.status == 0)
        #expect(tolerant.stdout.contains("ignored: 12 anti-aliased"))
        let exact = try CLI.run(["diff", a, b, "--exact"])
        #expect(exact.status == 1)
        #expect(exact.stdout.hasPrefix("differ: 12 of 288 pixels differ"))
    }

    @Test(arguments: ["missing", "size", "text"])
    func unreadableOrIncomparableExitsTwoWithOneLine(_ kind: String) throws {
        let folder = TestPaths.temporaryFolder("cli-diff-bad")
        let (a, b) = Self.pair(folder, RGBAImage(width: 4, height: 4), RGBAImage(width: 4, height: 5))
        var arguments = ["diff", a, b]
        let expected: String
        switch kind {
        case "missing":
            arguments[2] = folder.path + "/nothing.png"
            expected = "\(folder.path)/nothing.png: error: cannot read: No such file or directory"
        case "size":
            expected = "error: \(a) is 4×4 pixels but \(b) is 4×5: images of different sizes cannot be compared pixel by pixel"
        default:
            folder.write("a.png", "not a picture")
            expected = "\(a): error: not a PNG file (bad signature)"
        }
        let result = try CLI.run(arguments + ["--out", folder.path + "/diff.png"])
        #expect(result.status == 2)
        #expect(result.stderr == expected + "\n")
        #expect(result.stdout.isEmpty)
        #expect(!folder.exists("diff.png"))
    }

    @Test(arguments: [
        (["--threshold", "2"], "error: --threshold expects a number from 0 to 1, got '2'. See 'bijoux-assets diff --help'."),
        (["--exact", "--threshold", "0.2"], "error: --exact and --threshold cannot be combined. See 'bijoux-assets diff --help'."),
    ])
    func badOptionsAreUsageErrors(extra: [String], message: String) throws {
        let result = try CLI.run(["diff", "a.png", "b.png"] + extra)
        #expect(result.status == 2)
        #expect(result.stderr == message + "\n")
    }

    @Test func helpExplainsExitStatus() throws {
        let result = try CLI.run(["diff", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: bijoux-assets diff <A.png> <B.png> [--out <DIFF.png>] [--threshold <T>] [--exact]"))
        #expect(result.stdout.contains("0 the images match, 1 they differ, 2 error"))
    }
}
