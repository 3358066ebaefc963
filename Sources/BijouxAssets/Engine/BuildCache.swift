/// The build cache: for each job of the last build, the key its outputs were made
/// from, each output's path and content hash, and what it reported (warnings, notes,
/// its artifact), so a job whose key is unchanged is not run at all and still
/// reports the same. It lives in the output folder (`.bijoux/cache`), so it is
/// swapped in with the outputs it describes and always matches them.
///
/// One binary file: a magic line, the tool's identity, the entries, and an XXH3 of
/// everything before it. A file that is truncated, corrupt, or written by another
/// build of the tool fails to decode and is ignored: the build is then a full one.
struct BuildCache: Sendable {
    static let folder = ".bijoux"
    static let file = folder + "/cache"
    static let magic = Array("bijoux-cache 1\n".utf8)

    struct Output: Sendable, Equatable {
        var path: String
        var hash: ContentHash
    }

    struct Entry: Sendable, Equatable {
        var key: ContentHash
        var outputs: [Output]
        var warnings: [BuildWarning]
        var notes: [String]
        var artifact: [UInt8]
    }

    /// By job id (`stage/job`), in build order.
    var entries: [(id: String, entry: Entry)] = []

    subscript(id: String) -> Entry? { entries.first { $0.id == id }?.entry }

    func encoded(tool: String) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes += Self.magic
        writer.string(tool)
        writer.number(entries.count)
        for (id, entry) in entries {
            writer.string(id)
            writer.hash(entry.key)
            writer.number(entry.outputs.count)
            for output in entry.outputs {
                writer.string(output.path)
                writer.hash(output.hash)
            }
            writer.number(entry.warnings.count)
            for warning in entry.warnings {
                writer.string(warning.subject)
                writer.string(warning.message)
            }
            writer.number(entry.notes.count)
            for note in entry.notes { writer.string(note) }
            writer.data(entry.artifact)
        }
        writer.hash(ContentHash.of(writer.bytes))
        return writer.bytes
    }

    /// The cache, or nil when the bytes are not one this build of the tool wrote whole.
    static func decode(_ bytes: [UInt8], tool: String) -> BuildCache? {
        guard bytes.count >= magic.count + 16, bytes.starts(with: magic) else { return nil }
        let body = Array(bytes.dropLast(16))
        var reader = ByteReader(bytes: bytes, at: body.count)
        guard reader.hash() == ContentHash.of(body) else { return nil }
        reader = ByteReader(bytes: body, at: magic.count)
        guard reader.string() == tool, let count = reader.number() else { return nil }
        var cache = BuildCache()
        for _ in 0..<count {
            guard let id = reader.string(), let key = reader.hash(), let outputCount = reader.number() else { return nil }
            var entry = Entry(key: key, outputs: [], warnings: [], notes: [], artifact: [])
            for _ in 0..<outputCount {
                guard let path = reader.string(), let hash = reader.hash() else { return nil }
                entry.outputs.append(Output(path: path, hash: hash))
            }
            guard let warningCount = reader.number() else { return nil }
            for _ in 0..<warningCount {
                guard let subject = reader.string(), let message = reader.string() else { return nil }
                entry.warnings.append(BuildWarning(subject: subject, message: message))
            }
            guard let noteCount = reader.number() else { return nil }
            for _ in 0..<noteCount {
                guard let note = reader.string() else { return nil }
                entry.notes.append(note)
            }
            guard let artifact = reader.data() else { return nil }
            entry.artifact = artifact
            cache.entries.append((id, entry))
        }
        return reader.at == body.count ? cache : nil
    }
}

/// Which build of the tool made a cache: its version and a hash of its own executable,
/// so any change to the code (a new keying rule, a fixed encoder) is a new identity
/// and the cache it left is not trusted.
public enum ToolIdentity {
    /// The tool's version, as `--version` prints it and the artifact bundle names it.
    public static let version = "0.1.0"

    static let current: String = {
        guard let path = FileIO.executablePath(), let hash = try? FileIO.contentHash(ofFile: path) else {
            return version + " (executable unreadable)"
        }
        return version + " " + hash.description
    }()
}
