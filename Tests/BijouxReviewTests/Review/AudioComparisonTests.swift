import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore

/// Encoded sounds are judged by their decoded signals, not their bytes: what another
/// encoder build moves passes, a changed sound does not.
@Suite("Audio compared by its decoded signal")
struct AudioComparisonTests {
    /// Two seconds of a 440 Hz tone at `amplitude`, with `noise` added (a fixed pattern).
    static func tone(amplitude: Float, noise: Float = 0, seconds: Double = 2) throws -> [UInt8] {
        let frames = Int(seconds * Voices.sampleRate)
        var buffer = StereoBuffer(frames: frames)
        var random = SeededRandom(seed: 7)
        for i in 0..<frames {
            let sample = amplitude * Float(sin(2 * Double.pi * 440 * Double(i) / Voices.sampleRate))
            buffer.left[i] = sample + noise * Float(random.signed())
            buffer.right[i] = buffer.left[i]
        }
        return try AACCodec.encode(buffer, sampleRate: Int(Voices.sampleRate), file: "tone")
    }

    static func judge(_ before: [UInt8], _ after: [UInt8]) -> Finding {
        OutputJudge.judge(before: before, after: after, path: "Audio/tone.m4a", names: ("old.m4a", "new.m4a"), tolerances: .standard)
    }

    @Test func aSmallDriftPassesAndALouderOrLongerSoundFails() throws {
        let tone = try Self.tone(amplitude: 0.3)
        let drifted = try Self.tone(amplitude: 0.3, noise: 0.0003)
        #expect(tone != drifted, "the bytes differ")
        let small = Self.judge(tone, drifted)
        #expect(small.passes, "\(small.summary)")
        guard case .audio(let difference, _) = small else {
            Issue.record("not an audio finding: \(small.summary)")
            return
        }
        #expect(difference.differenceDB < -40 && abs(difference.afterLoudness - difference.beforeLoudness) < 0.1)

        let louder = Self.judge(tone, try Self.tone(amplitude: 0.45))
        #expect(!louder.passes, "\(louder.summary)")
        let longer = Self.judge(tone, try Self.tone(amplitude: 0.3, seconds: 3))
        #expect(!longer.passes && longer.summary.contains("duration 2"), "\(longer.summary)")
        #expect(!Self.judge(tone, Array("not a sound".utf8)).passes)
    }
}
