import Foundation
import Testing

/// Runs the built `bijoux-assets` executable the way a person or CI does.
enum CLI {
    static let executable: String = {
        let folder = Bundle.main.executableURL!.deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("bijoux-assets").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        fatalError("bijoux-assets executable not found near \(folder.path)")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> Result {
        try start(arguments, in: directory, environment: environment).finish()
    }

    /// Runs any program to its end: the tool, or one the tests set things up with.
    static func runTool(_ tool: String, _ arguments: [String], in directory: String? = nil) throws -> Result {
        try start(tool: tool, arguments, in: directory).finish()
    }

    /// A run in progress, so tests can start several at once.
    struct Running {
        let process: Process
        let out: Pipe
        let err: Pipe
        /// The stderr written so far, when the run was started with `streamingStderr`,
        /// so a test can wait for a line while the tool runs.
        let stderrSoFar: StreamedOutput?

        func finish() -> Result {
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errText: String
            if let stderrSoFar {
                process.waitUntilExit()
                // Its end comes when the tool has exited; a minute is for a hang only.
                _ = stderrSoFar.waitForEnd(60)
                errText = stderrSoFar.value
            } else {
                errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            }
            process.waitUntilExit()
            // Killed by a signal: 128 + its number, as a shell reports it.
            let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
            return Result(status: status, stdout: String(decoding: outData, as: UTF8.self), stderr: errText)
        }
    }

    static func start(
        tool: String = executable, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        streamingStderr: Bool = false
    ) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stderrSoFar = streamingStderr ? StreamedOutput(err) : nil
        try process.run()
        return Running(process: process, out: out, err: err, stderrSoFar: stderrSoFar)
    }
}

extension CLI {
    /// `ldd` on Linux, `otool -L` on macOS: the shared libraries an executable links.
    static func linkedLibraries(_ executable: String) throws -> String {
        #if os(macOS)
            let result = try runTool("/usr/bin/otool", ["-L", executable])
        #else
            let result = try runTool("/usr/bin/ldd", [executable])
        #endif
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }
}

extension CLI {
    struct MeasuredResult {
        var status: Int32
        var stderr: String
        /// The tool's peak resident memory, as the kernel counts it.
        var peakBytes: Int
    }

    /// /usr/bin/time: Debian's `time` package, which `make deps` installs.
    static let time = "/usr/bin/time"
    static let canMeasure = FileManager.default.isExecutableFile(atPath: time)

    /// Runs the tool under /usr/bin/time (`canMeasure`), which reads its peak memory
    /// from wait4's rusage. (The tests cannot spawn it and read that themselves: a
    /// child spawned from this process is charged this process's own peak at exec.)
    static func runMeasured(_ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredResult {
        // Through env(1), which sets `environment` for the tool.
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        #if os(macOS)
            let result = try runTool("/usr/bin/env", variables + [time, "-l", executable] + arguments)
            let report = result.stderr.split(separator: "\n").first { $0.hasSuffix("maximum resident set size") }
            let peak = report.flatMap { Int($0.split(separator: " ").first ?? "") }
        #else
            let result = try runTool("/usr/bin/env", variables + [time, "-f", "peak-kib %M", executable] + arguments)
            let report = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kib ") }
            let peak = report.flatMap { Int($0.dropFirst("peak-kib ".count)) }.map { $0 * 1024 }
        #endif
        let stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != report }.joined(separator: "\n")
        return MeasuredResult(status: result.status, stderr: stderr, peakBytes: peak ?? Int.max)
    }
}

extension CLI {
    /// The libraries `executable` names itself: its ELF `NEEDED` entries on Linux, the
    /// load commands `otool -L` prints on macOS.
    static func directLibraries(_ executable: String) throws -> [String] {
        #if os(macOS)
            let result = try CLI.runTool("/usr/bin/otool", ["-L", executable])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #else
            let result = try CLI.runTool("/usr/bin/readelf", ["-d", executable])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                line.split(separator: "[").last.map { String($0.dropLast()) }
            }
        #endif
    }
}
