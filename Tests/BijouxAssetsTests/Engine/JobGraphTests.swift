import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// The build's jobs as one graph: what each takes (`Job.inputs`), the order they start and
/// report in, their keys, and what a `charm <id>` build takes from the jobs it leaves alone.
@Suite("Job graph")
struct JobGraphTests {
    /// Calls of the jobs' `ahead`: the art folder's path and the job's name.
    static let aheads = Locked<[(art: String, job: String)]>([])

    /// What the test stages' jobs leave: a label.
    struct Label: ArtifactCoding, Equatable {
        var text: String
        func write(to writer: inout ByteWriter) { writer.string(text) }
        init(_ text: String) { self.text = text }
        init?(reading reader: inout ByteReader) {
            guard let text = reader.string() else { return nil }
            self.text = text
        }
    }

    /// Three jobs, one of which (an index) takes the other two's results.
    enum Numbers: Stage {
        static let name = "numbers"
        static let artifact: (any ArtifactCoding.Type)? = Label.self
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [
                job("index", art, scope: .whole, inputs: .artifacts(Label.self, from: [Numbers.self])) { recorder in
                    recorder.leave(Label(recorder.inputs.map(\.id.job).joined(separator: "+")))
                },
                job("one", art, scope: .charm("one")) { $0.leave(Label("1")) },
                job("two", art, scope: .charm("two")) { $0.leave(Label("2")) },
            ])
        }
    }

    /// One job in every build that takes every job of `Numbers`.
    enum Sum: Stage {
        static let name = "sum"
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [
                job("total", art, scope: .always, inputs: .artifacts(Label.self, from: [Numbers.self])) { recorder in
                    let labels = zip(recorder.inputs, recorder.taken(Label.self)).map { "\($0.id) \($1.text)" }
                    try recorder.write("total", text: labels.joined(separator: "\n"))
                }
            ])
        }
    }

    /// A job that takes from `Numbers` a type its jobs do not leave.
    enum Mistaken: Stage {
        static let name = "mistaken"
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [job("page", art, scope: .always, inputs: .artifacts(ContactSheet.self, from: [Numbers.self])) { _ in }])
        }
    }

    /// A job that leaves a label where its stage names none.
    enum Stray: Stage {
        static let name = "stray"
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [job("stray", art, scope: .always) { $0.leave(Label("stray")) }])
        }
    }

    static func job(
        _ name: String, _ art: ArtFolder, scope: Job.Scope, inputs: JobInputs? = nil, make: @escaping @Sendable (JobRecorder) throws -> Void
    ) -> Job {
        let path = art.path
        return Job(name: name, scope: scope, inputs: inputs) {
            Job.Prepared(key: ContentHash.of(Array(name.utf8)), ahead: { aheads.withLock { $0.append((path, name)) } }, make: make)
        }
    }

    /// Takes every cached job's outputs as they are.
    final class Keeping: OutputDestination, @unchecked Sendable {
        let written = Locked<[String: [UInt8]]>([:])
        func reuse(_ outputs: [BuildCache.Output]) -> Bool { true }
        func write(_ output: BuildOutput) throws -> ContentHash {
            written.withLock { $0[output.path] = output.bytes }
            return ContentHash.of(output.bytes)
        }
    }

    static func work(
        _ folder: TemporaryFolder, only: Set<String>? = nil, stages: [any Stage.Type] = [Numbers.self, Sum.self]
    ) throws -> (ArtFolder, [BuildEngine.StageWork]) {
        folder.write("art/.keep", "")
        let art = try ArtFolder(folder.path + "/art")
        return (art, try BuildEngine.prepared(try BuildEngine.planned(stages, art), only: only, jobs: 2))
    }

    @Test func aJobComesAfterWhatItTakesAndIsKeyedWithIt() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (_, work) = try Self.work(folder)
        let graph = try JobGraph(work, kept: nil)
        #expect(graph.nodes.map(\.id.description) == ["numbers/one", "numbers/two", "numbers/index", "sum/total"])
        // The index starts after the others; what takes the stage gets its jobs in the plan's order.
        #expect(graph.after == [[], [], [0, 1], [2, 0, 1]])
        let own = ContentHash.of(Array("index".utf8))
        #expect(graph.nodes[2].key == CacheKey.taking(own: own, from: [(graph.nodes[0].id, graph.nodes[0].key), (graph.nodes[1].id, graph.nodes[1].key)]))
        #expect(graph.nodes[0].key == ContentHash.of(Array("one".utf8)))
    }

    @Test func aJobTakesTheResultsOfTheJobsItNamesInTheirOrder() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (art, work) = try Self.work(folder)
        let into = Keeping()
        for jobs in [1, 2] {
            _ = try BuildEngine.execute(work, art: art, into: into, cache: nil, options: BuildEngine.Options(jobs: jobs))
            let total = into.written.value["total"].map { String(decoding: $0, as: UTF8.self) }
            #expect(total == "numbers/index one+two\nnumbers/one 1\nnumbers/two 2")
        }
    }

    /// `charm one`: the always-built job takes `two` as the last build made it.
    @Test func aCharmBuildTakesTheJobsItLeavesAsTheLastBuildMadeThem() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (art, work) = try Self.work(folder, only: ["one"])
        #expect(work.map { $0.jobs.map(\.name) } == [["one"], ["total"]])
        var old = BuildCache()
        let two = JobID(stage: "numbers", job: "two")
        old[two] = BuildCache.Entry(key: ContentHash.of([7]), outputs: [], warnings: [], notes: [], artifact: Label("22").encoded)
        let graph = try JobGraph(work, kept: old)
        let taken = [(graph.nodes[0].id, graph.nodes[0].key), (two, ContentHash.of([7]))]
        #expect(graph.nodes[1].key == CacheKey.taking(own: ContentHash.of(Array("total".utf8)), from: taken))
        let into = Keeping()
        _ = try BuildEngine.execute(work, art: art, into: into, cache: old, options: BuildEngine.Options(jobs: 2))
        #expect(into.written.value["total"].map { String(decoding: $0, as: UTF8.self) } == "numbers/one 1\nnumbers/two 22")
    }

    /// `ahead` runs for the jobs the build makes, not for those the cache holds.
    @Test func workAheadStartsOnlyForJobsThatAreMade() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (art, work) = try Self.work(folder)
        var old = BuildCache()
        let graph = try JobGraph(work, kept: nil)
        old[graph.nodes[0].id] = BuildCache.Entry(key: graph.nodes[0].key, outputs: [], warnings: [], notes: [], artifact: Label("1").encoded)
        _ = try BuildEngine.execute(work, art: art, into: Keeping(), cache: old, options: BuildEngine.Options(jobs: 2))
        #expect(Self.aheads.value.filter { $0.art == art.path }.map(\.job).sorted() == ["index", "total", "two"])
    }

    /// A job that takes a type its stage does not leave fails when the graph is made, with
    /// nothing run; so does one that leaves a type its stage does not name, when it is made.
    @Test func aJobTakingOrLeavingTheWrongTypeFailsBeforeAConsumerRuns() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (_, work) = try Self.work(folder, stages: [Numbers.self, Mistaken.self])
        let error = #expect(throws: ArtifactTypeError.self) { try JobGraph(work, kept: nil) }
        #expect(error?.diagnostic.message == "internal error: the job mistaken/page takes ContactSheet from the numbers stage, whose jobs leave Label")
        let (art, stray) = try Self.work(folder, stages: [Stray.self])
        #expect(throws: ArtifactTypeError.self) { try BuildEngine.execute(stray, art: art, into: Keeping(), cache: nil, options: BuildEngine.Options(jobs: 1)) }
    }

    /// A kept artifact that does not decode as its stage's type is refused when the graph
    /// of a `charm <id>` build is made, naming the job: the cache lied.
    @Test func aKeptArtifactThatDoesNotDecodeIsRefusedWhenTheGraphIsMade() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (_, work) = try Self.work(folder, only: ["one"])
        var old = BuildCache()
        old[JobID(stage: "numbers", job: "two")] = BuildCache.Entry(key: ContentHash.of([7]), outputs: [], warnings: [], notes: [], artifact: [22])
        #expect(throws: ArtifactError.self) { try JobGraph(work, kept: old) }
    }
}
