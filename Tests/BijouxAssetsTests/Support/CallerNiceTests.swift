import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 36, item 2: the tool runs at its caller's nice value, whatever thread does the
/// work. On Linux nice is per thread, and libdispatch gives its pool's threads the nice
/// of their QoS class; as root (which may lower a nice value) those threads, and the
/// helpers they spawned, ran at 0 or -4 under `nice -n 10`, starving the helper that
/// the main thread spawned at 10.
@Suite("The caller's nice value", .tags(.slow), .notInFastRun)
struct CallerNiceTests {
    static let canLowerNice = getuid() == 0 && FileManager.default.fileExists(atPath: "/proc/self/task")

    /// A thread's line of `/proc/<pid>/task/<tid>/stat`: its CPU ticks (user and system)
    /// and its nice value, the fields after its name's closing parenthesis.
    static func thread(_ stat: Substring) -> (ticks: Int, nice: Int)? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 16, let user = Int(fields[11]), let system = Int(fields[12]), let nice = Int(fields[16]) else { return nil }
        return (user + system, nice)
    }

    /// A wrapper for `helper` that logs its own nice value and the tool's threads' (its
    /// parent's), then runs the helper.
    static func wrapper(_ folder: TemporaryFolder, for helper: String, log: String) -> String {
        let path = folder.path + "/wrappers/" + (helper as NSString).lastPathComponent
        let script = """
            #!/bin/sh
            { echo "child $(nice)"; for stat in /proc/$PPID/task/*/stat; do echo "thread $(cat "$stat")"; done; } >> '\(log)'
            exec '\(helper)' "$@"

            """
        folder.write("wrappers/" + (helper as NSString).lastPathComponent, script)
        chmod(path, 0o755)
        return path
    }

    /// A build under `nice -n 10`: every helper (the renderers, spawned from the pool's
    /// threads; the AAC encoder) starts at 10, and every thread of the tool that has done
    /// work is at 10 whenever a helper looks.
    @Test(.enabled(if: canLowerNice, "needs root on Linux: only a privileged process's threads can go below the caller's nice value"))
    func helpersAndWorkersRunAtTheCallersNice() throws {
        let folder = TestPaths.temporaryFolder("nice")
        folder.write(
            "art/charms.json",
            #"""
            {"charms": [{"id": "sun", "displayName": "Sun", "note": "hi", "swayDuration": 3}, {"id": "moon", "displayName": "Moon", "note": "hi", \#
            "swayDuration": 3}]}
            """#
        )
        for id in ["sun", "moon"] {
            let disc = Synthetic.paintedDisc(width: 1400, height: 1300, center: (700, 650), radius: 500, softness: 8, color: (240, 200, 80), matte: 0)
            folder.write("art/charms/\(id).png", PNGEncoder.encode(disc, as: .rgb))
        }
        for index in 0..<8 { folder.write("art/icons/icon-\(index).svg", IconFixtures.slowSVG(passes: 1, width: 64, height: 64)) }
        folder.write(
            "art/music/loop.json", #"{"tempo": 100, "bars": 2, "meter": "3/4", "key": "Bb", "progression": ["Bbmaj7", "Ebdim7"], "seed": 3, "loop": true}"#)
        let log = folder.path + "/nice.log"
        let environment = [
            IconRenderer.helperVariable: Self.wrapper(folder, for: IconRenderer.helper, log: log),
            AACCodec.helperVariable: Self.wrapper(folder, for: AACCodec.helper, log: log),
        ]
        let result = try CLI.start(
            tool: "/usr/bin/nice", ["-n", "10", CLI.executable, "build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--jobs", "2"],
            environment: environment
        ).finish()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = (folder.read("nice.log").map { String(decoding: $0, as: UTF8.self) } ?? "").split(separator: "\n")
        let children = lines.filter { $0.hasPrefix("child ") }.map { $0.dropFirst(6) }
        let threads = lines.filter { $0.hasPrefix("thread ") }.compactMap { Self.thread($0) }
        print(
            """
            under nice -n 10: \(children.count) helpers at \(Set(children).sorted()); tool threads seen \(threads.count) times at \
            \(Set(threads.map(\.nice)).sorted())
            """
        )
        // The 8 icons' drawings are made by the renderers kept alive (one started ahead,
        // and at most one per thread drawing, two here), and the music by the encoder.
        #expect((2...4).contains(children.count), "the renderers and the encoder: \(children)")
        #expect(children.allSatisfy { $0 == "10" }, "\(children)")
        // A thread that has not worked yet (0 ticks) may still be at libdispatch's value.
        let worked = threads.filter { $0.ticks > 0 }
        #expect(worked.count >= 2)
        #expect(worked.allSatisfy { $0.nice == 10 }, "\(worked)")
    }
}
