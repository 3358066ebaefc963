import BijouxKit
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("appicon.json")
struct AppIconParametersTests {
    @Test func parsesEveryField() {
        let p = AppIconFixture.parameters()
        #expect(p.thread == .init(startX: 118, endX: 906, topFraction: 0.285, controlDrop: 232, stretch: 5, strokeWidth: 26))
        #expect(p.charm == .init(id: "heart", x: 512, height: 330, hang: 64))
        #expect(p.ring == .init(radius: 36, strokeWidth: 11, offset: 0))
        #expect(p.grain == .init(seed: 1873, amplitude: 5, cell: 3))
        #expect(
            p.inks[.default]
                == .init(
                    paper: RGBA(0x17, 0x15, 0x13, 255), thread: RGBA(0xC9, 0xA1, 0x6B, 255), highlight: RGBA(0xEB, 0xD3, 0xA4, 255),
                    ring: RGBA(0xE2, 0xC0, 0x84, 255), charm: .painted, charmGain: 1))
        #expect(p.inks[.dark]?.paper == nil && p.inks[.dark]?.charmGain == 1.08)
        #expect(p.inks[.tinted]?.charm == .luminance)
        #expect(p.locations["charm"] == SourceLocation(line: 10, column: 12))
        #expect(p.curve == GoldThread(width: 1024, height: 1024, topFraction: 0.285, controlDrop: 232, stretch: 5, startX: 118, endX: 906))
    }

    @Test func theShippedFileIsValid() throws {
        let bytes = try FileIO.read(TestPaths.art + "/appicon.json")
        let shipped = try AppIconParameters.parse(bytes, file: "art/appicon.json", palette: TestPaths.artPalette)
        #expect(shipped.charm.id == "heart")
    }

    /// The fixture with one piece of text replaced, parsed: the error's text.
    static func error(replacing old: String, with new: String) -> String {
        let text = AppIconFixture.json.replacingOccurrences(of: old, with: new)
        #expect(text != AppIconFixture.json, "fixture has no \(old)")
        do {
            _ = try AppIconParameters.parse(Array(text.utf8), file: AppIconFixture.file)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (
            "\"stretch\": 5", "\"stretch\": 0",
            "art/appicon.json:7:16: field 'thread.stretch': 0 is out of range: expected a positive factor up to 64"
        ),
        (
            "\"endX\": 906", "\"endX\": 100",
            "art/appicon.json:4:13: field 'thread.endX': 100 must be to the right of startX (118)"
        ),
        (
            "\"topFraction\": 0.285", "\"topFraction\": \"high\"",
            "art/appicon.json:5:20: field 'thread.topFraction': expected a fraction of the height, more than 0 and less than 1, found a string"
        ),
        (
            "\"x\": 512", "\"x\": 950",
            "art/appicon.json:10:33: field 'charm.x': 950 is not between the thread's ends (118 and 906), so the charm would hang from nothing"
        ),
        (
            "\"id\": \"heart\"", "\"id\": \"../heart\"",
            "art/appicon.json:10:19: field 'charm.id': expected the id of a charm in charms.json, e.g. \"heart\""
        ),
        (
            "\"strokeWidth\": 11", "\"strokeWidth\": 40",
            "art/appicon.json:11:41: field 'ring.strokeWidth': 40 is out of range: expected points, more than 0 and at most the radius (36)"
        ),
        (
            "\"seed\": 1873", "\"seed\": 18.5",
            "art/appicon.json:12:21: field 'grain.seed': expected a whole number from 0 to 4294967295"
        ),
        (
            "\"hang\": 64", "\"hang\": 64, \"angle\": 3",
            "art/appicon.json:10:65: field 'charm.angle': unknown field (expected one of: id, x, height, hang)"
        ),
        (
            "\"ring\": {\"radius\": 36, ", "\"ring\": {",
            "art/appicon.json:11:11: field 'ring.radius': missing required field"
        ),
        (
            "\"paper\": \"#171513\"", "\"paper\": \"#000000\"",
            "art/appicon.json:14:26: field 'variants.default.paper': the paper is near-black but not #000000 (no channel above #40)"
        ),
        (
            "\"paper\": \"#171513\"", "\"paper\": null",
            "art/appicon.json:14:26: field 'variants.default.paper': the default icon is opaque: it needs a paper colour"
        ),
        (
            "\"paper\": null", "\"paper\": \"#101010\"",
            "art/appicon.json:15:23: field 'variants.dark.paper': must be null: the dark icon's background is transparent and the system draws its own"
        ),
        (
            "\"thread\": \"#D6D6D6\"", "\"thread\": \"#D6C6A6\"",
            "art/appicon.json:16:46: field 'variants.tinted.thread': the tinted icon is greyscale: use a grey (#RRGGBB with RR = GG = BB)"
        ),
        (
            "\"charm\": \"luminance\"", "\"charm\": \"painted\"",
            "art/appicon.json:16:109: field 'variants.tinted.charm': the tinted icon is greyscale: use \"luminance\""
        ),
        (
            "\"ring\": \"#E2C084\"", "\"ring\": \"#E2C08\"",
            "art/appicon.json:14:90: field 'variants.default.ring': expected a colour \"#RRGGBB\""
        ),
        (
            "\"charmGain\": 1.08", "\"charmGain\": 0",
            "art/appicon.json:15:126: field 'variants.dark.charmGain': 0 is out of range: expected a factor, more than 0 and at most 4"
        ),
        (
            "\"grain\"", "\"grian\"",
            "art/appicon.json:12:3: field 'grian': unknown field (expected one of: thread, charm, ring, grain, variants)"
        ),
        (
            "\"startX\": 118,", "\"startX\": 118,,",
            "art/appicon.json:3:19: invalid JSON: expected a member name in quotes, found ','"
        ),
    ])
    func namesTheFileLineColumnAndField(old: String, new: String, message: String) {
        #expect(Self.error(replacing: old, with: new) == message)
    }

    @Test func hexColoursAreStrict() {
        #expect(Palette.parseHex("#c9A16b") == RGBA(0xC9, 0xA1, 0x6B, 255))
        for bad in ["C9A16B", "#C9A16", "#C9A16BB", "#+F+F+F", "#GG0000", ""] {
            #expect(Palette.parseHex(bad) == nil, "\(bad)")
        }
    }
}
