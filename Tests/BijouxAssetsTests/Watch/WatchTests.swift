import Foundation
import Testing

@testable import BijouxAssets

@Suite("Watching the art folder")
struct WatchTests {
    @Test func aSnapshotSeesAnEditAnAdditionAndARemoval() throws {
        let folder = TestPaths.temporaryFolder("snapshot")
        folder.write("art/charms/a.png", [1, 2, 3])
        folder.write("art/charms.json", "{}")
        folder.write("art/.a.png.swp", [0])
        let before = ArtSnapshot(folder: folder.path + "/art")
        #expect(before.files.keys.sorted() == ["charms.json", "charms/a.png"])
        folder.write("art/charms/a.png", [1, 2, 3, 4])
        folder.write("art/charms/b.png", [5])
        try FileManager.default.removeItem(atPath: folder.path + "/art/charms.json")
        let after = ArtSnapshot(folder: folder.path + "/art")
        #expect(after.changes(since: before) == ["charms.json", "charms/a.png", "charms/b.png"])
        #expect(after.changes(since: after).isEmpty)
    }

    static func reply(_ request: String, root: String = "/nonexistent") -> String {
        String(decoding: PreviewServer.reply(to: Array(request.utf8), root: root, stamp: 7), as: UTF8.self)
    }

    @Test func theServerServesThePreviewAndTheCatalogOnly() throws {
        let folder = TestPaths.temporaryFolder("serve")
        folder.write("Preview/index.html", "<p>page</p>")
        folder.write("Assets.xcassets/Charms/a.imageset/a.png", [137, 80])
        folder.write("Generated/CharmTable.swift", "secret")
        folder.write("Preview/.hidden", "no")
        let page = Self.reply("GET /Preview/index.html HTTP/1.1\r\nHost: x\r\n\r\n", root: folder.path)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 11\r\nCache-Control: no-store\r\n"))
        #expect(page.hasSuffix("\r\n\r\n<p>page</p>"))
        #expect(Self.reply("GET /Assets.xcassets/Charms/a.imageset/a.png HTTP/1.1\r\n\r\n", root: folder.path).contains("Content-Type: image/png"))
        #expect(Self.reply("HEAD /Preview/index.html HTTP/1.1\r\n\r\n", root: folder.path).hasSuffix("\r\n\r\n"))
        for refused in [
            "/Generated/CharmTable.swift", "/Preview/../Generated/CharmTable.swift", "/Preview/%2E%2E/Generated/CharmTable.swift", "/Preview/.hidden",
            "/Preview//index.html", "/etc/passwd",
        ] {
            #expect(Self.reply("GET \(refused) HTTP/1.1\r\n\r\n", root: folder.path).hasPrefix("HTTP/1.1 404"), "\(refused)")
        }
        #expect(Self.reply("GET / HTTP/1.1\r\n\r\n").contains("Location: /Preview/index.html\r\n"))
        #expect(Self.reply("GET \(PreviewServer.stampPath) HTTP/1.1\r\n\r\n").hasSuffix("\r\n\r\n7"))
        #expect(Self.reply("POST /Preview/index.html HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 405"))
    }

    @Test func theServerListensOnLoopbackAndAnswers() throws {
        let folder = TestPaths.temporaryFolder("serve-live")
        folder.write("Preview/index.html", "hello")
        let server = try PreviewServer(root: folder.path, port: 0)
        server.start()
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/Preview/index.html")
        let answer = try Self.get("/Preview/index.html", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.hasSuffix("hello"))
        server.bumpStamp()
        #expect(try Self.get(PreviewServer.stampPath, port: server.port).hasSuffix("\r\n\r\n1"))
    }

    /// A bare HTTP GET over a loopback socket, as a browser sends it.
    static func get(_ path: String, port: Int) throws -> String {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got <= 0 { break }
            reply += buffer[0..<got]
        }
        return String(decoding: reply, as: UTF8.self)
    }
}

/// `bijoux-assets watch` as a designer runs it: a save is rebuilt, a bad edit is
/// reported and leaves the outputs, Ctrl-C stops it with status 0.
@Suite("watch command", .tags(.slow), .notInFastRun)
struct WatchCommandTests {
    static func lines(_ text: String, containing word: String) -> Int {
        text.split(separator: "\n").filter { $0.contains(word) }.count
    }

    @Test func rebuildsOnASaveSurvivesABadEditAndStopsOnInterrupt() throws {
        let folder = TestPaths.temporaryFolder("watch")
        BuildEngineTests.makeArt(folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["watch", "--art", folder.path + "/art", "--out", folder.path + "/out"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // The running tool's output so far, collected as it arrives.
        let stdout = StreamedOutput(out), stderr = StreamedOutput(err)
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        #expect(stdout.wait(120) { $0.contains("\nbuilt ") }, "no first build: \(stdout.value) \(stderr.value)")
        // The first build counts its jobs rather than naming a few of them.
        #expect(stdout.value.range(of: #"\nbuilt [0-9]+ jobs; "#, options: .regularExpression) != nil, "\(stdout.value)")
        let imagePath = "out/Assets.xcassets/Charms/sun.imageset/sun@3x.png"
        let image = try #require(folder.read(imagePath))
        let page = try #require(folder.read("out/" + ContactSheetPage.path))

        // A save: a wide band instead of a disc, so its image set and its card (where its
        // paint is on the canvas) change.
        folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 300, height: 80, center: (150, 40), radius: 100, softness: 3, color: (250, 120, 60)), as: .rgb))
        #expect(stdout.wait(60) { Self.lines($0, containing: "charms/sun.png changed: rebuilt") == 1 }, "\(stdout.value) \(stderr.value)")
        #expect(folder.read(imagePath) != image)
        #expect(folder.read("out/" + ContactSheetPage.path) != page)

        // A bad edit: an error in the compiler form; the outputs stay as they were.
        let before = folder.files().filter { $0.hasPrefix("out/") }.map { ($0, folder.read($0)!) }
        folder.write("art/charms.json", "{\"charms\": [")
        #expect(stdout.wait(60) { $0.contains("charms.json changed: build failed; the previous outputs are kept") }, "\(stdout.value)")
        #expect(stderr.wait(10) { $0.contains("/art/charms.json:1:13: error: ") }, "\(stderr.value)")
        let after = folder.files().filter { $0.hasPrefix("out/") }.map { ($0, folder.read($0)!) }
        #expect(after.map(\.0) == before.map(\.0) && zip(after, before).allSatisfy { $0.1 == $1.1 })

        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // The pipe's last bytes may reach the handler after the process has ended.
        #expect(stdout.wait(10) { $0.hasSuffix("stopped\n") }, "\(stdout.value)")
    }
}
