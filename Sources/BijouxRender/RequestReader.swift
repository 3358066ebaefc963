import BijouxAssets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The renderer's requests, read from a file descriptor one after another: a request
/// line (at most `RenderRequest.maxHeader` bytes) and the document it announces.
struct RequestReader {
    /// The input did not hold a request: the tool and the helper disagree, or the pipe
    /// failed. The helper says it and ends.
    struct Failure: Error {
        var message: String
    }

    let fd: Int32
    private var buffered: [UInt8] = []
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    /// The next request and its document; nil at the end of the input between requests.
    mutating func next() throws(Failure) -> (request: RenderRequest, svg: [UInt8])? {
        var newline = buffered.firstIndex(of: UInt8(ascii: "\n"))
        while newline == nil {
            guard buffered.count <= RenderRequest.maxHeader else { throw Failure(message: "a request line longer than \(RenderRequest.maxHeader) bytes") }
            guard try fill() else {
                if buffered.isEmpty { return nil }
                throw Failure(message: "the input ended inside a request line")
            }
            newline = buffered.firstIndex(of: UInt8(ascii: "\n"))
        }
        let line = String(decoding: buffered[..<newline!], as: UTF8.self)
        guard let (request, length) = RenderRequest.parse(header: line) else { throw Failure(message: "not a request: '\(line.prefix(80))'") }
        buffered.removeSubrange(...newline!)
        while buffered.count < length {
            guard try fill() else { throw Failure(message: "the input ended inside a document (\(buffered.count) of \(length) bytes)") }
        }
        let svg = Array(buffered.prefix(length))
        buffered.removeFirst(length)
        return (request, svg)
    }

    /// Reads what the descriptor has into the buffer; false at its end.
    private mutating func fill() throws(Failure) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffered += chunk.prefix(count)
                return true
            }
            if count == 0 { return false }
            if errno != EINTR { throw Failure(message: "cannot read the request: \(String(cString: strerror(errno)))") }
        }
    }
}
