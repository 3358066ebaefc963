import Testing

@testable import BijouxCore

/// The one pool's rule of order: an item starts once the items it waits for are done;
/// those marked first first; a failure stops what comes after it, and the lowest-numbered
/// failure is the one reported, with any number of jobs; each item's share of the threads.
@Suite("Work pool")
struct WorkPoolTests {
    struct Failure: Error, Equatable { var item: Int }

    /// A graph of `count` items, each waiting for up to three earlier ones, the same for a seed.
    static func graph(_ count: Int, seed: UInt64) -> [[Int]] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { item in
            item == 0 ? [] : (0..<Int(random.next() % 4)).map { _ in Int(random.next() % UInt64(item)) }
        }
    }

    /// Runs the items, each spinning a little, and gives the order they finished in.
    static func finishOrder(_ after: [[Int]], jobs: Int, first: @escaping (Int) -> Bool = { _ in false }, failing: Set<Int> = []) throws -> [Int] {
        let order = Locked<[Int]>([])
        _ = try WorkPool.map(after.count, after: after, first: after.indices.map(first), jobs: jobs) { item, _ in
            var spin = 0
            for step in 0..<(item % 7) * 2_000 { spin &+= step }
            if failing.contains(item) { throw Failure(item: item) }
            order.withLock { $0.append(item) }
            return spin
        }
        return order.value
    }

    @Test(arguments: [1, 2, 4, 8])
    func everyItemStartsAfterWhatItWaitsFor(jobs: Int) throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let after = Self.graph(60, seed: seed)
            let order = try Self.finishOrder(after, jobs: jobs)
            #expect(order.sorted() == Array(0..<60))
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            for (item, waits) in after.enumerated() {
                #expect(waits.allSatisfy { position[$0]! < position[item]! }, "seed \(seed): \(item) waits for \(waits)")
            }
        }
    }

    @Test func oneWorkerRunsLongItemsFirstThenInOrder() throws {
        let order = try Self.finishOrder([[], [], [1], [], [], [3]], jobs: 1, first: { $0 == 3 || $0 == 5 })
        #expect(order == [3, 5, 0, 1, 2, 4])
        #expect(try Self.finishOrder([[], [0], [], [1]], jobs: 1) == [0, 1, 2, 3])
    }

    @Test(arguments: [1, 2, 4])
    func theLowestFailureIsReportedAndWhatComesBeforeItRuns(jobs: Int) throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let after = Self.graph(40, seed: seed)
            let failing: Set<Int> = [31, 17, 25]
            var finished: [Int] = []
            #expect(throws: Failure(item: 17)) {
                finished = try Self.finishOrder(after, jobs: jobs, failing: failing)
            }
            // Nothing it waits for failed: every item before the failure still ran.
            let order = Locked<[Int]>([])
            _ = try? WorkPool.map(after.count, after: after, jobs: jobs) { item, _ in
                if failing.contains(item) { throw Failure(item: item) }
                order.withLock { $0.append(item) }
            }
            #expect(Set(0..<17).isSubset(of: Set(order.value)), "seed \(seed)")
            #expect(finished.isEmpty)
        }
    }

    @Test func anItemWaitingForAFailureNeverRuns() {
        let ran = Locked<Set<Int>>([])
        #expect(throws: Failure(item: 0)) {
            try WorkPool.map(3, after: [[], [0], []], jobs: 2) { item, _ in
                if item == 0 { throw Failure(item: 0) }
                ran.withLock { _ = $0.insert(item) }
            }
        }
        #expect(!ran.value.contains(1))
    }

    /// Runs inside runs (a build's job whose inner work is scheduled too), many at once:
    /// each finishes with every item, however few of its helpers the pool starts.
    @Test func runsInsideRunsAllFinish() throws {
        let sums = WorkPool.map(16, jobs: 8) { outer, _ in
            WorkPool.map(16, after: (0..<16).map { $0 == 0 ? [] : [$0 - 1] }, jobs: 8) { item, _ in item + outer }.reduce(0, +)
        }
        #expect(sums == (0..<16).map { 120 + 16 * $0 })
    }

    @Test func noItemsIsNoWork() throws {
        #expect(WorkPool.map(0, after: [], jobs: 4) { item, _ in item }.isEmpty)
        #expect(WorkPool.map(3, after: [[], [0], [1]], jobs: 4) { item, _ in item * 2 } == [0, 2, 4])
    }

    /// An item's share of the threads counts the heavy items able to run beside it, not
    /// those waiting for it: a one-charm rebuild's charm gets both threads though the page
    /// waits for it; two charms ready together get one each. An item that starts once
    /// its neighbour has finished is alone, so how many it gets then depends on timing,
    /// never fewer than its share among all the ready ones.
    @Test func anItemAloneGetsEveryThreadThoughOthersWaitForIt() {
        #expect(WorkPool.map(2, after: [[], [0]], heavy: [true, true], jobs: 2) { _, threads in threads } == [2, 2])
        let two = WorkPool.map(4, after: [[], [], [0, 1], [2]], heavy: [true, true, false, true], jobs: 2) { _, threads in threads }
        #expect(two[0] == 1 && [1, 2].contains(two[1]) && two[2...] == [2, 2])
        let three = WorkPool.map(3, heavy: [true, true, true], jobs: 8) { _, threads in threads }
        #expect(three[0] == 2 && three.allSatisfy { [2, 4, 8].contains($0) })
    }
}
