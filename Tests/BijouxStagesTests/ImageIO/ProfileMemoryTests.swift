import CLCMS2
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Issue 45, finding 5: a profile of a few hundred bytes whose colour table declares a
/// 255³ grid of 15 outputs made Little CMS allocate and zero 497 MB before the PNG was
/// refused. Now Little CMS reads an embedded profile in a context of its own whose
/// allocations stop at `ProfileMemory.budget`.
@Suite("Colour profiles within their memory")
struct ProfileMemoryTests {
    /// An RGB display profile holding `tags` (signature, data) after its tag table, each
    /// at a 4-byte boundary: version 2.1 for the `lut16Type`/`lut8Type` tables, 4.3 else.
    static func profile(version: UInt32 = 0x0430_0000, _ tags: [(String, [UInt8])]) -> [UInt8] {
        var table: [UInt8] = [], data: [UInt8] = []
        var offset = 132 + 12 * tags.count
        for (signature, bytes) in tags {
            let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            table += Array(signature.utf8) + word(offset) + word(bytes.count)
            data += padded
            offset += padded.count
        }
        var header = word(offset) + [UInt8](repeating: 0, count: 4) + word(Int(version)) + Array("mntrRGB XYZ ".utf8)
        header += [UInt8](repeating: 0, count: 36 - header.count) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 68 - header.count) + word(0xF6D6) + word(0x1_0000) + word(0xD32D)  // D50
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + word(tags.count) + table + data
    }

    static func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func half(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }

    /// The identity matrix of a `lut8Type` or `lut16Type` (s15Fixed16 numbers).
    static let identity = [1, 0, 0, 0, 1, 0, 0, 0, 1].flatMap { word($0 << 16) }

    /// A `lut16Type` (`mft2`) of 3 inputs whose grid of `grid`³ points and `outputs`
    /// channels is declared but absent: its input tables (two entries each) are there.
    static func lut16(outputs: Int, grid: Int) -> [UInt8] {
        let inputTables = (0..<3).flatMap { _ in [0, 0, 255, 255] as [UInt8] }
        return Array("mft2".utf8) + word(0) + [3, UInt8(outputs), UInt8(grid), 0] + identity + half(2) + half(2) + inputTables
    }

    /// A `lut8Type` (`mft1`) likewise: its 256-entry input tables are there.
    static func lut8(outputs: Int, grid: Int) -> [UInt8] {
        Array("mft1".utf8) + word(0) + [3, UInt8(outputs), UInt8(grid), 0] + identity + (0..<3).flatMap { _ in (0..<256).map(UInt8.init) }
    }

    /// A `lutAtoBType` (`mAB `) whose only element, a 16-bit grid of `grid`³ points and
    /// `outputs` channels, is declared but absent.
    static func lutAToB(outputs: Int, grid: Int) -> [UInt8] {
        Array("mAB ".utf8) + word(0) + [3, UInt8(outputs), 0, 0] + word(0) + word(0) + word(0) + word(32) + word(0)
            + [UInt8(grid), UInt8(grid), UInt8(grid)] + [UInt8](repeating: 0, count: 13) + [2, 0, 0, 0]
    }

    /// A `multiProcessElementsType` (`mpet`) whose one element, a float grid of `grid`³
    /// points and `outputs` channels, is declared but absent.
    static func multiProcess(outputs: Int, grid: Int) -> [UInt8] {
        Array("mpet".utf8) + word(0) + half(3) + half(outputs) + word(1) + word(24) + word(28)
            + Array("clut".utf8) + word(0) + half(3) + half(outputs) + [UInt8(grid), UInt8(grid), UInt8(grid)] + [UInt8](repeating: 0, count: 13)
    }

    /// Each table Little CMS reads for a painting's transform, declaring hundreds of
    /// megabytes in a few hundred bytes.
    static let amplifying: [(String, [UInt8])] = [
        ("mft2, 255³ × 15", profile(version: 0x0210_0000, [("A2B0", lut16(outputs: 15, grid: 255))])),
        ("mft1, 255³ × 15", profile(version: 0x0210_0000, [("A2B0", lut8(outputs: 15, grid: 255))])),
        ("mAB, 255³ × 15", profile([("A2B0", lutAToB(outputs: 15, grid: 255))])),
        ("mpet, 255³ × 7", profile([("D2B1", multiProcess(outputs: 7, grid: 255))])),
    ]

    static let tooLarge = "reading it would take Little CMS more than the 16 MiB a profile may use"

    @Test(arguments: amplifying.indices)
    func aTableDeclaredPastItsBytesIsRefusedWithinTheBudget(_ index: Int) throws {
        let (name, bytes) = Self.amplifying[index]
        #expect(bytes.count < 1024, "\(name): \(bytes.count) bytes")
        #expect(ICCStructure.damage(bytes) == nil, "\(name) passes the structural checks; the budget must stop it")
        #expect(throws: ColourProfile.Problem.damaged(Self.tooLarge), "\(name)") { try ColourProfile.icc(bytes, greyImage: false) }
    }

    /// Real profiles, matrix/TRC and LUT-based, take a small share of the budget.
    @Test func realProfilesAreReadWellWithinTheBudget() throws {
        let lutBased = ColourFixtures.rgbProfile(
            primaries: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], curve: cmsBuildGamma(nil, 2.2), description: "Adobe-ish, LUT", version: 4.3,
            lutBased: true)
        for (name, bytes) in [("Display P3", ColourFixtures.displayP3), ("LUT-based", lutBased)] {
            let memory = try #require(ProfileMemory())
            let handle = try #require(bytes.withUnsafeBytes { cmsOpenProfileFromMemTHR(memory.context, $0.baseAddress, UInt32($0.count)) })
            let sRGB = cmsCreate_sRGBProfile()
            let transform = cmsCreateTransform(handle, BX_TYPE_RGBA_16, sRGB, BX_TYPE_RGB_FLT, UInt32(INTENT_RELATIVE_COLORIMETRIC), UInt32(cmsFLAGS_NOCACHE))
            #expect(transform != nil, "\(name)")
            print("\(name) (\(bytes.count) bytes): Little CMS held at most \(memory.peak) bytes for it")
            #expect(memory.peak > 0 && memory.peak < ProfileMemory.budget / 8, "\(name)")
            #expect(!memory.overBudget)
            if let transform { cmsDeleteTransform(transform) }
            cmsCloseProfile(handle)
            cmsCloseProfile(sRGB)
        }
    }

    /// The audit's reproduction through the tool: a PNG of `images/` whose profile
    /// declares a 255³ × 15 table gives one error line, keeps the previous outputs, and
    /// the tool's peak memory stays far below the table's 497 MB.
    @Test(.enabled(if: CLI.canMeasure, "no /usr/bin/time to measure the tool's peak memory with (install Debian's time package)"))
    func theToolRefusesTheProfileInOneLineWithLittleMemory() throws {
        let folder = TestPaths.temporaryFolder("icc-amplification")
        let samples = [UInt16](repeating: 128, count: 8 * 8 * 3)
        folder.write("art/images/banner.png", ColourFixtures.png(width: 8, height: 8, samples: samples, sixteenBit: false, chunks: []))
        let arguments = ["build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--quiet"]
        #expect(try CLI.runMeasured(arguments).status == 0)
        let before = folder.files()
        let shipped = folder.read("out/Assets.xcassets/Images/banner.imageset/banner.png")
        for (name, profile) in Self.amplifying.prefix(3) {
            let chunks = ColourFixtures.iccp(profile, name: "icc")
            folder.write("art/images/banner.png", ColourFixtures.png(width: 8, height: 8, samples: samples, sixteenBit: false, chunks: chunks))
            let result = try CLI.runMeasured(arguments)
            print("\(name): exit \(result.status), peak \(result.peakBytes / 1_048_576) MiB")
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("Command exited with") }
            #expect(lines.count == 1, "\(result.stderr)")
            let expected = "\(folder.path)/art/images/banner.png: error: the embedded ICC profile ('icc') is damaged: \(Self.tooLarge);"
            #expect(lines.first?.hasPrefix(expected) == true, "\(result.stderr)")
            #expect(result.peakBytes < 100 << 20, "\(name): peak \(result.peakBytes) bytes")
            #expect(folder.files() == before)
            #expect(folder.read("out/Assets.xcassets/Images/banner.imageset/banner.png") == shipped)
        }
    }
}
