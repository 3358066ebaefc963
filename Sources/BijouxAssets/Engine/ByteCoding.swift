import BijouxCore

/// A flat binary form for values the engine keeps between builds (the cache, a job's
/// artifact): big-endian 64-bit words, length-prefixed bytes and strings. A reader
/// returns nil for anything short or malformed, never traps. `number` is a count or a
/// length (never more than the bytes there are); `integer` any Int.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func number(_ value: Int) { word(UInt64(value)) }

    mutating func word(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func data(_ value: [UInt8]) {
        number(value.count)
        bytes += value
    }

    mutating func string(_ value: String) { data(Array(value.utf8)) }

    mutating func integer(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }

    mutating func double(_ value: Double) { word(value.bitPattern) }

    mutating func bool(_ value: Bool) { number(value ? 1 : 0) }

    mutating func hash(_ value: ContentHash) {
        word(value.high)
        word(value.low)
    }
}

struct ByteReader {
    let bytes: [UInt8]
    var at: Int

    mutating func word() -> UInt64? {
        guard at + 8 <= bytes.count else { return nil }
        defer { at += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) }
    }

    mutating func number() -> Int? {
        guard let value = word(), value <= UInt64(bytes.count) else { return nil }
        return Int(value)
    }

    mutating func data() -> [UInt8]? {
        guard let count = number(), at + count <= bytes.count else { return nil }
        defer { at += count }
        return Array(bytes[at..<at + count])
    }

    mutating func string() -> String? {
        guard let data = data() else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return Array(text.utf8) == data ? text : nil
    }

    mutating func integer() -> Int? { word().map { Int(Int64(bitPattern: $0)) } }

    mutating func double() -> Double? { word().map(Double.init(bitPattern:)) }

    mutating func bool() -> Bool? {
        switch word() {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func hash() -> ContentHash? {
        guard let high = word(), let low = word() else { return nil }
        return ContentHash(high: high, low: low)
    }
}

/// What a job leaves for the jobs that take its results (see
/// `JobRecorder.leave`): a value written field by field in the engine's binary form, so
/// it is exact (numbers bit for bit) and the same bytes for the same value. Every kind of
/// artifact codes itself this one way; decoding gives nil for bytes that are not one whole value.
protocol ArtifactCoding: Sendable {
    func write(to writer: inout ByteWriter)
    init?(reading reader: inout ByteReader)
}

extension ArtifactCoding {
    var encoded: [UInt8] {
        var writer = ByteWriter()
        write(to: &writer)
        return writer.bytes
    }

    init?(encoded bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes, at: 0)
        guard let value = Self(reading: &reader), reader.at == bytes.count else { return nil }
        self = value
    }
}

extension BuildCache.Entry {
    /// The artifact the job left, decoded as `type` (its stage's), or nil when it left none.
    func artifact(of job: JobID, as type: (any ArtifactCoding.Type)?) throws(ArtifactError) -> (any ArtifactCoding)? {
        guard !artifact.isEmpty else { return nil }
        guard let type, let value = type.init(encoded: artifact) else { throw ArtifactError(job: job.description) }
        return value
    }
}

/// The engine found an artifact it cannot read: a bug, or a cache that lied.
struct ArtifactError: UserFacingError {
    var job: String
    var diagnostic: Diagnostic {
        Diagnostic(place: nil, message: "internal error: the artifact of \(job) is unreadable; delete the output folder's .bijoux cache and build again")
    }
}
