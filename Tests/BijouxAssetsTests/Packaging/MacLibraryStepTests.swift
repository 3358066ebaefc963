import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The macOS half of the bundle's library step (Packaging/bundle_macos.py), checked on any
/// machine through the plan it makes for otool output that others recorded on their Macs:
/// Fixtures/otool, each recording's source in its README. The plan's commands were never run
/// on a Mac here; docs/bundle-macos.md says what was and was not.
@Suite("The macOS library step's plan")
struct MacLibraryStepTests {
    static let script = TestPaths.packageRoot + "/Packaging/bundle_macos.py"
    static let fixtures = TestPaths.packageRoot + "/Tests/BijouxAssetsTests/Packaging/Fixtures/otool"
    static let zstd = "/opt/homebrew/opt/zstd/lib/libzstd.1.dylib"

    /// The plan as bundle_macos.py prints it: the bundle's files, the libraries to copy into
    /// lib/, the commands (argv lists) to run in the variant's folder, and the references each
    /// file keeps because they are the system's.
    struct Plan: Decodable {
        var files: [String]
        var copies: [[String]]
        var commands: [[String]]
        var system: [String: [String]]
    }

    /// `bundle_macos.py --plan folder`; -B: Python writes no bytecode, so nothing is left behind.
    static func run(_ folder: String) throws -> CLI.Result {
        try CLI.runTool("/usr/bin/env", ["python3", "-B", script, "--plan", folder])
    }

    static func plan() throws -> Plan {
        let result = try run(fixtures)
        try #require(result.status == 0, "bundle_macos.py --plan failed: \(result.stderr)")
        return try JSONDecoder().decode(Plan.self, from: Data(result.stdout.utf8))
    }

    @Test func copiesTheHomebrewLibraryTheExecutablesLoadAndNothingElse() throws {
        let plan = try Self.plan()
        #expect(plan.copies == [[Self.zstd, "lib/libzstd.1.dylib"]])
        #expect(plan.files == ["bin/HelloEmbedded", "bin/clang-format", "lib/libzstd.1.dylib"])
    }

    @Test func leavesTheSystemsLibrariesAsTheyAre() throws {
        let plan = try Self.plan()
        #expect(
            plan.system["bin/HelloEmbedded"] == [
                "/usr/lib/libSystem.B.dylib", "/usr/lib/swift/libswiftCore.dylib", "/usr/lib/swift/libswiftSwiftOnoneSupport.dylib",
            ])
        #expect(plan.system["bin/clang-format"] == ["/usr/lib/libSystem.B.dylib", "/usr/lib/libz.1.dylib", "/usr/lib/libc++.1.dylib"])
        #expect(plan.system["lib/libzstd.1.dylib"] == ["/usr/lib/libSystem.B.dylib"])
        let arguments = plan.commands.flatMap { $0 }
        #expect(!arguments.contains { $0.hasPrefix("/usr/lib/") || $0.hasPrefix("/System/") }, "a command names a system library")
        #expect(!arguments.contains("bin/HelloEmbedded"), "a program that loads only the system is changed or signed")
    }

    @Test func rewritesTheExecutableToLibBesideBinAndTheLibraryToAnRpathID() throws {
        let rewrites = try Self.plan().commands.filter { $0.first == "install_name_tool" }
        #expect(
            rewrites == [
                ["install_name_tool", "-change", Self.zstd, "@loader_path/../lib/libzstd.1.dylib", "bin/clang-format"],
                ["install_name_tool", "-id", "@rpath/libzstd.1.dylib", "lib/libzstd.1.dylib"],
            ])
    }

    @Test func signsEveryChangedFileAdHocAfterItsChange() throws {
        let commands = try Self.plan().commands
        let changed = commands.filter { $0.first == "install_name_tool" }.compactMap(\.last)
        let signed = commands.filter { $0.first == "codesign" }
        #expect(signed == changed.map { ["codesign", "--force", "--sign", "-", $0] })
        let lastChange = commands.lastIndex { $0.first == "install_name_tool" } ?? commands.endIndex
        let firstSignature = commands.firstIndex { $0.first == "codesign" } ?? -1
        #expect(firstSignature > lastChange, "a file is signed before every change is made")
    }

    @Test func makesTheSamePlanEveryRun() throws {
        let first = try Self.run(Self.fixtures)
        let second = try Self.run(Self.fixtures)
        #expect(first.status == 0 && !first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test func twoDifferentLibrariesOfOneNameAreAnError() throws {
        let result = try Self.run(Self.fixtures + "/two-files-one-name")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "two different libraries are both named libzstd.1.dylib: \(Self.zstd) (loaded by bin/clang-format) and "
                    + "/usr/local/opt/zstd/lib/libzstd.1.dylib (loaded by bin/rsync)"), "\(result.stderr)")
    }

    @Test func aLibraryWhoseOutputIsMissingStopsThePlanAndSaysWhoLoadsIt() throws {
        let result = try Self.run(Self.fixtures + "/unrecorded-library")
        #expect(result.status == 1)
        #expect(result.stderr == "error: no recorded otool -L output for /usr/local/opt/popt/lib/libpopt.0.dylib, which bin/rsync loads\n")
    }

    /// The rules one file at a time, on recordings whose whole closure was not published
    /// (@loader_path, @rpath and LC_RPATH, library to library), and the copy and check of apply.
    @Test func thePythonTestsOfEachRulePass() throws {
        let result = try CLI.runTool("/usr/bin/env", ["python3", "-B", TestPaths.packageRoot + "/Packaging/test_bundle_macos.py"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("OK\n"), "\(result.stderr)")
    }
}
