import BijouxHelperKit
import CBijouxAudio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// bijoux-aac: the one program of the package that links FFmpeg. The sounds stage of
// `bijoux-assets` runs it when a track must be encoded, so the tool's own start loads
// none of FFmpeg's libraries. Its protocol, the requests it takes and what it writes,
// is `AACRequest` in BijouxHelperKit; its encoding recipe and how it encodes a track in
// stretches side by side are in Encoder.swift.

/// Encodes standard input in stretches of `stretch` frames on `threads` threads (Encoder.swift).
func encode(sampleRate: Int32, bitRate: Int64, threads: Int, stretch: Int) {
    let track = Track(sampleRate: sampleRate, bitRate: bitRate, threads: threads, stretch: stretch)
    var input = HelperInput(fd: 0)
    let bytes = track.encode(&input)
    do { try HelperIO.writeAll(1, UnsafeRawBufferPointer(start: bytes.data, count: bytes.size)) } catch { HelperIO.fail("encode: \(error.message)") }
    bx_audio_free(bytes.data)
}

/// Decodes standard input, at most `maxFrames` frames of it (a longer stream fails), and
/// writes the sound as `AACDecodedSound` lays it out.
func decode(maxFrames: Int64) {
    var input = HelperInput(fd: 0)
    let bytes: [UInt8]
    do { bytes = try input.rest() } catch { HelperIO.fail("decode: \(error.message)") }
    var pcm = bx_audio_pcm()
    var reason = [CChar](repeating: 0, count: 256)
    let status = bx_aac_decode(bytes, bytes.count, maxFrames, &pcm, &reason, reason.count)
    guard status == 0 else {
        HelperIO.fail(status == -ERANGE ? "the sound is longer than \(maxFrames) frames" : "FFmpeg could not decode: " + message(reason))
    }
    let frames = Int(pcm.frames)
    do {
        try AACDecodedSound.write(
            sampleRate: UInt32(pcm.sample_rate), left: UnsafeBufferPointer(start: pcm.left, count: frames),
            right: UnsafeBufferPointer(start: pcm.right, count: frames)
        ) { bytes throws(HelperError) in try HelperIO.writeAll(1, bytes) }
    } catch {
        HelperIO.fail("decode: \(error.message)")
    }
    bx_audio_free(pcm.left)
    bx_audio_free(pcm.right)
}

let usage = """
    OVERVIEW: The AAC encoder bijoux-assets runs for its sounds stage (FFmpeg's aac in .m4a).

    """ + AACRequest.usage

bx_audio_return_large_blocks()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] {
    print(usage, terminator: "")
    exit(0)
}
let request: AACRequest
do { request = try AACRequest(arguments: arguments) } catch { HelperIO.fail("error: \(error.message). See 'bijoux-aac --help'.", status: 2) }
switch request {
case .encode(let sampleRate, let bitRate, let threads, let stretch):
    let frames = stretch ?? Stretch.frames
    guard frames > Stretch.preroll + Stretch.overrun else {
        HelperIO.fail("encode: STRETCH must be more than \(Stretch.preroll + Stretch.overrun) frames, a stretch's preroll and overrun", status: 2)
    }
    encode(sampleRate: Int32(sampleRate), bitRate: Int64(bitRate), threads: threads, stretch: frames)
case .decode(let maxFrames):
    decode(maxFrames: Int64(maxFrames))
}
