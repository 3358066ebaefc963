import CBijouxAudio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// bijoux-aac: the one program of the package that links FFmpeg. The sounds stage of
/// `bijoux-assets` runs it when a track must be encoded, so the tool's own start loads
/// none of FFmpeg's libraries (see `AACCodec`, its client, for the protocol):
///
///     bijoux-aac encode SAMPLE_RATE BIT_RATE   interleaved Float32 frames (left, right) in, .m4a out
///     bijoux-aac decode                        a container in, sample rate (UInt32) and planar Float32 out
///
/// Numbers are in the machine's byte order: both ends run on one machine. A failure is
/// one line on standard error and exit status 1. Encoding reads its input an AAC frame
/// (1024 samples a channel) at a time and encodes it at once, so neither end holds a
/// track's samples whole; only the file is held, in memory, until it is written.
///
/// The encoding recipe: FFmpeg's native `aac` encoder (AAC-LC) into the `ipod` muxer
/// (MP4 with the M4A brand), in memory, with both bit-exact flags: the muxer's
/// `AVFMT_FLAG_BITEXACT` leaves out the `encoder` tag ("Lavf" and libavformat's version)
/// and the encoder's `AV_CODEC_FLAG_BITEXACT` the "Lavc" version string it otherwise
/// writes in the first frame; with no `creation_time` metadata the movie and track
/// headers' dates are zero. What is left is a function of the samples and FFmpeg's
/// encoder, so the same PCM makes the same file with one FFmpeg build.
let muxer = "ipod"
let encoder = "aac"

func fail(_ message: String) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func readInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { fail("cannot read standard input: " + String(cString: strerror(errno))) }
        if count == 0 { return bytes }
        bytes += chunk.prefix(count)
    }
}

func writeOutput(_ pointer: UnsafeRawPointer?, _ count: Int) {
    guard let pointer else { return }
    var done = 0
    while done < count {
        let wrote = write(1, pointer + done, count - done)
        if wrote < 0 && errno == EINTR { continue }
        if wrote <= 0 { fail("cannot write standard output: " + String(cString: strerror(errno))) }
        done += wrote
    }
}

func message(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func encode(sampleRate: Int32, bitRate: Int64) {
    var reason = [CChar](repeating: 0, count: 256)
    // The names must outlive the call that reads them, not just the settings' init.
    let opened = muxer.withCString { muxer in
        encoder.withCString { encoder in
            var made: OpaquePointer?
            let settings = bx_aac_settings(muxer: muxer, encoder: encoder, bit_rate: bitRate, bit_exact: 1)
            return bx_aac_encoder_open(sampleRate, settings, &made, &reason, reason.count) == 0 ? made : nil
        }
    }
    guard let opened else { fail("FFmpeg could not encode AAC: " + message(reason)) }
    // The encoder takes one AAC frame's samples at a time (the last may be shorter), as
    // when the whole track was read first: the same frames make the same bytes.
    let frameSize = Int(bx_aac_encoder_frame_size(opened))
    var interleaved = [Float](repeating: 0, count: 2 * frameSize)
    var left = [Float](repeating: 0, count: frameSize), right = left
    var ended = false
    while !ended {
        var filled = 0
        let size = interleaved.count * MemoryLayout<Float>.size
        while filled < size {
            let count = interleaved.withUnsafeMutableBytes { read(0, $0.baseAddress.map { $0 + filled }, size - filled) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { fail("cannot read standard input: " + String(cString: strerror(errno))) }
            if count == 0 {
                ended = true
                break
            }
            filled += count
        }
        guard filled % (2 * MemoryLayout<Float>.size) == 0 else { fail("encode: the input is not whole stereo frames of Float32") }
        let frames = filled / (2 * MemoryLayout<Float>.size)
        guard frames > 0 else { break }
        for i in 0..<frames {
            left[i] = interleaved[2 * i]
            right[i] = interleaved[2 * i + 1]
        }
        guard bx_aac_encoder_write(opened, left, right, Int32(frames), &reason, reason.count) == 0 else {
            fail("FFmpeg could not encode AAC: " + message(reason))
        }
    }
    var bytes = bx_audio_bytes()
    guard bx_aac_encoder_finish(opened, &bytes, &reason, reason.count) == 0 else { fail("FFmpeg could not encode AAC: " + message(reason)) }
    writeOutput(bytes.data, bytes.size)
    bx_audio_free(bytes.data)
    bx_aac_encoder_free(opened)
}

func decode() {
    let input = readInput()
    var pcm = bx_audio_pcm()
    var reason = [CChar](repeating: 0, count: 256)
    guard bx_aac_decode(input, input.count, &pcm, &reason, reason.count) == 0 else { fail("FFmpeg could not decode: " + message(reason)) }
    var rate = UInt32(pcm.sample_rate)
    writeOutput(&rate, MemoryLayout<UInt32>.size)
    let size = Int(pcm.frames) * MemoryLayout<Float>.size
    writeOutput(pcm.left, size)
    writeOutput(pcm.right, size)
    bx_audio_free(pcm.left)
    bx_audio_free(pcm.right)
}

let usage = """
    OVERVIEW: The AAC encoder bijoux-assets runs for its sounds stage (FFmpeg's aac in .m4a).

    USAGE: bijoux-aac encode SAMPLE_RATE BIT_RATE < pcm > track.m4a
           bijoux-aac decode < track.m4a > pcm

    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "encode" where arguments.count == 3:
    guard let rate = Int32(arguments[1]), rate > 0, let bits = Int64(arguments[2]), bits > 0 else {
        fail("encode: SAMPLE_RATE and BIT_RATE are positive whole numbers")
    }
    encode(sampleRate: rate, bitRate: bits)
case "decode" where arguments.count == 1:
    decode()
case "--help", "-h", nil:
    print(usage, terminator: "")
default:
    let line = Array(("error: unknown arguments '\(arguments.joined(separator: " "))'. See 'bijoux-aac --help'.\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
