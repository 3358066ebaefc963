import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 36, item 3: a child inherits none of the tool's descriptors. Children are
/// spawned from several threads at once, as the icons' jobs and the sounds spawn them,
/// while the tool holds pipes, a track's temporary file, a lock file and the preview
/// server's sockets open; each child lists its own descriptors, and none of those, nor
/// another child's pipes, may be among them.
@Suite("Child processes")
struct ChildProcessTests {
    static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// What a descriptor of this process refers to ("pipe:[1234]", a path).
    static func target(_ fd: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
    }

    /// The sockets bound to 127.0.0.1:`port` (the listener and its connections), as
    /// /proc/self/fd names them: `/proc/net/tcp` gives each one's inode.
    static func sockets(onPort port: Int) -> Set<String> {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        var found: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9, let local = fields[1].split(separator: ":").last, Int(local, radix: 16) == port else { continue }
            found.insert("socket:[\(fields[9])]")
        }
        return found
    }

    /// A child's descriptors as `ls -l /proc/self/fd` lists them (its own listing's
    /// folder left out): number and target.
    static func descriptors(listed: [UInt8]) -> [(fd: Int, target: String)] {
        String(decoding: listed, as: UTF8.self).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard let arrow = words.firstIndex(of: "->"), arrow > 0, let fd = Int(words[arrow - 1]) else { return nil }
            let target = words[(arrow + 1)...].joined(separator: " ")
            return target.hasPrefix("/proc/") && target.hasSuffix("/fd") ? nil : (fd, target)
        }
    }

    @Test(.enabled(if: hasProcFileSystem, "lists /proc/<pid>/fd, which only Linux has"))
    func childrenSpawnedFromEightThreadsInheritNoDescriptorOfTheTool() throws {
        let folder = TestPaths.temporaryFolder("fds")
        // What the tool holds open meanwhile.
        let pipe = try ChildProcess.closeOnExecPipe()
        defer { close(pipe.read); close(pipe.write) }
        let track = try ScratchFile(file: "music/theme.json")
        let lock = try FileLock(folder.path + "/.build.bijoux-lock") {}
        let server = try PreviewServer(root: folder.path, port: 0)
        server.start()
        defer { server.stop() }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = PreviewServer.loopback(port: server.port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)

        let results = ChildDescriptorTests.spawnedFromEightThreads("exec ls -l /proc/self/fd")
        withExtendedLifetime((track, lock)) {}

        var owned = Set([pipe.read, pipe.write].compactMap(Self.target)).union(Self.sockets(onPort: server.port))
        owned.insert(folder.path + "/.build.bijoux-lock")
        let listings = results.map { Self.descriptors(listed: $0.stdout) }
        // Each child's own three: no other child may hold them.
        for listing in listings { owned.formUnion(listing.filter { $0.fd <= 2 && $0.target.hasPrefix("pipe:") }.map(\.target)) }
        #expect(results.count == 32 && results.allSatisfy { $0.status == 0 })
        #expect(owned.count >= 3 * 32, "the tool's descriptors: \(owned.sorted())")
        for (result, listing) in zip(results, listings) {
            let foreign = listing.filter { $0.fd > 2 && (owned.contains($0.target) || $0.target.contains("/bijoux-track.")) }
            #expect(foreign.isEmpty, "child \(result.pid) holds the tool's \(foreign.map { "\($0.fd) -> \($0.target)" })")
            #expect(listing.count >= 3, "child \(result.pid) listed \(String(decoding: result.stdout, as: UTF8.self))")
        }
    }
}
