import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let waitForSocket = Glibc.poll
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let waitForSocket = Darwin.poll
#endif

/// `watch --serve`'s server: what it serves, to whom, and how it holds up against
/// the rest of the machine (a rebinding page, links, slow clients).
@Suite("The preview server")
struct PreviewServerTests {
    static let port = PreviewServer.defaultPort

    /// The reply to a request with the given head lines, as the server on `port` gives it.
    static func reply(_ lines: String..., root: String = "/nonexistent") -> String {
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n"
        return String(decoding: PreviewServer.reply(to: Array(request.utf8), root: root, port: port, stamp: 7), as: UTF8.self)
    }

    /// The reply to `GET path` from a browser at 127.0.0.1:`port`.
    static func get(_ path: String, _ method: String = "GET", root: String = "/nonexistent") -> String {
        reply("\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", root: root)
    }

    @Test func theServerServesThePreviewAndTheCatalogOnly() throws {
        let folder = TestPaths.temporaryFolder("serve")
        folder.write("Preview/index.html", "<p>page</p>")
        folder.write("Assets.xcassets/Charms/a.imageset/a.png", [137, 80])
        folder.write("Generated/CharmTable.swift", "secret")
        folder.write("Preview/.hidden", "no")
        let page = Self.get("/Preview/index.html", root: folder.path)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 11\r\nCache-Control: no-store\r\n"))
        #expect(page.hasSuffix("\r\n\r\n<p>page</p>"))
        #expect(Self.get("/Assets.xcassets/Charms/a.imageset/a.png", root: folder.path).contains("Content-Type: image/png"))
        #expect(Self.get("/Preview/index.html", "HEAD", root: folder.path).hasSuffix("\r\n\r\n"))
        for refused in [
            "/Generated/CharmTable.swift", "/Preview/../Generated/CharmTable.swift", "/Preview/%2E%2E/Generated/CharmTable.swift", "/Preview/.hidden",
            "/Preview//index.html", "/etc/passwd",
        ] {
            #expect(Self.get(refused, root: folder.path).hasPrefix("HTTP/1.1 404"), "\(refused)")
        }
        #expect(Self.get("/").contains("Location: /Preview/index.html\r\n"))
        #expect(Self.get(PreviewServer.stampPath).hasSuffix("\r\n\r\n7"))
        #expect(Self.get("/Preview/index.html", "POST").hasPrefix("HTTP/1.1 405"))
    }

    /// Issue 45, finding 6: a data set's `evil.html` was served as a page, whose script
    /// ran on the server's origin. Now a data set's file is a download, and no file but
    /// the page is allowed to run script (a sandbox); no reply's type is sniffed.
    @Test func aDataFileIsADownloadAndOnlyThePageMayRunScript() throws {
        let folder = TestPaths.temporaryFolder("serve-data")
        let script = "<html><script>document.title='PWNED'</script></html>"
        folder.write("Preview/index.html", "<p>page</p>")
        folder.write("Assets.xcassets/Data/evil.dataset/evil.html", script)
        folder.write("Assets.xcassets/Images/logo.imageset/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>")
        let server = try PreviewServer(root: folder.path, port: 0)
        server.start()
        defer { server.stop() }
        func head(_ reply: String) -> [String] { reply.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n") }

        let data = try LoopbackClient(port: server.port).get("/Assets.xcassets/Data/evil.dataset/evil.html")
        #expect(data.hasPrefix("HTTP/1.1 200 OK\r\n") && data.hasSuffix("\r\n\r\n" + script))
        let dataHead = head(data)
        for field in [
            "Content-Type: application/octet-stream", "Content-Disposition: attachment", "Content-Security-Policy: sandbox", "X-Content-Type-Options: nosniff",
        ] {
            #expect(dataHead.contains(field), "\(field) in \(dataHead)")
        }
        #expect(!data.contains("text/html"))

        let image = head(try LoopbackClient(port: server.port).get("/Assets.xcassets/Images/logo.imageset/logo.svg"))
        #expect(image.contains("Content-Type: image/svg+xml") && image.contains("Content-Security-Policy: sandbox"), "\(image)")
        #expect(image.contains("X-Content-Type-Options: nosniff") && !image.contains("Content-Disposition: attachment"))
        let page = head(try LoopbackClient(port: server.port).get("/Preview/index.html"))
        #expect(page.contains("Content-Type: text/html; charset=utf-8") && page.contains("X-Content-Type-Options: nosniff"), "\(page)")
        #expect(!page.contains { $0.hasPrefix("Content-Security-Policy") || $0.hasPrefix("Content-Disposition") })
        for other in ["/", PreviewServer.stampPath, "/Generated/x"] {
            #expect(head(Self.get(other, root: folder.path)).contains("X-Content-Type-Options: nosniff"), "\(other)")
        }
    }

    @Test func aRequestHeadIsParsedStrictly() {
        let head = RequestHead(Array("GET /a?b HTTP/1.0\r\nHOST:  localhost:1 \r\nX-Empty:".utf8))
        #expect(
            head
                == RequestHead(
                    method: "GET", target: "/a?b", version: "HTTP/1.0", fields: [.init(name: "host", value: "localhost:1"), .init(name: "x-empty", value: "")]))
        for malformed in [
            "GET / HTTP/1.1\nHost: a", "GET / HTTP/1.1\r\nHost: a\rb", "GET /  HTTP/1.1", "GET / HTTP/2", "GET /", "GET / HTTP/1.1\r\n folded: no",
            "GET / HTTP/1.1\r\nName : value", "GET / HTTP/1.1\r\nno colon", "",
        ] {
            #expect(RequestHead(Array(malformed.utf8)) == nil, "\(malformed)")
        }
        #expect(RequestHead([71, 69, 84, 32, 47, 255, 32, 72, 84, 84, 80, 47, 49, 46, 49]) == nil, "not UTF-8")
        #expect(Self.reply("GET / HTTP/1.1", "Host: 127.0.0.1:\(Self.port)", " folded").hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    }

    /// DNS rebinding: a page on another name that resolves to 127.0.0.1 sends that name.
    @Test func onlyAHostNamingThisServerIsAnswered() throws {
        for host in ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"] {
            #expect(PreviewServer.isThisServer(host: [host], port: 8123), "\(host)")
        }
        for hosts in [
            ["evil.example:8123"], ["127.0.0.1"], ["localhost"], ["localhost:80"], ["localhost:8124"], ["localhost.:8123"], ["127.0.0.2:8123"],
            ["localhost:8123.evil.example"], ["0.0.0.0:8123"], [], ["localhost:8123", "localhost:8123"],
        ] {
            #expect(!PreviewServer.isThisServer(host: hosts, port: 8123), "\(hosts)")
        }
        // Without a port a Host means port 80: right only when that is the one served.
        #expect(PreviewServer.isThisServer(host: ["localhost"], port: 80) && !PreviewServer.isThisServer(host: ["localhost:8123"], port: 80))

        let folder = TestPaths.temporaryFolder("serve-host")
        folder.write("Preview/index.html", "hello")
        let server = try PreviewServer(root: folder.path, port: 0)
        server.start()
        defer { server.stop() }
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            let answer = try LoopbackClient(port: server.port).request("GET /Preview/index.html HTTP/1.1\r\nHost: \(host):\(server.port)\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.hasSuffix("hello"), "\(host)")
        }
        for head in [
            "GET /Preview/index.html HTTP/1.1\r\nHost: evil.example:\(server.port)", "GET /Preview/index.html HTTP/1.1\r\nHost: localhost",
            "GET /Preview/index.html HTTP/1.0",
        ] {
            let answer = try LoopbackClient(port: server.port).request(head + "\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(head)")
            #expect(answer.hasSuffix("\r\n\r\nthe Host header must be 127.0.0.1:\(server.port), localhost:\(server.port) or [::1]:\(server.port)\n"), "\(head)")
            #expect(!answer.contains("hello"))
        }
    }

    @Test func nothingIsServedThroughASymbolicLink() throws {
        let folder = TestPaths.temporaryFolder("serve-links")
        folder.write("out/Preview/index.html", "page")
        folder.write("secret/passwords.txt", "hunter2")
        folder.write("out/Assets.xcassets/Charms/a.imageset/a.png", [137, 80])
        let links = FileManager.default
        try links.createSymbolicLink(atPath: folder.path + "/out/Preview/file.txt", withDestinationPath: folder.path + "/secret/passwords.txt")
        try links.createSymbolicLink(atPath: folder.path + "/out/Preview/folder", withDestinationPath: folder.path + "/secret")
        try links.createSymbolicLink(atPath: folder.path + "/out/Preview/relative.txt", withDestinationPath: "../../secret/passwords.txt")
        try links.createSymbolicLink(atPath: folder.path + "/out/Preview/passwd", withDestinationPath: "/etc/passwd")
        try links.createSymbolicLink(atPath: folder.path + "/out/Assets.xcassets/Charms/b.imageset", withDestinationPath: folder.path + "/secret")
        // The output folder itself may be a link; below it, none is followed.
        try links.createSymbolicLink(atPath: folder.path + "/linked-out", withDestinationPath: folder.path + "/out")
        for root in ["/out", "/linked-out"] {
            #expect(Self.get("/Preview/index.html", root: folder.path + root).hasSuffix("\r\n\r\npage"))
            for linked in [
                "/Preview/file.txt", "/Preview/folder/passwords.txt", "/Preview/relative.txt", "/Preview/passwd",
                "/Assets.xcassets/Charms/b.imageset/passwords.txt",
            ] {
                let answer = Self.get(linked, root: folder.path + root)
                #expect(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n") && answer.hasSuffix("\r\n\r\nnot found\n"), "\(linked)")
                #expect(!answer.contains("hunter2") && !answer.contains("root:"), "\(linked)")
            }
        }
    }

    @Test func theServerListensOnLoopbackAndAnswers() throws {
        let folder = TestPaths.temporaryFolder("serve-live")
        folder.write("Preview/index.html", "hello")
        let server = try PreviewServer(root: folder.path, port: 0)
        server.start()
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/Preview/index.html")
        let answer = try LoopbackClient(port: server.port).get("/Preview/index.html")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.hasSuffix("hello"))
        server.bumpStamp()
        #expect(try LoopbackClient(port: server.port).get(PreviewServer.stampPath).hasSuffix("\r\n\r\n1"))
        #expect(poll(upTo: 30) { server.connectionCount == 0 })
    }

    /// The whole head has a deadline, not each byte: a client that keeps dribbling is
    /// closed when it is up all the same.
    @Test func aConnectionThatNeverEndsItsHeadIsClosedAtTheDeadline() throws {
        let folder = TestPaths.temporaryFolder("serve-deadline")
        let server = try PreviewServer(root: folder.path, port: 0, limits: .init(headSeconds: 0.5))
        server.start()
        defer { server.stop() }
        let client = try LoopbackClient(port: server.port)
        let started = Date()
        var answer: String?
        for byte in Array("GET /Preview/index.html HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX: ".utf8) + Array(repeating: 120, count: 1000) {
            client.put([byte])
            answer = client.readToEnd(within: 0.05)
            if answer != nil { break }
        }
        let waited = Date().timeIntervalSince(started)
        #expect(answer?.hasPrefix("HTTP/1.1 408 Request Timeout\r\n") == true, "\(answer ?? "still open after \(waited) s")")
        #expect(waited >= 0.45 && waited < 5, "closed after \(waited) s")
        #expect(poll(upTo: 30) { server.connectionCount == 0 })
    }

    @Test func pastTheCapANewConnectionClosesTheOldest() throws {
        let folder = TestPaths.temporaryFolder("serve-cap")
        folder.write("Preview/index.html", "hello")
        let server = try PreviewServer(root: folder.path, port: 0, limits: .init(headSeconds: 600, maxConnections: 4))
        server.start()
        defer { server.stop() }
        let idle = try (0..<4).map { _ in try LoopbackClient(port: server.port) }
        #expect(poll(upTo: 30) { server.connectionCount == 4 })
        #expect(try LoopbackClient(port: server.port).get("/Preview/index.html").hasSuffix("hello"))
        #expect(idle[0].readToEnd(within: 30) == "", "the oldest is closed, with nothing sent")
        #expect(poll(upTo: 30) { server.connectionCount == 3 })
        #expect(idle[1].readToEnd(within: 0.2) == nil, "the others stay open")
    }

    /// 128 clients each sending a byte every half second (all held: the cap is above
    /// that) while a browser asks for the page: it is answered at once. The measured
    /// time is printed; the bound is generous, for a slow shared CI machine.
    @Test func aHundredAndTwentyEightSlowClientsDoNotHoldUpARequest() throws {
        let folder = TestPaths.temporaryFolder("serve-slow")
        folder.write("Preview/index.html", "hello")
        // A deadline longer than the test, so all 128 are still there when it asks.
        let server = try PreviewServer(root: folder.path, port: 0, limits: .init(headSeconds: 60))
        server.start()
        defer { server.stop() }
        let slow = try (0..<128).map { _ in try LoopbackClient(port: server.port) }
        let rounds = Locked(0), dribbling = Locked(true), finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let head = Array("GET /Preview/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
            var sent = 0
            while dribbling.value {
                for client in slow { client.put([head[sent % head.count]]) }
                sent += 1
                rounds.value = sent
                usleep(500_000)
            }
            finished.signal()
        }
        defer {
            dribbling.value = false
            finished.wait()
        }
        #expect(poll(upTo: 60) { server.connectionCount == 128 && rounds.value >= 2 })
        var slowest = 0.0
        for _ in 0..<5 {
            let started = Date()
            let answer = try LoopbackClient(port: server.port).get("/Preview/index.html")
            slowest = max(slowest, Date().timeIntervalSince(started))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.hasSuffix("hello"))
        }
        print("preview server: the slowest of 5 requests among 128 slow clients took \(String(format: "%.2f", slowest * 1000)) ms")
        #expect(slowest < 5, "\(slowest) s")
        #expect(server.connectionCount >= 128, "the slow clients are still connected")
    }
}

/// A client's socket on 127.0.0.1, closed when released.
final class LoopbackClient: Sendable {
    let fd: Int32
    let port: Int

    init(port: Int) throws {
        self.port = port
        fd = socket(AF_INET, streamSocket, 0)
        try #require(fd >= 0)
        var address = PreviewServer.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { close(fd) }
        try #require(connected == 0)
    }

    deinit { close(fd) }

    /// Sends bytes; a closed connection is not an error (the server may have hung up).
    func put(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Everything received until the server closes the connection, or nil when it has
    /// not closed it within `seconds`.
    func readToEnd(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard waitForSocket(&ready, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000)) > 0 else { return nil }
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got <= 0 { return String(decoding: reply, as: UTF8.self) }
            reply += buffer[0..<got]
        }
    }

    /// Sends a whole request and returns the whole reply (at most 30 s).
    func request(_ text: String) throws -> String {
        put(Array(text.utf8))
        return try #require(readToEnd(within: 30), "no reply within 30 s")
    }

    /// A bare HTTP GET, as a browser at 127.0.0.1 sends it.
    func get(_ path: String) throws -> String {
        try request("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }
}
