import Foundation
import Testing

@testable import BijouxTestKit
@testable import BijouxTestSupport

/// BijouxKit's SwiftUI conveniences are compiled only on Apple platforms; here the whole
/// module is type-checked against the stand-ins of Apple's frameworks
/// (`Tests/AppleStandIns`), so a typo or a wrong label cannot wait for the app's build.
@Suite("BijouxKit's sources", .tags(.slow), .notInFastRun)
struct BijouxKitSourcesTests {
    @Test(arguments: AppleStandIns.Platform.allCases)
    func theWholeModuleTypeChecksAsAnApplePlatformCompilesIt(platform: AppleStandIns.Platform) throws {
        let standIns = AppleStandIns.shared.result
        try #require(standIns.status == 0, "\(standIns.output)")
        #expect(BijouxKitModule.sources.contains { $0.hasSuffix("/Platforms/GoldThreadShape.swift") })
        let result = try #require(AppleStandIns.bijouxKit[platform])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The check above would pass on code it did not see: with the stand-ins, a call
    /// Apple's SwiftUI does not have is an error, and without them the same file passes.
    @Test func theStandInsMakeTheSwiftUIBranchCount() throws {
        let standIns = AppleStandIns.shared.result
        try #require(standIns.status == 0, "\(standIns.output)")
        let folder = TestPaths.temporaryFolder("typecheck")
        folder.write(
            "Wrong.swift",
            """
            #if canImport(SwiftUI)
                import SwiftUI
                struct Thread: Shape {
                    func path(in rect: CGRect) -> Path {
                        var path = Path()
                        path.addLines(to: [CGPoint(x: 0, y: 0)])
                        return path
                    }
                }
            #endif

            """)
        let checked = try AppleStandIns.typecheck(["Wrong.swift"], as: .iOS, in: folder.path)
        #expect(checked.status != 0)
        #expect(checked.output.contains("addLines"), "\(checked.output)")
        let unchecked = try SwiftCompiler.run(["-typecheck", "Wrong.swift"], in: folder.path)
        #expect(unchecked.status == 0, "\(unchecked.output)")
    }
}
