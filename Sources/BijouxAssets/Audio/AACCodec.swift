import CBijouxAudio

/// AAC-LC in an MP4 (.m4a) container through FFmpeg's libraries: its native `aac`
/// encoder and the `ipod` muxer (the MP4 muxer with the M4A brand), in memory.
///
/// Deterministic bytes: the muxer's `AVFMT_FLAG_BITEXACT` leaves out the `encoder`
/// tag ("Lavf" and libavformat's version) and the encoder's `AV_CODEC_FLAG_BITEXACT`
/// the "Lavc" version string it otherwise writes in the first frame; with no
/// `creation_time` metadata the movie and track headers' dates are zero. What is
/// left is a function of the samples and FFmpeg's encoder, so the same PCM makes
/// the same file with one FFmpeg build (another FFmpeg version may encode otherwise).
public enum AACCodec {
    static let bitRate = 128_000
    /// One AAC frame, in samples: the granularity of the file's length.
    static let frameLength = 1024

    /// FFmpeg refused: `file` is what was being encoded (the score) or decoded.
    public struct Failure: UserFacingError, Equatable {
        public var file: String
        public var reason: String
        public var diagnostic: Diagnostic { Diagnostic(place: file, message: reason) }

        init(file: String, _ what: String, _ message: [CChar]) {
            self.file = file
            reason = "FFmpeg could not \(what): " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    static func encode(_ buffer: StereoBuffer, file: String) throws(Failure) -> [UInt8] {
        let settings = bx_aac_settings(muxer: "ipod", encoder: "aac", bit_rate: Int64(bitRate), bit_exact: 1)
        var bytes = bx_audio_bytes()
        var message = [CChar](repeating: 0, count: 256)
        let status = bx_aac_encode(buffer.left, buffer.right, Int64(buffer.frames), Int32(Voices.sampleRate), settings, &bytes, &message, message.count)
        guard status == 0 else { throw Failure(file: file, "encode AAC", message) }
        defer { bx_audio_free(bytes.data) }
        return Array(UnsafeBufferPointer(start: bytes.data, count: bytes.size))
    }

    /// The samples of an encoded file, and its sample rate.
    static func decode(_ bytes: [UInt8], file: String) throws(Failure) -> (buffer: StereoBuffer, sampleRate: Int) {
        var pcm = bx_audio_pcm()
        var message = [CChar](repeating: 0, count: 256)
        let status = bx_aac_decode(bytes, bytes.count, &pcm, &message, message.count)
        guard status == 0 else { throw Failure(file: file, "decode", message) }
        defer {
            bx_audio_free(pcm.left)
            bx_audio_free(pcm.right)
        }
        let frames = Int(pcm.frames)
        let buffer = StereoBuffer(
            left: Array(UnsafeBufferPointer(start: pcm.left, count: frames)),
            right: Array(UnsafeBufferPointer(start: pcm.right, count: frames)))
        return (buffer, Int(pcm.sample_rate))
    }
}
