import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestSupport

/// `bijoux-render` links what drawing needs (the core, the helper kit, librsvg, cairo)
/// and nothing of the stages: its own dependencies, as its file names them, hold no
/// KISS FFT, libebur128, libxml2 or xxHash (librsvg may load libxml2 itself; what counts
/// is what the renderer's target links), and no Foundation: each renderer process would
/// otherwise map Foundation and ICU for nothing it uses.
@Suite("The renderer's libraries")
struct RendererLinkTests {
    @Test func theRendererLinksLibrsvgAndNoneOfTheStagesLibraries() throws {
        let linked = try CLI.directLibraries(IconRenderer.helper)
        #expect(linked.contains { $0.contains("librsvg") }, "\(linked)")
        for library in ["libkissfft", "libebur128", "libxml2", "libxxhash", "Foundation"] {
            #expect(!linked.contains { $0.contains(library) }, "bijoux-render links \(library): \(linked)")
        }
    }
}
