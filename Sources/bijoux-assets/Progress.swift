import BijouxAssets
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a build reports its progress. On a terminal: one line per stage, updated in
/// place (`charms 7/12`) and left with its count and time when the stage ends.
/// Without one (CI logs): one line per stage when it ends, with its count and time.
/// `--quiet`: nothing but problems. `--verbose`: also a line per job, with its time
/// or "cached".
final class ProgressPrinter: Sendable {
    enum Level { case quiet, normal, verbose }

    private let level: Level
    private let terminal: Bool
    /// Whether the wait for another build was told; held while a line is printed, so the
    /// lines of events from several threads stay whole and in order.
    private let saidWaiting = Locked(false)

    init(level: Level, terminal: Bool = isatty(1) != 0) {
        self.level = level
        self.terminal = terminal
    }

    func handle(_ event: BuildEvent) {
        saidWaiting.withLock { saidWaiting in
            switch event {
            case .waitingForLock(let folder):
                guard !saidWaiting else { return }
                saidWaiting = true
                if level != .quiet { printError("waiting for another build of \(folder.hasSuffix("/") ? folder : folder + "/")") }
            case .stageStarted(let stage, let jobs):
                if level != .quiet && terminal { redraw("\(stage) 0/\(jobs)") }
            case .jobFinished(let stage, let job, let done, let total, let seconds, let cached):
                guard level != .quiet else { return }
                if level == .verbose {
                    let line = "  \(stage) \(job): " + (cached ? "cached" : "\(Self.format(seconds)) s")
                    if terminal { redraw(line + "\n") } else { emit(line + "\n") }
                }
                if terminal { redraw("\(stage) \(done)/\(total)") }
            case .stageFinished(let stage, let jobs, let cached, let seconds):
                guard level != .quiet else { return }
                let line = "\(stage) \(jobs)/\(jobs)" + (cached > 0 ? " (\(cached) cached)" : "") + " in \(Self.format(seconds)) s"
                if terminal { redraw(line + "\n") } else { emit(line + "\n") }
            }
        }
    }

    private func redraw(_ text: String) { emit("\r\u{1B}[K" + text) }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
