/// Runs a build: reads the art folder once, plans every stage whose inputs exist,
/// keys the jobs a build of this kind makes, runs them stage by stage (jobs in
/// parallel), and commits their files together, so a failed build leaves the
/// previous outputs exactly as they were. `charm <id>` is the same build with only
/// that charm's jobs selected.
public enum BuildEngine {
    public struct Options: Sendable {
        public var artFolder: String
        public var outputFolder: String
        /// Fail the build on any warning.
        public var strict: Bool
        public var jobs: Int
        /// Build only these charms' outputs, touching no other output.
        public var onlyCharms: Set<String>?

        public init(
            artFolder: String = "art", outputFolder: String = "build", strict: Bool = false,
            jobs: Int = Parallel.defaultJobs, onlyCharms: Set<String>? = nil
        ) {
            self.artFolder = artFolder
            self.outputFolder = outputFolder
            self.strict = strict
            self.jobs = jobs
            self.onlyCharms = onlyCharms
        }
    }

    public struct Report: Sendable {
        /// The stages that made something, in order (the auxiliary catalog stage aside).
        public var stages: [String]
        public var files: OutputCommit.Report
        public var warnings: [BuildWarning]
        public var notes: [String]
    }

    /// What one stage made, in memory: for tests and for callers that want the bytes.
    public struct StageRun: Sendable {
        public var outputs: [BuildOutput] = []
        public var warnings: [BuildWarning] = []
        public var notes: [String] = []
    }

    @discardableResult
    public static func build(_ options: Options) throws -> Report {
        let art = try ArtFolder(options.artFolder)
        if let only = options.onlyCharms { try checkCharms(only, in: art) }
        let plans = try plan(art)
        let collected = Locked<[BuildOutput]>([])
        var run = try execute(plans, art: art, only: options.onlyCharms, jobs: options.jobs) { output in
            collected.withLock { $0.append(output) }
        }
        run.outputs = collected.value
        try checkImageNamesAreUnique(run.outputs.map(\.path), artFolder: art.path)
        if options.strict && !run.warnings.isEmpty {
            throw StrictModeFailure(warnings: run.warnings)
        }
        let owned = options.onlyCharms == nil ? plans.flatMap { $0.stage.ownedFolders } : []
        let files = try OutputCommit.write(run.outputs, to: options.outputFolder, pruning: owned)
        let ran = plans.filter { !$0.stage.isAuxiliary && !selected($0.plan, only: options.onlyCharms).isEmpty }
        return Report(stages: ran.map { $0.stage.name }, files: files, warnings: run.warnings, notes: run.notes)
    }

    /// One stage run alone on an art folder, its outputs kept in memory.
    public static func run(_ stage: any Stage.Type, art: ArtFolder, jobs: Int = Parallel.defaultJobs) throws -> StageRun {
        let collected = Locked<[BuildOutput]>([])
        var run = try execute([(stage, try stage.plan(art))], art: art, only: nil, jobs: jobs) { output in
            collected.withLock { $0.append(output) }
        }
        run.outputs = collected.value
        return run
    }

    typealias PlannedStage = (stage: any Stage.Type, plan: StagePlan)

    /// The plans of the stages whose inputs exist, in `Stages.all` order.
    static func plan(_ art: ArtFolder) throws -> [PlannedStage] {
        let stages = Stages.all.filter { $0.applies(to: art) }
        guard stages.contains(where: { !$0.isAuxiliary }) else {
            throw ArtFileError(file: art.path, message: "nothing to build: no \(ArtFolder.charmTableFile), icons/ or appicon.json")
        }
        return try stages.map { ($0, try $0.plan(art)) }
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

    /// Keys every selected job (so a missing input stops the build before anything is
    /// made), then makes them stage by stage, each output handed to `sink` as soon as
    /// it exists.
    static func execute(
        _ plans: [PlannedStage], art: ArtFolder, only: Set<String>?, jobs: Int,
        sink: @escaping @Sendable (BuildOutput) throws -> Void
    ) throws -> StageRun {
        let work = plans.map { (stage: $0.stage, plan: $0.plan, jobs: selected($0.plan, only: only)) }
        var keys: [[ContentHash]] = []
        for stage in work { keys.append(try stage.jobs.map { try $0.key() }) }
        var uses: [String: Int] = [:]
        for stage in work { for job in stage.jobs { for id in job.charms { uses[id, default: 0] += 1 } } }
        art.expectUses(uses)

        var run = StageRun()
        for stage in work {
            run.warnings += stage.plan.warnings
            let threads = max(1, jobs / max(1, min(jobs, stage.jobs.count)))
            let results = try Parallel.map(stage.jobs.count, jobs: jobs) { index in
                let recorder = JobRecorder(threads: threads, sink: sink)
                try stage.jobs[index].make(recorder)
                return (recorder.warnings, recorder.notes, recorder.artifact)
            }
            for (warnings, notes, _) in results {
                run.warnings += warnings
                run.notes += notes
            }
            if only == nil, let summary = stage.plan.summary {
                let recorder = JobRecorder(threads: jobs, sink: sink)
                try summary.make(results.map(\.2), recorder)
                run.warnings += recorder.warnings
                run.notes += recorder.notes
            }
        }
        _ = keys
        return run
    }

    /// Image sets are not namespaced (the app asks for `UIImage(named: "cat")`), so a
    /// charm and an icon with one name would be two assets Xcode cannot tell apart.
    static func checkImageNamesAreUnique(_ paths: [String], artFolder: String) throws(ArtFileError) {
        var firstFolder: [String: String] = [:]
        for path in paths.sorted() where path.hasSuffix(".imageset/Contents.json") {
            let imageSet = path.dropLast("/Contents.json".count)
            guard let slash = imageSet.lastIndex(of: "/") else { continue }
            let name = String(imageSet[imageSet.index(after: slash)...].dropLast(".imageset".count))
            let folder = String(imageSet[..<slash])
            if let other = firstFolder[name] {
                throw ArtFileError(file: artFolder, message: "two image sets are named '\(name)' (in \(other) and \(folder)); the app finds images by name alone, so rename one")
            }
            firstFolder[name] = folder
        }
    }
}
