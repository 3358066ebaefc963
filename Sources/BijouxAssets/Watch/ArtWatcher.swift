import BijouxCore
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The art folder's files with their sizes and modification times: what `watch`
/// compares to notice a save. Polling a snapshot is portable (Linux and macOS alike,
/// any file system, editors that save by renaming a temporary file) and, for an art
/// folder of tens of files, costs microseconds every tenth of a second.
struct ArtSnapshot: Equatable, Sendable {
    /// Relative path → fingerprint; hidden files (an editor's swap file) are left out.
    var files: [String: FileIO.Fingerprint]

    init(folder: String) {
        var files: [String: FileIO.Fingerprint] = [:]
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            for name in (try? FileIO.list(path)) ?? [] where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let print = FileIO.fingerprint(folder + "/" + child) else { continue }
                if print.isDirectory { walk(child) } else { files[child] = print }
            }
        }
        walk("")
        self.files = files
    }

    /// The paths added, removed or changed since `earlier`, sorted.
    func changes(since earlier: ArtSnapshot) -> [String] {
        Set(files.keys).union(earlier.files.keys).filter { files[$0] != earlier.files[$0] }.sorted()
    }
}

/// A flag another thread (a signal handler's queue) sets to stop a loop.
package final class StopFlag: Sendable {
    private let stopped = Locked(false)
    /// The signal sources that set it, kept while it lives.
    private let sources = Locked<[DispatchSourceSignal]>([])

    /// A flag not yet set.
    package init() {}

    /// Whether `set()` was called (or an interrupt came).
    var isSet: Bool { stopped.value }

    /// Asks the watcher to stop after what it is doing.
    func set() { stopped.value = true }

    /// Sets the flag on Ctrl-C (SIGINT) or SIGTERM instead of dying, so `watch` can
    /// stop its server and exit 0.
    package func setOnInterrupt() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.set() }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }
}

/// `bijoux-assets watch`: builds, then rebuilds whenever the art folder changes, until
/// stopped. A failed build (a bad edit) is reported and the last good outputs stay;
/// a file still being written makes the build wait for the next change rather than
/// fail on it. A change during a build cancels it (`BuildEngine.Options.cancel`): its
/// icons' drawings are killed, and the newer change is built instead.
package struct ArtWatcher: Sendable {
    /// What each build of the loop did, for its line.
    package enum Event: Sendable {
        /// A build finished: what triggered it (empty for the first), its report, the
        /// jobs it made rather than took from the cache ("charms sun"), and how long it
        /// took in seconds.
        case built(changed: [String], report: BuildEngine.Report, made: [String], seconds: Double)
        /// A build failed; the outputs are as they were.
        case failed(changed: [String], error: any UserFacingError)
    }

    /// The build each change runs.
    var options: BuildEngine.Options
    /// How often the folder is looked at, and how long a change must stay still
    /// before it is built (a file being written keeps changing).
    var pollInterval: Double = 0.1
    /// Seconds a change must stay still before it is built.
    var settleTime: Double = 0.15

    /// A watcher that runs `options`' build on each change. It keeps building on
    /// warnings, whatever bijoux-assets.json says: it is for seeing them on the sheet.
    package init(options: BuildEngine.Options) {
        self.options = options
        self.options.followsConfiguredStrict = false
    }

    /// Builds, then watches until `stop` is set. `handle` gets every build's outcome
    /// (on this thread).
    package func run(until stop: StopFlag, _ handle: (Event) -> Void) {
        var built = ArtSnapshot(folder: options.artFolder)
        report(attempt(superseding: nil, until: stop), changed: [], handle)
        while !stop.isSet {
            sleep(seconds: pollInterval)
            var now = ArtSnapshot(folder: options.artFolder)
            guard now != built else { continue }
            // Wait until the folder is still for `settleTime`: a save in progress
            // changes the file's size or time at every look.
            var still = 0.0
            while still < settleTime && !stop.isSet {
                sleep(seconds: pollInterval)
                let next = ArtSnapshot(folder: options.artFolder)
                still = next == now ? still + pollInterval : 0
                now = next
            }
            if stop.isSet { break }
            let changed = now.changes(since: built)
            let outcome = attempt(superseding: now, until: stop)
            // Changed again while building: the build may have read a half-written
            // file (or was cancelled), so its outcome says nothing; the next change
            // builds again.
            if ArtSnapshot(folder: options.artFolder) != now { continue }
            built = now
            report(outcome, changed: changed, handle)
        }
    }

    enum Outcome {
        case success(BuildEngine.Report, made: [String], Double)
        case failure(any UserFacingError)
    }

    /// The build, on a thread of its own while this one goes on looking at the folder:
    /// once it differs from `snapshot` (a newer save) or `stop` is set, the build is
    /// cancelled, which kills its drawings at once, and its outcome is the caller's to
    /// discard.
    func attempt(superseding snapshot: ArtSnapshot?, until stop: StopFlag) -> Outcome {
        var options = options
        let cancel = StopFlag()
        options.cancel = cancel
        let outcome = Locked<Outcome?>(nil), done = DispatchSemaphore(value: 0)
        CallerNice.async { [options] in
            outcome.value = Self.attempt(options)
            done.signal()
        }
        while done.wait(timeout: .now() + pollInterval) == .timedOut {
            guard !cancel.isSet else { continue }
            if stop.isSet || snapshot.map({ ArtSnapshot(folder: options.artFolder) != $0 }) == true { cancel.set() }
        }
        return outcome.value ?? .failure(InternalWatchError(message: "the build ended with no outcome"))
    }

    static func attempt(_ options: BuildEngine.Options) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        // The engine's cache makes a rebuild remake only the jobs whose inputs changed;
        // its events say which those were.
        let made = Locked<[String]>([])
        var options = options
        let progress = options.progress
        options.progress = { event in
            if case .jobFinished(let stage, let job, _, _, _, false) = event {
                made.withLock { $0.append("\(stage) \(job)") }
            }
            progress?(event)
        }
        do {
            let report = try BuildEngine.build(options)
            let elapsed = clock.now - start
            return .success(report, made: made.value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        } catch let error as any UserFacingError {
            return .failure(error)
        } catch {
            return .failure(InternalWatchError(message: "\(error)"))
        }
    }

    func report(_ outcome: Outcome, changed: [String], _ handle: (Event) -> Void) {
        switch outcome {
        case .success(let report, let made, let seconds): handle(.built(changed: changed, report: report, made: made, seconds: seconds))
        case .failure(let error): handle(.failed(changed: changed, error: error))
        }
    }

    func sleep(seconds: Double) {
        usleep(useconds_t(seconds * 1_000_000))
    }
}

/// An error that is not the art's fault (a bug), shown as it is.
struct InternalWatchError: UserFacingError {
    var message: String
    var diagnostic: Diagnostic { Diagnostic(place: nil, message: "internal error: \(message)") }
}

extension ArtWatcher.Event {
    /// The one line `watch` prints for a build: what changed, what was rebuilt, how
    /// long it took, how many warnings.
    package var line: String {
        switch self {
        case .built(let changed, let report, let made, let seconds):
            let files = report.files
            let what = changed.isEmpty ? "built" : "\(Self.describe(changed)) changed: rebuilt"
            let time = (seconds * 100).rounded() / 100
            // The first build names no change and lists no jobs (it made them all): a count.
            let jobs = made.isEmpty ? "nothing, all cached" : changed.isEmpty ? "\(made.count) job\(made.count == 1 ? "" : "s")" : Self.describe(made.sorted())
            var line = "\(what) \(jobs); \(files.written.count) written, \(files.unchanged.count) unchanged, \(files.removed.count) removed in \(time) s"
            if !report.warnings.isEmpty { line += "; \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")" }
            return line
        case .failed(let changed, _):
            return "\(changed.isEmpty ? "build" : "\(Self.describe(changed)) changed: build") failed; the previous outputs are kept"
        }
    }

    static func describe(_ changed: [String]) -> String {
        changed.count <= 3 ? changed.joined(separator: ", ") : "\(changed.prefix(2).joined(separator: ", ")) and \(changed.count - 2) more"
    }
}
