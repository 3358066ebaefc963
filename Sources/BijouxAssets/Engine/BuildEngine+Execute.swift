import BijouxCore

extension BuildEngine {
    /// What a build's jobs left: in stage and job order, their warnings (each stage's
    /// planning warnings first), notes, output paths and cache entries.
    struct Execution {
        var warnings: [BuildWarning] = []
        var notes: [String] = []
        var paths: [String] = []
        var cache = BuildCache()
    }

    /// Runs the work as one graph (`JobGraph`): a job whose key the cache holds, with its
    /// outputs intact, is taken as it is; the others are made, each as soon as the jobs it
    /// takes from are done, up to `--jobs` at a time (`JobScheduler`), each output handed
    /// to `destination` as soon as it exists. Progress is told stage by stage, in order
    /// (`StageProgress`), however the stages' jobs overlap.
    static func execute(
        _ work: [StageWork], art: ArtFolder, into destination: some OutputDestination, cache old: BuildCache?, options: Options
    ) throws -> Execution {
        let graph = JobGraph(work, kept: old)
        let nodes = graph.nodes
        // Checking a job's files against the cache reads and hashes them: in parallel.
        let cached: [BuildCache.Entry?] = Parallel.map(nodes.count, jobs: options.jobs) { index in
            guard let entry = old?[nodes[index].id], entry.key == nodes[index].key, destination.reuse(entry.outputs) else { return nil }
            return entry
        }
        let job = { @Sendable (node: JobGraph.Node) in work[node.stage].jobs[node.job] }
        // Which jobs are made decides which charms are keyed twice this build.
        var uses: [String: Int] = [:]
        for (node, entry) in zip(nodes, cached) where entry == nil {
            for id in job(node).charms { uses[id, default: 0] += 1 }
        }
        art.expectUses(uses)
        for (node, entry) in zip(nodes, cached) where entry == nil { work[node.stage].prepared[node.job].ahead?() }

        let progress = StageProgress(work, cached: nodes.indices.filter { cached[$0] != nil }.map { nodes[$0].stage }, tell: options.progress)
        let share = ThreadShare(jobs: options.jobs, heavy: nodes.indices.map { cached[$0] == nil && !job(nodes[$0]).isLight }, after: graph.after)
        let made = Locked([BuildCache.Entry?](repeating: nil, count: nodes.count))
        let long = { (index: Int) in options.jobs > 1 && work[nodes[index].stage].stage.isLong }
        let entries = try JobScheduler.run(nodes.count, after: graph.after, first: long, workers: options.jobs) { index in
            let node = nodes[index]
            progress.started(node.stage)
            let started = Clock.now
            var entry = cached[index]
            if entry == nil {
                let finished = node.inputs.isEmpty ? [] : made.value
                let inputs = node.inputs.compactMap { input -> JobArtifact? in
                    let (id, artifact) =
                        switch input {
                        case .node(let taken): (nodes[taken].id, finished[taken]?.artifact ?? [])
                        case .kept(let id, let kept): (id, kept.artifact)
                        }
                    return artifact.isEmpty ? nil : JobArtifact(id: id, artifact: artifact)
                }
                entry = try make(node.id.job, key: node.key, threads: share.threads, inputs: inputs, art: art, into: destination) {
                    try work[node.stage].prepared[node.job].make($0)
                }
            }
            made.withLock { $0[index] = entry }
            share.finished(index)
            progress.finished(node, cached: cached[index] != nil, seconds: cached[index] != nil ? 0 : Clock.seconds(since: started))
            return entry!
        }
        return recorded(work, graph: graph, entries: entries, art: art)
    }

    /// The entries in stage and job order, each stage's planning warnings first (of a
    /// stage with jobs this build).
    private static func recorded(_ work: [StageWork], graph: JobGraph, entries: [BuildCache.Entry], art: ArtFolder) -> Execution {
        let nodeOf = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.id, $0) })
        var execution = Execution()
        for stage in work where !stage.jobs.isEmpty {
            execution.warnings += stage.plan.warnings
            for job in stage.jobs.indices {
                let entry = entries[nodeOf[stage.id(job)]!]
                execution.warnings += entry.warnings.map { $0.warning(art: art.path) }
                execution.notes += entry.notes
                execution.paths += entry.outputs.map(\.path)
                execution.cache[stage.id(job)] = entry
            }
        }
        return execution
    }
}

/// The build's `--jobs` shared among the jobs that make something: a job gets the
/// threads for its own inner work (encoding a large PNG) that the jobs able to run beside
/// it leave it: those to make that are not light (`Job.isLight`) and wait for no
/// unfinished job. All of them for a job alone (a one-charm rebuild's charm, though the
/// page waits for it), one each while there are more such jobs than threads. Outputs are
/// the same for any share.
final class ThreadShare: Sendable {
    private let jobs: Int
    private let heavy: [Bool]
    private let dependents: [[Int]]
    /// How many unfinished jobs each waits for, and how many heavy ones wait for none.
    private let state: Locked<(waiting: [Int], active: Int)>

    init(jobs: Int, heavy: [Bool], after: [[Int]]) {
        self.jobs = jobs
        self.heavy = heavy
        var dependents = [[Int]](repeating: [], count: heavy.count)
        for (item, waits) in after.enumerated() { for waited in waits { dependents[waited].append(item) } }
        self.dependents = dependents
        state = Locked((after.map(\.count), heavy.indices.filter { heavy[$0] && after[$0].isEmpty }.count))
    }

    /// The threads a job starting now may use.
    var threads: Int { max(1, jobs / max(1, min(jobs, state.value.active))) }

    /// Job `item` is done (made or taken from the cache).
    func finished(_ item: Int) {
        state.withLock { state in
            if heavy[item] { state.active -= 1 }
            for dependent in dependents[item] {
                state.waiting[dependent] -= 1
                if state.waiting[dependent] == 0 && heavy[dependent] { state.active += 1 }
            }
        }
    }
}

/// A build's progress told stage by stage, in the stages' order: each stage's
/// `stageStarted`, its jobs' `jobFinished` as they finish, and its `stageFinished`,
/// a stage's events held until every stage before it has told its last. So a long
/// stage that started early (`Stage.isLong`) reports in its place.
final class StageProgress: Sendable {
    /// One stage's count and held events.
    private struct Tally {
        var name: String
        var jobs: Int
        var cached: Int
        var done = 0
        var started: UInt64?
        var held: [BuildEvent] = []
    }

    private let tell: (@Sendable (BuildEvent) -> Void)?
    private let state: Locked<(stages: [Tally], current: Int)>

    init(_ work: [BuildEngine.StageWork], cached: [Int], tell: (@Sendable (BuildEvent) -> Void)?) {
        self.tell = tell
        var stages = work.map { Tally(name: $0.stage.name, jobs: $0.jobs.count, cached: 0) }
        for stage in cached { stages[stage].cached += 1 }
        for index in stages.indices where stages[index].jobs > 0 {
            stages[index].held = [.stageStarted(stage: stages[index].name, jobs: stages[index].jobs)]
        }
        state = Locked((stages, 0))
        state.withLock(flush)
    }

    func started(_ stage: Int) {
        state.withLock { state in
            if state.stages[stage].started == nil { state.stages[stage].started = Clock.now }
        }
    }

    func finished(_ node: JobGraph.Node, cached: Bool, seconds: Double) {
        state.withLock { state in
            var stage = state.stages[node.stage]
            stage.done += 1
            stage.held.append(.jobFinished(stage: stage.name, job: node.id.job, done: stage.done, of: stage.jobs, seconds: seconds, cached: cached))
            if stage.done == stage.jobs {
                let seconds = stage.started.map(Clock.seconds(since:)) ?? 0
                stage.held.append(.stageFinished(stage: stage.name, jobs: stage.jobs, cached: stage.cached, seconds: seconds))
            }
            state.stages[node.stage] = stage
            flush(&state)
        }
    }

    /// Tells what the current stage holds, moving on past each stage that is done.
    private func flush(_ state: inout (stages: [Tally], current: Int)) {
        while state.current < state.stages.count {
            for event in state.stages[state.current].held { tell?(event) }
            state.stages[state.current].held = []
            guard state.stages[state.current].done == state.stages[state.current].jobs else { return }
            state.current += 1
        }
    }
}
