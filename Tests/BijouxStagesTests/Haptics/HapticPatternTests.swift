import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("Haptic recipes and AHAP patterns")
struct HapticPatternTests {
    static let samplePath = TestPaths.art + "/haptics/transfer.json"

    @Test func theSampleTransferRampsIntoTheHeaviestThud() throws {
        let pattern = AHAPPattern(try HapticRecipe.parse(try FileIO.read(Self.samplePath), file: Self.samplePath))
        let transients = pattern.events.filter { $0.kind == .transient }
        #expect(transients.count == 7)
        #expect(zip(transients, transients.dropFirst()).allSatisfy { $0.intensity < $1.intensity }, "rising, into the attack")
        let last = try #require(pattern.events.last)
        #expect(pattern.events.count == 8 && last.kind == .continuous)
        #expect(last.intensity >= pattern.events.map(\.intensity).max()!, "the thud is the heaviest")
        #expect((last.duration ?? 0) > 0)
        // The thud's attack: a transient as heavy as the thud, at its start, sharper than its body.
        let attack = pattern.events[pattern.events.count - 2]
        #expect(attack.kind == .transient && attack.time == last.time && attack.intensity == last.intensity)
        #expect(attack.sharpness == HapticRecipe.defaultAttackSharpness && attack.sharpness > last.sharpness)
        #expect(zip(pattern.events, pattern.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "times ascending")
        for event in pattern.events {
            #expect((0...1).contains(event.intensity) && (0...1).contains(event.sharpness) && event.time >= 0)
        }
    }

    /// The file is the form Core Haptics reads: checked field by field after parsing it back.
    @Test func theAHAPFileHasCoreHapticsForm() throws {
        let pattern = AHAPPattern(try HapticRecipe.parse(try FileIO.read(Self.samplePath), file: Self.samplePath))
        let root = try JSONParser.parse(Array(pattern.json.utf8))
        #expect(root["Version"]?.value.number == 1)
        let entries = try #require(root["Pattern"]?.value.array)
        let events = entries.compactMap { $0["Event"] }
        #expect(events.count == 8)
        for event in events {
            let type = try #require(event["EventType"]?.value.string)
            #expect(["HapticTransient", "HapticContinuous"].contains(type))
            #expect(event["Time"]?.value.number != nil)
            #expect((event["EventDuration"] != nil) == (type == "HapticContinuous"))
            let parameters = try #require(event["EventParameters"]?.value.array)
            #expect(parameters.compactMap { $0["ParameterID"]?.value.string } == ["HapticIntensity", "HapticSharpness"])
        }
        let curve = try #require(entries.compactMap { $0["ParameterCurve"] }.first)
        #expect(curve["ParameterID"]?.value.string == "HapticIntensityControl")
        let points = try #require(curve["ParameterCurveControlPoints"]?.value.array)
        let values = points.compactMap { $0["ParameterValue"]?.value.number }
        #expect(values.first == 1 && values.last == 0)
        #expect(pattern.json == AHAPPattern(try HapticRecipe.parse(try FileIO.read(Self.samplePath), file: Self.samplePath)).json, "deterministic")
    }

    static func error(_ text: String) -> String {
        do {
            _ = try HapticRecipe.parse(Array(text.utf8), file: "t.json")
            return "no error"
        } catch { return error.description }
    }

    static let ramp = #""ramp": {"count": 6, "spacing": 0.05, "startIntensity": 0.3, "endIntensity": 0.8, "startSharpness": 0.7, "endSharpness": 0.5}"#

    @Test func outOfRangeValuesAndNegativeTimesArePositionedErrors() {
        #expect(
            Self.error(#"{\#(Self.ramp), "thud": {"delay": -0.1, "duration": 0.3, "intensity": 1, "sharpness": 0.2}}"#)
                == "t.json:1:147: field 'thud.delay': -0.1 is out of range: expected seconds, 0–1 (a time is never negative)")
        #expect(
            Self.error(#"{\#(Self.ramp), "thud": {"delay": 0.1, "duration": 0.3, "intensity": 1.5, "sharpness": 0.2}}"#)
                == "t.json:1:182: field 'thud.intensity': 1.5 is out of range: expected a value 0–1")
        #expect(
            Self.error(
                #"{"ramp": {"count": 6, "spacing": -0.05, "startIntensity": 0.3, "endIntensity": 0.8, "startSharpness": 0.7, "endSharpness": 0.5}, "thud": {}}"#
            )
                == "t.json:1:34: field 'ramp.spacing': -0.05 is out of range: expected seconds, more than 0 and at most 1")
        #expect(
            Self.error(
                #"{"ramp": {"count": 0, "spacing": 0.05, "startIntensity": 0.3, "endIntensity": 0.8, "startSharpness": 0.7, "endSharpness": 0.5}, "thud": {}}"#)
                == "t.json:1:20: field 'ramp.count': expected a whole number 1–32")
        #expect(
            Self.error(#"{\#(Self.ramp), "thud": {"delay": 0.1, "duration": 0.3, "intensity": 1, "sharpness": 0.2, "fadeOut": 0.5}}"#)
                .hasPrefix("t.json:1:214: field 'thud.fadeOut': 0.5 is out of range"))
    }

    @Test func theAttacksSharpnessIsTheRecipesWhenItGivesOne() throws {
        let recipe = try HapticRecipe.parse(
            Array(#"{\#(Self.ramp), "thud": {"delay": 0.1, "duration": 0.3, "intensity": 0.9, "sharpness": 0.2, "attackSharpness": 0.8}}"#.utf8),
            file: "t.json")
        let attack = AHAPPattern(recipe).events.dropLast().last
        #expect(attack?.kind == .transient && attack?.sharpness == 0.8 && attack?.intensity == 0.9)
        #expect(
            Self.error(#"{\#(Self.ramp), "thud": {"delay": 0.1, "duration": 0.3, "intensity": 1, "sharpness": 0.2, "attackSharpness": 2}}"#)
                .hasSuffix("field 'thud.attackSharpness': 2 is out of range: expected a value 0–1"))
    }
}
