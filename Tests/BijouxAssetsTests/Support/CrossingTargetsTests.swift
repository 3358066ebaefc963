import Foundation
import Testing

/// What crosses between the package's targets stays designed: declarations are internal
/// unless another target names them, `make crossing` lists those (Tests/Tools/crossing),
/// and the list must be Tests/Tools/crossing.txt, so a declaration made `package` (or one
/// that stops being) is a change to that file, seen in review; under 550 in all (a ratchet: it only comes down).
@Suite("What crosses targets")
struct CrossingTargetsTests {
    @Test func theListIsTheRecordedOneAndUnderTheBudget() throws {
        let result = try CLI.runTool(TestPaths.packageRoot + "/Tests/Tools/crossing", ["--check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let recorded = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/Tools/crossing.txt", encoding: .utf8)
        let total = recorded.split(separator: "\n").first { $0.hasSuffix(" declarations cross targets") }
        let count = try #require(total.flatMap { Int($0.prefix { $0.isNumber }) })
        #expect(count < 550)
    }

    @Test func nothingOutsideBijouxKitIsPublicButWhatItsTypesRequire() throws {
        let recorded = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/Tools/crossing.txt", encoding: .utf8)
        let publicOnes = recorded.split(separator: "\n").filter { $0.contains(": public ") }
        #expect(publicOnes == ["Sources/BijouxCore/Support/Geometry.swift: public var description: String"])
    }
}
