import Testing

@testable import BijouxHelperKit
@testable import BijouxTestKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The helpers' plumbing: their input read whole or not at all, their output written
/// whole, and their limits set or reported.
@Suite("The helpers' plumbing")
struct HelperIOTests {
    /// A pipe holding `bytes` and then its end (the bytes fit in its buffer), read from
    /// `body`'s input; the read end is closed after.
    static func reading<T>(_ bytes: [UInt8], _ body: (inout HelperInput) throws -> T) throws -> T {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        try HelperIO.writeAll(fds[1], bytes)
        close(fds[1])
        var input = HelperInput(fd: fds[0])
        return try body(&input)
    }

    @Test func linesAndExactCountsReadBackWhatWasWritten() throws {
        let read = try Self.reading(Array("first\nsecond\n0123456789tail".utf8)) { input in
            (try input.line(atMost: 16), try input.line(atMost: 16), try input.bytes(exactly: 10), try input.rest(), try input.line(atMost: 16))
        }
        #expect(read.0 == Array("first".utf8) && read.1 == Array("second".utf8))
        #expect(read.2 == Array("0123456789".utf8) && read.3 == Array("tail".utf8) && read.4 == nil)
    }

    @Test func aBufferIsFilledAsFarAsTheInputGoes() throws {
        let counts = try Self.reading(Array(0..<20)) { input in
            var buffer = [UInt8](repeating: 0, count: 8)
            let first = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            let head = buffer
            _ = try input.bytes(exactly: 2)
            let second = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            let next = Array(buffer.prefix(second))
            let third = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            return (first, head, second, next, third)
        }
        #expect(counts.0 == 8 && counts.1 == Array(0..<8))
        #expect(counts.2 == 8 && counts.3 == Array(10..<18))
        #expect(counts.4 == 2, "fewer only at the end of the input")
    }

    /// Input longer than one read (a file: each read takes at most the 64 KiB of the one
    /// buffer the input keeps) reads back whole: lines cut across reads, then the rest.
    @Test func inputLongerThanOneReadReadsBackWhole() throws {
        let lines = (0..<4000).map { Array("line \($0) ".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8($0 % 26), count: $0 % 90) }
        let tail = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let folder = TestPaths.temporaryFolder("helper-input")
        folder.write("input", lines.flatMap { $0 + [UInt8(ascii: "\n")] } + tail)
        let fd = open(folder.path + "/input", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var input = HelperInput(fd: fd)
        for line in lines { #expect(try input.line(atMost: 200) == line) }
        #expect(try input.rest() == tail)
        #expect(try input.line(atMost: 200) == nil)
    }

    /// A short read is an error, never the bytes read so far passed off as the whole.
    @Test func inputThatEndsTooSoonIsAnError() throws {
        #expect(throws: HelperError("the input ended after 4 of 10 bytes")) {
            try Self.reading(Array("four".utf8)) { input in try input.bytes(exactly: 10) }
        }
        #expect(throws: HelperError("the input ended inside a line (7 bytes)")) {
            try Self.reading(Array("no line".utf8)) { input in try input.line(atMost: 100) }
        }
        #expect(throws: HelperError("a line longer than 4 bytes")) {
            try Self.reading(Array("a long line\n".utf8)) { input in try input.line(atMost: 4) }
        }
    }

    /// A descriptor that cannot be read (the write end of a pipe) is an error, for
    /// everything read so far as for nothing.
    @Test func aReadErrorIsAnError() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        var input = HelperInput(fd: fds[1])
        #expect {
            try input.rest()
        } throws: { error in
            (error as? HelperError)?.message.hasPrefix("cannot read the input: ") == true
        }
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(throws: HelperError.self) { try buffer.withUnsafeMutableBytes { try input.read(into: $0) } }
        #expect {
            try HelperIO.writeAll(fds[0], [1, 2, 3])
        } throws: { error in
            (error as? HelperError)?.message.hasPrefix("cannot write the output: ") == true
        }
    }

    /// A limit the system does not take is the error: a soft limit above the hard one
    /// given is refused whoever asks (raising a hard limit is refused too, but not to root).
    @Test func aLimitThatCannotBeSetIsReported() throws {
        let before = try ResourceLimit.cpuSeconds.current()
        #expect {
            // Were it taken, the hard limit would stay all but unlimited.
            try ResourceLimit.cpuSeconds.set(soft: .max, hard: .max - 1)
        } throws: { error in
            (error as? HelperError)?.message.hasPrefix("cannot limit its CPU time to ") == true
        }
        if getuid() != 0 && before.hard < UInt64.max / 2 {
            #expect(throws: HelperError.self) { try ResourceLimit.cpuSeconds.set(soft: before.hard, hard: before.hard + 1) }
        }
        let after = try ResourceLimit.cpuSeconds.current()
        #expect(after.soft == before.soft && after.hard == before.hard, "a refused limit changes nothing")
    }
}
