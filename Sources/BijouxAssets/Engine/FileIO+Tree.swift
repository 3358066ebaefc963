import CBijouxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the output commit needs beyond reading and writing files: entries seen
/// without following links, hard links, an atomic exchange of two folders, a lock.
extension FileIO {
    package enum EntryKind: Sendable { case file, directory, symbolicLink, other }

    /// What `path` itself is (a link is not followed), or nil when nothing is there.
    package static func entryKind(_ path: String) -> EntryKind? {
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
    /// has no hard links, copies the bytes and the modification time.
    package static func hardLink(_ source: String, to destination: String) throws(FileError) {
        if linkat(AT_FDCWD, source, AT_FDCWD, destination, 0) == 0 { return }
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
    }

    /// Swaps two existing entries in one step (see bijoux_exchange.h); false when the
    /// file system cannot.
    package static func exchange(_ a: String, _ b: String) throws(FileError) -> Bool {
        if bx_exchange(a, b) == 0 { return true }
        if errno == EINVAL || errno == ENOTSUP || errno == ENOSYS { return false }
        throw .cannotWrite(path: b, reason: lastError())
    }

    package static func move(_ source: String, to destination: String) throws(FileError) {
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
    package static func makeUniqueDirectory(prefix: String) throws(FileError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .cannotWrite(path: prefix, reason: lastError())
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The hash of a file's bytes, read a piece at a time (a large file costs no memory).
    package static func contentHash(ofFile path: String) throws(FileError) -> ContentHash {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: lastError()) }
        defer { close(fd) }
        let state = HashState()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = readSome(fd, buffer, 1 << 20)
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: lastError())
            }
            if got == 0 { break }
            state.update(buffer, count: got)
        }
        return state.digest()
    }

    /// The path of the running executable, for the tool's identity in the cache.
    package static func executablePath() -> String? {
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

private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}

/// An exclusive `flock` on a file that nothing moves or replaces. The kernel drops it
/// when the process ends, however it ends, so a lock of a killed build never blocks.
package final class FileLock {
    private let descriptor: Int32

    /// Takes the lock, creating the file when needed. `waiting` is called once when
    /// another process holds it, before waiting for it.
    package init(_ path: String, shared: Bool = false, create: Bool = true, waiting: () -> Void) throws(FileError) {
        descriptor = open(path, (create ? O_CREAT : 0) | O_RDWR | O_CLOEXEC, 0o644)
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
