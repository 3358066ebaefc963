import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// The build's jobs as one graph: what each takes (`Job.inputs`), the order they start and
/// report in, their keys, and what a `charm <id>` build takes from the jobs it leaves alone.
@Suite("Job graph")
struct JobGraphTests {
    /// Calls of the jobs' `ahead`: the art folder's path and the job's name.
    static let aheads = Locked<[(art: String, job: String)]>([])

    /// Three jobs, one of which (an index) takes the other two's results.
    enum Numbers: Stage {
        static let name = "numbers"
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [
                job("index", art, scope: .whole, inputs: [Numbers.self]) { recorder in
                    recorder.artifact = Array(recorder.inputs.map(\.id.job).joined(separator: "+").utf8)
                },
                job("one", art, scope: .charm("one")) { $0.artifact = [1] },
                job("two", art, scope: .charm("two")) { $0.artifact = [2] },
            ])
        }
    }

    /// One job in every build that takes every job of `Numbers`.
    enum Sum: Stage {
        static let name = "sum"
        static func applies(to art: ArtFolder) -> Bool { true }
        static func plan(_ art: ArtFolder) throws -> StagePlan {
            StagePlan(jobs: [
                job("total", art, scope: .always, inputs: [Numbers.self]) { recorder in
                    try recorder.write("total", text: recorder.inputs.map { "\($0.id) \($0.artifact)" }.joined(separator: "\n"))
                }
            ])
        }
    }

    static func job(
        _ name: String, _ art: ArtFolder, scope: Job.Scope, inputs: [any Stage.Type] = [], make: @escaping @Sendable (JobRecorder) throws -> Void
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

    static func work(_ folder: TemporaryFolder, only: Set<String>? = nil) throws -> (ArtFolder, [BuildEngine.StageWork]) {
        folder.write("art/.keep", "")
        let art = try ArtFolder(folder.path + "/art")
        return (art, try BuildEngine.prepared(try BuildEngine.planned([Numbers.self, Sum.self], art), only: only, jobs: 2))
    }

    @Test func aJobComesAfterWhatItTakesAndIsKeyedWithIt() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (_, work) = try Self.work(folder)
        let graph = JobGraph(work, kept: nil)
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
            #expect(total == "numbers/index [111, 110, 101, 43, 116, 119, 111]\nnumbers/one [1]\nnumbers/two [2]")
        }
    }

    /// `charm one`: the always-built job takes `two` as the last build made it.
    @Test func aCharmBuildTakesTheJobsItLeavesAsTheLastBuildMadeThem() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (art, work) = try Self.work(folder, only: ["one"])
        #expect(work.map { $0.jobs.map(\.name) } == [["one"], ["total"]])
        var old = BuildCache()
        let two = JobID(stage: "numbers", job: "two")
        old[two] = BuildCache.Entry(key: ContentHash.of([7]), outputs: [], warnings: [], notes: [], artifact: [22])
        let graph = JobGraph(work, kept: old)
        let taken = [(graph.nodes[0].id, graph.nodes[0].key), (two, ContentHash.of([7]))]
        #expect(graph.nodes[1].key == CacheKey.taking(own: ContentHash.of(Array("total".utf8)), from: taken))
        let into = Keeping()
        _ = try BuildEngine.execute(work, art: art, into: into, cache: old, options: BuildEngine.Options(jobs: 2))
        #expect(into.written.value["total"].map { String(decoding: $0, as: UTF8.self) } == "numbers/one [1]\nnumbers/two [22]")
    }

    /// `ahead` runs for the jobs the build makes, not for those the cache holds.
    @Test func workAheadStartsOnlyForJobsThatAreMade() throws {
        let folder = TestPaths.temporaryFolder("job-graph")
        let (art, work) = try Self.work(folder)
        var old = BuildCache()
        let graph = JobGraph(work, kept: nil)
        old[graph.nodes[0].id] = BuildCache.Entry(key: graph.nodes[0].key, outputs: [], warnings: [], notes: [], artifact: [1])
        _ = try BuildEngine.execute(work, art: art, into: Keeping(), cache: old, options: BuildEngine.Options(jobs: 2))
        #expect(Self.aheads.value.filter { $0.art == art.path }.map(\.job).sorted() == ["index", "total", "two"])
    }
}
