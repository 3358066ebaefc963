/// The checks an embedded ICC profile passes before Little CMS reads it (ICC.1:2022
/// §7.2 header, §7.3 tag table): within the size cap, the header's own size no larger
/// than the bytes there are, the `acsp` signature, a tag count within Little CMS's own
/// table (`MAX_TABLE_TAG`, 100) and every tag inside the profile. Little CMS checks the
/// same again as it reads; these make a damaged profile one clear reason, measured in
/// the bytes at hand, before any of it is parsed.
enum ICCStructure {
    /// The most bytes an embedded profile may have: real RGB profiles are a few hundred
    /// bytes (matrix/TRC) to a few hundred kilobytes (LUT-based); libpng itself keeps at
    /// most 1 MiB of any chunk (`BX_PNG_CHUNK_MALLOC_MAX`).
    static let maxBytes = 1 << 20
    /// The header (128 bytes) and the tag count.
    static let minBytes = 132
    /// The most tags a profile may list: Little CMS keeps no more (`MAX_TABLE_TAG`); an
    /// RGB profile has ten to twenty.
    static let maxTags = 100

    /// Why `bytes` cannot be a profile, in words for the designer; nil when it passes.
    static func damage(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= minBytes else { return "it is \(bytes.count) bytes, shorter than a profile's header" }
        guard bytes.count <= maxBytes else { return "it is \(bytes.count) bytes, more than the \(maxBytes) a profile may have" }
        let declared = Int(word(bytes, at: 0))
        guard declared >= minBytes, declared <= bytes.count else {
            return "its header gives its size as \(declared) bytes, but it has \(bytes.count)"
        }
        guard bytes[36..<40].elementsEqual("acsp".utf8) else { return "it has no 'acsp' signature at byte 36" }
        let tags = Int(word(bytes, at: 128))
        guard tags <= maxTags else { return "its tag table lists \(tags) tags, more than the \(maxTags) that are read" }
        guard minBytes + 12 * tags <= declared else { return "its tag table of \(tags) tags runs past its end" }
        for index in 0..<tags {
            let entry = minBytes + 12 * index
            let offset = Int(word(bytes, at: entry + 4)), size = Int(word(bytes, at: entry + 8))
            guard offset >= minBytes, offset + size <= declared else {
                return "its tag \(index + 1) of \(tags) lies outside it (bytes \(offset) to \(offset + size) of \(declared))"
            }
        }
        return nil
    }

    /// The big-endian 32-bit number at `index`.
    private static func word(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
