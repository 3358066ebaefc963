import Foundation

@testable import BijouxTestKit

/// Apple's frameworks as the small stand-in modules in `Tests/AppleStandIns/` (see its
/// README): each declares exactly the Apple API the project's code calls, so code under
/// `#if canImport(SwiftUI)` and the like is type-checked here as an Apple platform's
/// compiler would check it, instead of only parsed.
enum AppleStandIns {
    static let sourceFolder = TestPaths.packageRoot + "/Tests/AppleStandIns"

    /// The platforms the Apple-only code is checked as: which stand-ins its compiler sees.
    enum Platform: String, CaseIterable, CustomStringConvertible {
        case iOS, macOS

        var modules: [String] {
            switch self {
            case .iOS: return ["SwiftUI", "UIKit", "CoreHaptics", "AVFoundation"]
            case .macOS: return ["SwiftUI", "AppKit", "CoreHaptics", "AVFoundation"]
            }
        }

        var description: String { rawValue }
    }

    /// Every stand-in module, those others import first.
    static var modules: [String] {
        let present = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: sourceFolder)) ?? []).filter { $0.hasSuffix(".swift") }.map {
                String($0.dropLast(".swift".count))
            })
        let first = ["DeveloperToolsSupport"].filter(present.contains)
        return first + present.subtracting(first).sorted()
    }

    /// The modules, built once per test process (the first time a test asks) into a
    /// folder of their own each, in a suite-wide temporary folder; and the compiler's
    /// status and output, which every test that uses them `#require`s.
    static let shared: (folder: TemporaryFolder, result: SwiftCompiler.Result) = {
        let folder = TestPaths.sharedTemporaryFolder("apple-stand-ins")
        var output = ""
        for module in modules {
            try? FileManager.default.createDirectory(atPath: folder.path + "/" + module, withIntermediateDirectories: true)
            let searchPaths: [String] = modules.prefix { $0 != module }.flatMap { (earlier: String) -> [String] in ["-I", folder.path + "/" + earlier] }
            var arguments: [String] = ["-parse-as-library", "-swift-version", "6", "-module-name", module, "-emit-module"]
            arguments += ["-o", "\(module)/\(module).swiftmodule"] + searchPaths + ["\(sourceFolder)/\(module).swift"]
            do {
                let result = try SwiftCompiler.run(arguments, in: folder.path)
                output += result.output
                if result.status != 0 { return (folder, SwiftCompiler.Result(status: result.status, output: "\(module): \(output)")) }
            } catch {
                return (folder, SwiftCompiler.Result(status: -1, output: "swiftc could not be run: \(error)"))
            }
        }
        return (folder, SwiftCompiler.Result(status: 0, output: output))
    }()

    /// What a compile needs to see `platform`'s stand-ins (and the modules they import).
    static func importArguments(_ platform: Platform) -> [String] {
        let needed = Set(platform.modules).union(["DeveloperToolsSupport"])
        return modules.filter(needed.contains).flatMap { ["-I", shared.folder.path + "/" + $0] }
    }

    /// BijouxKit's module as each platform's compiler makes it, its Apple-only parts
    /// included (built once per test process, beside the stand-ins; building it is
    /// type-checking all of it).
    static let bijouxKit: [Platform: SwiftCompiler.Result] = {
        var results: [Platform: SwiftCompiler.Result] = [:]
        for platform in Platform.allCases {
            let folder = "BijouxKit-\(platform)"
            try? FileManager.default.createDirectory(atPath: shared.folder.path + "/" + folder, withIntermediateDirectories: true)
            let arguments = { (module: String) in
                BijouxKitModule.moduleArguments(module) + ["-o", "\(module).swiftmodule"] + importArguments(platform)
            }
            let kit = shared.folder.path + "/" + folder
            let sharedModule =
                (try? SwiftCompiler.run(arguments("BijouxShared"), in: kit)) ?? SwiftCompiler.Result(status: -1, output: "swiftc could not be run")
            guard sharedModule.status == 0 else {
                results[platform] = sharedModule
                continue
            }
            results[platform] = (try? SwiftCompiler.run(arguments("BijouxKit"), in: kit)) ?? SwiftCompiler.Result(status: -1, output: "swiftc could not be run")
        }
        return results
    }()

    /// Type-checks `files` (in `folder`) as `platform`'s compiler would, against
    /// `platform`'s BijouxKit, with `extra` arguments (`-D SWIFT_PACKAGE`, …).
    static func typecheck(_ files: [String], as platform: Platform, in folder: String, extra: [String] = []) throws -> SwiftCompiler.Result {
        _ = bijouxKit[platform]
        let kit = ["-I", shared.folder.path + "/BijouxKit-\(platform)"]
        return try SwiftCompiler.run(["-typecheck", "-swift-version", "6"] + importArguments(platform) + kit + extra + files, in: folder)
    }
}
