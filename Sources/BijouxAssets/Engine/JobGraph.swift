import BijouxCore

extension BuildEngine {
    /// A stage's jobs that this build makes, prepared.
    struct StageWork: Sendable {
        var stage: any Stage.Type
        var plan: StagePlan
        var jobs: [Job]
        /// Each job as prepared: its own key and its work.
        var prepared: [Job.Prepared]

        func id(_ job: Int) -> JobID { JobID(stage, jobs[job]) }
    }

    /// Prepares (and so keys) every selected job, so a missing, unreadable or bad input
    /// stops the build before anything is made. Every job is prepared, so the build
    /// reports every art file's problems at once (`ArtProblems`), in job order.
    static func prepared(_ plans: [PlannedStage], only: Set<String>?, jobs threads: Int) throws -> [StageWork] {
        var failures: [any Error] = []
        let work = plans.map { stage, plan in
            let jobs = selected(plan, only: only)
            // Each job's own key reads its art (a charm's PNG): in parallel, in job order.
            let results = Parallel.map(jobs.count, jobs: threads) { index in Result { try jobs[index].prepare() } }
            failures += results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            return StageWork(stage: stage, plan: plan, jobs: jobs, prepared: results.compactMap { try? $0.get() })
        }
        guard let first = failures.first else { return work }
        let shown = failures.compactMap { $0 as? any UserFacingError }
        // One error stays itself; an error that is not the art's (a failed read) stops the build as the first one did.
        throw failures.count > 1 && shown.count == failures.count ? ArtProblems(errors: shown) : first
    }
}

/// Several problems with the art, each its own line (`diagnostics`): what a build found
/// wrong in every job before it stopped, in job order, or in one file, in its order.
struct ArtProblems: UserFacingError {
    var errors: [any UserFacingError]

    /// The first problem.
    var diagnostic: Diagnostic { errors[0].diagnostic }
    var diagnostics: [Diagnostic] { errors.flatMap(\.diagnostics) }
}

/// A build's jobs as one graph, each with what it takes (`Job.inputs`) and its key: its
/// own, with the keys of the jobs it takes from (`CacheKey.taking`). Its nodes are in the
/// order the build starts and reports them: stage by stage, in job order, a job that
/// takes its own stage's results after that stage's other jobs; every job a node takes
/// from comes before it.
struct JobGraph: Sendable {
    /// A job this build makes.
    struct Node: Sendable {
        /// Its stage's place in the work, and its own in the stage's jobs.
        var stage: Int
        var job: Int
        var id: JobID
        var key: ContentHash
        /// What it takes, in stage and job order.
        var inputs: [Input]
    }

    /// A job whose results a node takes: one of this build, or (in `charm <id>`) one it
    /// leaves as the last build made it, with its artifact decoded.
    enum Input: Sendable {
        case node(Int)
        case kept(JobID, BuildCache.Entry, (any ArtifactCoding)?)
    }

    var nodes: [Node] = []

    /// The graph of `work`; `kept` is the cache of the last build into the folder, for the
    /// jobs a `charm <id>` build leaves alone. Throws when a job takes from a stage an
    /// artifact type its jobs do not leave, or a kept artifact does not decode.
    init(_ work: [BuildEngine.StageWork], kept: BuildCache?) throws {
        var nodeOf: [JobID: Int] = [:]
        for (index, stage) in work.enumerated() {
            let takesOwn = { (job: Job) in job.inputs?.takes(stage.stage) ?? false }
            let order = stage.jobs.indices.filter { !takesOwn(stage.jobs[$0]) } + stage.jobs.indices.filter { takesOwn(stage.jobs[$0]) }
            for job in order {
                let inputs = try Self.taken(by: stage.id(job), stage.jobs[job].inputs, at: index, in: work).compactMap { id -> Input? in
                    if let node = nodeOf[id.id] { return .node(node) }
                    guard let entry = kept?[id.id] else { return nil }
                    return .kept(id.id, entry, try entry.artifact(of: id.id, as: id.type))
                }
                let key = CacheKey.taking(own: stage.prepared[job].key, from: inputs.map(idAndKey))
                nodeOf[stage.id(job)] = nodes.count
                nodes.append(Node(stage: index, job: job, id: stage.id(job), key: key, inputs: inputs))
            }
        }
    }

    /// The jobs whose results `inputs` take, for the job `id` of the stage at `index`,
    /// each with the artifact type its stage leaves, checked against the type taken.
    private static func taken(
        by id: JobID, _ inputs: JobInputs?, at index: Int, in work: [BuildEngine.StageWork]
    ) throws(ArtifactTypeError) -> [(id: JobID, type: any ArtifactCoding.Type)] {
        guard let inputs else { return [] }
        var taken: [(id: JobID, type: any ArtifactCoding.Type)] = []
        for stage in inputs.stages {
            guard let left = stage.artifact, left == inputs.type else {
                throw .taking(id, inputs.type, from: stage)
            }
            guard let from = work.firstIndex(where: { $0.stage == stage }) else { continue }
            precondition(from <= index, "\(id.stage) takes results from \(stage.name), which comes after it")
            let jobs = work[from].plan.jobs.filter { from != index || !($0.inputs?.takes(stage) ?? false) }
            taken += jobs.map { (JobID(stage, $0), left) }
        }
        return taken
    }

    /// For each node, the nodes it waits for.
    var after: [[Int]] {
        nodes.map { node in
            node.inputs.compactMap {
                if case .node(let index) = $0 { return index }
                return nil
            }
        }
    }

    private func idAndKey(_ input: Input) -> (id: JobID, key: ContentHash) {
        switch input {
        case .node(let index): (nodes[index].id, nodes[index].key)
        case .kept(let id, let entry, _): (id, entry.key)
        }
    }
}

/// A job takes from a stage an artifact type that the stage's jobs do not leave (found
/// when the graph is made, before any job runs), or leaves one its stage does not name:
/// a mistake in the stages.
struct ArtifactTypeError: UserFacingError {
    var message: String

    static func taking(_ job: JobID, _ taken: any ArtifactCoding.Type, from stage: any Stage.Type) -> ArtifactTypeError {
        ArtifactTypeError(message: "the job \(job) takes \(taken) from the \(stage.name) stage, whose jobs leave \(leaves(stage.artifact))")
    }

    static func leaving(_ job: JobID, _ left: any ArtifactCoding.Type, stage: (any ArtifactCoding.Type)?) -> ArtifactTypeError {
        ArtifactTypeError(message: "the job \(job) leaves \(left), where its stage's jobs leave \(leaves(stage))")
    }

    private static func leaves(_ type: (any ArtifactCoding.Type)?) -> String { type.map { "\($0)" } ?? "nothing" }

    var diagnostic: Diagnostic { Diagnostic(place: nil, message: "internal error: " + message) }
}
