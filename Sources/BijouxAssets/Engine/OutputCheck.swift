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

    /// Runs a full build's jobs against the output folder, writing nothing: a job the
    /// cache holds counts as up to date when its files still have the recorded hashes;
    /// any other job is made in memory and compared byte for byte. Waits for a build in
    /// progress (a shared lock, when there is a lock file: none is created).
    public static func check(_ options: Options) throws -> CheckReport {
        let art = try ArtFolder(options.artFolder)
        let plans = try plan(art)
        let work = try keyed(plans, only: nil, jobs: options.jobs)
        let place = OutputPlace(options.outputFolder)
        let lock =
            FileIO.entryKind(place.lockFile) == .file
            ? try FileLock(place.lockFile, shared: true, create: false) { options.progress?(.waitingForLock(folder: options.outputFolder)) } : nil
        let comparison = OutputComparison(place)
        let run = try execute(work, art: art, into: comparison, cache: place.readCache(), full: true, options: options)
        withExtendedLifetime(lock) {}
        let made = Set(run.paths)
        let extra = try place.removed(owned: plans.flatMap { $0.stage.ownedFolders }, made: made)
        let differences = comparison.differences
        return CheckReport(stale: differences.stale.sorted(), missing: differences.missing.sorted(), extra: extra.sorted())
    }
}
