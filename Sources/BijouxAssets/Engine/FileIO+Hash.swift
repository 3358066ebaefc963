import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hashing files for the build cache (xxHash, through `ContentHash`): here rather than in
/// the core's `FileIO`, so the targets that read files without caching them (the renderer,
/// the fuzz targets) link no hash library.
extension FileIO {
    /// The hash of a file's bytes, with `read`'s checks (`limit`, `below`), read a piece
    /// at a time (`hash(of:path:)`): hashing art (every charm's PNG on every build) costs
    /// no memory the size of the file, nor its first touch.
    static func contentHash(_ path: String, limit: Int = maxReadSize, below root: String? = nil) throws(FileError) -> ContentHash {
        let fd = try openChecked(path, below: root, directory: false)
        defer { close(fd) }
        _ = try checkedSize(fd, path: path, limit: limit)
        return try hash(of: fd, path: path)
    }

    /// The hash of what is left to read of an open file, read 64 KiB at a time: a piece
    /// under malloc's mmap threshold, so the buffer is heap memory used again from file to
    /// file, and small enough to stay in the cache between the read and the hash. (A
    /// 1 MiB buffer was mapped afresh for each file, 256 page faults each: a no-op build
    /// of the 12-charm bench took 1,974 page faults, now 1,269.)
    static func hash(of fd: Int32, path: String) throws(FileError) -> ContentHash {
        let state = HashState()
        let size = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = systemRead(fd, buffer, size)
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: lastError())
            }
            if got == 0 { return state.digest() }
            state.update(buffer, count: got)
        }
    }

    /// The hash of a file's bytes (`hash(of:path:)`: a piece at a time).
    static func contentHash(ofFile path: String) throws(FileError) -> ContentHash {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: lastError()) }
        defer { close(fd) }
        return try hash(of: fd, path: path)
    }

    /// What identifies an executable's build, read from its headers rather than hashed
    /// whole (the tool and its helpers are 10 to 80 MB, read on every build): the ID the
    /// linker derives from the file's contents, the GNU build ID note of a 64-bit ELF file
    /// (Linux) or the LC_UUID of a 64-bit Mach-O file (macOS); the hash of the whole file
    /// when it has neither. The ID is hashed with its kind, so it never equals a file's hash.
    static func executableIdentity(ofFile path: String) throws(FileError) -> ContentHash {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: lastError()) }
        defer { close(fd) }
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count > 0, count <= 1 << 16 else { return nil }
            let read = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
                filled = max(0, pread(fd, buffer.baseAddress, count, off_t(offset)))
            }
            return read.count == count ? read : nil
        }
        if let header = bytes(at: 0, count: 64), let id = ExecutableHeaders.buildID(header, reading: bytes) {
            return ContentHash.of(Array("build id ".utf8) + id)
        }
        return try contentHash(ofFile: path)
    }
}

/// The linker's build ID in an executable's headers (see `FileIO.executableIdentity`).
enum ExecutableHeaders {
    /// The ID in a file starting with `header` (its first 64 bytes), reading the rest of
    /// the headers with `read(offset, count)`; nil when it is neither a 64-bit
    /// little-endian ELF file with an NT_GNU_BUILD_ID note nor a 64-bit Mach-O file with
    /// an LC_UUID command.
    static func buildID(_ header: [UInt8], reading read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> [UInt8]? {
        func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= bytes.count else { return nil }
            return (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        if header.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) {
            // ELF64, little-endian: the program headers' PT_NOTE segments.
            guard let table = integer(header, 0x20, 8), let size = integer(header, 0x36, 2), let count = integer(header, 0x38, 2),
                size >= 0x28, count <= 256, let headers = read(table, size * count)
            else { return nil }
            for index in 0..<count where integer(headers, index * size, 4) == 4 {
                guard let offset = integer(headers, index * size + 8, 8), let length = integer(headers, index * size + 0x20, 8),
                    let notes = read(offset, length)
                else { continue }
                var at = 0
                while let nameSize = integer(notes, at, 4), let descSize = integer(notes, at + 4, 4), let type = integer(notes, at + 8, 4) {
                    let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                    guard desc + descSize <= notes.count else { break }
                    if type == 3 && nameSize == 4 && Array(notes[name..<(name + 4)]) == [0x47, 0x4E, 0x55, 0] && descSize > 0 {
                        return Array(notes[desc..<(desc + descSize)])
                    }
                    at = desc + (descSize + 3) / 4 * 4
                }
            }
            return nil
        }
        if header.starts(with: [0xCF, 0xFA, 0xED, 0xFE]) {
            // Mach-O 64: the load commands after the 32-byte header.
            guard let count = integer(header, 16, 4), let size = integer(header, 20, 4), let commands = read(32, size) else { return nil }
            var at = 0
            for _ in 0..<count {
                guard let command = integer(commands, at, 4), let length = integer(commands, at + 4, 4), length >= 8 else { return nil }
                if command == 0x1B && length >= 24 && at + 24 <= commands.count { return Array(commands[(at + 8)..<(at + 24)]) }
                at += length
            }
        }
        return nil
    }
}
