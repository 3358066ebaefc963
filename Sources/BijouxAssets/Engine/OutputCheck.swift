import BijouxCore

/// `check`: how does what a build would write now differ from a baseline?
extension BuildEngine {
    /// What `check` found: the review (every output that differs, judged and grouped by
    /// art file) and every art file the build reads, for reports that list each one.
    package struct CheckReport: Sendable {
        /// Every output that differs from the baseline, judged and grouped.
        package var review: Review
        /// The art files the build's jobs follow from, as messages name them, in build
        /// order (the art folder itself last, for outputs of no one file).
        package var sources: [String]
        /// The art folder's tolerance table, which the review page's drawings use too.
        package var tolerances: GoldenTolerances

        /// Nothing differs at all.
        var isUpToDate: Bool { review.isEmpty }
        /// Nothing differs beyond the tolerances: `check`'s exit status 0.
        var passes: Bool { review.passes }
    }

    /// Runs a full build's jobs against a baseline folder, writing
    /// nothing: each job is made in memory and its outputs compared with the folder's
    /// (`OutputComparison`, which follows no link in it), judged by the art folder's
    /// tolerance table, so nothing in the folder is trusted (a cache rewritten to match
    /// an edited output included). `trustingCache` (`check --trust-cache`, for local use)
    /// takes the folder's cache as a build does: a job it holds counts as up to date when
    /// its files have the hashes it records, which whoever wrote the folder could have
    /// forged; a revision's baseline, built here, is trusted so. Waits for a build in
    /// progress (a shared lock, when there is a lock file: none is created). Plans as
    /// `build` does, so it refuses what `build` refuses. First removes what killed checks
    /// left in the temporary folder (`CheckWorkspace.sweep`).
    package static func check(_ options: Options, against baseline: Baseline = .outputFolder, trustingCache: Bool = false) throws -> CheckReport {
        var options = options
        options.onlyCharms = nil
        CheckWorkspace.sweep()
        // The art first, as `build` reads it, so bad art fails before a baseline is built.
        let (art, plans, work) = try prepare(options)
        var revision: RevisionBaseline? = nil
        defer { revision?.remove() }
        let folder: String
        switch baseline {
        case .outputFolder: folder = options.outputFolder
        case .folder(let given): folder = given
        case .revision(let name):
            revision = try RevisionBaseline.make(artFolder: options.artFolder, revision: name, jobs: options.jobs)
            folder = revision!.output
        }
        let place = OutputPlace(folder), baselineFolder = BaselineFolder(root: place.root)
        let lock =
            FileIO.entryKind(place.lockFile) == .file
            ? try FileLock(place.lockFile, shared: true, create: false) { options.progress?(.waitingForLock(folder: folder)) } : nil
        let comparison = OutputComparison(baselineFolder, tolerances: art.configuration.tolerances)
        let cache = trustingCache || revision != nil ? baselineFolder.cache() : nil
        let run = try execute(work, art: art, into: comparison, cache: cache, options: options)
        try checkStrictness(run, art: art, options: options)
        withExtendedLifetime(lock) {}
        var changes = comparison.changes
        for (path, what) in try baselineFolder.extras(owned: plans.flatMap { $0.stage.ownedFolders }, made: Set(run.paths)) {
            changes[path] = removed(path, what: what, from: baselineFolder)
        }
        for path in changes.keys where !Review.Status.isCounted(path) { changes[path]?.status = .notCounted }
        let grouping = ReviewGrouping(art: art, plans: plans, run: run, baselineArt: revision?.art)
        let review = Review(
            baseline: baselineName(baseline, folder: options.outputFolder), groups: grouping.groups(changes),
            acceptCommand: "bijoux-assets build --art \(options.artFolder) --out \(options.outputFolder)")
        return CheckReport(review: review, sources: grouping.sources, tolerances: art.configuration.tolerances)
    }

    /// A baseline entry no job makes: a file (its bytes kept when the review page shows
    /// them: a picture, a sound's size), or something else, named by what it is and not read.
    static func removed(_ path: String, what: String?, from baseline: BaselineFolder) -> Review.Change {
        if let what { return Review.Change(path: path, status: .removed, finding: .unreadable("\(what), not opened")) }
        let shown = GoldenTolerances.isImage(path) || GoldenTolerances.isAudio(path)
        let bytes = shown ? try? baseline.read(path, limit: OutputJudge.maxComparedBytes) : nil
        return Review.Change(path: path, status: .removed, before: bytes)
    }

    static func baselineName(_ baseline: Baseline, folder: String) -> String {
        switch baseline {
        case .outputFolder: folder + "/"
        case .folder(let given): given + "/"
        case .revision(let name): name
        }
    }
}
