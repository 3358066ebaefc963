/// The AAC helper's protocol, between the tool (`AACCodec` in BijouxAssets) and
/// `bijoux-aac`, both of which write and read it through these types alone: a request is
/// the helper's command line (`AACRequest`), its input and output are its standard
/// streams, and it runs once per request.
///
///     bijoux-aac encode SAMPLE_RATE BIT_RATE THREADS [STRETCH]
///     bijoux-aac decode MAX_FRAMES
///
/// `encode` reads interleaved Float32 frames (left, right; `AACRequest.frameBytes` each)
/// on its standard input, encoding them as they come in stretches side by side on
/// THREADS threads (STRETCH AAC frames each, for tests; the helper's own length without
/// it), and writes the `.m4a` on its standard output once its input ends; its bytes are
/// the same for any THREADS. `decode` reads a container and writes the sample rate (a
/// UInt32) and then planar Float32, the left channel and then the right
/// (`AACDecodedSound`), failing on a stream longer than MAX_FRAMES. Numbers are in the
/// machine's byte order: both ends run on one machine. A failure is one line on its
/// standard error and exit status 1; a command line it does not take, exit status 2.
package enum AACRequest: Equatable, Sendable {
    case encode(sampleRate: Int, bitRate: Int, threads: Int, stretch: Int? = nil)
    case decode(maxFrames: Int)

    /// What `bijoux-aac --help` says of its command line.
    package static let usage = """
        USAGE: bijoux-aac encode SAMPLE_RATE BIT_RATE THREADS [STRETCH] < pcm > track.m4a
               bijoux-aac decode MAX_FRAMES < track.m4a > pcm

        """

    /// The bytes of one frame of `encode`'s input: a Float32 for each channel.
    package static let frameBytes = 2 * MemoryLayout<Float>.size

    /// The helper's command line for the request, after its name.
    package var arguments: [String] {
        switch self {
        case .encode(let sampleRate, let bitRate, let threads, let stretch):
            ["encode", String(sampleRate), String(bitRate), String(threads)] + (stretch.map { [String($0)] } ?? [])
        case .decode(let maxFrames): ["decode", String(maxFrames)]
        }
    }

    /// The request a command line makes (after the helper's name); one it does not make is
    /// the error, which says what is wrong.
    package init(arguments: [String]) throws(HelperError) {
        func number(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(HelperError) -> Int {
            guard let value = Int(arguments[index]), range.contains(value) else {
                throw HelperError("\(arguments[0]): \(name) is not a whole number in \(range.lowerBound)...\(range.upperBound): '\(arguments[index])'")
            }
            return value
        }
        switch (arguments.first, arguments.count) {
        case ("encode", 4...5):
            let sampleRate = try number(1, "SAMPLE_RATE", in: 1...Int(Int32.max)), bitRate = try number(2, "BIT_RATE", in: 1...Int(Int32.max))
            let threads = try number(3, "THREADS", in: 1...Int(Int32.max))
            let stretch = arguments.count == 5 ? try number(4, "STRETCH", in: 1...Int(Int32.max)) : nil
            self = .encode(sampleRate: sampleRate, bitRate: bitRate, threads: threads, stretch: stretch)
        case ("decode", 2):
            self = .decode(maxFrames: try number(1, "MAX_FRAMES", in: 1...Int(Int32.max)))
        default:
            throw HelperError("unknown arguments '\(arguments.joined(separator: " "))'")
        }
    }
}

/// What `bijoux-aac decode` writes: the sound's sample rate and its two channels (see
/// `AACRequest` for the bytes).
package struct AACDecodedSound: Equatable, Sendable {
    package var sampleRate: UInt32
    package var left: [Float]
    package var right: [Float]

    init(sampleRate: UInt32, left: [Float], right: [Float]) {
        precondition(left.count == right.count, "two channels of one length")
        (self.sampleRate, self.left, self.right) = (sampleRate, left, right)
    }

    /// Its frames: samples in each channel.
    var frames: Int { left.count }

    /// Its bytes, as the helper writes them.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(MemoryLayout<UInt32>.size + 2 * frames * MemoryLayout<Float>.size)
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                Self.write(sampleRate: sampleRate, left: left, right: right) { bytes += $0 }
            }
        }
        return bytes
    }

    /// Hands the bytes of a sound to `sink` in order, without copying its channels: the
    /// sample rate, then each channel's samples.
    package static func write<E: Error>(
        sampleRate: UInt32, left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>, to sink: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        precondition(left.count == right.count, "two channels of one length")
        var rate = sampleRate
        try withUnsafeBytes(of: &rate) { raw throws(E) in try sink(raw) }
        try sink(UnsafeRawBufferPointer(left))
        try sink(UnsafeRawBufferPointer(right))
    }

    /// The sound `bytes` hold; bytes that are not a sample rate and two whole channels are
    /// the error.
    package init(decoding bytes: [UInt8]) throws(HelperError) {
        let header = MemoryLayout<UInt32>.size, sample = MemoryLayout<Float>.size
        guard bytes.count >= header, (bytes.count - header) % (2 * sample) == 0 else {
            throw HelperError("\(bytes.count) bytes are not a sample rate (4 bytes) and two channels of Float32")
        }
        let frames = (bytes.count - header) / (2 * sample)
        let (rate, left, right) = bytes.withUnsafeBytes { raw in
            func channel(_ index: Int) -> [Float] {
                [Float](unsafeUninitializedCapacity: frames) { buffer, count in
                    let start = header + index * frames * sample
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + frames * sample]))
                    count = frames
                }
            }
            return (raw.loadUnaligned(as: UInt32.self), channel(0), channel(1))
        }
        self.init(sampleRate: rate, left: left, right: right)
    }
}
