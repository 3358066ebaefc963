#if canImport(Glibc)
    import Glibc
    package let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    package let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// File reading and atomic writing, with errors that name the file and say why.
/// Writes go to a temporary file beside the target and are renamed into place, so a
/// reader (or a later build) sees either the old file or the new one, never half.
///
/// Reads of the art (untrusted in CI) pass the art folder as `below`: then no file
/// or folder under it is reached through a symbolic link (each component is opened
/// with `O_NOFOLLOW`, relative to the folder before it), and anything but a regular
/// file or folder (a FIFO, a device, a socket) is refused before a read could block.
/// A folder that cannot be listed, or a file whose status cannot be read, is an
/// error, never an empty folder or an absent file.
package enum FileIO {
    /// The largest file the tool reads whole: art PNGs, SVGs and JSON are far smaller.
    package static let maxReadSize = 512 << 20

    /// What is at a path, as `kind(of:below:)` finds it without following links.
    package enum Kind: Equatable, Sendable {
        case file
        case directory
    }

    /// Reads a whole file; one larger than `limit` bytes is refused before any of it
    /// is read, so a huge file costs no memory. With `below`, see the type's comment.
    package static func read(_ path: String, limit: Int = maxReadSize, below root: String? = nil) throws(FileError) -> [UInt8] {
        let fd = try openChecked(path, below: root, directory: false)
        defer { close(fd) }
        let size = try checkedSize(fd, path: path, limit: limit)
        // Not zeroed first: the read fills it (a file that shrank meanwhile is cut to what was read).
        var failure: FileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var filled = 0
            while filled < size {
                let got = systemRead(fd, buffer.baseAddress! + filled, size - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = .cannotRead(path: path, reason: lastError())
                    break
                }
                if got == 0 { break }
                filled += got
            }
            count = filled
        }
        if let failure { throw failure }
        return bytes
    }

    /// The size of the open file, refused past `limit` bytes before any of it is read.
    package static func checkedSize(_ fd: Int32, path: String, limit: Int) throws(FileError) -> Int {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .cannotRead(path: path, reason: lastError()) }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw .cannotRead(path: path, reason: "file is \(size) bytes, over the \(Format.limit(limit)) limit")
        }
        return size
    }

    /// Names in a folder, sorted. A folder that does not exist or cannot be listed is
    /// an error that names it. With `below`, see the type's comment.
    package static func list(_ folder: String, below root: String? = nil) throws(FileError) -> [String] {
        try listing(folder, below: root, kinds: false).map(\.name)
    }

    /// A folder's entries with their kinds, sorted by name, each seen without following
    /// a link: a symbolic link, a FIFO, a device or a socket among them is an error
    /// naming it, as is a folder that cannot be listed; with `skippingHidden`, such a
    /// dot-named entry (an editor's lock link, `.#cat.svg`) is left out instead. With
    /// `below`, see the type's comment.
    package static func entries(_ folder: String, below root: String? = nil, skippingHidden: Bool = false) throws(FileError) -> [(name: String, kind: Kind)] {
        try listing(folder, below: root, kinds: true, skippingHidden: skippingHidden).map { ($0.name, $0.kind!) }
    }

    private static func listing(
        _ folder: String, below root: String?, kinds: Bool, skippingHidden: Bool = false
    ) throws(FileError) -> [(name: String, kind: Kind?)] {
        let fd = try openChecked(folder, below: root, directory: true)
        guard let dir = fdopendir(fd) else {
            let reason = lastError()
            close(fd)
            throw .cannotRead(path: folder, reason: "cannot list the folder: \(reason)")
        }
        defer { closedir(dir) }
        var found: [(name: String, kind: Kind?)] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw .cannotRead(path: folder, reason: "cannot list the folder: \(lastError())") }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard name != "." && name != ".." else { continue }
            var kind: Kind?
            if kinds {
                var status = stat()
                guard fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw .cannotRead(path: folder + "/" + name, reason: lastError())
                }
                do throws(FileError) {
                    kind = try Self.kind(status, path: folder + "/" + name)
                } catch {
                    if skippingHidden && name.hasPrefix(".") { continue }
                    throw error
                }
            }
            found.append((name, kind))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Whether `path` is a file or a folder, or nil when nothing is there. Anything
    /// else there (a symbolic link under `below`, a FIFO, a device), or a path whose
    /// status cannot be read (permissions), is an error: it never counts as absent.
    package static func kind(of path: String, below root: String? = nil) throws(FileError) -> Kind? {
        var status = stat()
        let found: Int32
        if let (parent, name) = split(path, below: root) {
            let fd = try openChecked(parent, below: root, directory: true)
            defer { close(fd) }
            found = fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW)
        } else {
            found = stat(path, &status)
        }
        if found != 0 {
            if errno == ENOENT { return nil }
            throw .cannotRead(path: path, reason: lastError())
        }
        return try kind(status, path: path)
    }

    /// A path's parent and last component when it lies below `root`.
    private static func split(_ path: String, below root: String?) -> (String, String)? {
        guard let root, path.hasPrefix(root + "/") else { return nil }
        let parent = parentDirectory(of: path)
        return (parent, String(path[path.index(after: path.lastIndex(of: "/")!)...]))
    }

    private static func kind(_ status: stat, path: String) throws(FileError) -> Kind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: throw .cannotRead(path: path, reason: "is a symbolic link; the art must be files and folders inside the art folder itself")
        case S_IFIFO: throw .cannotRead(path: path, reason: "is a FIFO (named pipe), not a file")
        case S_IFSOCK: throw .cannotRead(path: path, reason: "is a socket, not a file")
        default: throw .cannotRead(path: path, reason: "is a device, not a file")
        }
    }

    /// Opens a file (or, with `directory`, a folder) for reading, checked as the
    /// type's comment says, never blocking: `O_NONBLOCK` keeps the open of a FIFO from
    /// waiting for a writer, the status is checked, then the flag is cleared.
    package static func openChecked(_ path: String, below root: String?, directory: Bool) throws(FileError) -> Int32 {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        let fd: Int32
        if let root, path.hasPrefix(root + "/") {
            var parent = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { throw .cannotRead(path: root, reason: lastError()) }
            var reached = root
            let components = path.dropFirst(root.count + 1).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            for (index, component) in components.enumerated() {
                reached += "/" + component
                let last = index == components.count - 1
                let next = openat(parent, component, (last ? flags : flags | O_DIRECTORY) | O_NOFOLLOW)
                if next < 0 {
                    let code = errno
                    var status = stat()
                    let linked = fstatat(parent, component, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
                    close(parent)
                    if linked { _ = try kind(status, path: reached) }
                    throw .cannotRead(path: reached, reason: String(cString: strerror(code)))
                }
                close(parent)
                parent = next
            }
            fd = parent
        } else {
            fd = open(path, flags)
            guard fd >= 0 else { throw .cannotRead(path: path, reason: lastError()) }
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = lastError()
            close(fd)
            throw .cannotRead(path: path, reason: reason)
        }
        do throws(FileError) {
            let found = try kind(status, path: path)
            if found == .directory && !directory { throw FileError.cannotRead(path: path, reason: "is a folder, not a file") }
            if found == .file && directory { throw FileError.cannotRead(path: path, reason: "is a file, not a folder") }
        } catch {
            close(fd)
            throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a folder and its parents, as `mkdir -p` does: with the mode the umask
    /// gives (0755 under umask 022).
    package static func makeDirectories(_ path: String) throws(FileError) {
        if isDirectory(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw .cannotWrite(path: path, reason: lastError())
        }
    }

    /// Writes bytes atomically (temporary file and rename). Returns false, leaving the
    /// file and its modification time alone, when it already holds exactly these bytes.
    @discardableResult
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) -> Bool {
        if let existing = try? read(path), existing == bytes { return false }
        let temporary = try stageTemporary(bytes, for: path)
        try commit(temporary, to: path)
        return true
    }

    /// Appends bytes to a file, creating it (0666 less the umask) when it is not there:
    /// for a summary a CI job's steps each add to (`$GITHUB_STEP_SUMMARY`).
    package static func append(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: lastError()) }
        let failure = writeAll(bytes, to: fd)
        if close(fd) != 0 || failure != nil { throw .cannotWrite(path: path, reason: failure ?? lastError()) }
    }

    /// Writes every byte to `fd`, retrying interrupted and short writes; the reason when
    /// it fails.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let put = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if put < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            written += put
        }
        return nil
    }

    /// Writes bytes to a temporary file in the target's folder and returns its path;
    /// `commit` renames it into place. The prefix lets a build sweep up leftovers of
    /// an interrupted run.
    package static func stageTemporary(_ bytes: [UInt8], for path: String) throws(FileError) -> String {
        let folder = parentDirectory(of: path)
        try makeDirectories(folder.isEmpty ? "." : folder)
        let name = String(path.split(separator: "/").last ?? "out")
        // Not mkstemp, whose files are 0600: created 0666 less the umask (0644 under umask
        // 022), as a shell's redirection makes a file, so the outputs keep that mode.
        let (temporary, fd) = try unique(prefix: (folder.isEmpty ? "" : folder + "/") + temporaryPrefix + name + ".", for: path) { candidate in
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return fd >= 0 ? fd : nil
        }
        if let reason = writeAll(bytes, to: fd) {
            close(fd)
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        if close(fd) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        return temporary
    }

    /// Makes something new named `prefix` + six random characters with `make` (nil: it
    /// failed), trying other names while the name is taken (`EEXIST`); any other failure
    /// is an error about `path`. Returns the name and what `make` returned.
    package static func unique<Made>(prefix: String, for path: String, _ make: (String) -> Made?) throws(FileError) -> (String, Made) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        while true {
            // Six letters from one draw of 64 random bits (one system call, not six).
            var bits = generator.next()
            let candidate =
                prefix
                + String(
                    (0..<6).map { _ in
                        defer { bits /= UInt64(letters.count) }
                        return letters[Int(bits % UInt64(letters.count))]
                    })
            if let made = make(candidate) { return (candidate, made) }
            if errno != EEXIST { throw .cannotWrite(path: path, reason: lastError()) }
        }
    }

    package static func commit(_ temporary: String, to path: String) throws(FileError) {
        if rename(temporary, path) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    static func discard(_ temporary: String) {
        unlink(temporary)
    }

    /// Names of temporary files start with this, so they are easy to recognise.
    package static let temporaryPrefix = ".bijoux-tmp-"

    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The absolute path with symbolic links and `.`/`..` resolved, or `path` itself
    /// when it does not exist.
    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What `watch` compares to notice a save: a file's size and modification time
    /// (nanoseconds), without following a link; nil when it does not exist.
    package struct Fingerprint: Equatable, Hashable, Sendable {
        package var size: Int
        package var modified: Int
        package var isDirectory: Bool
    }

    package static func fingerprint(_ path: String) -> Fingerprint? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
        #else
            let modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        #endif
        return Fingerprint(size: Int(status.st_size), modified: modified, isDirectory: (status.st_mode & S_IFMT) == S_IFDIR)
    }

    package static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
