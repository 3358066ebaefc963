import BijouxCore
import BijouxAudio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// AAC-LC in an MP4 (.m4a) container, made by the helper executable `bijoux-aac`, the
/// one program of the package that links FFmpeg (its encoding recipe and why its bytes
/// are deterministic are in `Sources/bijoux-aac/main.swift`). The tool runs it only when
/// a track must be encoded, so no other build, command or start loads FFmpeg.
///
/// The protocol: `bijoux-aac encode SAMPLE_RATE BIT_RATE THREADS` reads interleaved
/// Float32 frames (left, right) on its standard input, encoding them as they come in
/// stretches side by side on THREADS threads (the bytes are the same for any number),
/// and writes the `.m4a` on its standard output once its input ends; `bijoux-aac decode
/// MAX_FRAMES` reads a container and writes the sample rate (a UInt32) and then planar
/// Float32, failing on a stream longer than MAX_FRAMES. Numbers are in the machine's byte order. A
/// failure is a line on its standard error and a non-zero exit status.
///
/// The helper is `$BIJOUX_AAC` when that is set (the plugins set it to the helper they
/// were given), else `bijoux-aac` beside the running executable, where the package's
/// build and the artifact bundle both put it.
enum AACCodec {
    static let bitRate = 128_000
    /// One AAC frame, in samples: the granularity of the file's length.
    static let frameLength = 1024
    static let helperName = "bijoux-aac"
    static let helperVariable = "BIJOUX_AAC"

    /// Where the helper is looked for.
    static let helper = ChildProcess.helperPath(helperName, variable: helperVariable)

    /// The helper failed or is missing: `file` is what was being encoded (the score) or
    /// decoded; the message names the helper.
    struct Failure: UserFacingError, Equatable {
        var file: String
        var reason: String
        var diagnostic: Diagnostic { Diagnostic(place: file, message: reason) }
    }

    /// What identifies the encoder in a track's cache key, without running it: its
    /// executable's identity (`FileIO.executableIdentity`; the tool's own identity covers
    /// the rest; the FFmpeg libraries it loads are `libraryPrefixes`).
    static func helperIdentity(file: String) throws(Failure) -> ContentHash {
        do {
            return try FileIO.executableIdentity(ofFile: helper)
        } catch {
            throw Failure(file: file, reason: "\(missing): \(error.diagnostic.message)")
        }
    }

    /// The file names of the FFmpeg libraries the helper loads, whose identities are in a
    /// track's key beside the helper's own (which a system upgrade of FFmpeg leaves as it
    /// was): see `LinkedLibraries`.
    static let libraryPrefixes = ["libav", "libsw"]

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
    package static func encode(
        sampleRate: Int, threads: Int = 1, file: String, cancel: StopFlag? = nil, frames next: () -> [Float]?
    ) throws(Failure) -> [UInt8] {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                helper, ["encode", String(sampleRate), String(bitRate), String(max(1, threads))], limits: limits(cancel),
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
        let output = try run(["decode", String(maxFrames)], input: bytes, file: file)
        let header = MemoryLayout<UInt32>.size, sample = MemoryLayout<Float>.size
        guard output.count >= header, (output.count - header) % (2 * sample) == 0 else {
            throw Failure(file: file, reason: "\(helper) decode wrote \(output.count) bytes, not a sample rate and two channels")
        }
        let frames = (output.count - header) / (2 * sample)
        return output.withUnsafeBytes { raw in
            let rate = raw.loadUnaligned(as: UInt32.self)
            func channel(_ index: Int) -> [Float] {
                let start = header + index * frames * sample
                return (0..<frames).map { raw.loadUnaligned(fromByteOffset: start + $0 * sample, as: Float.self) }
            }
            return (StereoBuffer(left: channel(0), right: channel(1)), Int(rate))
        }
    }

    private static var missing: String {
        "cannot run the AAC encoder \(helper) (it is built and shipped beside bijoux-assets; \(helperVariable) names another)"
    }

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
