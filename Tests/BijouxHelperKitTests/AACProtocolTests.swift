import Testing

@testable import BijouxHelperKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The AAC helper's protocol, as both sides write and read it: a request is the helper's
/// command line, and a decoded sound is its sample rate and two planar channels.
@Suite("The AAC helper's protocol")
struct AACProtocolTests {
    @Test func aRequestReadsBackFromItsCommandLine() throws {
        let requests: [AACRequest] = [
            .encode(sampleRate: 44_100, bitRate: 128_000, threads: 3), .encode(sampleRate: 48_000, bitRate: 96_000, threads: 1, stretch: 128),
            .decode(maxFrames: 31_680_000),
        ]
        #expect(requests[0].arguments == ["encode", "44100", "128000", "3"])
        #expect(requests[1].arguments == ["encode", "48000", "96000", "1", "128"])
        #expect(requests[2].arguments == ["decode", "31680000"])
        for request in requests { #expect(try AACRequest(arguments: request.arguments) == request) }
    }

    /// A command line the helper does not take is refused, saying what is wrong with it.
    @Test func aMalformedCommandLineIsRefusedWithItsReason() {
        let refused: [(arguments: [String], reason: String)] = [
            ([], "unknown arguments ''"), (["encode", "44100", "128000"], "unknown arguments 'encode 44100 128000'"),
            (["decode"], "unknown arguments 'decode'"), (["transcode", "1"], "unknown arguments 'transcode 1'"),
            (["encode", "0", "128000", "1"], "encode: SAMPLE_RATE is not a whole number in 1...2147483647: '0'"),
            (["encode", "44100", "fast", "1"], "encode: BIT_RATE is not a whole number in 1...2147483647: 'fast'"),
            (["encode", "44100", "128000", "-2"], "encode: THREADS is not a whole number in 1...2147483647: '-2'"),
            (["encode", "44100", "128000", "1", "1.5"], "encode: STRETCH is not a whole number in 1...2147483647: '1.5'"),
            (["decode", "99999999999"], "decode: MAX_FRAMES is not a whole number in 1...2147483647: '99999999999'"),
        ]
        for (arguments, reason) in refused {
            #expect(throws: HelperError(reason)) { try AACRequest(arguments: arguments) }
        }
    }

    @Test func aDecodedSoundReadsBackFromItsBytes() throws {
        let sound = AACDecodedSound(sampleRate: 44_100, left: [0, 0.5, -1, 0.25], right: [1, -0.5, 0.125, 0])
        let bytes = sound.bytes
        #expect(bytes.count == 4 + 2 * 4 * 4)
        #expect(bytes.prefix(4).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } == 44_100)
        #expect(try AACDecodedSound(decoding: bytes) == sound)
        #expect(try AACDecodedSound(decoding: AACDecodedSound(sampleRate: 8_000, left: [], right: []).bytes).frames == 0)
        // The helper writes it in pieces, from its own buffers: the same bytes.
        var pieces: [UInt8] = []
        sound.left.withUnsafeBufferPointer { left in
            sound.right.withUnsafeBufferPointer { right in
                AACDecodedSound.write(sampleRate: 44_100, left: left, right: right) { pieces += $0 }
            }
        }
        #expect(pieces == bytes)
    }

    /// Bytes that are not a sample rate and two whole channels are refused, never read as
    /// a shorter sound.
    @Test func aCutOrMalformedSoundIsAnError() throws {
        let bytes = AACDecodedSound(sampleRate: 44_100, left: [0, 0.5], right: [1, -0.5]).bytes
        for cut in [Array(bytes.dropLast()), Array(bytes.dropLast(4)), Array(bytes.prefix(3)), []] {
            #expect(throws: HelperError("\(cut.count) bytes are not a sample rate (4 bytes) and two channels of Float32")) {
                try AACDecodedSound(decoding: cut)
            }
        }
    }
}
