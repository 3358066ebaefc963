import BijouxHelperKit
import CBijouxAudio
import Dispatch

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
/// encoded at once on THREADS threads (of STRETCH frames instead, for tests, to try many
/// joins), each by an encoder of its own, and whose packets are joined in order. The cut depends on the track alone, never on the
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

func message(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Runs an FFmpeg call that fills a message on failure; fails the helper with it.
func check(_ body: (inout [CChar]) -> Int32) {
    var reason = [CChar](repeating: 0, count: 256)
    if body(&reason) != 0 { HelperIO.fail("FFmpeg could not encode AAC: " + message(reason)) }
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
/// into the muxer as they are done (see the top of this file).
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

    /// Reads `input` an AAC frame at a time into the stretches that take it, encoding each
    /// once it has its input, and returns the container's bytes.
    func encode(_ input: inout HelperInput) -> bx_audio_bytes {
        var interleaved = [Float](repeating: 0, count: 2 * frameSize)
        var reading: [Segment] = []
        var frame = 0
        while true {
            let read = interleaved.withUnsafeMutableBytes { buffer in Result { () throws(HelperError) in try input.read(into: buffer) } }
            let bytes: Int
            switch read {
            case .success(let count): bytes = count
            case .failure(let error): HelperIO.fail("encode: \(error.message)")
            }
            guard bytes % AACRequest.frameBytes == 0 else { HelperIO.fail("encode: the input is not whole stereo frames of Float32") }
            let count = bytes / AACRequest.frameBytes
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
            let (left, right) = interleaved.withUnsafeBufferPointer { samples -> ([Float], [Float]) in
                let left: [Float] = (0..<count).map { (i: Int) -> Float in samples[2 * i] }
                let right: [Float] = (0..<count).map { (i: Int) -> Float in samples[2 * i + 1] }
                return (left, right)
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
                    // The two stretches' samples are the merged one's now: not held twice while it encodes.
                    (a.left, a.right, b.left, b.right) = ([], [], [], [])
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
