import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("Scores and chord symbols")
struct ScoreTests {
    @Test func chordSymbolsWithSharpsAndFlats() throws {
        let cases: [(String, Int, [Int])] = [
            ("Bbmaj7", 10, [0, 4, 7, 11]), ("F#m7b5", 6, [0, 3, 6, 10]), ("Ebdim7", 3, [0, 3, 6, 9]),
            ("C7sus4", 0, [0, 5, 7, 10]), ("Dm7", 2, [0, 3, 7, 10]), ("G7", 7, [0, 4, 7, 10]), ("Ab", 8, [0, 4, 7]),
            ("Cb", 11, [0, 4, 7]), ("E#m", 5, [0, 3, 7]),
        ]
        for (symbol, root, intervals) in cases {
            let chord = try #require(Chord(symbol), "\(symbol)")
            #expect(chord.root == root, "\(symbol)")
            #expect(chord.intervals == intervals, "\(symbol)")
        }
        for bad in ["", "H7", "Cmaj8", "c7", "C#b7", "Fmaj7 ", "Bbmaj7/F"] { #expect(Chord(bad) == nil, "\(bad)") }
    }

    @Test func theSampleScoreIsAMinuteOfLoopingWaltz() throws {
        let file = TestPaths.art + "/music/ambient-waltz.json"
        let score = try Score.parse(try FileIO.read(file), file: file)
        #expect(score.beatsPerBar == 3)
        #expect(score.loop)
        #expect(abs(score.bodySeconds - 60) < 5, "about a minute: \(score.bodySeconds) s")
        #expect(score.progression.map(\.symbol).first == "Fmaj7")
    }

    @Test func optionalFieldsHaveDefaults() throws {
        let score = try Score.parse(
            Array(#"{"tempo": 84, "bars": 32, "meter": "3/4", "key": "F", "progression": ["Fmaj7", "Dm7", "Gm7", "C7"], "seed": 7}"#.utf8), file: "s.json")
        #expect(score.tempo == 84 && score.bars == 32 && score.seed == 7)
        #expect(score.levels == Score.Levels())
        #expect(!score.loop && score.swing == 0.6 && score.reverbSeconds == 2.4)
        #expect(score.chord(inBar: 5).symbol == "Dm7")
    }

    static func error(_ text: String) -> String {
        do {
            _ = try Score.parse(Array(text.utf8), file: "waltz.json")
            return "no error"
        } catch { return error.description }
    }

    static let base = #""meter": "3/4", "key": "F", "seed": 1"#

    @Test func badScoresArePositionedErrors() {
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["Fmaj7", "Dm7", "Gx7"]}"#)
                == #"""
                waltz.json:1:97: field 'progression[2]': unknown chord symbol "Gx7" in bar 3: expected a root (C…B, with # or b) and a quality such as maj7, \#
                m7, 7, m7b5, dim7, 7sus4
                """#
        )
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, "meter": "4/4", "key": "F", "seed": 1, "progression": ["F"]}"#)
                == #"waltz.json:1:35: field 'meter': meter "4/4" is not supported: expected "3/4" (the arrangement is a waltz)"#)
        #expect(
            Self.error(#"{"tempo": 0, "bars": 8, \#(Self.base), "progression": ["F"]}"#)
                == "waltz.json:1:11: field 'tempo': 0 is out of range: expected beats per minute, 30–240")
        #expect(
            Self.error(#"{"tempo": 10000, "bars": 8, \#(Self.base), "progression": ["F"]}"#)
                == "waltz.json:1:11: field 'tempo': 10000 is out of range: expected beats per minute, 30–240")
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, "meter": "3/4", "key": "H", "seed": 1, "progression": ["F"]}"#)
                .hasPrefix("waltz.json:1:49: field 'key': \"H\" is not a key"))
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": []}"#)
                == "waltz.json:1:80: field 'progression': expected a non-empty array of chord symbols, found an array")
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["F"], "loop": true, "fadeOut": 2}"#)
                .hasPrefix("waltz.json:1:112: field 'fadeOut': a looping track has no fades"))
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["F"], "tempi": 3}"#)
                .hasPrefix("waltz.json:1:87: field 'tempi': unknown field"))
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["F"], "levels": {"piano": 1.5, "bass": 0.8}}"#)
                == """
                waltz.json:1:120: field 'levels.bass': the bass (0.8) is under 0.9 × the piano (1.5): the bass carries the low end, so it is at least 1.35 here
                """
        )
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["F"], "levels": {"piano": 2}}"#)
                .hasSuffix("field 'levels.piano': the bass (0.9) is under 0.9 × the piano (2): the bass carries the low end, so it is at least 1.8 here"))
        #expect(
            Self.error(#"{"tempo": 84, "bars": 8, \#(Self.base), "progression": ["F"], "levels": {"bass": 0}}"#)
                .hasSuffix("field 'levels.bass': 0 is out of range: expected a level 0.1–2 (1 is the default balance)"))
    }

    /// A score that would render hours is refused by the parser, before any synthesis
    /// (which is why this test takes no time).
    @Test func aScoreThatWouldRenderHoursIsRefused() {
        #expect(
            Self.error(#"{"tempo": 84, "bars": 100000, \#(Self.base), "progression": ["F"]}"#)
                == "waltz.json:1:23: field 'bars': 100000 bars at 84 beats per minute last 3571 minutes; a track may last at most 10 minutes")
        #expect(
            Self.error(#"{"tempo": 30, "bars": 101, \#(Self.base), "progression": ["F"]}"#)
                .hasPrefix("waltz.json:1:23: field 'bars': 101 bars at 30 beats per minute last 10 minutes"))
        #expect(
            Self.error(#"{"tempo": 84, "bars": 1e300, \#(Self.base), "progression": ["F"]}"#)
                == "waltz.json:1:23: field 'bars': expected a whole number of bars, at least 1")
    }
}

@Suite("Mastering")
struct MasteringTests {
    /// What rings past a loop's end is heard again at its start: the fold adds it there,
    /// sample for sample, wrapping as often as it is longer than the loop; the frames
    /// past the head come as they are made, the head last, once its tail has come.
    @Test func theLoopFoldsItsTailIntoItsStart() {
        let samples: [Float] = [1, 2, 3, 4, 5, 6, 10, 20, 30, 40, 50]
        var fold = TrackSynthesis.Fold(loop: true, body: 6, length: 6, fadeIn: 0, fadeOut: 0, tail: 5)
        var emitted: [(frames: [Float], at: Int)] = []
        for piece in [0..<3, 3..<7, 7..<11] {
            let left = Array(samples[piece])
            fold.take(StereoBuffer(left: left, right: left.map { -$0 }), at: piece.lowerBound) { emitted.append(($0, $1)) }
        }
        fold.finish { emitted.append(($0, $1)) }
        #expect(emitted.map(\.at) == [5, 0])
        #expect(emitted.first?.frames == [6, -6])
        let head: [Float] = [1 + 10, 2 + 20, 3 + 30, 4 + 40, 5 + 50]
        #expect(emitted.last?.frames == head.flatMap { [$0, -$0] })
    }

    /// The gain reaches the loudness target unless the true peak would pass the
    /// ceiling: then it is lowered to put the peak 0.05 dB under it.
    @Test func theGainIsCappedByTheTruePeak() throws {
        let toTarget = Mastering.gain(toTargetFrom: Loudness(integrated: -30, truePeak: .nan))
        #expect(abs(20 * log10(toTarget) - 10) < 1e-9)
        #expect(Mastering.lowered(Float(toTarget), truePeak: -10) == nil, "a quiet track keeps its gain")
        let lowered = try #require(Mastering.lowered(Float(toTarget), truePeak: 7))
        #expect(abs(20 * log10(Double(lowered)) - (10 - 8.05)) < 1e-5, "7 dBTP brought to -1.05 dBTP")
    }
}
