import BijouxCore
import CBijouxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the output commit needs beyond reading and writing files: entries seen
/// without following links, hard links, an atomic exchange of two folders, a lock.
extension FileIO {
    enum EntryKind: Sendable { case file, directory, symbolicLink, other }

    /// What `path` itself is (a link is not followed), or nil when nothing is there.
    static func entryKind(_ path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Makes `destination` a second name of `source` (a link is linked, not followed),
    /// so it keeps its bytes and modification time at no cost. Where the file system
    /// has no hard links, copies the bytes and the modification time, and returns true:
    /// the copy is new data, to be synced before it counts.
    @discardableResult
    static func hardLink(_ source: String, to destination: String) throws(FileError) -> Bool {
        if linkat(AT_FDCWD, source, AT_FDCWD, destination, 0) == 0 { return false }
        let reason = lastError()
        guard errno == EPERM || errno == EXDEV || errno == ENOTSUP || errno == EMLINK, entryKind(source) == .file else {
            throw .cannotWrite(path: destination, reason: reason)
        }
        let temporary = try stageTemporary(try read(source), for: destination)
        var status = stat()
        if stat(source, &status) == 0 {
            #if canImport(Darwin)
                var times = [status.st_atimespec, status.st_mtimespec]
            #else
                var times = [status.st_atim, status.st_mtim]
            #endif
            _ = utimensat(AT_FDCWD, temporary, &times, 0)
        }
        try commit(temporary, to: destination)
        return true
    }

    /// Puts a file's bytes, or a folder's entries, on disk (`fsync`) before returning.
    /// A file system that cannot sync a folder (EINVAL) is taken as it is.
    static func sync(_ path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: lastError()) }
        defer { close(fd) }
        CommitTrace.record("fsync", path)
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL { return }
            throw .cannotWrite(path: path, reason: lastError())
        }
    }

    /// Swaps two existing entries in one step (see bijoux_exchange.h); false when the
    /// file system cannot.
    static func exchange(_ a: String, _ b: String) throws(FileError) -> Bool {
        CommitTrace.record("exchange", a + " " + b)
        if bx_exchange(a, b) == 0 { return true }
        if errno == EINVAL || errno == ENOTSUP || errno == ENOSYS { return false }
        throw .cannotWrite(path: b, reason: lastError())
    }

    static func move(_ source: String, to destination: String) throws(FileError) {
        CommitTrace.record("rename", source + " " + destination)
        #if canImport(Glibc)
            let status = Glibc.rename(source, destination)
        #else
            let status = Darwin.rename(source, destination)
        #endif
        if status != 0 { throw .cannotWrite(path: destination, reason: lastError()) }
    }

    /// Removes a file, a link (not what it points to) or a folder tree.
    package static func removeTree(_ path: String) {
        if entryKind(path) == .directory {
            for name in (try? list(path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Creates a fresh folder named `prefix` + six random characters, and returns it.
    /// Unlike `mkdtemp` (whose folders are 0700), it has the mode the umask gives, as
    /// one `mkdir` makes: 0755 under umask 022, so a tree swapped in keeps it.
    static func makeUniqueDirectory(prefix: String) throws(FileError) -> String {
        try unique(prefix: prefix, for: prefix) { mkdir($0, 0o777) == 0 ? () : nil }.0
    }

    /// Whether a build may replace or write in a folder: the running user can write it,
    /// and its mode lets its owner write it (so a folder made read-only with `chmod a-w`
    /// counts as read-only even to root, whom `access` lets write anything).
    static func isWritable(_ folder: String) -> Bool {
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_IWUSR != 0 && access(folder, W_OK) == 0
    }

    /// The absolute path with every link resolved, as `realPath`, also for a path that
    /// does not exist yet: the real path of the part that exists, with the rest after it
    /// (`.` and `..` in the rest taken as written). `path` itself when not even the
    /// working folder resolves.
    static func resolvedPath(_ path: String) -> String {
        var head = path
        var rest: [String] = []
        while true {
            while head.count > 1, head.hasSuffix("/") { head.removeLast() }
            let real = realPath(head.isEmpty ? "." : head)
            if real.hasPrefix("/"), exists(head.isEmpty ? "." : head) {
                var resolved = real
                for name in rest.reversed() {
                    switch name {
                    case ".": continue
                    case "..": resolved = resolved == "/" ? "/" : parentDirectory(of: resolved)
                    default: resolved += (resolved == "/" ? "" : "/") + name
                    }
                }
                return resolved
            }
            guard !head.isEmpty, head != "/", head != "." else { return path }
            let slash = head.lastIndex(of: "/")
            rest.append(String(slash.map { head[head.index(after: $0)...] } ?? head[...]))
            head = slash.map { $0 == head.startIndex ? "/" : String(head[..<$0]) } ?? ""
        }
    }

    /// The path of the running executable, for the tool's identity in the cache.
    static func executablePath() -> String? {
        #if canImport(Darwin)
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            return realPath(String(cString: buffer))
        #else
            let resolved = realPath("/proc/self/exe")
            return resolved == "/proc/self/exe" ? nil : resolved
        #endif
    }
}

/// What the commit does to the disk, in order, for a test to check (`fsync` of each
/// path, `exchange` and `rename` of two): compiled into debug builds only, and on only
/// when `BIJOUX_TEST_TRACE_COMMIT` names a file, to which each step appends a line.
enum CommitTrace {
    #if DEBUG
        private static let file: String? = getenv("BIJOUX_TEST_TRACE_COMMIT").map { String(cString: $0) }
        private static let lock = Locked(())
    #endif

    static func record(_ step: String, _ paths: String) {
        #if DEBUG
            guard let file else { return }
            let line = Array((step + " " + paths + "\n").utf8)
            lock.withLock { _ in
                let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { return }
                _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
        #endif
    }
}

/// An exclusive `flock` on a file that nothing moves or replaces. The kernel drops it
/// when the process ends, however it ends, so a lock of a killed build never blocks.
final class FileLock {
    private let descriptor: Int32

    /// Takes the lock, creating the file when needed. `waiting` is called once when
    /// another process holds it, before waiting for it.
    init(_ path: String, shared: Bool = false, create: Bool = true, waiting: () -> Void) throws(FileError) {
        descriptor = open(path, (create ? O_CREAT : 0) | O_RDWR | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: FileIO.lastError()) }
        let mode = shared ? LOCK_SH : LOCK_EX
        if flock(descriptor, mode | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let reason = FileIO.lastError()
                close(descriptor)
                throw .cannotWrite(path: path, reason: reason)
            }
            waiting()
            while flock(descriptor, mode) != 0 {
                guard errno == EINTR else {
                    let reason = FileIO.lastError()
                    close(descriptor)
                    throw .cannotWrite(path: path, reason: reason)
                }
            }
        }
    }

    deinit { close(descriptor) }
}
