import CBijouxAudio
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// bijoux-aac: the one program of the package that links FFmpeg. The sounds stage of
/// `bijoux-assets` runs it when a track must be encoded, so the tool's own start loads
/// none of FFmpeg's libraries (see `AACCodec`, its client, for the protocol):
///
///     bijoux-aac encode SAMPLE_RATE BIT_RATE [THREADS [STRETCH]]  interleaved Float32 frames (left, right) in, .m4a out
///     bijoux-aac decode MAX_FRAMES                      a container in, sample rate (UInt32) and planar Float32 out
///
/// Numbers are in the machine's byte order: both ends run on one machine. A failure is
/// one line on standard error and exit status 1.
///
/// The encoding recipe: FFmpeg's native `aac` encoder (AAC-LC, its "fast" quantiser
/// search) into the `ipod` muxer (MP4 with the M4A brand), in memory, with both
/// bit-exact flags: the muxer's
/// `AVFMT_FLAG_BITEXACT` leaves out the `encoder` tag ("Lavf" and libavformat's version)
/// and the encoder's `AV_CODEC_FLAG_BITEXACT` the "Lavc" version string it otherwise
/// writes in the first frame; with no `creation_time` metadata the movie and track
/// headers' dates are zero.
///
/// Encoding in stretches, side by side. The encoder runs on one core, so the track is
/// cut into stretches of `Stretch.frames` AAC frames (1024 samples each) that are
/// encoded at once on THREADS threads (default 1; STRETCH frames, for tests, to try many
/// joins), each by an encoder of its own, and
/// whose packets are joined in order. The cut depends on the track alone, never on the
/// threads, so the file is the same for any number. Each stretch's encoder starts
/// `Stretch.preroll` frames early and runs `Stretch.overrun` frames on, and only its
/// own frames' packets are kept: at a join, the frame before it (from the first
/// encoder) and the frame after it (from the next, which has encoded that frame before
/// too) overlap in the decoder, whose windows must be the ones each encoder assumed.
/// So a join is taken only when both encoders chose the same window (sequence and
/// shape) for the frame before it, read from the packet's first bits; otherwise the two
/// stretches are encoded again as one. The input is read an AAC frame at a time, and
/// only the stretches being encoded, or waiting to be joined, are held.
let muxer = "ipod"
let encoder = "aac"
/// The encoder's quantiser search (its `aac_coder` option): "fast", FFmpeg's
/// constant-quantiser search, rather than its default "twoloop", which takes twice the
/// time; at 128 kbit/s on this music the two measure alike (docs/sounds.md#encoding-the-helper-bijoux-aac).
let coder = "fast"

enum Stretch {
    /// 30 s at 44.1 kHz: a minute's track is two stretches. Each encoder's first frames
    /// cost more (its rate control settles), so a stretch is long. (The tests give
    /// shorter ones, as a fourth argument, to try many joins.)
    static let frames = 1292
    static let preroll = 4
    static let overrun = 3
}

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

/// Fills `buffer` from standard input as far as it goes; the bytes read (fewer only at the end).
func readFully(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    var filled = 0
    while filled < buffer.count {
        let count = read(0, buffer.baseAddress! + filled, buffer.count - filled)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { fail("cannot read standard input: " + String(cString: strerror(errno))) }
        if count == 0 { break }
        filled += count
    }
    return filled
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

/// Runs an FFmpeg call that fills a message on failure; fails the helper with it.
func check(_ body: (inout [CChar]) -> Int32) {
    var reason = [CChar](repeating: 0, count: 256)
    if body(&reason) != 0 { fail("FFmpeg could not encode AAC: " + message(reason)) }
}

/// The settings every encoder and the muxer are opened with; the names must outlive
/// the calls that read them.
func withSettings<T>(bitRate: Int64, _ body: (bx_aac_settings) -> T) -> T {
    muxer.withCString { muxer in
        encoder.withCString { encoder in
            coder.withCString { coder in body(bx_aac_settings(muxer: muxer, encoder: encoder, coder: coder, bit_rate: bitRate, bit_exact: 1)) }
        }
    }
}

/// One stretch of the track: the AAC frames whose packets it keeps (`first..<end`; the
/// last stretch keeps all from `first`), the frames its encoder is given (from
/// `inputFirst`, planar), and, once encoded, the encoder with its packets.
final class Segment: @unchecked Sendable {
    let first: Int
    var end: Int?
    let inputFirst: Int
    var left: [Float] = [], right: [Float] = []
    private(set) var encoder: OpaquePointer?
    private let done = DispatchSemaphore(value: 0)

    init(first: Int, end: Int?, inputFirst: Int) { (self.first, self.end, self.inputFirst) = (first, end, inputFirst) }

    deinit { bx_aac_encoder_free(encoder) }

    var isEncoded: Bool {
        guard done.wait(timeout: .now()) == .success else { return false }
        done.signal()
        return true
    }

    func encode(_ track: Track) {
        let made = track.openEncoder()
        var at = 0
        while at < left.count {
            let count = min(track.frameSize, left.count - at)
            let pts = Int64(inputFirst * track.frameSize + at)
            check { reason in
                left.withUnsafeBufferPointer { l in
                    right.withUnsafeBufferPointer { r in
                        bx_aac_encoder_write(made, l.baseAddress! + at, r.baseAddress! + at, Int32(count), pts, &reason, reason.count)
                    }
                }
            }
            at += count
        }
        check { reason in bx_aac_encoder_flush(made, &reason, reason.count) }
        encoder = made
        done.signal()
    }

    /// Its packets whose start is in `range` (in samples), by index.
    func packets(in range: Range<Int64>) -> [Int32] {
        (0..<bx_aac_encoder_packet_count(encoder)).filter { range.contains(bx_aac_encoder_packet(encoder, $0).pts) }
    }

    /// The window (sequence and shape) of the packet that starts at `pts`: nil unless
    /// it is a channel pair with a common window, whose ics_info follows its first byte
    /// (3 bits of element id, 4 of tag, 1 of common window; 1 reserved, 2 of window
    /// sequence, 1 of window shape).
    func window(at pts: Int64) -> UInt16? {
        guard let index = packets(in: pts..<(pts + 1)).first else { return nil }
        let packet = bx_aac_encoder_packet(encoder, index)
        guard packet.size >= 2, let data = packet.data else { return nil }
        let bits = UInt16(data[0]) << 8 | UInt16(data[1])
        guard bits >> 13 == 1, (bits >> 8) & 1 == 1 else { return nil }
        return (bits >> 4) & 0x7
    }
}

/// One track's encoding: its stretches, encoded on `threads` threads, joined in order
/// into the muxer as they are done (see the top of the file).
final class Track: @unchecked Sendable {
    let sampleRate: Int32, bitRate: Int64
    let frameSize: Int
    private let probe: OpaquePointer
    private let muxer: OpaquePointer
    private let encoding: DispatchSemaphore
    /// At most this many stretches are held: those being encoded, one waiting to be
    /// joined and the two being read (one's overrun is the next one's preroll).
    private let holding: DispatchSemaphore
    private let running = DispatchGroup()
    /// The stretches read and not yet written, in order, and whether the input has
    /// ended (so the last is known): touched only on `joiner`.
    private let joiner = DispatchQueue(label: "join")
    private var pending: [Segment] = []
    private var ended = false

    /// Frames in a stretch (`Stretch.frames`).
    let stretch: Int

    init(sampleRate: Int32, bitRate: Int64, threads: Int, stretch: Int) {
        (self.sampleRate, self.bitRate, self.stretch) = (sampleRate, bitRate, stretch)
        encoding = DispatchSemaphore(value: threads)
        holding = DispatchSemaphore(value: threads + 2)
        var made: OpaquePointer?
        check { reason in withSettings(bitRate: bitRate) { bx_aac_encoder_open(sampleRate, $0, &made, &reason, reason.count) } }
        probe = made!
        frameSize = Int(bx_aac_encoder_frame_size(probe))
        var muxed: OpaquePointer?
        check { reason in withSettings(bitRate: bitRate) { bx_aac_muxer_open(made, $0, &muxed, &reason, reason.count) } }
        muxer = muxed!
    }

    deinit {
        bx_aac_muxer_free(muxer)
        bx_aac_encoder_free(probe)
    }

    func openEncoder() -> OpaquePointer {
        var made: OpaquePointer?
        check { reason in withSettings(bitRate: bitRate) { bx_aac_encoder_open(sampleRate, $0, &made, &reason, reason.count) } }
        return made!
    }

    /// Reads standard input an AAC frame at a time into the stretches that take it,
    /// encoding each once it has its input, and returns the container's bytes.
    func encodeInput() -> bx_audio_bytes {
        var interleaved = [Float](repeating: 0, count: 2 * frameSize)
        var reading: [Segment] = []
        var frame = 0
        while true {
            let bytes = interleaved.withUnsafeMutableBytes { readFully($0) }
            guard bytes % (2 * MemoryLayout<Float>.size) == 0 else { fail("encode: the input is not whole stereo frames of Float32") }
            let count = bytes / (2 * MemoryLayout<Float>.size)
            guard count > 0 else { break }
            if frame == 0 || (frame + Stretch.preroll) % stretch == 0 {
                let first = frame == 0 ? 0 : frame + Stretch.preroll
                let segment = Segment(first: first, end: first + stretch, inputFirst: frame)
                let capacity = (segment.first + stretch + Stretch.overrun - frame) * frameSize
                segment.left.reserveCapacity(capacity)
                segment.right.reserveCapacity(capacity)
                holding.wait()
                reading.append(segment)
                joiner.sync { pending.append(segment) }
            }
            let (left, right) = interleaved.withUnsafeBufferPointer { samples in
                ((0..<count).map { samples[2 * $0] }, (0..<count).map { samples[2 * $0 + 1] })
            }
            for segment in reading {
                segment.left.append(contentsOf: left)
                segment.right.append(contentsOf: right)
            }
            frame += 1
            // A stretch has its input once it has run `overrun` frames past its end.
            while let segment = reading.first, segment.inputFirst + segment.left.count / frameSize >= segment.first + stretch + Stretch.overrun {
                reading.removeFirst()
                start(segment)
            }
            if count < frameSize { break }
        }
        // A stretch begun in the preroll of one the input never reached is none; the last keeps all.
        let unreached = reading.filter { $0.first >= frame }.count
        reading.removeAll { $0.first >= frame }
        joiner.sync {
            pending.removeAll { $0.first >= frame }
            pending.last?.end = nil
            ended = true
        }
        for _ in 0..<unreached { holding.signal() }
        for segment in reading { start(segment) }
        running.wait()
        joiner.sync {
            join()
            precondition(pending.isEmpty, "every stretch is joined once all are encoded")
        }
        var bytes = bx_audio_bytes()
        check { reason in bx_aac_muxer_finish(muxer, &bytes, &reason, reason.count) }
        return bytes
    }

    private func start(_ segment: Segment) {
        running.enter()
        DispatchQueue.global().async {
            self.encoding.wait()
            segment.encode(self)
            self.encoding.signal()
            self.joiner.async { self.join() }
            self.running.leave()
        }
    }

    /// Writes the first pending stretch while it can be joined to the next (both
    /// encoded); when their encoders chose different windows for the frame before the
    /// join, encodes the two as one instead. On `joiner`.
    private func join() {
        while let a = pending.first, a.isEncoded {
            if pending.count == 1 {
                guard ended else { return }
                write(a, before: nil)
            } else {
                let b = pending[1]
                guard b.isEncoded else { return }
                let before = Int64(b.first - 1) * Int64(frameSize)
                guard let window = a.window(at: before), window == b.window(at: before) else {
                    let merged = Segment(first: a.first, end: b.end, inputFirst: a.inputFirst)
                    let kept = (b.inputFirst - a.inputFirst) * frameSize
                    (merged.left, merged.right) = (Array(a.left.prefix(kept)) + b.left, Array(a.right.prefix(kept)) + b.right)
                    merged.encode(self)
                    pending.replaceSubrange(0...1, with: [merged])
                    holding.signal()
                    continue
                }
                write(a, before: b.first)
            }
            pending.removeFirst()
            holding.signal()
        }
    }

    /// Writes the packets of `segment`'s own frames, up to frame `end`.
    private func write(_ segment: Segment, before end: Int?) {
        let samples = Int64(frameSize)
        let from: Int64 = segment.first == 0 ? .min : Int64(segment.first) * samples
        for index in segment.packets(in: from..<(end.map { Int64($0) * samples } ?? .max)) {
            check { reason in bx_aac_muxer_write(muxer, segment.encoder, index, &reason, reason.count) }
        }
    }
}

/// Encodes standard input in stretches of `stretch` frames on `threads` threads (see the top of the file).
func encode(sampleRate: Int32, bitRate: Int64, threads: Int, stretch: Int) {
    let track = Track(sampleRate: sampleRate, bitRate: bitRate, threads: threads, stretch: stretch)
    let bytes = track.encodeInput()
    writeOutput(bytes.data, bytes.size)
    bx_audio_free(bytes.data)
}

/// Decodes standard input, at most `maxFrames` frames of it (a longer stream fails).
func decode(maxFrames: Int64) {
    let input = readInput()
    var pcm = bx_audio_pcm()
    var reason = [CChar](repeating: 0, count: 256)
    let status = bx_aac_decode(input, input.count, maxFrames, &pcm, &reason, reason.count)
    guard status == 0 else {
        fail(status == -ERANGE ? "the sound is longer than \(maxFrames) frames" : "FFmpeg could not decode: " + message(reason))
    }
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

    USAGE: bijoux-aac encode SAMPLE_RATE BIT_RATE [THREADS [STRETCH]] < pcm > track.m4a
           bijoux-aac decode MAX_FRAMES < track.m4a > pcm

    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "encode" where (3...5).contains(arguments.count):
    guard let rate = Int32(arguments[1]), rate > 0, let bits = Int64(arguments[2]), bits > 0,
        let threads = arguments.count >= 4 ? Int(arguments[3]) : 1, threads > 0,
        let stretch = arguments.count == 5 ? Int(arguments[4]) : Stretch.frames, stretch > Stretch.preroll + Stretch.overrun
    else {
        fail("encode: SAMPLE_RATE, BIT_RATE and THREADS are positive whole numbers, and STRETCH more than \(Stretch.preroll + Stretch.overrun)")
    }
    encode(sampleRate: rate, bitRate: bits, threads: threads, stretch: stretch)
case "decode" where arguments.count == 2:
    guard let maxFrames = Int64(arguments[1]), maxFrames > 0 else { fail("decode: MAX_FRAMES is a positive whole number") }
    decode(maxFrames: maxFrames)
case "--help", "-h", nil:
    print(usage, terminator: "")
default:
    let line = Array(("error: unknown arguments '\(arguments.joined(separator: " "))'. See 'bijoux-aac --help'.\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
