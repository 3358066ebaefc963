import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

@Suite("Icon Composer's icon.json: the form Icon Composer saves")
struct IconDocumentTests {
    static let red = RGBA(0xC9, 0xA1, 0x6B, 255)

    static let sample = IconDocument(
        fills: [.init(nil, .solid(RGBA(0x17, 0x15, 0x13, 255))), .init(.dark, .systemDark)],
        groups: [
            .init(
                name: "Front",
                layers: [
                    .init(name: "a", imageName: "a.svg", glass: true, fills: [.init(nil, .solid(red)), .init(.tinted, .solid(RGBA(214, 214, 214, 255)))]),
                    .init(name: "b", imageName: "b.png", glass: false, fills: []),
                ],
                shadowOpacity: 0.5, translucency: nil, specular: true),
            .init(
                name: "Back", layers: [.init(name: "c", imageName: "c.svg", glass: false, fills: [])], shadowOpacity: 0.25, translucency: 0.6, specular: false),
        ])

    @Test func colourComponentsHaveFiveDecimalsForEveryLevel() {
        #expect(IconDocument.colorString(Self.red) == "srgb:0.78824,0.63137,0.41961,1.00000")
        #expect(IconDocument.colorString(RGBA(0, 0, 0, 0)) == "srgb:0.00000,0.00000,0.00000,0.00000")
        // The integer rounding agrees with C's %.5f (never a tie: level/255 has no
        // five-decimal midpoint) at every level.
        for level in 0...255 {
            #expect(IconDocument.component(UInt8(level)) == String(format: "%.5f", Double(level) / 255), "level \(level)")
        }
    }

    @Test func theTextIsIconComposersStyle() throws {
        let text = Self.sample.text
        // Two-space indent, "key" : value, no newline at the end (as Icon Composer saves).
        #expect(
            text.hasPrefix(
                """
                {\n  \"fill-specializations\" : [\n    {\n      \"value\" : {\n        \"solid\" : \"srgb:0.09020,0.08235,0.07451,1.00000\"\n      }\n    },\n \
                   {\n      \"appearance\" : \"dark\",\n      \"value\" : \"system-dark\"\n    }\n  ],\n  \"groups\" : [\n
                """
            ))
        #expect(text.hasSuffix("\n  \"supported-platforms\" : {\n    \"squares\" : \"shared\"\n  }\n}"))
        #expect(
            text.contains(
                """
                \"position\" : {\n            \"scale\" : 1,\n            \"translation-in-points\" : [\n              0,\n              0\n            ]\n    \
                      }
                """
            ))
        // Keys sorted at every level: a layer's keys come in this order.
        let layer = try #require(text.range(of: "\"fill-specializations\" : [", range: text.range(of: "\"layers\"")!.upperBound..<text.endIndex))
        let rest = String(text[layer.lowerBound...])
        let order = ["\"fill-specializations\"", "\"glass\"", "\"image-name\"", "\"name\"", "\"position\""].map { rest.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func theStructureReadsBack() throws {
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(Self.sample.text.utf8)) as? [String: Any])
        let groups = try #require(parsed["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["Front", "Back"])
        let front = try #require(groups[0]["layers"] as? [[String: Any]])
        #expect(front.map { $0["image-name"] as? String } == ["a.svg", "b.png"])
        #expect(front[0]["glass"] as? Bool == true)
        #expect(front[1]["fill-specializations"] == nil, "a layer in its own colours has no fills")
        let fills = try #require(front[0]["fill-specializations"] as? [[String: Any]])
        #expect(fills.map { $0["appearance"] as? String } == [nil, "tinted"])
        #expect(groups[0]["specular"] as? Bool == true)
        #expect(groups[1]["specular"] == nil)
        #expect((groups[0]["translucency"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect((groups[1]["translucency"] as? [String: Any])?["value"] as? Double == 0.6)
        #expect((groups[1]["shadow"] as? [String: Any])?["kind"] as? String == "neutral")
        #expect(Self.sample.imageNames == ["a.svg", "b.png", "c.svg"])
    }

    @Test func aLookWithoutItsOwnFillTakesTheDefault() {
        let fills = Self.sample.groups[0].layers[0].fills
        #expect(IconDocument.fill(fills, for: nil) == .solid(Self.red))
        #expect(IconDocument.fill(fills, for: .dark) == .solid(Self.red))
        #expect(IconDocument.fill(fills, for: .tinted) == .solid(RGBA(214, 214, 214, 255)))
        #expect(IconDocument.fill([], for: .dark) == nil)
    }
}
