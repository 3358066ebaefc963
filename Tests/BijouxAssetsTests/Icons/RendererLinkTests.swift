import Foundation
import Testing

@testable import BijouxAssets

/// `bijoux-render` links what drawing needs (the core, the helper kit, librsvg, cairo)
/// and nothing of the stages: its own dependencies, as its file names them, hold no
/// KISS FFT, libebur128, libxml2 or xxHash (librsvg may load libxml2 itself; what counts
/// is what the renderer's target links), and no Foundation: each renderer process would
/// otherwise map Foundation and ICU for nothing it uses.
@Suite("The renderer's libraries")
struct RendererLinkTests {
    /// The libraries `executable` names itself: its ELF `NEEDED` entries on Linux, the
    /// load commands `otool -L` prints on macOS.
    static func directLibraries(_ executable: String) throws -> [String] {
        #if os(macOS)
            let result = try CLI.runTool("/usr/bin/otool", ["-L", executable])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #else
            let result = try CLI.runTool("/usr/bin/readelf", ["-d", executable])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                line.split(separator: "[").last.map { String($0.dropLast()) }
            }
        #endif
    }

    @Test func theRendererLinksLibrsvgAndNoneOfTheStagesLibraries() throws {
        let linked = try Self.directLibraries(IconRenderer.helper)
        #expect(linked.contains { $0.contains("librsvg") }, "\(linked)")
        for library in ["libkissfft", "libebur128", "libxml2", "libxxhash", "Foundation"] {
            #expect(!linked.contains { $0.contains(library) }, "bijoux-render links \(library): \(linked)")
        }
    }
}
