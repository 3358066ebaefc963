import Foundation

@testable import BijouxCore

/// Paths and small helpers shared by the test targets (`@testable import BijouxTestKit`):
/// they name the core alone, so a test target of the core builds without the stages.
enum TestPaths {
    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static let corpora = packageRoot + "/Tests/Corpora"
    static let pngSuite = corpora + "/pngsuite"
    static let art = packageRoot + "/art"

    /// A fresh empty folder, removed when the returned object is released.
    static func temporaryFolder(_ label: String = "test") -> TemporaryFolder { TemporaryFolder(label) }

    /// A fresh empty folder for a whole suite (a `static let`, which is never
    /// released): removed with the test process's root folder when it exits.
    static func sharedTemporaryFolder(_ label: String) -> TemporaryFolder { TemporaryFolder(label) }
}

/// Where the tests' folders go: one folder per test process, `bijoux-tests-<pid>` in the
/// temporary folder, removed when the process exits. A process that never exits
/// normally (killed, or crashed in a test) cannot remove it, so each test process
/// first removes the folders of test processes that no longer run: nothing a test
/// made outlives the next run, even when a build in it failed or was killed.
enum TestFolders {
    static let prefix = "bijoux-tests-"

    static let root: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        removeFoldersOfEndedProcesses(in: temporary)
        let root = temporary + "/" + prefix + String(getpid())
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { TestFolders.remove(TestFolders.root) }
        return root
    }()

    /// Removes the root folders in `temporary` of test processes that no longer run.
    static func removeFoldersOfEndedProcesses(in temporary: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            remove(temporary + "/" + name)
        }
    }

    /// Removes a folder and everything in it, read-only folders too (a test of a
    /// read-only output folder leaves one), and says so when it cannot.
    static func remove(_ path: String) {
        if (try? FileManager.default.removeItem(atPath: path)) != nil || !FileManager.default.fileExists(atPath: path) { return }
        makeWritable(path)
        do { try FileManager.default.removeItem(atPath: path) } catch { print("warning: cannot remove the test folder \(path): \(error)") }
    }

    /// Gives the owner every permission on a folder and the folders below it, never
    /// following a symbolic link (tests make links to files outside the folder).
    private static func makeWritable(_ folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        _ = chmod(folder, 0o700)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { makeWritable(folder + "/" + name) }
    }
}

final class TemporaryFolder: Sendable {
    let path: String

    init(_ label: String) {
        let base = TestFolders.root + "/\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    deinit { TestFolders.remove(path) }

    func write(_ relative: String, _ bytes: [UInt8]) {
        let full = path + "/" + relative
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    func write(_ relative: String, _ text: String) { write(relative, Array(text.utf8)) }

    func read(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + relative).map { Array($0) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    /// Every file below the folder, relative, sorted.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }
}

enum Synthetic {
    /// Opaque RGB noise.
    static func randomOpaque(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var generator = SeededRandom(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i] = UInt8.random(in: 0...255, using: &generator)
            image.pixels[i + 1] = UInt8.random(in: 0...255, using: &generator)
            image.pixels[i + 2] = UInt8.random(in: 0...255, using: &generator)
            image.pixels[i + 3] = 255
        }
        return image
    }

    /// A soft disc of one colour on a black matte (opaque RGB), the shape of a
    /// painted charm: full colour inside, brightness falling off over `softness` px.
    static func paintedDisc(
        width: Int, height: Int, center: (Double, Double), radius: Double, softness: Double,
        color: (Double, Double, Double), matte: UInt8 = 0
    ) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let d = ((Double(x) + 0.5 - center.0) * (Double(x) + 0.5 - center.0) + (Double(y) + 0.5 - center.1) * (Double(y) + 0.5 - center.1)).squareRoot()
                let coverage = min(1, max(0, (radius - d) / softness))
                func channel(_ c: Double) -> UInt8 { UInt8(max(Double(matte), (c * coverage).rounded())) }
                image[x, y] = RGBA(channel(color.0), channel(color.1), channel(color.2), 255)
            }
        }
        return image
    }
}

/// PngSuite's images (Tests/Corpora/pngsuite): the valid ones and the corrupt ones
/// (named "x…"), which several targets' tests read.
enum PNGSuite {
    static let files: [String] = try! FileIO.list(TestPaths.pngSuite).filter { $0.hasSuffix(".png") && $0 != "PngSuite.png" }
    static let valid = files.filter { !$0.hasPrefix("x") }
    static let corrupt = files.filter { $0.hasPrefix("x") }
}

/// A PNG file built chunk by chunk, for malformed and edge-case inputs.
enum RawPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out = bigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += bigEndian(crc32(body))
        return out
    }

    /// An IDAT holding an empty zlib stream: enough for a reader to reach the pixels.
    static let emptyImageData = chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])

    static func header(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

extension DecodedPNG {
    /// The decoded pixels as 8-bit RGBA, for tests on 8-bit sources.
    var rgba8: RGBAImage {
        guard case .rgba8(let image, _) = self else { fatalError("expected an 8-bit image") }
        return image
    }
}
