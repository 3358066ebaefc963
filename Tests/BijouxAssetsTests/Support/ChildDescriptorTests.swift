import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child starts with its standard input, output and error and nothing else: 32 children
/// spawned from 8 threads at once each list their own descriptors (`/dev/fd`, which is
/// `/proc/self/fd` on Linux), and none holds one beyond 0, 1 and 2 but the folder its
/// listing reads, so none holds another's pipe, nor a pipe the tool opened without
/// close-on-exec meanwhile.
@Suite("A child's descriptors")
struct ChildDescriptorTests {
    /// The descriptors `ls -ln /dev/fd/` lists, but the folder it reads them from: on
    /// Linux a link to `/proc/<pid>/fd`, on macOS a folder entry.
    static func descriptors(listed: [UInt8]) -> [(fd: Int, line: String)] {
        String(decoding: listed, as: UTF8.self).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            // A descriptor's line starts with its mode ("lr-x------"); "total 0" does not.
            guard let mode = words.first, mode.count >= 10 else { return nil }
            let arrow = words.firstIndex(of: "->")
            guard let index = arrow.map({ $0 - 1 }) ?? words.indices.last, index > 0, let fd = Int(words[index]) else { return nil }
            let ownFolder = arrow.map { words[($0 + 1)...].joined(separator: " ").hasPrefix("/proc/") && line.hasSuffix("/fd") } ?? line.hasPrefix("d")
            return ownFolder ? nil : (fd, String(line))
        }
    }

    /// 32 runs of `/bin/sh -c script`, four from each of eight threads at once, so that
    /// spawns race with each other's pipes.
    static func spawnedFromEightThreads(_ script: String) -> [ChildProcess.Result] {
        let results = Locked<[ChildProcess.Result]>([])
        let finished = DispatchGroup()
        for _ in 0..<8 {
            finished.enter()
            Thread {
                for _ in 0..<4 {
                    if let result = try? ChildProcess.run("/bin/sh", ["-c", script]) { results.withLock { $0.append(result) } }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        return results.value
    }

    @Test func childrenSpawnedFromEightThreadsHoldOnlyTheirOwnThree() throws {
        // A pipe opened without close-on-exec, as a library might: no child may hold it either.
        var leaky: [Int32] = [-1, -1]
        try #require(pipe(&leaky) == 0)
        defer { for fd in leaky { close(fd) } }

        let results = Self.spawnedFromEightThreads("exec ls -ln /dev/fd/")
        #expect(results.count == 32 && results.allSatisfy { $0.status == 0 })
        for result in results {
            let listing = Self.descriptors(listed: result.stdout)
            let shown = String(decoding: result.stdout, as: UTF8.self)
            #expect(listing.map(\.fd).sorted() == [0, 1, 2], "child \(result.pid) holds \(listing.filter { $0.fd > 2 }.map(\.line)); it listed \(shown)")
        }
    }
}
