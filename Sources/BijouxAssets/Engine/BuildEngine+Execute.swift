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
    /// takes from are done, up to `--jobs` at a time (`WorkPool`), each output handed
    /// to `destination` as soon as it exists. Progress is told stage by stage, in order
    /// (`StageProgress`), however the stages' jobs overlap.
    static func execute(
        _ work: [StageWork], art: ArtFolder, into destination: some OutputDestination, cache old: BuildCache?, options: Options
    ) throws -> Execution {
        let graph = try JobGraph(work, kept: old)
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
        let heavy = nodes.indices.map { cached[$0] == nil && !job(nodes[$0]).isLight }
        let first = nodes.indices.map { options.jobs > 1 && work[nodes[$0].stage].stage.isLong }
        let after = graph.after
        // What each job left, as soon as it is done, for the jobs that take it: decoded once,
        // and of a cached job only when a job this build makes takes it.
        let left = Locked([(any ArtifactCoding)?](repeating: nil, count: nodes.count))
        let taken = Set(nodes.indices.filter { cached[$0] == nil }.flatMap { after[$0] })
        let entries = try WorkPool.map(nodes.count, after: after, first: first, heavy: heavy, jobs: options.jobs) { index, threads in
            let node = nodes[index]
            progress.started(node.stage)
            let started = Clock.now
            let done: MadeJob
            if let entry = cached[index] {
                let artifact = taken.contains(index) ? try entry.artifact(of: node.id, as: work[node.stage].stage.artifact) : nil
                done = MadeJob(entry: entry, artifact: artifact)
            } else {
                done = try make(node, threads: threads, left: left.value, nodes: nodes, work: work, art: art, into: destination)
            }
            left.withLock { $0[index] = done.artifact }
            progress.finished(node, cached: cached[index] != nil, seconds: cached[index] != nil ? 0 : Clock.seconds(since: started))
            return done.entry
        }
        return recorded(work, graph: graph, entries: entries, art: art)
    }

    /// Makes one node's job with what the jobs it takes from left (or, in `charm <id>`, the
    /// last build's jobs it leaves alone).
    private static func make(
        _ node: JobGraph.Node, threads: Int, left: [(any ArtifactCoding)?], nodes: [JobGraph.Node], work: [StageWork], art: ArtFolder,
        into destination: some OutputDestination
    ) throws -> MadeJob {
        let inputs = node.inputs.compactMap { input -> JobArtifact? in
            switch input {
            case .node(let taken): left[taken].map { JobArtifact(id: nodes[taken].id, value: $0) }
            case .kept(let id, _, let artifact): artifact.map { JobArtifact(id: id, value: $0) }
            }
        }
        return try make(node.id, key: node.key, threads: threads, inputs: inputs, leaves: work[node.stage].stage.artifact, art: art, into: destination) {
            try work[node.stage].prepared[node.job].make($0)
        }
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
