/// `check`: is the output folder exactly what a build would write now?
extension BuildEngine {
    /// How the output folder differs from what a build would write now; paths relative to it.
    public struct CheckReport: Equatable, Sendable {
        /// Outputs whose bytes differ from what the build makes now.
        public var stale: [String] = []
        /// Outputs the build makes that are not there.
        public var missing: [String] = []
        /// Files in folders a stage owns that no stage makes now, and symbolic links
        /// anywhere in the output folder (no stage makes one): a build removes both.
        public var extra: [String] = []

        /// Nothing stale, missing or extra.
        public var isUpToDate: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }
    }

    /// Runs a full build's jobs and its final step against the output folder, writing
    /// nothing: each job is made in memory and its outputs compared byte for byte with
    /// the folder's, so nothing in the folder is trusted (a cache rewritten to match an
    /// edited output included). `trustingCache` (`check --trust-cache`, for local use)
    /// takes the folder's cache as a build does: a job it holds counts as up to date
    /// when its files have the hashes it records, which whoever wrote the folder could
    /// have forged. Waits for a build in progress (a shared lock, when there is a lock
    /// file: none is created).
    public static func check(_ options: Options, trustingCache: Bool = false) throws -> CheckReport {
        CallerNice.record()
        let art = try ArtFolder(options.artFolder)
        let plans = try plan(art)
        let work = try keyed(plans, only: nil, jobs: options.jobs)
        let place = OutputPlace(options.outputFolder)
        let lock =
            FileIO.entryKind(place.lockFile) == .file
            ? try FileLock(place.lockFile, shared: true, create: false) { options.progress?(.waitingForLock(folder: options.outputFolder)) } : nil
        let comparison = OutputComparison(place)
        let cache = trustingCache ? place.readCache() : nil
        var run = try execute(work, art: art, into: comparison, cache: cache, full: true, options: options)
        try finish(Stages.final, art: art, plans: plans, run: &run, old: cache, into: comparison, options: options)
        withExtendedLifetime(lock) {}
        let made = Set(run.paths)
        let extra = try place.removed(owned: plans.flatMap { $0.stage.ownedFolders } + Stages.final.ownedFolders, made: made)
        let differences = comparison.differences
        return CheckReport(stale: differences.stale.sorted(), missing: differences.missing.sorted(), extra: extra.sorted())
    }
}
