import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// CHANGELOG.md as Packaging/release reads it: a release's section is headed
/// `## x.y.z — YYYY-MM-DD`, newest first; `## Unreleased` is the only other `## ` heading.
enum Changelog {
    static let path = TestPaths.packageRoot + "/CHANGELOG.md"
    static var releaseHeading: Regex<(Substring, Substring, Substring)> { /## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})/ }

    /// The versions of the release headings, in the file's order (newest first); an issue
    /// for a `## ` heading that is neither a release's nor `## Unreleased`.
    static func releases(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard line.hasPrefix("## "), line != "## Unreleased" else { return nil }
            guard let match = line.wholeMatch(of: releaseHeading) else {
                Issue.record("CHANGELOG.md: '\(line)' is neither a release's heading '## x.y.z — YYYY-MM-DD' nor '## Unreleased'")
                return nil
            }
            return String(match.output.1)
        }
    }

    /// The text without its `## Unreleased` section (the heading and what is under it).
    static func withoutUnreleased(_ text: String) -> String {
        var inside = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("## ") { inside = line == "## Unreleased" }
            return !inside
        }.joined(separator: "\n")
    }
}

/// One version in one place: `ToolIdentity.version` (Sources/BijouxAssets/Engine/Identity.swift),
/// which `--version` prints. CHANGELOG.md's newest section, the artifact bundles' info.json and
/// the plugin packages' manifests say the same (docs/releasing.md).
@Suite("One version")
struct VersionAgreementTests {
    @Test func theChangelogsNewestSectionIsTheSourcesVersion() throws {
        let releases = Changelog.releases(in: try String(contentsOfFile: Changelog.path, encoding: .utf8))
        #expect(
            releases.first == ToolIdentity.version, "CHANGELOG.md's newest section is \(releases.first ?? "none"), the source's version \(ToolIdentity.version)"
        )
        #expect(Set(releases).count == releases.count, "a version has one section: \(releases)")
    }

    /// Packaging/release reads the version before anything is built, from this line as it is
    /// written; the line must stay one it can read.
    @Test func theReleaseScriptReadsTheVersionFromItsOneLine() throws {
        let source = try String(contentsOfFile: TestPaths.packageRoot + "/Sources/BijouxAssets/Engine/Identity.swift", encoding: .utf8)
        let lines = source.split(separator: "\n").filter { $0.contains("static let version") }
        #expect(lines == ["    package static let version = \"\(ToolIdentity.version)\""])
    }

    /// What `make artifactbundle` wrote to .build/dist (`make test` makes it first): each zip's
    /// info.json gives every executable the version, and each plugin package's header names it
    /// and no other.
    @Test(.tags(.slow), .notInFastRun, .enabled(if: Dist.available, "no .build/dist/ (run make artifactbundle)"))
    func theArtifactBundlesAndPluginPackagesSayIt() throws {
        for bundle in ["bijoux-assets", "bijoux-aac"] {
            let zip = Dist.dist + "/\(bundle).artifactbundle.zip"
            let info = try CLI.runTool("/usr/bin/env", ["unzip", "-p", zip, "\(bundle).artifactbundle/info.json"])
            try #require(info.status == 0, "\(zip): \(info.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            let artifacts = try #require(object["artifacts"] as? [String: Any])
            #expect(!artifacts.isEmpty, "\(zip) names no artifact")
            for (name, artifact) in artifacts {
                #expect((artifact as? [String: Any])?["version"] as? String == ToolIdentity.version, "\(zip): \(name)'s version")
            }
        }
        for package in ["BijouxAssetsPlugin", "BijouxAssetsMusicPlugin"] {
            let manifest = try String(contentsOfFile: Dist.dist + "/\(package)/Package.swift", encoding: .utf8)
            // The comment under the swift-tools-version line.
            let header = manifest.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("//") }
            let versions = header.flatMap { $0.matches(of: /\d+\.\d+\.\d+/).map { String($0.output) } }
            #expect(!versions.isEmpty && versions.allSatisfy { $0 == ToolIdentity.version }, "\(package)/Package.swift's header names \(versions)")
        }
    }
}

/// `make release` (Packaging/release) refuses before it builds anything, with one `error:`
/// line, a non-zero exit status and no tag, in a clone of this repository's HEAD in a
/// temporary folder. Each refusal is the script's checks alone (`--check`, `CHECK=1`), or
/// a refusal that comes before the build; `make release` without CHECK=1 runs with
/// `SWIFT=false` and no `DEPS`, so a refusal that failed to come would fail the build at
/// once instead of building and installing.
@Suite("make release refuses before it builds", .tags(.slow), .notInFastRun)
struct ReleaseTests {
    static let version = ToolIdentity.version
    static let url = "https://github.com/OWNER/bijoux-assets/releases/download/" + version

    /// A clone of this repository's HEAD, with this work tree's release scripts, Makefile and
    /// release workflow committed in it (the ones under test are the ones being edited); every command runs
    /// with a git identity of its own and none of the git variables that would point it at
    /// another repository.
    final class Clone {
        let folder = TestPaths.temporaryFolder("release")
        var path: String { folder.path + "/bijoux-assets" }
        static let edited = [
            "Packaging/release", "Packaging/artifactbundle", "Packaging/merge-bundles", "Makefile", ".github/workflows/release.yml",
        ]
        static let unset = ["-u", "GIT_DIR", "-u", "GIT_WORK_TREE", "-u", "GIT_INDEX_FILE", "-u", "GIT_OBJECT_DIRECTORY", "-u", "GIT_COMMON_DIR"]
        static let environment = [
            "GIT_AUTHOR_NAME": "Release Tests", "GIT_AUTHOR_EMAIL": "release-tests@example.invalid",
            "GIT_COMMITTER_NAME": "Release Tests", "GIT_COMMITTER_EMAIL": "release-tests@example.invalid",
            "MAKEFLAGS": "", "VERSION": "", "CHECK": "", "BIJOUX_RELEASE_URL": "",
        ]

        /// With `releasable`, the clone is made a commit whose release would pass the checks:
        /// no `## Unreleased` section, and no tag of the source's version.
        init(releasable: Bool = false) throws {
            _ = try run(["git", "clone", "-q", TestPaths.packageRoot, path], in: folder.path, requireSuccess: true)
            for file in Self.edited {
                _ = try run(["mkdir", "-p", (path + "/" + file as NSString).deletingLastPathComponent], requireSuccess: true)
                _ = try run(["cp", TestPaths.packageRoot + "/" + file, path + "/" + file], requireSuccess: true)
            }
            try commit("this work tree's release script")
            guard releasable else { return }
            try edit("CHANGELOG.md", Changelog.withoutUnreleased)
            try commit("nothing unreleased")
            if try tags().contains(ReleaseTests.version) { _ = try git(["tag", "-d", ReleaseTests.version]) }
        }

        /// Runs a program (through env) in the clone.
        func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], requireSuccess: Bool = false) throws -> CLI.Result {
            let result = try CLI.start(
                tool: "/usr/bin/env", Self.unset + arguments, in: directory ?? path, environment: Self.environment.merging(environment) { $1 }
            ).finish()
            if requireSuccess { try #require(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)") }
            return result
        }

        func git(_ arguments: [String]) throws -> String {
            try run(["git"] + arguments, requireSuccess: true).stdout
        }

        func commit(_ message: String) throws {
            _ = try git(["add", "-A"])
            _ = try git(["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "--allow-empty", "-m", message])
        }

        func edit(_ file: String, _ change: (String) throws -> String) throws {
            let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
            try change(text).write(toFile: path + "/" + file, atomically: false, encoding: .utf8)
        }

        func tags() throws -> [String] {
            try git(["tag", "--list"]).split(separator: "\n").map(String.init)
        }

        /// `Packaging/release ARGUMENTS` with BIJOUX_RELEASE_URL set to `url`.
        func release(_ arguments: [String], url: String = ReleaseTests.url) throws -> CLI.Result {
            try run(["Packaging/release"] + arguments, environment: ["BIJOUX_RELEASE_URL": url])
        }

        /// `make release ARGUMENTS`; without CHECK=1, with no build it could run (above).
        func makeRelease(_ arguments: [String]) throws -> CLI.Result {
            try run(
                ["make", "--no-print-directory", "release"] + arguments, environment: ["BIJOUX_RELEASE_URL": ReleaseTests.url, "SWIFT": "false", "DEPS": ""])
        }

        /// A refusal: a non-zero status, nothing on stdout, the one line `error` on stderr
        /// (`make` adds its own line after it), no tag made and nothing built.
        func expectRefused(
            _ result: CLI.Result, _ error: String, byMake: Bool = false, tags before: [String], sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            #expect(result.status != 0, sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "\(result.stdout)", sourceLocation: sourceLocation)
            if byMake {
                #expect(result.stderr.hasPrefix(error + "\n"), "\(result.stderr)", sourceLocation: sourceLocation)
            } else {
                #expect(result.stderr == error + "\n", sourceLocation: sourceLocation)
            }
            #expect(try tags() == before, "a refusal makes no tag", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: path + "/.build"), "a refusal builds nothing", sourceLocation: sourceLocation)
        }
    }

    @Test func refusesADirtyTree() throws {
        let clone = try Clone()
        let tags = try clone.tags()
        clone.folder.write("bijoux-assets/stray.txt", "not committed")
        let error = "error: the work tree is not clean (stray.txt): commit or remove every change, untracked files included, before a release"
        try clone.expectRefused(try clone.release(["--check", Self.version]), error, tags: tags)
        try clone.expectRefused(try clone.makeRelease(["VERSION=" + Self.version]), error, byMake: true, tags: tags)
    }

    @Test func refusesAVersionWithoutAChangelogSection() throws {
        let clone = try Clone()
        let tags = try clone.tags()
        let error =
            "error: CHANGELOG.md has no section for 9.9.9"
            + ": add one headed '## 9.9.9 — YYYY-MM-DD' above the newest, saying what changes for the people who use it"
        try clone.expectRefused(try clone.release(["--check", "9.9.9"]), error, tags: tags)
        try clone.expectRefused(try clone.makeRelease(["VERSION=9.9.9"]), error, byMake: true, tags: tags)

        // A heading that is nearly the version's is named, at its line.
        let heading = "## \(Self.version) — "
        try clone.edit("CHANGELOG.md") { $0.replacingOccurrences(of: heading, with: "## \(Self.version) - ") }
        try clone.commit("a hyphen for the em dash")
        let text = try String(contentsOfFile: clone.path + "/CHANGELOG.md", encoding: .utf8)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("## \(Self.version) - ") }) + 1
        let nearly =
            "error: CHANGELOG.md:\(line): the heading of \(Self.version)'s section"
            + " must read '## \(Self.version) — YYYY-MM-DD' (an em dash, then the release's date)"
        try clone.expectRefused(try clone.release(["--check", Self.version]), nearly, tags: tags)
    }

    @Test func refusesAVersionOtherThanTheSources() throws {
        let clone = try Clone(releasable: true)
        let tags = try clone.tags()
        try clone.edit("CHANGELOG.md") { text in
            let first = try #require(text.range(of: "\n## "))
            return text.replacingCharacters(in: first, with: "\n## 9.9.9 — 2026-12-05\n\n- A change.\n\n## ")
        }
        try clone.commit("a section for 9.9.9")
        let error =
            "error: the source's version is \(Self.version), not 9.9.9"
            + ": set it in Sources/BijouxAssets/Engine/Identity.swift (package static let version = \"9.9.9\"), and commit"
        try clone.expectRefused(try clone.release(["--check", "9.9.9"]), error, tags: tags)
        // The source's version, no longer the newest section's.
        let older = "error: CHANGELOG.md's newest section is 9.9.9, not \(Self.version): a release's section goes above the others"
        try clone.expectRefused(try clone.release(["--check", Self.version]), older, tags: tags)
    }

    @Test func refusesNoVersionAndAMalformedOne() throws {
        let clone = try Clone()
        let tags = try clone.tags()
        let none = "error: no version: make release VERSION=x.y.z (or Packaging/release [--check] x.y.z)"
        try clone.expectRefused(try clone.release([]), none, tags: tags)
        try clone.expectRefused(try clone.release(["--check"]), none, tags: tags)
        try clone.expectRefused(try clone.makeRelease([]), none, byMake: true, tags: tags)
        for malformed in ["1.2", "v1.2.3", "01.2.3", "1.2.3-beta", "1.2.3.4"] {
            let error = "error: '\(malformed)' is not a version x.y.z (three whole numbers without leading zeros, as 0.1.0)"
            try clone.expectRefused(try clone.release(["--check", malformed]), error, tags: tags)
        }
    }

    @Test func refusesAnExistingTagAndAMissingOrWrongAddress() throws {
        let clone = try Clone(releasable: true)
        _ = try clone.git(["tag", Self.version])
        let commit = try clone.git(["rev-parse", "HEAD"]).prefix(12)
        var tags = try clone.tags()
        let tagged = "error: the tag \(Self.version) exists already (on \(commit)): a version is released once; release the next one"
        try clone.expectRefused(try clone.release(["--check", Self.version]), tagged, tags: tags)
        _ = try clone.git(["tag", "-d", Self.version])
        tags = try clone.tags()

        let unset =
            "error: BIJOUX_RELEASE_URL is not set: set it to the address the release's files will be downloaded from, e.g. \(Self.url)"
        try clone.expectRefused(try clone.release(["--check", Self.version], url: ""), unset, tags: tags)
        let http = "http://example.com/releases/\(Self.version)"
        let notHTTPS =
            "error: BIJOUX_RELEASE_URL (\(http))"
            + " is not an https:// address without spaces, quotes, '|' or '&' (SwiftPM downloads binary targets over https only)"
        try clone.expectRefused(try clone.release(["--check", Self.version], url: http), notHTTPS, tags: tags)
        let zip = Self.url + "/bijoux-assets.artifactbundle.zip"
        let aZip =
            "error: BIJOUX_RELEASE_URL (\(zip)) names a zip"
            + ": set it to the release's base address, under which both zips go (e.g. …/releases/download/\(Self.version))"
        try clone.expectRefused(try clone.release(["--check", Self.version], url: zip), aZip, tags: tags)
    }

    /// The other side: a clean commit of the source's version, with its section and no tag,
    /// passes the checks, and `--check` still makes no tag and builds nothing.
    @Test func theChecksPassOnAReleasableCommit() throws {
        let clone = try Clone(releasable: true)
        let tags = try clone.tags()
        let commit = try clone.git(["rev-parse", "HEAD"]).prefix(12)
        let passed = try clone.release(["--check", Self.version])
        #expect(passed.status == 0 && passed.stderr.isEmpty, "\(passed.stderr)")
        #expect(passed.stdout == "release: the checks for \(Self.version) pass (commit \(commit), zips at \(Self.url)/)\n")
        let made = try clone.makeRelease(["VERSION=" + Self.version, "CHECK=1"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try clone.tags() == tags)
        #expect(!FileManager.default.fileExists(atPath: clone.path + "/.build"))
    }
}
