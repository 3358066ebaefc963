import CXXHash

/// A 128-bit content hash (XXH3 from libxxhash): the build cache's keys and the
/// fingerprints of the files it keeps. Not cryptographic: it detects change, not
/// tampering, which is all a cache of one's own outputs needs.
struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    static func of(_ bytes: [UInt8]) -> ContentHash {
        let hash = bytes.withUnsafeBytes { XXH3_128bits($0.baseAddress, $0.count) }
        return ContentHash(high: hash.high64, low: hash.low64)
    }

    /// 32 lowercase hex digits.
    var description: String { hex(high) + hex(low) }

    /// Parses `description` back; nil for anything else.
    init?(hex text: Substring) {
        guard text.utf8.count == 32, let high = UInt64(text.prefix(16), radix: 16), let low = UInt64(text.suffix(16), radix: 16) else {
            return nil
        }
        self.init(high: high, low: low)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Builds the key of one job from the things that decide its outputs. Every part is
/// framed by its label and length, so ("ab", "c") and ("a", "bc") differ.
struct CacheKey {
    private let state: HashState

    /// `kind` names what is keyed ("charm", "icon"), so two kinds of job with the same
    /// parts never share a key.
    init(_ kind: String) {
        state = HashState()
        add("kind", kind)
    }

    func add(_ label: String, _ bytes: [UInt8]) {
        frame(label, count: bytes.count)
        state.update(bytes)
    }

    func add(_ label: String, _ text: String) { add(label, Array(text.utf8)) }

    /// Numbers by their exact bits: 2.5 and 2.50 are one key, 2.5 and 2.5000001 two.
    func add(_ label: String, _ number: Double) { add(label, String(number.bitPattern, radix: 16)) }

    func add(_ label: String, _ number: Int) { add(label, String(number)) }

    func add(_ label: String, _ hash: ContentHash) { add(label, hash.description) }

    var hash: ContentHash { state.digest() }

    /// The key of a job that takes other jobs' results (`JobArtifact`): its own key with
    /// the keys of the jobs it takes from, each under its id, in order. Their artifacts
    /// follow from their keys, so this decides everything it reads.
    static func taking(own: ContentHash, from jobs: [(id: JobID, key: ContentHash)]) -> ContentHash {
        if jobs.isEmpty { return own }
        let key = CacheKey("with inputs")
        key.add("own", own)
        for (id, hash) in jobs { key.add(id.description, hash) }
        return key.hash
    }

    private func frame(_ label: String, count: Int) {
        state.update(Array("\(label.utf8.count):\(label)\(count):".utf8))
    }
}

/// XXH3's streaming state, freed with its owner.
final class HashState {
    let state: OpaquePointer

    init() {
        state = XXH3_createState()
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    func update(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { XXH3_128bits_update(state, $0.baseAddress, $0.count) }
    }

    func update(_ pointer: UnsafeRawPointer, count: Int) {
        _ = XXH3_128bits_update(state, pointer, count)
    }

    func digest() -> ContentHash {
        let hash = XXH3_128bits_digest(state)
        return ContentHash(high: hash.high64, low: hash.low64)
    }
}
