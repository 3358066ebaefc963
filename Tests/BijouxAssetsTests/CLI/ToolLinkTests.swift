import Testing

@testable import BijouxAssets
@testable import BijouxTestSupport

/// The tool links what it uses: BijouxKit's Foundation-free part (BijouxShared) and not
/// Foundation, whose libraries (and ICU's data through them) it would otherwise map at every
/// start; the AAC encoder links no Foundation either.
@Suite("The tool's libraries")
struct ToolLinkTests {
    @Test func theToolAndTheEncoderLinkNoFoundation() throws {
        for executable in [CLI.executable, AACCodec.helper] {
            let linked = try CLI.directLibraries(executable)
            #expect(linked.contains { $0.contains("libswiftCore") }, "\(linked)")
            #expect(!linked.contains { $0.contains("Foundation") }, "\(executable) links Foundation: \(linked)")
        }
    }
}
