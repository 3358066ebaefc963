import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// A reader as an installed build has it: written by hand against schema 1, with
/// every field schema 1 has as required, and nothing else.
private struct SchemaOneTable: Decodable {
    struct Physics: Decodable {
        var dampingRatio, maxRestAngle, kickGain, hapticIntensity, tickRate: Double
        var referenceStiffness, stiffnessPerSecond, referenceSwayDuration: Double
    }
    struct Limits: Decodable {
        var dishCapacity, maxWorn, maxNameLength: Int
    }
    struct Art: Decodable {
        var aspect: Double
    }
    struct Sway: Decodable {
        var duration, stiffness, damping, naturalFrequency, dampedPeriod, settlingTime: Double
    }
    struct Charm: Decodable {
        var id, displayName, imageName, stockNote: String
        var sway: Sway
    }
    var schemaVersion: Int
    var physics: Physics
    var limits: Limits
    var art: Art
    var charms: [Charm]
}

@Suite("Generated charms.json, the JSON twin")
struct CharmTableJSONTests {
    static let table = CharmTableSource(charms: [
        CharmEntry(id: "star", displayName: "Star", note: "shine on", swayDuration: 2.4),
        CharmEntry(id: "coffee-cup", displayName: "Coffee \"Cup\"", note: "a warm one\nfor you ☕️", swayDuration: 4.4),
    ])

    @Test func aSchemaOneReaderDecodesTheCurrentOutput() throws {
        let text = CharmTableJSON.generate(Self.table)
        let decoded = try JSONDecoder().decode(SchemaOneTable.self, from: Data(text.utf8))
        #expect(decoded.schemaVersion == 1)
        #expect(decoded.physics.dampingRatio == 0.42 && decoded.physics.maxRestAngle == 0.6)
        #expect(decoded.physics.kickGain == 0.9 && decoded.physics.hapticIntensity == 0.9 && decoded.physics.tickRate == 60)
        #expect(decoded.limits.dishCapacity == 12 && decoded.limits.maxWorn == 3 && decoded.limits.maxNameLength == 26)
        #expect(decoded.art.aspect == 110.0 / 120.0)
        #expect(decoded.charms.map(\.id) == ["star", "coffee-cup"])
        #expect(decoded.charms.map(\.imageName) == ["star", "coffee-cup"])
        #expect(decoded.charms[1].displayName == "Coffee \"Cup\"" && decoded.charms[1].stockNote == "a warm one\nfor you ☕️")
        for (charm, entry) in zip(decoded.charms, Self.table.charms) {
            // The numbers read back exactly: the writer prints the shortest round trip.
            let sway = CharmSway(duration: entry.swayDuration)
            #expect(charm.sway.duration == sway.duration && charm.sway.stiffness == sway.stiffness)
            #expect(charm.sway.damping == sway.damping && charm.sway.naturalFrequency == sway.naturalFrequency)
            #expect(charm.sway.dampedPeriod == sway.dampedPeriod)
            // Except the settling time, published to the microsecond (libm's log).
            #expect(charm.sway.settlingTime == CharmTableJSON.toMicroseconds(sway.settlingTime))
            #expect(abs(charm.sway.settlingTime - sway.settlingTime) <= 5e-7)
        }
    }

    /// The sample art's table, as the build reads it, decodes the same way.
    @Test func theSampleArtsTableDecodes() throws {
        let file = TestPaths.art + "/charms.json"
        let table = try CharmTableSource.parse(try FileIO.read(file), file: file)
        let art = try ArtFolder(TestPaths.art)
        for entry in table.charms { try art.checkArtFile(entry) }
        let decoded = try JSONDecoder().decode(SchemaOneTable.self, from: Data(CharmTableJSON.generate(table).utf8))
        #expect(decoded.charms.map(\.id) == table.charms.map(\.id))
        #expect(decoded.charms.allSatisfy { $0.displayName.count <= decoded.limits.maxNameLength && $0.sway.stiffness > 0 })
    }

    /// What makes adding optional fields safe: a schema-1 reader ignores fields it does
    /// not know, at every level.
    @Test func fieldsAddedLaterDoNotBreakASchemaOneReader() throws {
        var root = try #require(JSONSerialization.jsonObject(with: Data(CharmTableJSON.generate(Self.table).utf8)) as? [String: Any])
        root["glow"] = ["opacity": 0.35, "radius": 5]
        var physics = try #require(root["physics"] as? [String: Any])
        physics["gravityFilter"] = 0.1
        root["physics"] = physics
        var charms = try #require(root["charms"] as? [[String: Any]])
        charms[0]["rarity"] = "common"
        var sway = try #require(charms[0]["sway"] as? [String: Any])
        sway["maxAngle"] = 0.4
        charms[0]["sway"] = sway
        root["charms"] = charms
        let extended = try JSONSerialization.data(withJSONObject: root)
        let decoded = try JSONDecoder().decode(SchemaOneTable.self, from: extended)
        #expect(decoded.charms.count == 2 && decoded.charms[0].sway.duration == 2.4)
        // And the reader is strict about what schema 1 promises: a missing field fails.
        charms[1]["stockNote"] = nil
        root["charms"] = charms
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(SchemaOneTable.self, from: JSONSerialization.data(withJSONObject: root))
        }
    }

    @Test func sortedPrettyDeterministicWithATrailingNewline() throws {
        let text = CharmTableJSON.generate(Self.table)
        #expect(text == CharmTableJSON.generate(Self.table))
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        let topLevelKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topLevelKeys == ["art", "charms", "limits", "physics", "schemaVersion"])
        #expect(text.contains("\n        \"dampedPeriod\" : 0.9218964601405139,\n        \"damping\" : 6.308394407454244,\n"))
        #expect(text.contains("    \"tickRate\" : 60\n"))
        // The charms stay in table order, not sorted.
        let star = try #require(text.range(of: "\"id\" : \"star\""))
        let cup = try #require(text.range(of: "\"id\" : \"coffee-cup\""))
        #expect(star.lowerBound < cup.lowerBound)
    }
}
