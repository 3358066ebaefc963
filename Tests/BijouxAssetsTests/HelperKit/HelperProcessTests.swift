import Testing

@testable import BijouxAssets
@testable import BijouxHelperKit

/// Both helpers, run as the tool runs them, refuse what their protocol does not hold with
/// one line on standard error and a failing exit status, never a partial answer.
@Suite("The helpers' refusals")
struct HelperProcessTests {
    static func renderer(_ input: [UInt8]) throws -> ChildProcess.Result {
        try ChildProcess.run(IconRenderer.helper, RenderRequest.serveArguments(memoryMiB: 1024), input: input)
    }

    @Test func theRendererEndsOnAnInputThatIsNotARequest() throws {
        let garbage = try Self.renderer(Array("garbage\n".utf8))
        #expect(garbage.status == 1 && garbage.stdout.isEmpty)
        #expect(garbage.reason == "not a request: 'garbage': it has 1 fields, not 5")
        let request = RenderRequest(size: .density(1), ink: .init(red: 0, green: 0, blue: 0), maxSide: 512, cpuSeconds: 5)
        let cut = try Self.renderer(Array(request.bytes(document: Array("<svg/>".utf8)).dropLast(2)))
        #expect(cut.status == 1 && cut.stdout.isEmpty && cut.reason == "a document cut short: the input ended after 4 of 6 bytes")
        let empty = try Self.renderer([])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty, "no request, no answer")
        let arguments = try ChildProcess.run(IconRenderer.helper, ["--serve", "0"])
        #expect(arguments.status == 2 && arguments.reason == "error: unknown arguments '--serve 0'. See 'bijoux-render --help'.")
    }

    @Test func theEncoderRefusesACommandLineItDoesNotTake() throws {
        let rate = try ChildProcess.run(AACCodec.helper, ["encode", "0", "128000", "1"])
        #expect(rate.status == 2 && rate.reason.hasPrefix("error: encode: SAMPLE_RATE is not a whole number in 1...2147483647: '0'"))
        let stretch = try ChildProcess.run(AACCodec.helper, AACRequest.encode(sampleRate: 44_100, bitRate: 128_000, threads: 1, stretch: 7).arguments)
        #expect(stretch.status == 2 && stretch.reason == "encode: STRETCH must be more than 7 frames, a stretch's preroll and overrun")
        let frames = try ChildProcess.run(AACCodec.helper, AACRequest.encode(sampleRate: 44_100, bitRate: 128_000, threads: 1).arguments, input: [0, 0, 0])
        #expect(frames.status == 1 && frames.stdout.isEmpty && frames.reason == "encode: the input is not whole stereo frames of Float32")
    }
}
