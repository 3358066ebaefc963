import BijouxAudio
import BijouxCore
import CBijouxShims
import Dispatch

/// Runs a build: reads the art folder once, plans every stage whose inputs exist,
/// keys the jobs a build of this kind makes, skips those the cache holds (see
/// `BuildCache`), runs the others stage by stage (jobs in parallel), streaming their
/// outputs into a new tree that is swapped in whole (see `OutputTree`), one build at
/// a time per output folder. `charm <id>` is the same build with only that charm's
/// jobs selected.
package enum BuildEngine {
    /// What a process that runs builds sets first: the nice value its threads and helpers
    /// keep (`CallerNice`), and the allocator returning each large block to the system when
    /// it is freed (`bx_return_large_blocks`), so a build does not hold a peak it is done with.
    package static func configureProcess() {
        CallerNice.record()
        bx_return_large_blocks()
    }

    /// What to build, from where, into where, and how.
    package struct Options: Sendable {
        /// The art folder (`art` unless given), as messages name it.
        package var artFolder: String
        /// The output folder (`build` unless given), swapped in whole by each build.
        package var outputFolder: String
        /// Fail the build on any warning (`--strict`); `"strict": true` in the art folder's
        /// bijoux-assets.json does too, unless `followsConfiguredStrict` is off.
        var strict: Bool
        /// Threads to use; the outputs are the same for any number.
        var jobs: Int
        /// Build only these charms' outputs, touching no other output.
        var onlyCharms: Set<String>?
        /// Told as the build goes (from several threads): see `BuildEvent`.
        var progress: (@Sendable (BuildEvent) -> Void)?
        /// What drawing the icons may cost (`RenderLimits`; tests shorten the times).
        var renderLimits = RenderLimits.fromEnvironment
        /// Whether bijoux-assets.json's `"strict": true` makes the build strict: `watch`
        /// turns it off, since it is for seeing warnings on the contact sheet.
        var followsConfiguredStrict = true
        /// Once set, the icons' drawings are killed and the build fails: `watch` sets it
        /// when a newer change supersedes the build.
        var cancel: StopFlag?

        /// Options with the CLI's defaults for everything not given.
        package init(
            artFolder: String = "art", outputFolder: String = "build", strict: Bool = false,
            jobs: Int = Parallel.defaultJobs, onlyCharms: Set<String>? = nil, progress: (@Sendable (BuildEvent) -> Void)? = nil
        ) {
            self.artFolder = artFolder
            self.outputFolder = outputFolder
            self.strict = strict
            self.jobs = jobs
            self.onlyCharms = onlyCharms
            self.progress = progress
        }
    }

    /// What a build did, for its summary line and its diagnostics.
    package struct Report: Sendable {
        /// The stages that made something, in order (the auxiliary catalog stage aside).
        package var stages: [String]
        /// The output files written, kept and removed.
        package var files: Files
        /// Every warning, cached ones included, in stage and job order.
        package var warnings: [BuildWarning]
        /// One line per job worth reporting (a track's loudness, a charm's legibility).
        package var notes: [String]
    }

    /// The output files of a build, relative to the output folder.
    package struct Files: Equatable, Sendable {
        /// New or changed.
        package var written: [String] = []
        /// The same bytes as before: kept, with their modification times.
        package var unchanged: [String] = []
        /// Stale files removed from folders a stage owns.
        package var removed: [String] = []
    }

    /// What one stage made, in memory: for tests and for callers that want the bytes.
    struct StageRun: Sendable {
        var outputs: [BuildOutput] = []
        var warnings: [BuildWarning] = []
        var notes: [String] = []
    }

    /// Builds the art folder into the output folder (see the type's summary); throws a `UserFacingError` on bad input,
    /// leaving the previous outputs as they were.
    @discardableResult
    package static func build(_ options: Options) throws -> Report {
        let place = OutputPlace(options.outputFolder)
        // The helpers' listings are a hint read before the lock: each listed file is identified afresh.
        let (art, plans, work) = try prepare(options, listings: place.readCache()?.listings ?? [:])
        try place.prepare(art: art.path)
        let lock = try place.lock { options.progress?(.waitingForLock(folder: options.outputFolder)) }
        place.sweep()
        let old = place.readCache()
        // Stages may share a folder (the table and the symbols share Generated/).
        let owned = options.onlyCharms == nil ? Array(Set(plans.flatMap { $0.stage.ownedFolders })).sorted() : []
        let tree = try OutputTree(place) { relative in
            !owned.contains { relative == $0 || relative.hasPrefix($0 + "/") }
        }
        let run = try execute(work, art: art, into: tree, cache: old, options: options)
        try checkStrictness(run, art: art, options: options)
        var cache = run.cache
        cache.listings = art.libraries.listings
        if options.onlyCharms != nil, let old {
            // A one-charm build keeps what it did not remake, and its cache entries.
            for (id, entry) in old.entries where cache[id] == nil { cache[id] = entry }
        }
        let removed = try place.removed(owned: owned, made: Set(run.paths))
        try tree.commit(cache, removing: !removed.isEmpty)
        withExtendedLifetime(lock) {}
        var files = Files(written: tree.report.written.sorted(), unchanged: tree.report.unchanged.sorted())
        files.removed = removed
        let ran = work.filter { !$0.stage.isAuxiliary && !$0.jobs.isEmpty }
        return Report(stages: ran.map { $0.stage.name }, files: files, warnings: run.warnings, notes: run.notes)
    }

    /// Why the build fails on a warning (`--strict`, or the art folder's configuration),
    /// or nil when it does not.
    static func strictness(_ options: Options, _ art: ArtFolder) -> String? {
        if options.strict { return "--strict" }
        if options.followsConfiguredStrict && art.configuration.strict { return "\"strict\": true in \(art.file(BuildConfiguration.fileName))" }
        return nil
    }

    /// One stage run alone on an art folder, its outputs kept in memory.
    static func run(_ stage: any Stage.Type, art: ArtFolder, jobs: Int = Parallel.defaultJobs) throws -> StageRun {
        try run([stage], art: art, jobs: jobs)
    }

    /// Stages run in this order on an art folder (a stage with the ones it takes
    /// inputs from), their outputs kept in memory.
    static func run(_ stages: [any Stage.Type], art: ArtFolder, jobs: Int = Parallel.defaultJobs) throws -> StageRun {
        let memory = OutputMemory()
        let work = try prepared(try planned(stages, art), only: nil, jobs: jobs)
        let run = try execute(work, art: art, into: memory, cache: nil, options: Options(jobs: jobs))
        return StageRun(outputs: memory.outputs, warnings: run.warnings, notes: run.notes)
    }

    /// The plans of the stages whose inputs exist, in `Stages.all` order, and the rules
    /// that hold across stages (`CatalogSet.checkUnique`): every route (`build`, `charm
    /// <id>`, `check`, `watch`) plans the whole art folder this way before it keys,
    /// makes or writes anything, so each refuses what the others refuse.
    static func plan(_ art: ArtFolder) throws -> [PlannedStage] {
        let stages = Stages.all.filter { $0.applies(to: art) }
        guard stages.contains(where: { !$0.isAuxiliary }) else {
            throw ArtFileError(
                file: art.path,
                message:
                    "nothing to build: no \(ArtFolder.charmTableFile), icons/, \(Palette.fileName), appicon.json, \(Score.folder)/ or \(HapticRecipe.folder)/")
        }
        var listed: Set<String> = []
        for helper in stages.flatMap({ $0.helpers(art) }) where listed.insert(helper.path).inserted { art.libraries.prefetch(helper) }
        let plans = try planned(stages, art)
        try CatalogSet.checkUnique(stages.flatMap { $0.catalogSets(art) }, artFolder: art.path)
        return plans
    }

    /// Each stage's plan, given the plans before it.
    static func planned(_ stages: [any Stage.Type], _ art: ArtFolder) throws -> [PlannedStage] {
        var plans: [PlannedStage] = []
        for stage in stages { plans.append((stage, try stage.plan(art, after: plans))) }
        return plans
    }

    static func checkCharms(_ only: Set<String>, in art: ArtFolder) throws(ArtFileError) {
        let table = try art.requireTable(for: art.tablePath, "no charm table, so no charm to build")
        let known = Set(table.charms.map(\.id))
        for id in only.sorted() where !known.contains(id) {
            throw ArtFileError(file: art.tablePath, message: "no charm with id '\(id)' (known: \(table.charms.map(\.id).joined(separator: ", ")))")
        }
    }

    /// The jobs a build makes: all in a full build; in `charm <id>`, that charm's, the
    /// catalog folders that hold it, and the summaries every build makes.
    static func selected(_ plan: StagePlan, only: Set<String>?) -> [Job] {
        guard let only else { return plan.jobs }
        return plan.jobs.filter { job in
            switch job.scope {
            case .whole: false
            case .charm(let id): only.contains(id)
            case .anyCharm, .always: true
            }
        }
    }
}
