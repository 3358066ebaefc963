/// One stage of the pipeline: what it reads, what it makes, which folders it owns.
///
/// A stage does no writing of its own. `plan` turns the art folder (read once, see
/// `ArtFolder`) into jobs; each job says what decides its outputs (its key) and how
/// to make them; the engine keys, skips, runs, stages and commits. To add a stage,
/// see Sources/BijouxAssets/Engine/README.md.
protocol Stage: Sendable {
    /// Its name in progress lines and reports ("charms").
    static var name: String { get }
    /// Whether the art folder holds this stage's inputs.
    static func applies(to art: ArtFolder) -> Bool
    /// Folders (relative to the output folder) the stage owns outright: after a full
    /// build, any file in them that no job of the stage made is stale and removed.
    static var ownedFolders: [String] { get }
    /// The jobs that make the stage's outputs. Parses and checks the stage's own
    /// settings and throws on bad input before anything is made; reads no pixels.
    static func plan(_ art: ArtFolder) throws -> StagePlan
    /// The same, for a stage whose jobs follow from the plans of the stages before it
    /// (the contact sheet's page shows their planning warnings); `plan(_:)` by default.
    static func plan(_ art: ArtFolder, after earlier: [PlannedStage]) throws -> StagePlan
    /// Whether the stage is a reason to build on its own: false for one that only
    /// supports others (the catalog's root Contents.json, the contact sheet's page).
    static var isAuxiliary: Bool { get }
    /// Whether its jobs are long and take no other stage's results (the music): among
    /// the jobs ready to start, the build starts these first, so they run beside the
    /// shorter jobs of the stages before them rather than after them. Their results,
    /// progress and errors still come in the stage's place.
    static var isLong: Bool { get }
    /// The asset catalog sets its jobs make (image sets, colour sets), named from the
    /// art folder as `plan` reads it: before any job is made, the engine holds every
    /// stage's sets to one rule (`CatalogSet.checkUnique`). None by default.
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet]
    /// The helpers whose identity its jobs' keys name (`HelperExecutable.identity`), for
    /// the art folder as `plan` reads it: the engine has the loader list their libraries
    /// on the side from before any stage plans, so the listings are done by the time a
    /// key asks. None by default.
    static func helpers(_ art: ArtFolder) -> [HelperExecutable]
    /// The type of what each of its jobs leaves for the jobs that take its results
    /// (`JobRecorder.leave`, `Job.inputs`): a job that takes another type from it fails
    /// when the build's graph is made. None by default.
    static var artifact: (any ArtifactCoding.Type)? { get }
}

extension Stage {
    static var ownedFolders: [String] { [] }
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] { [] }
    static func helpers(_ art: ArtFolder) -> [HelperExecutable] { [] }
    static var artifact: (any ArtifactCoding.Type)? { nil }
    static func plan(_ art: ArtFolder, after earlier: [PlannedStage]) throws -> StagePlan { try plan(art) }
    static var isAuxiliary: Bool { false }
    static var isLong: Bool { false }
}

/// A stage with its plan.
typealias PlannedStage = (stage: any Stage.Type, plan: StagePlan)

/// A stage's work: its jobs (run in parallel, results in this order).
struct StagePlan: Sendable {
    var jobs: [Job]
    /// Found while planning (a stray file among the inputs).
    var warnings: [BuildWarning]

    init(jobs: [Job], warnings: [BuildWarning] = []) {
        self.jobs = jobs
        self.warnings = warnings
    }
}

/// A job's place in a build: its stage and its name, unique in the stage. It names the
/// job in the cache and in messages as "stage/job" ("sounds/theme").
struct JobID: Hashable, Sendable, CustomStringConvertible {
    var stage: String
    var job: String

    init(stage: String, job: String) {
        (self.stage, self.job) = (stage, job)
    }

    init(_ stage: any Stage.Type, _ job: Job) { self.init(stage: stage.name, job: job.name) }

    /// From "stage/job" (a stage's name has no slash; a job's may).
    init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        self.init(stage: String(text[..<slash]), job: String(text[text.index(after: slash)...]))
    }

    var description: String { stage + "/" + job }
}

/// The results a job takes (`Job.inputs`): the artifacts of one type that the jobs of
/// some stages leave. The job gets them decoded, in stage and job order (jobs that left
/// none left out), and is keyed with those jobs' keys (`CacheKey.taking`).
struct JobInputs: Sendable {
    var stages: [any Stage.Type]
    var type: any ArtifactCoding.Type

    /// The `type` artifacts of every job of `stages`; each stage must leave that type.
    static func artifacts<Artifact: ArtifactCoding>(_ type: Artifact.Type, from stages: [any Stage.Type]) -> JobInputs {
        JobInputs(stages: stages, type: type)
    }

    func takes(_ stage: any Stage.Type) -> Bool { stages.contains { $0 == stage } }
}

/// What a job left for the jobs that take its stage's results, decoded, with the job
/// that left it.
struct JobArtifact: Sendable {
    var id: JobID
    var value: any ArtifactCoding
}

/// One unit of work: the outputs of one charm, one icon, the table.
struct Job: Sendable {
    /// Which builds make it.
    enum Scope: Sendable, Equatable {
        /// Only a full build.
        case whole
        /// A full build, and `charm <id>` of this charm.
        case charm(String)
        /// Every build that makes a charm: the catalog folders that hold charms.
        case anyCharm
        /// Every build, full or `charm <id>`: a summary of every stage's results.
        case always
    }

    /// Its name in verbose lines ("cat"), unique in its stage.
    var name: String
    var scope: Scope
    /// The charms whose keyed art it uses (`ArtFolder.keyedCharm`), so a charm two
    /// jobs use is keyed once.
    var charms: [String]
    /// Reads and checks the job's inputs, once: run for every selected job before any
    /// job is made, so a missing, unreadable or bad input stops the build first. Gives
    /// the job's key and the work that makes its outputs from what it read.
    var prepare: @Sendable () throws -> Prepared
    /// Stages whose jobs' artifacts `make` reads (`recorder.taken`), and their type: the
    /// table's JSON twin lists the facts of the sounds the sounds stage made. This is the build's one
    /// rule of order: a job starts once every job it takes from is done, and is keyed
    /// with their keys (`key` hashes only its own inputs). It takes every job of those
    /// stages that the output folder holds after the build: this build's, and in `charm
    /// <id>` the last build's for jobs it leaves alone. A stage that does not apply gives
    /// none. A job may name its own stage (a generated index of the stage's outputs,
    /// `Sounds.swift`): it then takes the stage's jobs that do not.
    var inputs: JobInputs?
    /// A job that takes no noticeable time (a haptic pattern, a folder's Contents.json):
    /// it is not counted when the build's threads are shared among the jobs of a stage
    /// that run side by side (`JobRecorder.threads`), so a long job beside it keeps them.
    var isLight: Bool
    /// The art file its outputs follow from, as messages name it ("art/icons/give.svg"):
    /// `check` groups its changes under it. Nil for outputs of no one file (a folder's
    /// Contents.json, the contact sheet page), which `check` puts under the art folder.
    var source: String?

    /// A prepared job: what decides its outputs, and how to make them.
    struct Prepared: Sendable {
        /// Everything that decides the outputs (input bytes, the table entry and the
        /// parameters that affect them), hashed with `CacheKey`.
        var key: ContentHash
        /// Makes the outputs, handing each to the recorder as soon as it is made; run
        /// only when the cache does not hold `key`.
        var make: @Sendable (JobRecorder) throws -> Void
        /// Work to start on the side once the build knows `make` will run (a renderer
        /// started while other jobs run), so a build that makes nothing starts none.
        var ahead: (@Sendable () -> Void)?

        init(key: ContentHash, ahead: (@Sendable () -> Void)? = nil, make: @escaping @Sendable (JobRecorder) throws -> Void) {
            self.key = key
            self.ahead = ahead
            self.make = make
        }
    }

    init(
        name: String, scope: Scope, charms: [String] = [], inputs: JobInputs? = nil, isLight: Bool = false, source: String? = nil,
        prepare: @escaping @Sendable () throws -> Prepared
    ) {
        self.name = name
        self.source = source
        self.scope = scope
        self.charms = charms
        self.inputs = inputs
        self.isLight = isLight
        self.prepare = prepare
    }

    /// A job whose outputs are made while planning (a folder's Contents.json, generated
    /// Swift), keyed by their bytes and the note it reports.
    static func constant(name: String, scope: Scope, _ outputs: [BuildOutput], note: String? = nil, source: String? = nil) -> Job {
        Job(name: name, scope: scope, isLight: true, source: source) {
            let key = CacheKey("constant")
            for output in outputs { key.add(output.path, output.bytes) }
            if let note { key.add("note", note) }
            return Prepared(key: key.hash) { recorder in
                for output in outputs { try recorder.write(output.path, output.bytes) }
                if let note { recorder.note(note) }
            }
        }
    }
}

/// What a job hands the engine as it works: each output file as soon as it is made
/// (so memory holds one job's outputs, not the build's), warnings, report notes, and
/// a small value for the jobs that take its results.
final class JobRecorder {
    /// Paths relative to the output folder, in the order written.
    private(set) var paths: [String] = []
    private(set) var warnings: [BuildWarning] = []
    private(set) var notes: [String] = []
    /// What it leaves (`leave`), kept with the cache.
    private(set) var artifact: (any ArtifactCoding)?
    /// The artifacts of the jobs this job takes (`Job.inputs`), decoded.
    let inputs: [JobArtifact]
    /// Threads the job may use for its own inner work (encoding a large PNG): the
    /// build's `--jobs` shared among the jobs running beside it.
    let threads: Int
    private let sink: @Sendable (BuildOutput) throws -> Void

    init(threads: Int, inputs: [JobArtifact] = [], sink: @escaping @Sendable (BuildOutput) throws -> Void) {
        self.threads = threads
        self.inputs = inputs
        self.sink = sink
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        paths.append(path)
        try sink(BuildOutput(path: path, bytes: bytes))
    }

    func write(_ path: String, text: String) throws { try write(path, Array(text.utf8)) }

    func warn(_ subject: String, _ message: String) {
        warnings.append(BuildWarning(subject: subject, message: message))
    }

    func note(_ line: String) { notes.append(line) }

    /// Leaves `value` for the jobs that take this stage's results: of the stage's
    /// `artifact` type, which the engine checks.
    func leave(_ value: some ArtifactCoding) { artifact = value }

    /// The values the jobs this job takes left, in stage and job order: of the type its
    /// `inputs` name, which the graph checked every stage it takes leaves.
    func taken<Artifact: ArtifactCoding>(_ type: Artifact.Type) -> [Artifact] {
        inputs.compactMap { $0.value as? Artifact }
    }
}

/// The stages, in the order they are planned (every stage is planned, and so checked,
/// before any job runs) and report: the charms before the app icon that hangs one, the
/// sounds before the table whose JSON twin lists them, the contact sheet's page, which
/// takes every stage's cards, last. Jobs start as soon as the jobs they take from are
/// done (`Job.inputs`), long ones first (`Stage.isLong`).
enum Stages {
    static let all: [any Stage.Type] = [
        CatalogStage.self, StringsStage.self, CharmsStage.self, IconsStage.self, ImagesStage.self, DataStage.self, PaletteStage.self, SymbolsStage.self,
        AppIconStage.self, SoundsStage.self, TableStage.self, ContactSheetStep.self,
    ]
}
