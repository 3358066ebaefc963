import Foundation
import Testing

/// The package's public face stays small and documented: `make api` lists it
/// (Tests/Tools/public-api), and the list must be Tests/Tools/public-api.txt, so a
/// declaration made public (or one that stops being) is a change to that file, seen in
/// review. Every one has `///` documentation, and there are at most 150.
@Suite("The public API")
struct PublicAPITests {
    @Test func theListIsTheRecordedOneAndEveryDeclarationIsDocumented() throws {
        let result = try CLI.runTool(TestPaths.packageRoot + "/Tests/Tools/public-api", ["--check"])
        #expect(result.status == 0, "\(result.stderr)")
        let recorded = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/Tools/public-api.txt", encoding: .utf8)
        #expect(
            result.stdout == recorded,
            "the public declarations changed: update Tests/Tools/public-api.txt with `make api > Tests/Tools/public-api.txt` if that is meant")
        let count = try #require(result.stdout.split(separator: "\n").last.flatMap { Int($0.prefix { $0.isNumber }) })
        #expect(count <= 150)
    }
}
