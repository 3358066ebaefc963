#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// File reading and atomic writing, with errors that name the file and say why.
/// Writes go to a temporary file beside the target and are renamed into place, so a
/// reader (or a later build) sees either the old file or the new one, never half.
public enum FileIO {
    /// The largest file the tool reads whole: art PNGs, SVGs and JSON are far smaller.
    public static let maxReadSize = 512 << 20

    /// Reads a whole file; one larger than `limit` bytes is refused before any of it
    /// is read, so a huge file costs no memory.
    public static func read(_ path: String, limit: Int = maxReadSize) throws(ImageIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: lastError()) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .cannotRead(path: path, reason: lastError()) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "is a directory") }
        let size = Int(status.st_size)
        guard size <= limit else {
            let shown = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
            throw .cannotRead(path: path, reason: "file is \(size) bytes, over the \(shown) limit")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let got = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, size - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: lastError())
            }
            if got == 0 { break }
            filled += got
        }
        if filled < size { bytes.removeLast(size - filled) }
        return bytes
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` itself is a symbolic link (it is not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a folder and its parents.
    public static func makeDirectories(_ path: String) throws(ImageIOError) {
        if isDirectory(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .cannotWrite(path: path, reason: lastError())
        }
    }

    /// Writes bytes atomically (temporary file and rename). Returns false, leaving the
    /// file and its modification time alone, when it already holds exactly these bytes.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageIOError) -> Bool {
        if let existing = try? read(path), existing == bytes { return false }
        let temporary = try stageTemporary(bytes, for: path)
        try commit(temporary, to: path)
        return true
    }

    /// Writes bytes to a temporary file in the target's folder and returns its path;
    /// `commit` renames it into place. The prefix lets a build sweep up leftovers of
    /// an interrupted run.
    public static func stageTemporary(_ bytes: [UInt8], for path: String) throws(ImageIOError) -> String {
        let folder = parentDirectory(of: path)
        try makeDirectories(folder.isEmpty ? "." : folder)
        let name = String(path.split(separator: "/").last ?? "out")
        var template = Array(((folder.isEmpty ? "" : folder + "/") + temporaryPrefix + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: lastError()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let put = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if put < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                close(fd)
                unlink(temporary)
                throw .cannotWrite(path: path, reason: reason)
            }
            written += put
        }
        fchmod(fd, 0o644)
        if close(fd) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        return temporary
    }

    public static func commit(_ temporary: String, to path: String) throws(ImageIOError) {
        if rename(temporary, path) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    public static func discard(_ temporary: String) {
        unlink(temporary)
    }

    /// Names of temporary files start with this, so they are easy to recognise.
    public static let temporaryPrefix = ".bijoux-tmp-"

    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The absolute path with symbolic links and `.`/`..` resolved, or `path` itself
    /// when it does not exist.
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Names in a folder, sorted; empty when it does not exist.
    public static func list(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// What `watch` compares to notice a save: a file's size and modification time
    /// (nanoseconds), without following a link; nil when it does not exist.
    public struct Fingerprint: Equatable, Hashable, Sendable {
        public var size: Int
        public var modified: Int
        public var isDirectory: Bool
    }

    public static func fingerprint(_ path: String) -> Fingerprint? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
        #else
            let modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        #endif
        return Fingerprint(size: Int(status.st_size), modified: modified, isDirectory: (status.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Removes a file or a folder tree.
    public static func remove(_ path: String) {
        if isDirectory(path) {
            for name in list(path) { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
