import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

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
        EngineFixtures.makeArt(folder)
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
        // paint is on the canvas) change; on a black border, since paint that reaches the
        // canvas's edges reads as a light matte, which the build refuses.
        var band = RGBAImage(width: 340, height: 120)
        Compositing.paste(
            Synthetic.paintedDisc(width: 300, height: 80, center: (150, 40), radius: 100, softness: 3, color: (250, 120, 60)), into: &band, x: 20, y: 20)
        folder.write("art/charms/sun.png", PNGEncoder.encode(band, as: .rgb))
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
