import BijouxCore

/// The steps every route shares around its jobs (`prepare` before, `complete` after), the
/// final step over every stage's results, and the making of one job's outputs, which
/// every job and the final step go through.
extension BuildEngine {
    /// The steps every route takes before it makes anything, so `build`, `charm`, `watch`
    /// and `check` read, plan and refuse alike: the art folder read once with its build
    /// context (the renderers' limits and cancellation), the charms asked for checked, every stage
    /// planned (with the rules across stages), and the jobs keyed.
    static func prepare(_ options: Options) throws -> (art: ArtFolder, plans: [PlannedStage], work: [StageWork]) {
        CallerNice.record()
        let context = BuildContext(renders: RenderSession(limits: options.renderLimits, cancel: options.cancel))
        let art = try ArtFolder(options.artFolder, context: context)
        if let only = options.onlyCharms { try checkCharms(only, in: art) }
        let plans = try plan(art)
        return (art, plans, try keyed(plans, only: options.onlyCharms, jobs: options.jobs))
    }

    /// The steps every route takes after its jobs: the final step (the contact sheet)
    /// into the same destination, then strictness, so a warning fails `check` where it
    /// fails `build`.
    static func complete(
        _ run: inout Execution, art: ArtFolder, plans: [PlannedStage], old: BuildCache?, into output: some OutputDestination,
        options: Options
    ) throws {
        try finish(Stages.final, art: art, plans: plans, run: &run, old: old, into: output, options: options)
        if !run.warnings.isEmpty, let reason = strictness(options, art) {
            throw StrictModeFailure(warnings: run.warnings, reason: reason)
        }
    }

    /// The final step (see `FinalStep`), after every stage: its parts are the artifacts
    /// of the jobs of the stages it takes, as the output folder will hold them.
    static func finish(
        _ step: FinalStep, art: ArtFolder, plans: [PlannedStage], run: inout Execution, old: BuildCache?, into destination: some OutputDestination,
        options: Options
    ) throws {
        let started = Clock.now
        options.progress?(.stageStarted(stage: step.name, jobs: 1))
        let made = Dictionary(run.cache.entries.map { ($0.id, $0.entry) }, uniquingKeysWith: { first, _ in first })
        let kept = Dictionary((old?.entries ?? []).map { ($0.id, $0.entry) }, uniquingKeysWith: { first, _ in first })
        let key = CacheKey("final")
        step.keyed(art, key)
        var parts: [JobArtifact] = [], taken: [(id: String, key: ContentHash)] = []
        var warnings: [BuildWarning] = []
        for (stage, plan) in plans {
            for job in plan.jobs where step.takes(stage) {
                let id = JobArtifact.id(stage: stage.name, job: job.name)
                // A job of this build, or (in `charm <id>`) one it left as the last build made it.
                guard let entry = made[id] ?? (options.onlyCharms == nil ? nil : kept[id]), !entry.artifact.isEmpty else { continue }
                taken.append((id, entry.key))
                parts.append(JobArtifact(stage: stage.name, job: job.name, artifact: entry.artifact))
            }
            for warning in plan.warnings { key.add("warning", warning.description) }
            warnings += plan.warnings
        }
        let id = JobArtifact.id(stage: step.name, job: FinalStep.jobName)
        let hash = CacheKey.taking(own: key.hash, from: taken)
        let hit = old?[id].flatMap { $0.key == hash && destination.reuse($0.outputs) ? $0 : nil }
        let entry = try hit ?? make(step.name, key: hash, threads: options.jobs, art: art, into: destination) { try step.make(parts, warnings, art, $0) }
        run.paths += entry.outputs.map(\.path)
        run.cache.entries.append((id, entry))
        let seconds = hit == nil ? Clock.seconds(since: started) : 0
        options.progress?(.jobFinished(stage: step.name, job: FinalStep.jobName, done: 1, of: 1, seconds: seconds, cached: hit != nil))
        options.progress?(.stageFinished(stage: step.name, jobs: 1, cached: hit == nil ? 0 : 1, seconds: Clock.seconds(since: started)))
    }

    /// Runs one job's `make`, sending its outputs to the destination, and returns what
    /// the cache keeps of it (warnings about art files relative to the art folder).
    static func make(
        _ name: String, key: ContentHash, threads: Int, inputs: [JobArtifact] = [], art: ArtFolder,
        into destination: some OutputDestination, _ body: (JobRecorder) throws -> Void
    ) throws -> BuildCache.Entry {
        let hashes = Locked<[BuildCache.Output]>([])
        let recorder = JobRecorder(threads: threads, inputs: inputs) { output in
            let hash = try destination.write(output)
            hashes.withLock { $0.append(BuildCache.Output(path: output.path, hash: hash)) }
        }
        try body(recorder)
        return BuildCache.Entry(
            key: key, outputs: hashes.value, warnings: recorder.warnings.map { BuildCache.Warning($0, art: art.path) }, notes: recorder.notes,
            artifact: recorder.artifact)
    }
}
