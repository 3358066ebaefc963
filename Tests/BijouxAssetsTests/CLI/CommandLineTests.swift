import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Command line", .tags(.slow), .notInFastRun)
struct CommandLineTests {
    @Test(arguments: [[], ["--help"], ["build", "--help"], ["charm", "-h"], ["key", "--help"]])
    func helpEverywhere(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: bijoux-assets"))
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        (["build", "--frobnicate"], "error: unknown option '--frobnicate'. See 'bijoux-assets build --help'."),
        (["key", "a.png"], "error: missing argument <out.png>. See 'bijoux-assets key --help'."),
        (["key", "a.png", "b.png", "c.png"], "error: unexpected argument 'c.png'. See 'bijoux-assets key --help'."),
        (["build", "--jobs", "zero"], "error: --jobs expects a whole number from 1 to 256, got 'zero'. See 'bijoux-assets build --help'."),
        (["build", "--art"], "error: --art needs a value <DIR>. See 'bijoux-assets build --help'."),
        (["paint"], "error: unknown command 'paint'. See 'bijoux-assets --help'."),
        (["--colour"], "error: unknown option '--colour'. See 'bijoux-assets --help'."),
    ])
    func misuseIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func keyWritesTheReferencePixels() throws {
        let folder = TestPaths.temporaryFolder("cli-key")
        let painted = Synthetic.randomOpaque(width: 64, height: 48, seed: 3)
        folder.write("in.png", PNGEncoder.encode(painted, as: .rgb))
        let result = try CLI.run(["key", folder.path + "/in.png", folder.path + "/out.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let keyed = try PNGDecoder.decodeFile(folder.path + "/out.png")
        #expect(keyed.info.colorType == .rgbAlpha && keyed.info.bitDepth == 8)
        for y in 0..<48 {
            for x in 0..<64 {
                let p = painted[x, y]
                #expect(keyed.rgba8[x, y] == LuminanceKey.reference(p.r, p.g, p.b))
            }
        }
    }

    @Test(arguments: ["missing", "text", "truncated", "huge", "corrupt"])
    func badInputIsOneClearLineAndNoOutput(_ kind: String) throws {
        let folder = TestPaths.temporaryFolder("cli-bad")
        let input = folder.path + "/in.png"
        let good = try FileIO.read(TestPaths.pngSuite + "/basn2c08.png")
        let expected: String
        switch kind {
        case "missing": expected = "\(input): error: cannot read: No such file or directory"
        case "text":
            folder.write("in.png", "hello")
            expected = "\(input): error: not a PNG file (bad signature)"
        case "truncated":
            folder.write("in.png", Array(good.prefix(100)))
            expected = "\(input): error: corrupt PNG: file is truncated"
        case "huge":
            folder.write("in.png", RawPNG.signature + RawPNG.header(width: 100_000, height: 100_000) + RawPNG.emptyImageData + RawPNG.chunk("IEND", []))
            expected = "\(input): error: image is 100000×100000 pixels, over the limit of 16384 px a side and 64 megapixels"
        default:
            try FileManager.default.copyItem(atPath: TestPaths.pngSuite + "/xcsn0g01.png", toPath: input)
            expected = "\(input): error: corrupt PNG: IDAT: CRC error"
        }
        let result = try CLI.run(["key", input, folder.path + "/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr == expected + "\n")
        #expect(!folder.exists("out.png"))
        #expect(folder.files().allSatisfy { !$0.contains(FileIO.temporaryPrefix) })
    }

    @Test func unwritableOutputIsReported() throws {
        let folder = TestPaths.temporaryFolder("cli-unwritable")
        folder.write("in.png", PNGEncoder.encode(Synthetic.randomOpaque(width: 8, height: 8, seed: 1), as: .rgb))
        folder.write("blocker", "a file, not a folder")
        let result = try CLI.run(["key", folder.path + "/in.png", folder.path + "/blocker/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(folder.path)/blocker"))
        #expect(result.stderr.contains(": error: "))
        #expect(result.stderr.contains("cannot write"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func malformedCharmTableNamesFileLineAndColumn() throws {
        let folder = TestPaths.temporaryFolder("cli-table")
        folder.write("art/charms.json", "{\"charms\": [\n  {\"id\": \"cat\",, }\n]}\n")
        let result = try CLI.run(["build", "--art", folder.path + "/art", "--out", folder.path + "/out"])
        #expect(result.status == 1)
        #expect(result.stderr == "\(folder.path)/art/charms.json:2:16: error: invalid JSON: expected a member name in quotes, found ','\n")
        #expect(!folder.exists("out"))
    }

    /// Run from inside the art folder (`--art .`), the header still names it by its
    /// own name, so CI and a designer's laptop write the same file.
    @Test func buildWritesTheCharmTableNamedByTheArtFoldersOwnName() throws {
        let folder = TestPaths.temporaryFolder("cli-table-build")
        EngineFixtures.makeArt(folder)
        let result = try CLI.run(["build", "--art", ".", "--out", "../out"], in: folder.path + "/art")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(charms, symbols, table)"))
        let swift = String(decoding: try #require(folder.read("out/Generated/CharmTable.swift")), as: UTF8.self)
        #expect(swift.hasPrefix("// Generated from art/charms.json by bijoux-assets. Do not edit.\n"))
    }
}

@Suite("Command line over the corpus and the sample art", .tags(.slow), .notInFastRun)
struct CommandLineCorpusTests {
    /// Every corrupt PngSuite file: one line naming the file and the reason, exit 1,
    /// and no output file left behind.
    @Test(arguments: PNGSuite.corrupt)
    func corruptFilesLeaveNoOutput(_ name: String) throws {
        let folder = TestPaths.temporaryFolder("cli-corrupt")
        let input = TestPaths.pngSuite + "/" + name
        let result = try CLI.run(["key", input, folder.path + "/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(input): error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(folder.files().isEmpty)
    }

    @Test func charmRebuildsOneCharmAndReportsLegibility() throws {
        let folder = TestPaths.temporaryFolder("cli-charm")
        let result = try CLI.run(["charm", "star", "--art", TestPaths.art, "--out", folder.path + "/out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("charm star: painted"))
        #expect(result.stdout.contains("22 pt @3x: reads well"))
        #expect(result.stdout.hasSuffix("contact sheet: \(folder.path)/out/Preview/index.html#charm-star\n"))
        // Into an empty folder: the charm, the folders' Contents.json a catalog needs, and
        // the contact sheet of what the folder holds.
        #expect(
            folder.files().filter { !$0.hasPrefix(".") && !$0.hasPrefix("out/.") }
                == [
                    "Assets.xcassets/Charms/Contents.json",
                    "Assets.xcassets/Charms/star.imageset/Contents.json", "Assets.xcassets/Charms/star.imageset/star.png",
                    "Assets.xcassets/Charms/star.imageset/star@2x.png", "Assets.xcassets/Charms/star.imageset/star@3x.png",
                    "Assets.xcassets/Contents.json", "Preview/Charms/star-22pt@1x.png", "Preview/Charms/star-22pt@3x.png",
                    "Preview/index.html",
                ].map { "out/" + $0 })
    }

    @Test func strictBuildFailsOnAWarning() throws {
        let folder = TestPaths.temporaryFolder("cli-strict")
        folder.write("art/charms.json", #"{"charms": [{"id": "fog", "displayName": "Fog", "note": "hazy days", "swayDuration": 3}]}"#)
        folder.write(
            "art/charms/fog.png",
            PNGEncoder.encode(
                Synthetic.paintedDisc(width: 120, height: 110, center: (60, 55), radius: 40, softness: 4, color: (200, 200, 220), matte: 6), as: .rgb))
        let lenient = try CLI.run(["build", "--art", folder.path + "/art", "--out", folder.path + "/out"])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("\(folder.path)/art/charms/fog.png: warning: charm 'fog': matte is not black: background floor 6/255"))
        let strict = try CLI.run(["build", "--strict", "--art", folder.path + "/art", "--out", folder.path + "/strict-out"])
        #expect(strict.status == 1)
        // Each warning as an error at the start of its line, where Xcode links it to the file, then the summary.
        let lines = strict.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(strict.stderr)")
        #expect(lines.first?.hasPrefix("\(folder.path)/art/charms/fog.png: error: charm 'fog': matte is not black: background floor 6/255") == true)
        #expect(lines.last == "error: strict build failed on 1 warning (--strict)")
        #expect(!folder.exists("strict-out"))
        // The same from the art folder's configuration, which the plugins take.
        folder.write("art/bijoux-assets.json", #"{"strict": true}"#)
        let configured = try CLI.run(["build", "--art", folder.path + "/art", "--out", folder.path + "/strict-out"])
        #expect(configured.status == 1)
        #expect(configured.stderr.hasSuffix("error: strict build failed on 1 warning (\"strict\": true in \(folder.path)/art/bijoux-assets.json)\n"))
        #expect(!folder.exists("strict-out"))
    }
}
