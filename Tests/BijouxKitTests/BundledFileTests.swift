import BijouxKit
import Foundation
import Testing

/// A bundled file is found in its folder of the bundle (where SwiftPM keeps it), else at
/// the bundle's top level (where Xcode puts the files of a group added by hand).
@Suite("BundledFile: one way to find the sounds and haptics")
struct BundledFileTests {
    enum Pattern: String, BundledHapticPattern {
        case kept, flat, missing
        static let fileExtension = "ahap"
        static let folder = "Haptics"
        static var bundle: Bundle { Bundle.main }
    }

    @Test func inItsFolderFirstThenAtTheTopLevelElseNowhere() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-file-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Haptics"), withIntermediateDirectories: true)
        for path in ["Haptics/kept.ahap", "kept.ahap", "flat.ahap"] {
            try Data(path.utf8).write(to: root.appendingPathComponent(path))
        }
        let bundle = try #require(Bundle(path: root.path))
        let kept = try #require(Pattern.kept.locate(in: bundle))
        #expect(try String(contentsOf: kept, encoding: .utf8) == "Haptics/kept.ahap")
        #expect(Pattern.kept.url(in: bundle) == kept)
        let flat = try #require(Pattern.flat.locate(in: bundle))
        #expect(try String(contentsOf: flat, encoding: .utf8) == "flat.ahap")
        #expect(Pattern.missing.locate(in: bundle) == nil)
        #expect(Pattern.flat.fileName == "flat.ahap")
    }
}
