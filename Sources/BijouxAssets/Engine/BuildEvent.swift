import Dispatch

/// What a build tells its caller as it goes, for progress lines (see the CLI).
package enum BuildEvent: Sendable {
    /// Another build of this output folder holds the lock; this one waits for it.
    case waitingForLock(folder: String)
    /// A stage starts with this many jobs (its summary counted as one).
    case stageStarted(stage: String, jobs: Int)
    /// One job is done: made (in `seconds`) or taken from the cache.
    case jobFinished(stage: String, job: String, done: Int, of: Int, seconds: Double, cached: Bool)
    /// A stage is done: its jobs, how many came from the cache, and its time.
    case stageFinished(stage: String, jobs: Int, cached: Int, seconds: Double)
}

/// Monotonic time for progress reports.
enum Clock {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func seconds(since start: UInt64) -> Double { Double(now - start) / 1e9 }
}
