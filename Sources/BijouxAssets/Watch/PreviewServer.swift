import Dispatch

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
#endif

/// `watch --serve`: a small HTTP server for the contact sheet, on 127.0.0.1 only (no
/// other machine can reach it). It serves the output folder's `Preview/` and the
/// catalog images the page links (`Assets.xcassets/`), nothing else, read-only, and
/// a build stamp the page polls to reload itself after each rebuild.
public final class PreviewServer: @unchecked Sendable {
    /// The port `--serve` uses when given none.
    public static let defaultPort = 8722
    /// What the page polls; its text changes after every rebuild that wrote something.
    package static let stampPath = "/__bijoux/stamp"
    package static let pollMilliseconds = 500
    /// The only folders of the output served.
    package static let servedFolders = [ContactSheetPage.folder, AssetCatalog.folderName]

    /// The output folder it serves from.
    public let root: String
    /// The port it listens on (the one chosen when given 0).
    public private(set) var port: Int = 0
    private var listener: Int32 = -1
    private let stampValue = Locked(0)
    private let stopped = Locked(false)
    /// Signalled when the serving thread has closed the listener.
    private let done = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1:`port` (0: any free port; see `port`) and serves `root`.
    public init(root: String, port: Int) throws(ServerError) {
        self.root = root
        signal(SIGPIPE, SIG_IGN)  // a browser that hangs up mid-reply is not fatal
        listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw ServerError(message: "cannot open a socket: \(Self.lastError())") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            let reason = Self.lastError()
            close(listener)
            throw ServerError(message: "cannot listen on 127.0.0.1:\(port): \(reason)\(port != 0 ? " (try another --serve PORT)" : "")")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The contact sheet's address, to print.
    public var url: String { "http://127.0.0.1:\(port)/\(ContactSheetPage.path)" }

    /// Tells pages a new build is there.
    public func bumpStamp() { stampValue.withLock { $0 += 1 } }

    var stamp: Int { stampValue.value }

    var isStopped: Bool { stopped.value }

    /// Serves on a thread of its own until `stop()`.
    public func start() {
        DispatchQueue.global().async { [self] in
            while !isStopped {
                var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 100) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                DispatchQueue.global().async { [self] in
                    respond(on: connection)
                    close(connection)
                }
            }
            close(listener)
            done.signal()
        }
    }

    /// Stops listening and waits for the server's thread.
    public func stop() {
        stopped.value = true
        done.wait()
    }

    func respond(on connection: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16384 {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 2000) > 0 else { return }
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { return }
            request += buffer[0..<got]
            if Self.headerEnd(request) != nil { break }
        }
        let reply = Self.reply(to: request, root: root, stamp: stamp)
        var sent = 0
        while sent < reply.count {
            let wrote = reply.withUnsafeBytes { send(connection, $0.baseAddress! + sent, reply.count - sent, 0) }
            if wrote <= 0 { return }
            sent += wrote
        }
    }

    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The whole HTTP reply to a request: pure, for tests.
    static func reply(to request: [UInt8], root: String, stamp: Int) -> [UInt8] {
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET" || parts[0] == "HEAD" else {
            return response(405, "text/plain", Array("only GET and HEAD\n".utf8), head: false)
        }
        let head = parts[0] == "HEAD"
        var target = String(parts[1])
        if let query = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = String(target[..<query]) }
        if target == "/" {
            return response(302, "text/plain", [], head: head, extra: "Location: /\(ContactSheetPage.path)\r\n")
        }
        if target == stampPath { return response(200, "text/plain", Array("\(stamp)".utf8), head: head) }
        guard let path = servedPath(target) else { return response(404, "text/plain", Array("not found\n".utf8), head: head) }
        guard let bytes = try? FileIO.read(root + "/" + path) else {
            return response(404, "text/plain", Array("not found\n".utf8), head: head)
        }
        return response(200, contentType(path), bytes, head: head)
    }

    /// The request's path inside the output folder, when it is one the server serves:
    /// percent-decoded, in `servedFolders`, no `.` or `..` segments, no hidden files.
    static func servedPath(_ target: String) -> String? {
        guard target.hasPrefix("/"), let decoded = percentDecoded(String(target.dropFirst())) else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = segments.first, servedFolders.contains(String(first)), segments.count > 1,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") })
        else { return nil }
        return decoded
    }

    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func contentType(_ path: String) -> String {
        let types = [
            "html": "text/html; charset=utf-8", "png": "image/png", "json": "application/json", "svg": "image/svg+xml", "css": "text/css",
            "js": "text/javascript",
        ]
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        return types[ext] ?? "application/octet-stream"
    }

    static func response(_ status: Int, _ type: String, _ body: [UInt8], head: Bool, extra: String = "") -> [UInt8] {
        let reasons = [200: "OK", 302: "Found", 404: "Not Found", 405: "Method Not Allowed"]
        let header =
            "HTTP/1.1 \(status) \(reasons[status] ?? "")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\(extra)\r\n"
        return Array(header.utf8) + (head ? [] : body)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// The server could not start (the port is taken, say).
public struct ServerError: UserFacingError {
    /// What went wrong.
    public var message: String
    /// The error about no file.
    public var diagnostic: Diagnostic { Diagnostic(place: nil, message: message) }
}
