// The build cache's decoder (.bijoux/cache). The input is decoded as it is, which
// almost always fails its checksum, and again with its last 16 bytes replaced by the
// checksum of the rest, so mutations reach the entries. The tool identity is the one
// the input names, so real cache files decode. A cache it decodes encodes to the same
// bytes.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzBuildCache(_ bytes: [UInt8]) {
    checkCache(bytes)
    guard bytes.count >= 16 else { return }
    let body = Array(bytes.dropLast(16))
    var writer = ByteWriter(bytes: body)
    writer.hash(ContentHash.of(body))
    checkCache(writer.bytes)
}

private func checkCache(_ bytes: [UInt8]) {
    var reader = ByteReader(bytes: bytes, at: BuildCache.magic.count)
    let tool = reader.string() ?? ""
    guard let cache = BuildCache.decode(bytes, tool: tool) else { return }
    precondition(cache.encoded(tool: tool) == bytes, "a decoded cache encodes to other bytes")
}
