import BijouxCore

/// The build cache: for each job of the last build, the key its outputs were made
/// from, each output's path and content hash, and what it reported (warnings, notes,
/// its artifact), so a job whose key is unchanged is not run at all and still
/// reports the same. It lives in the output folder (`.bijoux/cache`), so it is
/// swapped in with the outputs it describes and always matches them.
///
/// One binary file: a magic line, the tool's identity (`ToolIdentity`), the entries,
/// and an XXH3 of everything before it. A file that is truncated, corrupt, or written by another
/// build of the tool fails to decode and is ignored: the build is then a full one.
///
/// The checksum catches damage, not forgery: it has no key, and the identity is in the
/// file. The cache is trusted exactly as far as the folder it lives in: a build takes
/// an output whose bytes hash to what the cache says, so an edited output with a cache
/// rewritten to match is kept. `check` trusts it only when asked (`--trust-cache`).
struct BuildCache: Sendable {
    static let folder = ".bijoux"
    static let file = folder + "/cache"
    static let magic = Array("bijoux-cache 5\n".utf8)

    struct Output: Sendable, Equatable {
        var path: String
        var hash: ContentHash
    }

    /// A warning as the cache keeps it: a subject in the art folder (`art/cat.png:3:1`)
    /// relative to it, so a replayed warning names the art folder as the build that
    /// replays it was given it, after the folder is renamed or moved too.
    struct Warning: Sendable, Equatable {
        /// Relative to the art folder when `inArt`; else as the job gave it.
        var subject: String
        var inArt: Bool
        var message: String

        init(subject: String, inArt: Bool, message: String) {
            self.subject = subject
            self.inArt = inArt
            self.message = message
        }

        /// `warning` as kept, its subject relative to `art` (the folder as given) when in it.
        init(_ warning: BuildWarning, art: String) {
            let prefix = art.hasSuffix("/") ? art : art + "/"
            inArt = warning.subject.hasPrefix(prefix)
            subject = inArt ? String(warning.subject.dropFirst(prefix.count)) : warning.subject
            message = warning.message
        }

        /// The warning as this build names it, in the art folder `art`.
        func warning(art: String) -> BuildWarning {
            BuildWarning(subject: inArt ? (art.hasSuffix("/") ? art : art + "/") + subject : subject, message: message)
        }
    }

    struct Entry: Sendable, Equatable {
        var key: ContentHash
        var outputs: [Output]
        var warnings: [Warning]
        var notes: [String]
        var artifact: [UInt8]
    }

    /// The library files each helper's loader named, by helper path and executable
    /// identity (`LinkedLibraries`), so a later build identifies them without listing.
    var listings: [String: [String]] = [:]

    /// By job, in build order.
    private(set) var entries: [(id: JobID, entry: Entry)] = []
    private var place: [JobID: Int] = [:]

    /// A job's entry; set, it replaces the job's or comes last (an entry is never removed).
    subscript(id: JobID) -> Entry? {
        get { place[id].map { entries[$0].entry } }
        set {
            guard let newValue else { preconditionFailure("a cache entry is replaced, never removed") }
            if let index = place[id] {
                entries[index].entry = newValue
            } else {
                place[id] = entries.count
                entries.append((id, newValue))
            }
        }
    }

    func encoded(tool: String) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes += Self.magic
        writer.string(tool)
        writer.number(entries.count)
        for (id, entry) in entries {
            writer.string(id.description)
            writer.hash(entry.key)
            writer.number(entry.outputs.count)
            for output in entry.outputs {
                writer.string(output.path)
                writer.hash(output.hash)
            }
            writer.number(entry.warnings.count)
            for warning in entry.warnings {
                writer.number(warning.inArt ? 1 : 0)
                writer.string(warning.subject)
                writer.string(warning.message)
            }
            writer.number(entry.notes.count)
            for note in entry.notes { writer.string(note) }
            writer.data(entry.artifact)
        }
        writer.number(listings.count)
        for (helper, files) in listings.sorted(by: { $0.key < $1.key }) {
            writer.string(helper)
            writer.number(files.count)
            for file in files { writer.string(file) }
        }
        writer.hash(ContentHash.of(writer.bytes))
        return writer.bytes
    }

    /// The cache, or nil when the bytes are not one this build of the tool wrote whole:
    /// one `encoded` gives back byte for byte, so a job named twice or listings out of
    /// their sorted order are refused, not merged.
    static func decode(_ bytes: [UInt8], tool: String) -> BuildCache? {
        guard bytes.count >= magic.count + 16, bytes.starts(with: magic) else { return nil }
        let body = Array(bytes.dropLast(16))
        var reader = ByteReader(bytes: bytes, at: body.count)
        guard reader.hash() == ContentHash.of(body) else { return nil }
        reader = ByteReader(bytes: body, at: magic.count)
        guard reader.string() == tool, let count = reader.number() else { return nil }
        var cache = BuildCache()
        for _ in 0..<count {
            guard let id = reader.string().flatMap(JobID.init), cache[id] == nil, let key = reader.hash(), let outputCount = reader.number() else {
                return nil
            }
            var entry = Entry(key: key, outputs: [], warnings: [], notes: [], artifact: [])
            for _ in 0..<outputCount {
                guard let path = reader.string(), let hash = reader.hash() else { return nil }
                entry.outputs.append(Output(path: path, hash: hash))
            }
            guard let warningCount = reader.number() else { return nil }
            for _ in 0..<warningCount {
                guard let inArt = reader.number(), inArt <= 1, let subject = reader.string(), let message = reader.string() else { return nil }
                entry.warnings.append(Warning(subject: subject, inArt: inArt == 1, message: message))
            }
            guard let noteCount = reader.number() else { return nil }
            for _ in 0..<noteCount {
                guard let note = reader.string() else { return nil }
                entry.notes.append(note)
            }
            guard let artifact = reader.data() else { return nil }
            entry.artifact = artifact
            cache[id] = entry
        }
        guard let listingCount = reader.number() else { return nil }
        var previous: String?
        for _ in 0..<listingCount {
            guard let helper = reader.string(), previous.map({ $0 < helper }) ?? true, let fileCount = reader.number() else { return nil }
            previous = helper
            var files: [String] = []
            for _ in 0..<fileCount {
                guard let file = reader.string() else { return nil }
                files.append(file)
            }
            cache.listings[helper] = files
        }
        return reader.at == body.count ? cache : nil
    }
}
