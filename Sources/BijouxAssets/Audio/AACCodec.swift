import BijouxAudio
import BijouxCore
import BijouxHelperKit

/// AAC-LC in an MP4 (.m4a) container, made by the helper executable `bijoux-aac`, the
/// one program of the package that links FFmpeg (its encoding recipe and why its bytes
/// are deterministic are in `Sources/bijoux-aac/Encoder.swift`). The tool runs it only
/// when a track must be encoded, so no other build, command or start loads FFmpeg.
///
/// Its protocol, a command line per request and the bytes on its standard streams, is
/// written and read by `AACRequest` and `AACDecodedSound` in BijouxHelperKit, and
/// described there. The helper is found as `HelperExecutable` says: `$BIJOUX_AAC`, else
/// beside the running executable.
enum AACCodec {
    static let bitRate = 128_000
    /// One AAC frame, in samples: the granularity of the file's length.
    static let frameLength = 1024
    static let helperName = "bijoux-aac"
    static let helperVariable = "BIJOUX_AAC"

    /// The helper as the tool runs it, and the FFmpeg libraries it loads, whose files are
    /// in a track's key beside the helper's own identity (a system upgrade of FFmpeg leaves
    /// that as it was): see `HelperExecutable`.
    static let executable = HelperExecutable(
        role: "the AAC encoder", name: helperName, variable: helperVariable, libraryPrefixes: ["libav", "libsw"],
        shipping: "ships in bijoux-aac.artifactbundle, which the plugin package BijouxAssetsMusicPlugin carries")

    /// Where the helper is looked for.
    static var helper: String { executable.path }

    /// The helper failed or is missing: `file` is what was being encoded (the score) or
    /// decoded; the message names the helper.
    struct Failure: UserFacingError, Equatable {
        var file: String
        var reason: String
        var diagnostic: Diagnostic { Diagnostic(place: file, message: reason) }
    }

    /// What the helper may cost, as a backstop: CPU seconds (the longest track, ten
    /// minutes, encodes in well under a minute of CPU; decoding is faster) and seconds by
    /// the clock, for a helper that stalls.
    static let cpuLimit = 600.0
    static let deadline = 1800.0
    /// The longest sound `decode` reads: eleven minutes at 48 kHz (a track is at most
    /// ten), so a few bytes of AAC that claim hours cost nothing.
    static let maxDecodedFrames = 11 * 60 * 48_000

    /// The helper's limits, and `cancel` (a newer change supersedes `watch`'s build).
    static func limits(_ cancel: StopFlag?) -> ChildProcess.Limits {
        ChildProcess.Limits(cpu: cpuLimit, deadline: deadline) { _ in cancel?.isSet == true }
    }

    /// Encodes the track `next` gives, interleaved Float32 frames (left, right) a block
    /// at a time, nil at its end: the helper encodes as they come, on `threads` threads.
    /// Once `cancel` is set the helper is killed and the encoding fails.
    static func encode(
        sampleRate: Int, threads: Int = 1, file: String, cancel: StopFlag? = nil, frames next: () -> [Float]?
    ) throws(Failure) -> [UInt8] {
        let result: ChildProcess.Result
        do {
            let request = AACRequest.encode(sampleRate: sampleRate, bitRate: bitRate, threads: max(1, threads))
            result = try ChildProcess.run(
                helper, request.arguments, limits: limits(cancel),
                streaming: {
                    next().map { block in block.withUnsafeBytes { Array($0) } }
                })
        } catch {
            throw Failure(file: file, reason: "\(missing): \(error.reason)")
        }
        try check(result, file: file)
        guard !result.stdout.isEmpty else { throw Failure(file: file, reason: "\(helper) wrote no track") }
        return result.stdout
    }

    /// A whole track in memory, encoded.
    static func encode(_ buffer: StereoBuffer, sampleRate: Int, threads: Int = 1, file: String) throws(Failure) -> [UInt8] {
        var at = 0
        return try encode(sampleRate: sampleRate, threads: threads, file: file) {
            guard at < buffer.frames else { return nil }
            let count = min(Int(Voices.sampleRate), buffer.frames - at)
            var block = [Float](repeating: 0, count: 2 * count)
            for i in 0..<count {
                block[2 * i] = buffer.left[at + i]
                block[2 * i + 1] = buffer.right[at + i]
            }
            at += count
            return block
        }
    }

    /// The samples of an encoded file, and its sample rate.
    static func decode(_ bytes: [UInt8], file: String, maxFrames: Int = maxDecodedFrames) throws(Failure) -> (buffer: StereoBuffer, sampleRate: Int) {
        let output = try run(AACRequest.decode(maxFrames: maxFrames).arguments, input: bytes, file: file)
        do {
            let sound = try AACDecodedSound(decoding: output)
            return (StereoBuffer(left: sound.left, right: sound.right), Int(sound.sampleRate))
        } catch {
            throw Failure(file: file, reason: "\(helper) decode: \(error.message)")
        }
    }

    private static var missing: String { executable.missing }

    private static func run(_ arguments: [String], input: [UInt8], file: String) throws(Failure) -> [UInt8] {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(helper, arguments, input: input, limits: limits(nil))
        } catch {
            throw Failure(file: file, reason: "\(missing): \(error.reason)")
        }
        try check(result, file: file)
        return result.stdout
    }

    /// The helper ended well, or the failure that says how it did not.
    private static func check(_ result: ChildProcess.Result, file: String) throws(Failure) {
        switch result.stopped {
        case .cancelled: throw Failure(file: file, reason: "not encoded: the build was cancelled (a newer change supersedes it)")
        case .cpuLimit: throw Failure(file: file, reason: "\(helper) used more than \(Format.number(cpuLimit)) s of CPU, so it was stopped")
        case .deadline: throw Failure(file: file, reason: "\(helper) took more than \(Format.number(deadline)) s by the clock, so it was stopped")
        case nil: break
        }
        guard result.status == 0 else { throw Failure(file: file, reason: "\(helper) failed: \(result.reason)") }
    }
}
