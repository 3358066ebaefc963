import BijouxCore

/// The steps every route shares around its jobs (`prepare` before, `checkStrictness`
/// after), and the making of one job's outputs, which every job goes through.
extension BuildEngine {
    /// The steps every route takes before it makes anything, so `build`, `charm`, `watch`
    /// and `check` read, plan and refuse alike: the art folder read once with its build
    /// context (the renderers' limits and cancellation), the charms asked for checked, every stage
    /// planned (with the rules across stages), and the jobs prepared (each keyed by its own inputs).
    /// `listings` are the helpers' library listings an earlier build's cache kept (`LinkedLibraries`).
    static func prepare(_ options: Options, listings: [String: [String]] = [:]) throws -> (art: ArtFolder, plans: [PlannedStage], work: [StageWork]) {
        CallerNice.record()
        let context = BuildContext(
            renders: RenderSession(limits: options.renderLimits, cancel: options.cancel), libraries: LinkedLibraries(known: listings))
        let art = try ArtFolder(options.artFolder, context: context)
        if let only = options.onlyCharms { try checkCharms(only, in: art) }
        let plans = try plan(art)
        return (art, plans, try prepared(plans, only: options.onlyCharms, jobs: options.jobs))
    }

    /// The step every route takes after its jobs, so a warning fails `check` where it
    /// fails `build`.
    static func checkStrictness(_ run: Execution, art: ArtFolder, options: Options) throws {
        if !run.warnings.isEmpty, let reason = strictness(options, art) {
            throw StrictModeFailure(warnings: run.warnings, reason: reason)
        }
    }

    /// A job made: what the cache keeps of it, and the artifact it left.
    struct MadeJob {
        var entry: BuildCache.Entry
        var artifact: (any ArtifactCoding)?
    }

    /// Runs one job's `make`, sending its outputs to the destination, and returns what
    /// the cache keeps of it (warnings about art files relative to the art folder) and
    /// what it left, which must be of its stage's type, `leaves`.
    static func make(
        _ id: JobID, key: ContentHash, threads: Int, inputs: [JobArtifact] = [], leaves: (any ArtifactCoding.Type)?, art: ArtFolder,
        into destination: some OutputDestination, _ body: (JobRecorder) throws -> Void
    ) throws -> MadeJob {
        let hashes = Locked<[BuildCache.Output]>([])
        let recorder = JobRecorder(threads: threads, inputs: inputs) { output in
            let hash = try destination.write(output)
            hashes.withLock { $0.append(BuildCache.Output(path: output.path, hash: hash)) }
        }
        try body(recorder)
        if let artifact = recorder.artifact, type(of: artifact) != leaves {
            throw ArtifactTypeError.leaving(id, type(of: artifact), stage: leaves)
        }
        let entry = BuildCache.Entry(
            key: key, outputs: hashes.value, warnings: recorder.warnings.map { BuildCache.Warning($0, art: art.path) }, notes: recorder.notes,
            artifact: recorder.artifact?.encoded ?? [])
        return MadeJob(entry: entry, artifact: recorder.artifact)
    }
}
