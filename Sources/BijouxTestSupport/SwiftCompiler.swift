import Foundation

@testable import BijouxTestKit

/// The Swift compiler of the toolchain running the tests.
enum SwiftCompiler {
    struct Result {
        var status: Int32
        var output: String
    }

    /// On macOS through xcrun, which supplies the SDK; elsewhere the `swiftc` on PATH,
    /// which sits beside the `swift` that runs `swift test`.
    static let command: [String] = {
        #if os(macOS)
            return ["/usr/bin/xcrun", "swiftc"]
        #else
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swiftc") {
                return ["\(folder)/swiftc"]
            }
            return ["/usr/bin/env", "swiftc"]
        #endif
    }()

    /// The compiler leaves folders in its temporary folder, so it gets one of its own,
    /// removed when it is done.
    static func run(_ arguments: [String], in folder: String) throws -> Result {
        let scratch = TestPaths.temporaryFolder("swiftc-tmp")
        return try execute(command[0], Array(command.dropFirst()) + arguments, in: folder, temporaryFolder: scratch.path)
    }

    /// Runs a program, collecting stdout and stderr together.
    static func execute(_ executable: String, _ arguments: [String] = [], in folder: String, temporaryFolder: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let temporaryFolder {
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaryFolder]) { $1 }
        }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

/// BijouxKit as the app gets it: its sources compiled into modules of their own (static
/// libraries and their interfaces), BijouxShared first and BijouxKit over it, so code that
/// says `import BijouxKit` compiles and links against exactly what the app would.
enum BijouxKitModule {
    static let sourceFolder = TestPaths.packageRoot + "/Sources/BijouxKit"
    static let sharedFolder = TestPaths.packageRoot + "/Sources/BijouxShared"

    /// Every Swift file of BijouxKit, absolute, sorted.
    static var sources: [String] { swiftFiles(in: sourceFolder) }

    /// Every Swift file of BijouxShared, which BijouxKit re-exports.
    static var sharedSources: [String] { swiftFiles(in: sharedFolder) }

    private static func swiftFiles(in folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".swift") { found.append(folder + "/" + next) }
        }
        return found.sorted()
    }

    /// The compiler's arguments for one of the two modules, into the current folder.
    static func moduleArguments(_ name: String) -> [String] {
        ["-parse-as-library", "-swift-version", "6", "-module-name", name, "-emit-module", "-I", "."]
            + (name == "BijouxShared" ? sharedSources : sources)
    }

    /// Builds both modules into `folder`; then `linkArguments` use them.
    private static func build(in folder: String) throws -> SwiftCompiler.Result {
        let shared = try SwiftCompiler.run(moduleArguments("BijouxShared") + ["-emit-library", "-static", "-o", "libBijouxShared.a"], in: folder)
        guard shared.status == 0 else { return shared }
        return try SwiftCompiler.run(moduleArguments("BijouxKit") + ["-emit-library", "-static", "-o", "libBijouxKit.a"], in: folder)
    }

    /// The module built once per test process, the first time a test asks for it, in
    /// a suite-wide temporary folder (kept by this `static let`, removed at exit), and
    /// the compiler's status and output: every test that compiles against BijouxKit
    /// shares it (and `#require`s its status). A `static let` is initialised once; a
    /// test that asks while another test builds it waits for that build.
    static let shared: (folder: TemporaryFolder, result: SwiftCompiler.Result) = {
        let folder = TestPaths.sharedTemporaryFolder("kit-module")
        do {
            return (folder, try build(in: folder.path))
        } catch {
            return (folder, SwiftCompiler.Result(status: -1, output: "swiftc could not be run: \(error)"))
        }
    }()

    /// The folder of the shared module.
    static var folder: String { shared.folder.path }

    /// What a compile needs to import the shared module (`-typecheck` and the like).
    static var importArguments: [String] { ["-I", folder] }

    /// What a compile needs to import and link the shared module.
    static var linkArguments: [String] { ["-I", folder, "-L", folder, "-lBijouxKit", "-lBijouxShared"] }
}
