import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder `check` compares with, as it reads it: a committed `build/`, a downloaded
/// artifact, a folder someone else made, so untrusted. Nothing below its root is reached
/// through a symbolic link (each component is opened without following one,
/// `FileIO.read(_:below:)`), and an entry that is not a plain file or folder (a link, a
/// FIFO, a device, a socket) is named in the review and never opened. The root itself is
/// the folder the person named, link or not.
struct BaselineFolder: Sendable {
    let root: String

    /// What is at an output's path in the baseline.
    enum Entry: Equatable, Sendable {
        case missing
        case file(size: Int)
        case folder
        /// Something else at `at` (the path itself, or a folder on the way to it): what
        /// it is, in words ("a symbolic link").
        case foreign(at: String, what: String)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// What is at `relative`, each component looked at without following a link.
    func entry(_ relative: String) -> Entry {
        let components = relative.split(separator: "/")
        var reached = ""
        for (index, component) in components.enumerated() {
            reached += (reached.isEmpty ? "" : "/") + component
            var status = stat()
            guard lstat(path(reached), &status) == 0 else {
                if errno == ENOENT { return .missing }
                return .foreign(at: reached, what: "an entry whose status cannot be read (\(FileIO.lastError()))")
            }
            let kind = status.st_mode & S_IFMT, last = index == components.count - 1
            switch kind {
            case S_IFDIR: if last { return .folder }
            case S_IFREG: return last ? .file(size: Int(status.st_size)) : .foreign(at: reached, what: "a file")
            default: return .foreign(at: reached, what: Self.describe(kind))
            }
        }
        return .folder
    }

    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "a device"
        }
    }

    /// Why an output cannot be compared with what the baseline has at its place.
    static func reason(_ entry: Entry, for relative: String) -> String? {
        switch entry {
        case .folder: return "the baseline has a folder where this file goes"
        case .foreign(let at, let what) where at == relative: return "the baseline has \(what) where this file goes, not opened"
        case .foreign(let at, let what): return "the baseline has \(what) at \(at), where this file's folder goes, not opened"
        case .missing, .file: return nil
        }
    }

    /// The file's bytes, refused past `limit`, never through a link.
    func read(_ relative: String, limit: Int) throws(FileError) -> [UInt8] {
        try FileIO.read(path(relative), limit: limit, below: root)
    }

    /// The hash of the file's bytes, read a piece at a time, never through a link.
    func hash(_ relative: String) throws(FileError) -> ContentHash {
        try FileIO.contentHash(path(relative), limit: Int.max, below: root)
    }

    /// The build cache the baseline holds (`check --trust-cache`, and a revision's
    /// baseline, which this check built), or nil.
    func cache() -> BuildCache? {
        guard case .file = entry(BuildCache.file), let bytes = try? read(BuildCache.file, limit: FileIO.maxReadSize) else { return nil }
        return BuildCache.decode(bytes, tool: ToolIdentity.current)
    }

    /// What a build would remove, as `check` lists it: each file in the `owned` folders
    /// (dot-named entries in them aside) that no job made, and every entry anywhere in the
    /// folder that is not a plain file or folder (dot-named too; the build cache's folder
    /// aside), with what it is. Sorted by path.
    func extras(owned: [String], made: Set<String>) throws(FileError) -> [(path: String, what: String?)] {
        var found: [(path: String, what: String?)] = []
        func visit(_ folder: String) throws(FileError) {
            let listed = folder.isEmpty ? try FileIO.list(root) : try FileIO.list(path(folder), below: root)
            for name in listed where !(folder.isEmpty && name == BuildCache.folder) {
                let child = folder.isEmpty ? name : folder + "/" + name
                var status = stat()
                guard lstat(path(child), &status) == 0 else { throw .cannotRead(path: path(child), reason: FileIO.lastError()) }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: try visit(child)
                case S_IFREG: if Self.isOwned(child, by: owned), !made.contains(child) { found.append((child, nil)) }
                case let kind: found.append((child, Self.describe(kind)))
                }
            }
        }
        if FileIO.isDirectory(root) { try visit("") }
        return found.sorted { $0.path < $1.path }
    }

    /// Whether `relative` lies in one of the `owned` folders with no dot-named component below it.
    static func isOwned(_ relative: String, by owned: [String]) -> Bool {
        owned.contains { folder in
            relative.hasPrefix(folder + "/") && !relative.dropFirst(folder.count + 1).split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }
}
