#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// BijouxHelperKit: what the package's two helper executables share, `bijoux-aac` (the AAC
// encoder, FFmpeg) and `bijoux-render` (the icon renderer, librsvg), and what the tool
// shares with them: reading and writing their standard streams, failing with one line,
// their resource limits, and the typed requests and replies of both protocols
// (`AACRequest`, `AACDecodedSound`; `RenderRequest`, `RenderReply`), written and read
// here alone by both sides. It depends on nothing but the C library, so a helper links
// only what its own work needs.

/// Why a helper's plumbing or a protocol's bytes failed: one line, for its standard error
/// or the tool's message.
package struct HelperError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String

    init(_ message: String) { self.message = message }

    package var description: String { message }

    /// The message of the system's last error, after `doing`.
    static func system(_ doing: String) -> HelperError { HelperError("\(doing): \(String(cString: strerror(errno)))") }
}

/// A helper's input, read from a file descriptor through a buffer: lines, exact counts,
/// everything to the end, or as much as fills a buffer. A read error is always an error:
/// no call returns what it has read so far as if it were the whole.
package struct HelperInput {
    let fd: Int32
    private var buffered: [UInt8] = []
    private var ended = false
    /// What `fill` reads into: one buffer for the input's life, made at the first `fill`
    /// (an input read only with `read(into:)` never needs it).
    private var chunk: [UInt8] = []

    package init(fd: Int32) { self.fd = fd }

    /// The next line, without its newline; nil at the end of the input when no byte of a
    /// line is left. A line longer than `atMost` bytes, or cut short by the end, is an error.
    mutating func line(atMost: Int) throws(HelperError) -> [UInt8]? {
        var newline = buffered.firstIndex(of: UInt8(ascii: "\n"))
        while newline == nil {
            guard buffered.count <= atMost else { throw HelperError("a line longer than \(atMost) bytes") }
            guard try fill() else {
                if buffered.isEmpty { return nil }
                throw HelperError("the input ended inside a line (\(buffered.count) bytes)")
            }
            newline = buffered.firstIndex(of: UInt8(ascii: "\n"))
        }
        guard let end = newline, end <= atMost else { throw HelperError("a line longer than \(atMost) bytes") }
        let line = Array(buffered[..<end])
        buffered.removeSubrange(...end)
        return line
    }

    /// Exactly `count` bytes; the input ending first is an error.
    mutating func bytes(exactly count: Int) throws(HelperError) -> [UInt8] {
        while buffered.count < count {
            guard try fill() else { throw HelperError("the input ended after \(buffered.count) of \(count) bytes") }
        }
        let taken = Array(buffered.prefix(count))
        buffered.removeFirst(count)
        return taken
    }

    /// Everything left, to the end of the input.
    package mutating func rest() throws(HelperError) -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// Fills `buffer` as far as the input goes: the bytes put there, fewer than its size
    /// only at the end of the input. What the buffer does not hold is read straight into it.
    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(HelperError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = min(buffered.count, buffer.count)
        buffered.withUnsafeBytes { source in base.copyMemory(from: source.baseAddress!, byteCount: filled) }
        buffered.removeFirst(filled)
        while filled < buffer.count && !ended {
            let count = readSome(fd, base + filled, buffer.count - filled)
            if count > 0 {
                filled += count
            } else if count == 0 {
                ended = true
            } else if errno != EINTR {
                throw HelperError.system("cannot read the input")
            }
        }
        return filled
    }

    /// Reads what the descriptor has into the buffer; false at its end.
    private mutating func fill() throws(HelperError) -> Bool {
        guard !ended else { return false }
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
        while true {
            let count = chunk.withUnsafeMutableBytes { readSome(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffered += chunk.prefix(count)
                return true
            }
            if count == 0 {
                ended = true
                return false
            }
            if errno != EINTR { throw HelperError.system("cannot read the input") }
        }
    }
}

/// One `read(2)`: the global function, which `HelperInput.read(into:)` hides inside the type.
private func readSome(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, pointer, count) }

/// A helper's output and its end: writing all of some bytes, saying one line on standard
/// error, failing with one.
package enum HelperIO {
    /// Writes all of `bytes` to `fd`, through short writes and interruptions; an error is thrown.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(HelperError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = write(fd, base + done, bytes.count - done)
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                throw HelperError.system("cannot write the output")
            }
        }
    }

    /// Writes all of `bytes` to `fd` (`writeAll(_:_:)` on an array).
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(HelperError) {
        let failure = bytes.withUnsafeBytes { raw -> HelperError? in
            do throws(HelperError) { try writeAll(fd, raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Says `line` on standard error, as one line: its newlines become spaces.
    package static func say(_ line: String) {
        try? writeAll(2, Array((line.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") + "\n").utf8))
    }

    /// Ends the helper: `message` as one line on standard error, and exit status `status`
    /// (1, a failure; 2, a command line it does not take).
    package static func fail(_ message: String, status: Int32 = 1) -> Never {
        say(message)
        exit(status)
    }
}
