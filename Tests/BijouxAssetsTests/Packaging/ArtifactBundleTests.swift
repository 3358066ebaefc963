import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// Where `make artifactbundle` writes (a type of its own: the suite's trait reads
/// `available`, and a suite's attribute cannot refer to the suite).
enum Dist {
    static let dist = TestPaths.packageRoot + "/.build/dist"
    static let bundle = dist + "/bijoux-assets.artifactbundle"
    static let zip = bundle + ".zip"
    static let pluginPackage = dist + "/BijouxAssetsPlugin"
    static let tools = ["bijoux-assets", "bijoux-aac", "bijoux-render"]

    static var available: Bool {
        if ProcessInfo.processInfo.environment["BIJOUX_REQUIRE_BUNDLE"] == "1" { return true }
        return FileManager.default.fileExists(atPath: zip)
    }
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

    /// info.json read against the artifact-bundle schema (SE-0305): every field it has,
    /// of the type it must be, and nothing else.
    static func artifacts() throws -> [Artifact] {
        let data = try #require(FileManager.default.contents(atPath: Dist.bundle + "/info.json"))
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(info.keys) == ["schemaVersion", "artifacts"])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Set(artifacts.keys) == Set(Dist.tools), "one artifact per executable")
        return try artifacts.keys.sorted().map { name in
            let artifact = try #require(artifacts[name] as? [String: Any])
            #expect(Set(artifact.keys) == ["version", "type", "variants"])
            #expect(artifact["type"] as? String == "executable")
            let variants = try #require(artifact["variants"] as? [[String: Any]])
            try #require(variants.count == 1)
            #expect(Set(variants[0].keys) == ["path", "supportedTriples"])
            #expect(variants[0]["supportedTriples"] as? [String] == [hostTriple])
            let path = try #require(variants[0]["path"] as? String)
            #expect(path.hasSuffix("/bin/" + name))
            return Artifact(name: name, version: try #require(artifact["version"] as? String), path: Dist.bundle + "/" + path)
        }
    }

    @Test func infoJSONNamesBothExecutablesForTheHost() throws {
        let artifacts = try Self.artifacts()
        for artifact in artifacts {
            #expect(FileManager.default.isExecutableFile(atPath: artifact.path), "\(artifact.path)")
        }
        let tool = try #require(artifacts.first { $0.name == "bijoux-assets" })
        let version = try CLI.runTool(tool.path, ["--version"])
        #expect(version.status == 0)
        for artifact in artifacts {
            #expect(artifact.version + "\n" == version.stdout, "the version is the tool's own --version")
        }
    }

    /// Nothing of a Swift toolchain at run time, only the system's C libraries; and the
    /// tool's start loads neither FFmpeg nor librsvg: each is its helper's alone.
    @Test func theExecutablesNeedNoSwiftToolchain() throws {
        for artifact in try Self.artifacts() {
            let linked = try AACCodecTests.linkedLibraries(artifact.path)
            #expect(!linked.contains("not found"), "\(linked)")
            for library in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "/opt/swift", "/usr/lib/swift"] {
                #expect(!linked.contains(library), "\(artifact.name) links \(library):\n\(linked)")
            }
            #expect(linked.contains("libav") == (artifact.name == "bijoux-aac"), "\(artifact.name):\n\(linked)")
            // FFmpeg's libavcodec loads librsvg itself (to decode SVG), so only the tool's
            // own list says whether the tool's start loads it.
            if artifact.name != "bijoux-aac" {
                #expect(linked.contains("librsvg") == (artifact.name == "bijoux-render"), "\(artifact.name):\n\(linked)")
            }
        }
        for name in ["bijoux-aac", "bijoux-render"] {
            let helper = try #require(try Self.artifacts().first { $0.name == name })
            let help = try CLI.runTool(helper.path, ["--help"])
            #expect(help.status == 0 && help.stdout.contains("USAGE: \(name)"), "\(help.stdout)")
        }
    }

    /// The archive holds the bundle folder at its root, as SwiftPM requires, and its
    /// checksum file says what `swift package compute-checksum` says: the SHA-256 of the
    /// archive, computed here by another program.
    @Test func theZipHasTheBundleAtItsRootAndItsChecksum() throws {
        let listing = try CLI.runTool("/usr/bin/env", ["unzip", "-Z1", Dist.zip])
        try #require(listing.status == 0, "\(listing.stderr)")
        let entries = listing.stdout.split(separator: "\n").map(String.init)
        #expect(entries.contains("bijoux-assets.artifactbundle/info.json"))
        #expect(entries.allSatisfy { $0.hasPrefix("bijoux-assets.artifactbundle/") }, "\(entries)")
        for artifact in try Self.artifacts() {
            #expect(entries.contains(String(artifact.path.dropFirst(Dist.dist.count + 1))))
        }
        #if os(macOS)
            let digest = try CLI.runTool("/usr/bin/shasum", ["-a", "256", Dist.zip])
        #else
            let digest = try CLI.runTool("/usr/bin/sha256sum", [Dist.zip])
        #endif
        let recorded = try #require(FileManager.default.contents(atPath: Dist.zip + ".sha256"))
        #expect(String(decoding: recorded, as: UTF8.self) == String(digest.stdout.prefix(64)) + "\n")
    }

    /// The plugin package: the plugins' and BijouxKit's sources as they are here, the zip
    /// by path, and the command plugin declared as this package declares it.
    @Test func thePluginPackageCarriesTheseSourcesAndTheZip() throws {
        let manager = FileManager.default
        for folder in ["Plugins/BijouxAssetsPlugin", "Plugins/BijouxAssetsCommand", "Sources/BijouxKit"] {
            let diff = try CLI.runTool("/usr/bin/env", ["diff", "-r", TestPaths.packageRoot + "/" + folder, Dist.pluginPackage + "/" + folder])
            #expect(diff.status == 0, "\(folder) differs from this repository's:\n\(diff.stdout)")
        }
        #expect(manager.contentsEqual(atPath: Dist.zip, andPath: Dist.pluginPackage + "/bijoux-assets.artifactbundle.zip"))
        let manifest = String(decoding: try #require(manager.contents(atPath: Dist.pluginPackage + "/Package.swift")), as: UTF8.self)
        #expect(manifest.contains(#".binaryTarget(name: "BijouxAssetsTool", path: "bijoux-assets.artifactbundle.zip")"#))
        let ours = String(decoding: try #require(manager.contents(atPath: TestPaths.packageRoot + "/Package.swift")), as: UTF8.self)
        func command(_ manifest: String) -> [String] {
            manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("intent:") || $0.hasPrefix("permissions:") }
        }
        #expect(command(manifest).count == 2 && command(manifest) == command(ours), "the command plugin's verb and permission as in Package.swift")
    }

    /// With BIJOUX_RELEASE_URL the package names the published zip by URL and checksum,
    /// and carries no zip; the same executables give the same archive, byte for byte.
    @Test func aReleaseNamesTheZipByURLAndTheArchiveIsDeterministic() throws {
        let folder = TestPaths.temporaryFolder("artifactbundle")
        let bin = FileIO.parentDirectory(of: try #require(try Self.artifacts().first).path)
        let script = TestPaths.packageRoot + "/Packaging/artifactbundle"
        let url = "https://releases.example/bijoux-assets/0.1.0/bijoux-assets.artifactbundle.zip"
        let result = try CLI.runTool("/usr/bin/env", ["BIJOUX_RELEASE_URL=" + url, script, bin, folder.path])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: Dist.zip, andPath: folder.path + "/bijoux-assets.artifactbundle.zip"))
        let checksum = String(decoding: try #require(folder.read("bijoux-assets.artifactbundle.zip.sha256")), as: UTF8.self).dropLast()
        let manifest = String(decoding: try #require(folder.read("BijouxAssetsPlugin/Package.swift")), as: UTF8.self)
        #expect(manifest.contains(#".binaryTarget(name: "BijouxAssetsTool", url: "\#(url)", checksum: "\#(checksum)")"#))
        #expect(!folder.exists("BijouxAssetsPlugin/bijoux-assets.artifactbundle.zip"))
    }
}
