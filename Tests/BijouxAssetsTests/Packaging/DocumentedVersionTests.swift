import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// What the README and the docs tell an app to depend on must resolve: a version they
/// name (`from: "0.1.0"`, `exact: "1.2.0"`) must be a tag of this repository, or an app
/// following them fails at `swift package resolve` (issue 22: the README said
/// `from: "0.1.0"` with no tag at all). The one exception is the version this commit
/// releases (the source's, with its CHANGELOG section): `make release` tags it on this
/// very commit, and a clone taken without tags still has it.
@Suite("The versions the docs name")
struct DocumentedVersionTests {
    /// The Markdown an app's developer reads: the README and every page of docs/.
    static func pages() throws -> [(name: String, text: String)] {
        let docs = TestPaths.packageRoot + "/docs"
        let names = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: docs)).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try names.map { ($0, try String(contentsOfFile: TestPaths.packageRoot + "/" + $0, encoding: .utf8)) }
    }

    /// Every `from:`/`exact:` with a version number in `text`.
    static func versions(in text: String) -> [String] {
        text.matches(of: /(?:from|exact): *"(\d+\.\d+\.\d+[^"]*)"/).map { String($0.output.1) }
    }

    @Test func findsTheVersionsAsAPackageManifestWritesThem() {
        #expect(Self.versions(in: #".package(url: "https://x/y.git", from: "0.1.0"), .package(url: "z", exact: "1.2.3-beta")"#) == ["0.1.0", "1.2.3-beta"])
        #expect(Self.versions(in: #"from: "<its tag>""#).isEmpty)
    }

    @Test func everyVersionTheDocsNameIsATag() throws {
        let named = try Self.pages().flatMap { page in Self.versions(in: page.text).map { (page.name, $0) } }
        guard !named.isEmpty else { return }
        let tags = try CLI.runTool("/usr/bin/env", ["git", "-C", TestPaths.packageRoot, "tag", "--list"])
        try #require(tags.status == 0, "git tag --list failed: \(tags.stderr)")
        let releasing = try Changelog.releases(in: String(contentsOfFile: Changelog.path, encoding: .utf8)).first
        let known = Set(tags.stdout.split(separator: "\n").map(String.init) + (releasing == ToolIdentity.version ? [ToolIdentity.version] : []))
        for (page, version) in named {
            #expect(known.contains(version), "\(page) names version \(version), which is neither a tag of this repository nor the one it releases")
        }
    }
}
