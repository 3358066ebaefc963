import BijouxAudio
import BijouxCore
import Dispatch

/// Runs a build: reads the art folder once, plans every stage whose inputs exist,
/// keys the jobs a build of this kind makes, skips those the cache holds (see
/// `BuildCache`), runs the others stage by stage (jobs in parallel), streaming their
/// outputs into a new tree that is swapped in whole (see `OutputTree`), one build at
/// a time per output folder. `charm <id>` is the same build with only that charm's
/// jobs selected.
package enum BuildEngine {
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
        let (art, plans, work) = try prepare(options)
        try place.prepare(art: art.path)
        let lock = try place.lock { options.progress?(.waitingForLock(folder: options.outputFolder)) }
        place.sweep()
        let old = place.readCache()
        // Stages may share a folder (the table and the symbols share Generated/).
        let owned = options.onlyCharms == nil ? Array(Set(plans.flatMap { $0.stage.ownedFolders } + Stages.final.ownedFolders)).sorted() : []
        let tree = try OutputTree(place) { relative in
            !owned.contains { relative == $0 || relative.hasPrefix($0 + "/") }
        }
        var run = try execute(work, art: art, into: tree, cache: old, full: options.onlyCharms == nil, options: options)
        try complete(&run, art: art, plans: plans, old: old, into: tree, options: options)
        var cache = run.cache
        if options.onlyCharms != nil, let old {
            // A one-charm build keeps what it did not remake, and its cache entries.
            for (id, entry) in old.entries where cache[id] == nil { cache.entries.append((id, entry)) }
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
        let work = try keyed(try stages.map { ($0, try $0.plan(art)) }, only: nil, jobs: jobs)
        let run = try execute(work, art: art, into: memory, cache: nil, full: true, options: Options(jobs: jobs))
        return StageRun(outputs: memory.outputs, warnings: run.warnings, notes: run.notes)
    }

    typealias PlannedStage = (stage: any Stage.Type, plan: StagePlan)

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
        let plans = try stages.map { ($0, try $0.plan(art)) }
        try CatalogSet.checkUnique(stages.flatMap { $0.catalogSets(art) }, artFolder: art.path)
        return plans
    }

    static func checkCharms(_ only: Set<String>, in art: ArtFolder) throws(ArtFileError) {
        let table = try art.requireTable(for: art.tablePath, "no charm table, so no charm to build")
        let known = Set(table.charms.map(\.id))
        for id in only.sorted() where !known.contains(id) {
            throw ArtFileError(file: art.tablePath, message: "no charm with id '\(id)' (known: \(table.charms.map(\.id).joined(separator: ", ")))")
        }
    }

    /// The jobs a build makes: all in a full build; in `charm <id>`, that charm's and
    /// the catalog folders that hold it.
    static func selected(_ plan: StagePlan, only: Set<String>?) -> [Job] {
        guard let only else { return plan.jobs }
        return plan.jobs.filter { job in
            switch job.scope {
            case .whole: false
            case .charm(let id): only.contains(id)
            case .anyCharm: true
            }
        }
    }

    /// A stage's selected jobs with their keys.
    struct StageWork: Sendable {
        var stage: any Stage.Type
        var plan: StagePlan
        var jobs: [Job]
        /// Each job as prepared: its own key and its work.
        var prepared: [Job.Prepared]
        /// Each job's key: its own, with those of the jobs it takes inputs from.
        var keys: [ContentHash]
        /// For each job, the jobs it takes inputs from, as (stage in `work`, job) pairs.
        var inputs: [[(stage: Int, job: Int)]]
        /// The jobs that take the results of their own stage's other jobs, which run
        /// after them; empty for most stages.
        var late: Set<Int>

        func id(_ job: Int) -> String { JobArtifact.id(stage: stage.name, job: jobs[job].name) }
    }

    /// Prepares (and so keys) every selected job, so a missing, unreadable or bad input
    /// stops the build before anything is made. A job that takes inputs is keyed with
    /// the keys of the jobs it takes them from (`CacheKey.taking`).
    static func keyed(_ plans: [PlannedStage], only: Set<String>?, jobs threads: Int) throws -> [StageWork] {
        var work: [StageWork] = []
        for (stage, plan) in plans {
            let jobs = selected(plan, only: only)
            // Each job's own key reads its art (a charm's PNG): in parallel, in job order.
            let prepared = try Parallel.map(jobs.count, jobs: threads) { try jobs[$0].prepare() }
            let late = Set(jobs.indices.filter { jobs[$0].inputs.contains { $0.name == stage.name } })
            let here = work.count
            var keys = prepared.map(\.key), inputs: [[(stage: Int, job: Int)]] = Array(repeating: [], count: jobs.count)
            // The jobs that take their own stage's results last: the others' keys come first.
            for index in jobs.indices.filter({ !late.contains($0) }) + late.sorted() {
                for input in jobs[index].inputs {
                    if input.name == stage.name {
                        inputs[index] += jobs.indices.filter { !late.contains($0) }.map { (here, $0) }
                    } else if let earlier = work.firstIndex(where: { $0.stage.name == input.name }) {
                        inputs[index] += work[earlier].jobs.indices.map { (earlier, $0) }
                    } else {
                        // A stage that does not apply gives none; one that runs later cannot.
                        precondition(!plans.contains { $0.stage.name == input.name }, "\(stage.name) takes inputs from \(input.name), which runs after it")
                    }
                }
                keys[index] = CacheKey.taking(
                    own: keys[index],
                    from: inputs[index].map { input in
                        input.stage == here
                            ? (JobArtifact.id(stage: stage.name, job: jobs[input.job].name), keys[input.job])
                            : (work[input.stage].id(input.job), work[input.stage].keys[input.job])
                    })
            }
            work.append(StageWork(stage: stage, plan: plan, jobs: jobs, prepared: prepared, keys: keys, inputs: inputs, late: late))
        }
        return work
    }

    struct Execution {
        var warnings: [BuildWarning] = []
        var notes: [String] = []
        var paths: [String] = []
        var cache = BuildCache()
    }

    /// Runs the work stage by stage: a job whose key the cache holds, with its outputs
    /// intact, is taken as it is; the others are made in parallel, each output handed
    /// to `destination` as soon as it exists. A stage that starts early
    /// (`Stage.startsEarly`) runs from the start beside the stages before it, on a
    /// thread of its own, its events held; it is taken, and its events told, in its place.
    static func execute(
        _ work: [StageWork], art: ArtFolder, into destination: some OutputDestination, cache old: BuildCache?, full: Bool,
        options: Options
    ) throws -> Execution {
        // Which jobs are cached decides which charms are keyed twice this build.
        var cachedRows: [[BuildCache.Entry?]] = []
        var uses: [String: Int] = [:]
        for stage in work {
            // Checking a job's files against the cache reads and hashes them: in parallel.
            let row: [BuildCache.Entry?] = Parallel.map(stage.jobs.count, jobs: options.jobs) { index in
                guard let entry = old?[stage.id(index)], entry.key == stage.keys[index], destination.reuse(entry.outputs) else {
                    return nil
                }
                return entry
            }
            for (job, entry) in zip(stage.jobs, row) where entry == nil {
                for id in job.charms { uses[id, default: 0] += 1 }
            }
            cachedRows.append(row)
        }
        art.expectUses(uses)
        let cached = cachedRows

        var execution = Execution()
        func record(_ id: String, _ entry: BuildCache.Entry) {
            execution.warnings += entry.warnings.map { $0.warning(art: art.path) }
            execution.notes += entry.notes
            execution.paths += entry.outputs.map(\.path)
            execution.cache.entries.append((id, entry))
        }
        let progress = options.progress
        // Each stage's jobs' entries once they are made, for the jobs that take inputs.
        var made: [[BuildCache.Entry?]] = work.map { Array(repeating: nil, count: $0.jobs.count) }

        var early: [Int: EarlyStage] = [:]
        // Whatever ends the build, no early stage is still making outputs when it does.
        defer { for running in early.values { running.wait() } }
        if options.jobs > 1 {
            for index in work.indices where work[index].stage.startsEarly && !work[index].jobs.isEmpty {
                let others = work[index].inputs.joined().contains { $0.stage != index }
                precondition(!others, "\(work[index].stage.name) starts early, so it can take no other stage's results")
                let running = EarlyStage()
                let (row, jobs) = (cached[index], options.jobs)
                CallerNice.async {
                    running.finish(
                        Result { try runStage(index, of: work, cached: row, made: [], art: art, into: destination, jobs: jobs, report: running.hold) })
                }
                early[index] = running
            }
        }

        for (index, stage) in work.enumerated() {
            let total = stage.jobs.count
            guard total > 0 else { continue }
            progress?(.stageStarted(stage: stage.stage.name, jobs: total))
            execution.warnings += stage.plan.warnings
            let result: StageResult
            if let running = early[index] {
                running.wait()
                for event in running.events { progress?(event) }
                result = try running.result.get()
            } else {
                result = try runStage(index, of: work, cached: cached[index], made: made, art: art, into: destination, jobs: options.jobs) { progress?($0) }
            }
            made[index] = result.entries
            for job in stage.jobs.indices {
                if let entry = result.entries[job] { record(stage.id(job), entry) }
            }
            let hits = cached[index].filter { $0 != nil }.count
            progress?(.stageFinished(stage: stage.stage.name, jobs: total, cached: hits, seconds: result.seconds))
        }
        return execution
    }

    typealias StageResult = (entries: [BuildCache.Entry?], seconds: Double)

    /// Runs stage `index` of `work`: its jobs in parallel, those that take the others'
    /// results after them, each taken from `cached` (the stage's row of cached entries)
    /// when it is there; `made` holds the entries of the stages before it. Tells
    /// `report` as it goes; returns the stage's entries and its time.
    private static func runStage(
        _ index: Int, of work: [StageWork], cached cachedRow: [BuildCache.Entry?], made: [[BuildCache.Entry?]], art: ArtFolder,
        into destination: some OutputDestination, jobs: Int, report: (BuildEvent) -> Void
    ) throws -> StageResult {
        let stage = work[index]
        let started = Clock.now
        var entries = [BuildCache.Entry?](repeating: nil, count: stage.jobs.count)
        let done = Locked(0)
        for wave in [stage.jobs.indices.filter { !stage.late.contains($0) }, stage.late.sorted()] where !wave.isEmpty {
            let running = wave.filter { cachedRow[$0] == nil && !stage.jobs[$0].isLight }.count
            let threads = max(1, jobs / max(1, min(jobs, running)))
            let finished = entries
            let waveEntries = try Parallel.map(wave.count, jobs: jobs) { position in
                let job = wave[position]
                let jobStarted = Clock.now
                var entry = cachedRow[job]
                if entry == nil {
                    let inputs = stage.inputs[job].compactMap { input -> JobArtifact? in
                        let artifact = (input.stage == index ? finished[input.job] : made[input.stage][input.job])?.artifact ?? []
                        let from = work[input.stage]
                        return artifact.isEmpty ? nil : JobArtifact(stage: from.stage.name, job: from.jobs[input.job].name, artifact: artifact)
                    }
                    entry = try make(stage.jobs[job].name, key: stage.keys[job], threads: threads, inputs: inputs, art: art, into: destination) {
                        try stage.prepared[job].make($0)
                    }
                }
                let cached = cachedRow[job] != nil
                let seconds = cached ? 0 : Clock.seconds(since: jobStarted)
                // Counted and told under one lock, so the counts are told in order.
                done.withLock { count in
                    count += 1
                    report(
                        .jobFinished(stage: stage.stage.name, job: stage.jobs[job].name, done: count, of: stage.jobs.count, seconds: seconds, cached: cached))
                }
                return entry
            }
            for (job, entry) in zip(wave, waveEntries) { entries[job] = entry }
        }
        return (entries, Clock.seconds(since: started))
    }

    /// A stage run ahead of its place: the events it told, and its entries or its
    /// error once it is done.
    private final class EarlyStage: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let state = Locked<(events: [BuildEvent], result: Result<StageResult, any Error>?)>(([], nil))

        @Sendable func hold(_ event: BuildEvent) { state.withLock { $0.events.append(event) } }

        func finish(_ result: Result<StageResult, any Error>) {
            state.withLock { $0.result = result }
            done.signal()
        }

        /// Waits until the stage is done (any number of times).
        func wait() {
            done.wait()
            done.signal()
        }

        var events: [BuildEvent] { state.value.events }
        /// Its result, once `wait` has returned.
        var result: Result<StageResult, any Error> { state.value.result! }
    }
}
