import Foundation
import Testing

/// BijouxKit's SwiftUI conveniences and its `LocalizedStringResource`s are compiled only
/// on Apple platforms; on Linux the compiler still parses them, so a typo cannot wait for
/// the app's build to show.
@Suite("BijouxKit's sources", .tags(.slow), .notInFastRun)
struct BijouxKitSourcesTests {
    @Test func everyAppleOnlyFileParses() throws {
        let files = try BijouxKitModule.sources.filter {
            let text = try String(contentsOfFile: $0, encoding: .utf8)
            return text.contains("#if canImport(SwiftUI)") || text.contains("#if canImport(Darwin)")
        }
        #expect(files.contains { $0.hasSuffix("/GoldThreadShape.swift") } && files.contains { $0.hasSuffix("/CharmResources.swift") })
        let result = try SwiftCompiler.run(["-parse"] + files, in: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.output)")
    }

    /// The check above would pass on a file it could not see fail: a broken inactive
    /// branch must be an error.
    @Test func theParseSeesInsideTheInactiveBranch() throws {
        let folder = TestPaths.temporaryFolder("parse")
        folder.write("Broken.swift", "#if canImport(SwiftUI)\nstruct Shape { func path( { }\n#endif\n")
        let result = try SwiftCompiler.run(["-parse", "Broken.swift"], in: folder.path)
        #expect(result.status != 0)
    }
}
