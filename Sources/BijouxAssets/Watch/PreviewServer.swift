import BijouxCore
import CBijouxShims
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
///
/// What else on this machine (a web page in the browser, another program) can do to it:
/// - A request is answered only when its one `Host` header names this server:
///   `127.0.0.1`, `localhost` or `[::1]` with the served port (`localhost:8722`); without
///   the port only when that is 80, which a Host without one means. Anything else, or no
///   Host at all (an HTTP/1.0 client that sends none; every browser sends one), gets
///   `403 Forbidden`. So a page whose own name was pointed at 127.0.0.1 (DNS rebinding)
///   cannot read the contact sheet: its requests carry its name.
/// - Nothing below the output folder is reached through a symbolic link: each component
///   of the path is opened with `O_NOFOLLOW`, relative to the folder before it
///   (`FileIO.read(below:)`), so a link anywhere in the path, to a file or a folder, is
///   `404 Not Found`. The output folder itself may be a link.
/// - One thread serves every connection, with non-blocking sockets and `poll`: each
///   connection must send its whole request head within `Limits.headSeconds` of being
///   accepted (else it gets `408`) and take its reply within `Limits.replySeconds`;
///   once a reply is out, the server's sending side is shut and what the client still
///   sends is dropped until it hangs up (at most `lingerSeconds`), so a close cannot
///   reset the connection before the client has read the reply; at most `Limits.maxConnections` are open at once, and one
///   accepted past that closes the one open longest. So slow clients cannot hold up
///   the others: every connection's bytes are read as they come.
package final class PreviewServer: Sendable {
    /// The port `--serve` uses when given none.
    package static let defaultPort = 8722
    /// What the page polls; its text changes after every rebuild that wrote something.
    static let stampPath = "/__bijoux/stamp"
    static let pollMilliseconds = 500
    /// The only folders of the output served.
    static let servedFolders = [ContactSheetPage.folder, AssetCatalog.folderName]

    /// How long a client may take, and how many may be connected at once.
    struct Limits: Sendable {
        /// From accepting a connection to the blank line that ends its request head.
        var headSeconds = 5.0
        /// From the end of the head to the last byte of the reply.
        var replySeconds = 10.0
        /// Connections open at once; one accepted past this closes the one open longest.
        var maxConnections = 256
        /// The longest request head (request line and headers); a longer one gets `431`.
        var maxHeadBytes = 16384
    }

    /// The output folder it serves from.
    let root: String
    /// The port it listens on (the one chosen when given 0).
    let port: Int
    let limits: Limits
    private let listener: Int32
    private let stampValue = Locked(0)
    private let stopped = Locked(false)
    private let openCount = Locked(0)
    /// Signalled when the serving thread has closed the listener.
    private let done = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1:`port` (0: any free port; see `port`) and serves `root`.
    package init(root: String, port: Int) throws(ServerError) {
        self.root = root
        limits = Limits()
        (listener, self.port) = try Self.openListener(port: port)
    }

    /// The same, with other limits (short ones, in tests).
    init(root: String, port: Int, limits: Limits) throws(ServerError) {
        self.root = root
        self.limits = limits
        (listener, self.port) = try Self.openListener(port: port)
    }

    /// A non-blocking listening socket on 127.0.0.1:`port`, and the port it got; like
    /// every connection's socket, it is close-on-exec from its creation, so a helper
    /// a build in `watch` spawns holds none of them.
    private static func openListener(port: Int) throws(ServerError) -> (Int32, Int) {
        signal(SIGPIPE, SIG_IGN)  // a browser that hangs up mid-reply is not fatal
        let listener = bx_socket_cloexec(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw ServerError(message: "cannot open a socket: \(Self.lastError())") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, SOMAXCONN) == 0 else {
            let reason = Self.lastError()
            close(listener)
            throw ServerError(message: "cannot listen on 127.0.0.1:\(port): \(reason)\(port != 0 ? " (try another --serve PORT)" : "")")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// 127.0.0.1:`port`, as the socket calls take it (the tests' client connects to it).
    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }

    /// The contact sheet's address, to print.
    package var url: String { "http://127.0.0.1:\(port)/\(ContactSheetPage.path)" }

    /// Tells pages a new build is there.
    package func bumpStamp() { stampValue.withLock { $0 += 1 } }

    var stamp: Int { stampValue.value }

    var isStopped: Bool { stopped.value }

    /// How many connections are open (for tests).
    var connectionCount: Int { openCount.value }

    /// Serves on a thread of its own until `stop()`.
    package func start() {
        CallerNice.async { [self] in
            var connections: [Connection] = []
            while !isStopped {
                serveOnce(&connections)
                openCount.value = connections.count
            }
            for connection in connections { close(connection.socket) }
            openCount.value = 0
            close(listener)
            done.signal()
        }
    }

    /// Stops listening and waits for the server's thread.
    package func stop() {
        stopped.value = true
        done.wait()
    }

    /// A client's connection, in the order accepted: its request head as it comes, then
    /// its reply as it goes out.
    private struct Connection {
        let socket: Int32
        /// When it must be done (uptime nanoseconds): its head, then its reply.
        var deadline: UInt64
        var received: [UInt8] = []
        var reply: [UInt8]?
        var sent = 0
        var finished = false
        /// Its reply out and its sending side shut: what the client still sends is read
        /// and dropped until it hangs up or `deadline`, since a close with unread bytes
        /// would reset the connection and the client might lose the reply.
        var lingering = false
    }

    /// How long a connection whose reply is out is drained before it is closed all the same.
    static let lingerSeconds = 2.0

    /// One turn of the loop: waits up to a tenth of a second for anything to read or
    /// send, does it, closes what is done or past its deadline, accepts who is waiting.
    private func serveOnce(_ connections: inout [Connection]) {
        var waiting = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        waiting += connections.map { pollfd(fd: $0.socket, events: Int16($0.reply == nil || $0.lingering ? POLLIN : POLLOUT), revents: 0) }
        _ = poll(&waiting, nfds_t(waiting.count), 100)
        for index in connections.indices where waiting[index + 1].revents != 0 {
            advance(&connections[index])
        }
        let now = Self.uptime()
        for index in connections.indices where !connections[index].finished && connections[index].deadline <= now {
            guard connections[index].reply == nil else {
                connections[index].finished = true
                continue
            }
            // Its head is late: it is told so, as any reply is sent.
            connections[index].reply = Self.response(408, "text/plain", Array("the request took too long\n".utf8), head: false)
            connections[index].deadline = now + Self.nanoseconds(limits.replySeconds)
        }
        for connection in connections where connection.finished { close(connection.socket) }
        connections.removeAll { $0.finished }
        while true {
            let socket = bx_accept_cloexec(listener)
            guard socket >= 0 else { break }
            if connections.count >= limits.maxConnections { close(connections.removeFirst().socket) }
            connections.append(Connection(socket: socket, deadline: Self.uptime() + Self.nanoseconds(limits.headSeconds)))
        }
    }

    /// Reads what a connection has sent until its head is in, then sends what it takes of
    /// the reply, then drains it (`lingering`); `finished` when the client has hung up
    /// after its reply, or before.
    private func advance(_ connection: inout Connection) {
        if connection.lingering {
            connection.finished = !Self.drain(connection.socket)
            return
        }
        if connection.reply == nil {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let got = buffer.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
            if got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            guard got > 0 else {
                connection.finished = true
                return
            }
            let searched = max(0, connection.received.count - 3)
            connection.received += buffer[0..<got]
            if let end = Self.headerEnd(connection.received, from: searched) {
                connection.reply = Self.reply(to: Array(connection.received[..<end]), root: root, port: port, stamp: stamp)
            } else if connection.received.count > limits.maxHeadBytes {
                connection.reply = Self.response(431, "text/plain", Array("the request head is over \(limits.maxHeadBytes / 1024) KiB\n".utf8), head: false)
            } else {
                return
            }
            connection.received = []
            connection.deadline = Self.uptime() + Self.nanoseconds(limits.replySeconds)
        }
        guard let reply = connection.reply else { return }
        let wrote = reply[connection.sent...].withUnsafeBytes { send(connection.socket, $0.baseAddress, $0.count, 0) }
        if wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        if wrote > 0 { connection.sent += wrote }
        if wrote <= 0 {
            connection.finished = true
        } else if connection.sent == reply.count {
            _ = shutdown(connection.socket, Int32(SHUT_WR))
            connection.lingering = true
            connection.deadline = Self.uptime() + Self.nanoseconds(Self.lingerSeconds)
        }
    }

    /// Reads and drops what `socket` has to read; false once the client has hung up (or
    /// the connection failed), true while it is open.
    private static func drain(_ socket: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if got > 0 { continue }
            return got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        }
    }

    static func uptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A request's first line and its header fields: pure, for tests.
struct RequestHead: Equatable {
    var method: String
    var target: String
    var version: String
    /// Each field's name in lower case and its value without the blanks around it, in order.
    var fields: [Field]

    struct Field: Equatable {
        var name: String
        var value: String
    }

    /// The values of the fields named `name` (lower case), in order.
    func values(of name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }
}

extension RequestHead {
    /// Parses a request head (the bytes before the blank line): a request line
    /// `METHOD TARGET HTTP/1.x`, then `Name: value` lines, each ended by CRLF. Anything
    /// else (a bare CR or LF, a folded line, bytes that are not UTF-8) is nil.
    init?(_ bytes: [UInt8]) {
        var lines: [String] = []
        var rest = bytes[...]
        while true {
            let line = rest.prefix { $0 != 13 && $0 != 10 }
            guard let text = String(validating: line, as: UTF8.self), !text.contains("\0") else { return nil }
            lines.append(text)
            rest = rest[line.endIndex...]
            if rest.isEmpty { break }
            guard rest.starts(with: [13, 10]) else { return nil }
            rest = rest.dropFirst(2)
        }
        let request = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard request.count == 3, request.allSatisfy({ !$0.isEmpty }), request[2] == "HTTP/1.1" || request[2] == "HTTP/1.0" else { return nil }
        (method, target, version) = (String(request[0]), String(request[1]), String(request[2]))
        fields = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                return nil
            }
            var value = line[line.index(after: colon)...]
            while value.first == " " || value.first == "\t" { value.removeFirst() }
            while value.last == " " || value.last == "\t" { value.removeLast() }
            fields.append(Field(name: line[..<colon].lowercased(), value: String(value)))
        }
    }
}

/// The server could not start (the port is taken, say).
package struct ServerError: UserFacingError {
    /// What went wrong.
    var message: String
    /// The error about no file.
    package var diagnostic: Diagnostic { Diagnostic(place: nil, message: message) }
}
