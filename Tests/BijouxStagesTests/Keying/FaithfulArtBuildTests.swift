import CLCMS2
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// What a build does with art that is not plain sRGB on black: a wide painting ships
/// both gamut variants, a light matte fails the build, a hazy one warns with advice
/// that keeps the painting.
@Suite("Faithful art through a build")
struct FaithfulArtBuildTests {
    static func art(_ folder: TemporaryFolder, id: String, png: [UInt8]) {
        folder.write("art/charms.json", #"{"charms": [{"id": "\#(id)", "displayName": "Charm", "note": "a note", "swayDuration": 3}]}"#)
        folder.write("art/charms/\(id).png", png)
    }

    @Test func aWidePaintingShipsBothGamutVariants() throws {
        let folder = TestPaths.temporaryFolder("wide")
        let heart = ColourKeyTests.heart
        let samples = ColourKeyTests.wideRed(ColourFixtures.convert(heart, to: ColourFixtures.displayP3, sixteenBit: false))
        Self.art(
            folder, id: "heart",
            png: ColourFixtures.png(
                width: heart.width, height: heart.height, samples: samples, sixteenBit: false, chunks: ColourFixtures.iccp(ColourFixtures.displayP3)))
        try BuildEngine.build(EngineFixtures.options(folder))
        let set = "out/Assets.xcassets/Charms/heart.imageset/"
        let contents = String(decoding: folder.read(set + "Contents.json")!, as: UTF8.self)
        // As Xcode writes gamut variants: every gamut of a scale, sRGB first.
        let entries = contents.components(separatedBy: "\"display-gamut\" : ").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(entries == ["\"sRGB\"", "\"display-P3\"", "\"sRGB\"", "\"display-P3\"", "\"sRGB\"", "\"display-P3\""])
        #expect(contents.contains("\"filename\" : \"heart-P3@3x.png\""))
        let p3 = try PNGDecoder.decode(folder.read(set + "heart-P3@3x.png")!, path: "p3")
        let srgb = try PNGDecoder.decode(folder.read(set + "heart@3x.png")!, path: "srgb")
        #expect(try SourceColour.of(p3.info, path: "p3").name == "Display P3 (ICC profile)")
        #expect(srgb.info.hasSRGBChunk)
        // The sRGB variant is the P3 one mapped by Little CMS; the P3 one keeps a red
        // sRGB cannot show (its green or blue below sRGB's, once converted).
        #expect(GamutMapping.sRGB(fromDisplayP3: p3.rgba8) == srgb.rgba8)
        let reds = p3.rgba8.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element == 255 }.count
        #expect(reds > 10, "P3's full red survives at @3x in \(reds) pixels")
        // The contact sheet shows the P3 images (tagged, so a browser shows them in
        // Display P3) and marks the charm as wide.
        let sheet = String(decoding: folder.read("out/Preview/index.html")!, as: UTF8.self)
        #expect(sheet.contains("heart.imageset/heart-P3@3x.png"))
        #expect(sheet.contains("data-gamut=\"display-P3\"><span class=\"badge wide\">Display P3</span>"))
    }

    /// The star repainted on paper white (235, 230, 220): one error at the file, and
    /// the previous outputs stay.
    @Test func aLightMatteFailsTheBuildAndKeepsThePreviousOutputs() throws {
        let folder = TestPaths.temporaryFolder("light")
        let star = try PNGDecoder.decodeFile(TestPaths.art + "/charms/star.png").rgba8
        Self.art(folder, id: "star", png: PNGEncoder.encode(star, as: .rgb))
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = folder.read("out/Assets.xcassets/Charms/star.imageset/star@3x.png")
        folder.write("art/charms/star.png", PNGEncoder.encode(Self.onGround(star, (235, 230, 220)), as: .rgb))
        #expect(throws: (any Error).self) { try BuildEngine.build(EngineFixtures.options(folder)) }
        do { try BuildEngine.build(EngineFixtures.options(folder)) } catch let error as any UserFacingError {
            let lines = error.diagnostics.map { $0.line(.error) }
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("\(folder.path)/art/charms/star.png: error: charm 'star': the matte is not black: its floor is 235/255") == true)
        }
        #expect(folder.read("out/Assets.xcassets/Charms/star.imageset/star@3x.png") == before)
    }

    /// Damaged profiles inside a heart in Display P3: each is one error line naming the
    /// file and the damage, found before Little CMS reads a byte, and the previous
    /// outputs stay.
    static let damagedProfiles: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("its tag table lists 4000000 tags, more than the 100 that are read", { setWord($0, at: 128, 4_000_000) }),
        ("its tag table of 90 tags runs past its end", { setWord(setWord($0, at: 0, 200), at: 128, 90) }),
        ("its tag 2 of", { setWord($0, at: 132 + 12 + 4, 0xFFFF_FF00) }),
        ("its header gives its size as 4294967295 bytes", { setWord($0, at: 0, 0xFFFF_FFFF) }),
        ("it has no 'acsp' signature at byte 36", { setWord($0, at: 36, 0x6E6F_6E65) }),
    ]

    static func setWord(_ bytes: [UInt8], at index: Int, _ value: UInt32) -> [UInt8] {
        var bytes = bytes
        bytes.replaceSubrange(index..<index + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) })
        return bytes
    }

    @Test func aDamagedProfileIsOneErrorAndKeepsThePreviousOutputs() throws {
        let folder = TestPaths.temporaryFolder("damaged-profile")
        let heart = ColourKeyTests.heart
        let samples = ColourFixtures.convert(heart, to: ColourFixtures.displayP3, sixteenBit: false)
        func painting(_ profile: [UInt8]) -> [UInt8] {
            ColourFixtures.png(width: heart.width, height: heart.height, samples: samples, sixteenBit: false, chunks: ColourFixtures.iccp(profile))
        }
        Self.art(folder, id: "heart", png: painting(ColourFixtures.displayP3))
        try BuildEngine.build(EngineFixtures.options(folder))
        let before = folder.read("out/Assets.xcassets/Charms/heart.imageset/heart@3x.png")
        for (damage, damaging) in Self.damagedProfiles {
            folder.write("art/charms/heart.png", painting(damaging(ColourFixtures.displayP3)))
            do {
                try BuildEngine.build(EngineFixtures.options(folder))
                Issue.record("a profile where \(damage) was read")
            } catch let error as any UserFacingError {
                let lines = error.diagnostics.map { $0.line(.error) }
                #expect(lines.count == 1, "\(lines)")
                let expected = "\(folder.path)/art/charms/heart.png: error: the embedded ICC profile ('ICC Profile') is damaged: \(damage)"
                #expect(lines.first?.hasPrefix(expected) == true, "\(lines)")
            }
            #expect(folder.read("out/Assets.xcassets/Charms/heart.imageset/heart@3x.png") == before)
        }
    }

    /// The star on a dark grey ground (40): a warning whose black point, once set,
    /// keeps at least 95 % of the painted pixels of the star on black.
    @Test func aHazyMattesAdviceKeepsThePainting() throws {
        let folder = TestPaths.temporaryFolder("hazy")
        let star = try PNGDecoder.decodeFile(TestPaths.art + "/charms/star.png").rgba8
        let hazy = Self.onGround(star, (40, 40, 40))
        Self.art(folder, id: "star", png: PNGEncoder.encode(hazy, as: .rgb))
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        let advice = try #require(report.warnings.first { $0.message.contains("matte is not black") }?.message)
        let blackPoint = try #require(Int(advice.components(separatedBy: "\"blackPoint\": ").last!.prefix { $0.isNumber }))
        let painted = LuminanceKey.key(star)
        let followed = LuminanceKey.key(hazy, blackPoint: blackPoint)
        var paintedCount = 0, kept = 0
        for i in 0..<(star.width * star.height) where painted.pixels[i * 4 + 3] > PaintedBounds.alphaThreshold {
            paintedCount += 1
            if followed.pixels[i * 4 + 3] > PaintedBounds.alphaThreshold { kept += 1 }
        }
        #expect(Double(kept) >= 0.95 * Double(paintedCount), "advice \(blackPoint) keeps \(kept) of \(paintedCount)")
    }

    /// The painting as opaque paint on a ground of `colour`: painted pixels keep the
    /// colour they show on black, and only the soft edge (below half brightness) lets
    /// the ground through.
    static func onGround(_ image: RGBAImage, _ colour: (Double, Double, Double)) -> RGBAImage {
        image.mapPixels { p in
            let brightness = Double(max(p.r, p.g, p.b)) / 255
            let ground = 1 - min(1, brightness / 0.5)
            func mix(_ c: UInt8, _ g: Double) -> UInt8 { UInt8(min(255, (Double(c) + ground * g).rounded())) }
            return RGBA(mix(p.r, colour.0), mix(p.g, colour.1), mix(p.b, colour.2), 255)
        }
    }
}
