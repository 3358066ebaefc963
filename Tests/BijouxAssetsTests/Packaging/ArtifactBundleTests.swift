import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Where `make artifactbundle` writes (a type of its own: the suite's trait reads
/// `available`, and a suite's attribute cannot refer to the suite).
enum Dist {
    static let dist = TestPaths.packageRoot + "/.build/dist"
    /// The release executables the bundles are made from: the tool's own build (`make
    /// tool`), or in `make test` the tests' build, which it names in BIJOUX_TOOL_BIN
    /// (relative to the package).
    static let toolBin = TestPaths.packageRoot + "/" + (ProcessInfo.processInfo.environment["BIJOUX_TOOL_BIN"] ?? ".build/tool/release")

    /// One artifact bundle: its name, folder, zip and the executables it carries.
    struct Bundle: Sendable, CustomStringConvertible {
        var name: String
        var tools: [String]
        var folder: String { Dist.dist + "/\(name).artifactbundle" }
        var zip: String { folder + ".zip" }
        /// The variant folder's name (bin, lib, licenses) for this host.
        var variant: String { "\(name)-\(ToolIdentity.version)-\(ArtifactBundleTests.hostTriple)" }
        var description: String { name }
    }

    static let tool = Bundle(name: "bijoux-assets", tools: ["bijoux-assets", "bijoux-render"])
    static let music = Bundle(name: "bijoux-aac", tools: ["bijoux-aac"])
    static let bundles = [tool, music]
    /// The plugin package for art without music.
    static let pluginPackage = dist + "/BijouxAssetsPlugin"
    /// The plugin packages and the binary targets (with their bundles) each names.
    static let pluginPackages: [(name: String, targets: [(String, Bundle)])] = [
        ("BijouxAssetsPlugin", [("BijouxAssetsTool", tool)]),
        ("BijouxAssetsMusicPlugin", [("BijouxAssetsTool", tool), ("BijouxMusicTool", music)]),
    ]

    static var available: Bool {
        if ProcessInfo.processInfo.environment["BIJOUX_REQUIRE_BUNDLE"] == "1" { return true }
        return FileManager.default.fileExists(atPath: tool.zip)
    }

    /// The libraries a bundle does not carry (Packaging/system-libraries.txt).
    static let systemLibraries: Set<String> = {
        let text = String(decoding: try! FileIO.read(TestPaths.packageRoot + "/Packaging/system-libraries.txt"), as: UTF8.self)
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }()
}

/// What `make artifactbundle` writes (Packaging/artifactbundle), checked as SwiftPM and
/// an app's machine will take it. `make test` makes the bundle first and requires these
/// tests (`BIJOUX_REQUIRE_BUNDLE=1`); a bare `swift test` without one skips them.
@Suite(
    "The artifact bundle and the plugin package", .tags(.slow), .notInFastRun,
    .enabled(if: Dist.available, "no .build/dist/ (run make artifactbundle)"))
struct ArtifactBundleTests {
    /// The host's triple as SwiftPM matches it (no OS version).
    static let hostTriple: String = {
        let info = try! CLI.runTool("/usr/bin/env", ["swiftc", "-print-target-info"])
        let object = try! JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
        return (object["target"] as! [String: Any])["unversionedTriple"] as! String
    }()

    struct Artifact {
        var name: String
        var version: String
        var path: String
    }

    /// info.json of `bundle` read against the artifact-bundle schema (SE-0305): every
    /// field it has, of the type it must be, and nothing else.
    static func artifacts(_ bundle: Dist.Bundle) throws -> [Artifact] {
        let data = try #require(FileManager.default.contents(atPath: bundle.folder + "/info.json"))
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(info.keys) == ["schemaVersion", "artifacts"])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Set(artifacts.keys) == Set(bundle.tools), "one artifact per executable")
        return try artifacts.keys.sorted().map { name in
            let artifact = try #require(artifacts[name] as? [String: Any])
            #expect(Set(artifact.keys) == ["version", "type", "variants"])
            #expect(artifact["type"] as? String == "executable")
            let variants = try #require(artifact["variants"] as? [[String: Any]])
            try #require(variants.count == 1)
            #expect(Set(variants[0].keys) == ["path", "supportedTriples"])
            #expect(variants[0]["supportedTriples"] as? [String] == [hostTriple])
            let path = try #require(variants[0]["path"] as? String)
            #expect(path == "\(bundle.variant)/bin/\(name)")
            return Artifact(name: name, version: try #require(artifact["version"] as? String), path: bundle.folder + "/" + path)
        }
    }

    @Test(arguments: Dist.bundles)
    func infoJSONNamesEachExecutableForTheHost(_ bundle: Dist.Bundle) throws {
        let artifacts = try Self.artifacts(bundle)
        for artifact in artifacts {
            #expect(FileManager.default.isExecutableFile(atPath: artifact.path), "\(artifact.path)")
            #expect(artifact.version == ToolIdentity.version, "the version is the tool's own")
        }
        let tool = try Self.artifacts(Dist.tool)[0]
        let version = try CLI.runTool(tool.path, ["--version"])
        #expect(version.status == 0 && version.stdout == ToolIdentity.version + "\n")
        for helper in artifacts where helper.name != "bijoux-assets" {
            let help = try CLI.runTool(helper.path, ["--help"])
            #expect(help.status == 0 && help.stdout.contains("USAGE: \(helper.name)"), "\(help.stdout)")
        }
    }

    /// Every executable and library in a bundle loads only the bundle's own libraries
    /// and the system's (Packaging/system-libraries.txt): nothing of a Swift toolchain, of
    /// the -dev packages or of Homebrew. FFmpeg is the music bundle's alone, and librsvg
    /// is loaded by the icon renderer, never by the tool's start.
    @Test(arguments: Dist.bundles)
    func everyFileLoadsOnlyTheBundleAndTheSystem(_ bundle: Dist.Bundle) throws {
        let variant = bundle.folder + "/" + bundle.variant
        let libraries = try FileManager.default.contentsOfDirectory(atPath: variant + "/lib").sorted()
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") } && libraries.contains { $0.hasPrefix("libstdc++") })
        #expect(libraries.contains { $0.hasPrefix("libavcodec") } == (bundle.name == "bijoux-aac"), "\(libraries)")
        for file in bundle.tools.map({ variant + "/bin/" + $0 }) + libraries.map({ variant + "/lib/" + $0 }) {
            let listing = try CLI.linkedLibraries(file)
            for line in listing.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard let first = words.first, first != "statically" else { continue }
                let name = first.split(separator: "/").last.map(String.init) ?? first
                if Dist.systemLibraries.contains(name) { continue }
                let resolved = words.count > 2 && words[1] == "=>" ? URL(fileURLWithPath: words[2]).standardized.path : "not found"
                #expect(resolved.hasPrefix(variant + "/lib/"), "\(file) loads \(name) from \(resolved)")
            }
            if file.hasSuffix("/bin/bijoux-assets") { #expect(!listing.contains("librsvg") && !listing.contains("libav"), "\(listing)") }
        }
        // Each copied library's licence, by the package it came from.
        let index = String(decoding: try FileIO.read(variant + "/licenses/index.txt"), as: UTF8.self)
        let listed = index.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
        #expect(listed == libraries)
        for line in index.split(separator: "\n").dropFirst() {
            let licence = String(line.split(separator: "\t")[2])
            #expect(FileManager.default.fileExists(atPath: variant + "/licenses/" + licence), "\(line)")
        }
    }

    /// The archive holds the bundle folder at its root, as SwiftPM requires, with the
    /// folder's info.json, and its checksum file says what `swift package compute-checksum`
    /// says: the SHA-256 of the archive, computed here by another program.
    @Test(arguments: Dist.bundles)
    func theZipHasTheBundleAtItsRootAndItsChecksum(_ bundle: Dist.Bundle) throws {
        let listing = try CLI.runTool("/usr/bin/env", ["unzip", "-Z1", bundle.zip])
        try #require(listing.status == 0, "\(listing.stderr)")
        let entries = listing.stdout.split(separator: "\n").map(String.init)
        let root = bundle.name + ".artifactbundle/"
        #expect(entries.contains(root + "info.json"))
        #expect(entries.allSatisfy { $0.hasPrefix(root) }, "\(entries)")
        for artifact in try Self.artifacts(bundle) {
            #expect(entries.contains(String(artifact.path.dropFirst(Dist.dist.count + 1))))
        }
        // The zip's info.json is the folder's, byte for byte: artifactbundle lays it out as
        // Packaging/merge-bundles, which writes every zip, does.
        let info = try CLI.runTool("/usr/bin/env", ["unzip", "-p", bundle.zip, root + "info.json"])
        #expect(info.stdout == String(decoding: try FileIO.read(bundle.folder + "/info.json"), as: UTF8.self))
        #if os(macOS)
            let digest = try CLI.runTool("/usr/bin/shasum", ["-a", "256", bundle.zip])
        #else
            let digest = try CLI.runTool("/usr/bin/sha256sum", [bundle.zip])
        #endif
        let recorded = try #require(FileManager.default.contents(atPath: bundle.zip + ".sha256"))
        #expect(String(decoding: recorded, as: UTF8.self) == String(digest.stdout.prefix(64)) + "\n")
    }

    /// The binary-target lines of a plugin package's manifest.
    static func binaryTargets(_ manifest: String) -> [String] {
        manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(".binaryTarget(") }
    }

    /// Each plugin package: the plugins' and BijouxKit's sources as they are here, its
    /// zips by path, both plugins depending on exactly its binary targets, and the
    /// command plugin declared as this package declares it.
    @Test func thePluginPackagesCarryTheseSourcesAndTheirZips() throws {
        let manager = FileManager.default
        let ours = String(decoding: try #require(manager.contents(atPath: TestPaths.packageRoot + "/Package.swift")), as: UTF8.self)
        func command(_ manifest: String) -> [String] {
            manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("intent:") || $0.hasPrefix("permissions:") }
        }
        for (name, targets) in Dist.pluginPackages {
            let package = Dist.dist + "/" + name
            for folder in ["Plugins/BijouxAssetsPlugin", "Plugins/BijouxAssetsCommand", "Sources/BijouxKit", "Sources/BijouxShared"] {
                let diff = try CLI.runTool("/usr/bin/env", ["diff", "-r", TestPaths.packageRoot + "/" + folder, package + "/" + folder])
                #expect(diff.status == 0, "\(name): \(folder) differs from this repository's:\n\(diff.stdout)")
            }
            let manifest = String(decoding: try #require(manager.contents(atPath: package + "/Package.swift")), as: UTF8.self)
            #expect(manifest.contains("name: \"\(name)\""))
            #expect(Self.binaryTargets(manifest) == targets.map { #".binaryTarget(name: "\#($0.0)", path: "\#($0.1.name).artifactbundle.zip"),"# })
            for (_, bundle) in targets {
                #expect(manager.contentsEqual(atPath: bundle.zip, andPath: package + "/\(bundle.name).artifactbundle.zip"))
            }
            let dependencies = "dependencies: [" + targets.map { "\"\($0.0)\"" }.joined(separator: ", ") + "]"
            #expect(manifest.components(separatedBy: dependencies).count - 1 == 2, "both plugins: \(dependencies)")
            #expect(command(manifest).count == 2 && command(manifest) == command(ours), "the command plugin's verb and permission as in Package.swift")
            let zips = try manager.contentsOfDirectory(atPath: package).filter { $0.hasSuffix(".zip") }.sorted()
            #expect(zips == targets.map { "\($0.1.name).artifactbundle.zip" }.sorted(), "\(name) carries its own zips only")
        }
    }

    /// With BIJOUX_RELEASE_URL, the release's address, each package names the published
    /// zips there by URL and checksum, and carries no zip; the same executables give the
    /// same archives, byte for byte.
    @Test func aReleaseNamesTheZipsByURLAndTheArchivesAreDeterministic() throws {
        let folder = TestPaths.temporaryFolder("artifactbundle")
        let script = TestPaths.packageRoot + "/Packaging/artifactbundle"
        let url = "https://releases.example/bijoux-assets/\(ToolIdentity.version)"
        let result = try CLI.runTool("/usr/bin/env", ["BIJOUX_RELEASE_URL=" + url + "/", script, Dist.toolBin, folder.path])
        try #require(result.status == 0, "\(result.stderr)")
        for bundle in Dist.bundles {
            let zip = "\(bundle.name).artifactbundle.zip"
            #expect(FileManager.default.contentsEqual(atPath: bundle.zip, andPath: folder.path + "/" + zip), "\(zip)")
        }
        for (name, targets) in Dist.pluginPackages {
            let manifest = String(decoding: try #require(folder.read("\(name)/Package.swift")), as: UTF8.self)
            let expected = try targets.map { target, bundle in
                let checksum = String(decoding: try #require(folder.read("\(bundle.name).artifactbundle.zip.sha256")), as: UTF8.self).dropLast()
                return #".binaryTarget(name: "\#(target)", url: "\#(url)/\#(bundle.name).artifactbundle.zip", checksum: "\#(checksum)"),"#
            }
            #expect(Self.binaryTargets(manifest) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + name).allSatisfy { !$0.hasSuffix(".zip") })
        }
    }
}
