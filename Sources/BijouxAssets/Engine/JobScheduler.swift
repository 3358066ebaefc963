import BijouxCore
import Dispatch

/// Runs work items that wait for other items on a pool of threads: item `n` starts once
/// every item in `after[n]` has finished (each of them numbered below `n`), on the
/// calling thread or one of `workers - 1` helpers at the caller's nice value
/// (`CallerNice`). Of the items ready to start, those `first` marks start first, then the
/// lowest-numbered. With one worker they run in that order on the calling thread.
///
/// A failure stops what comes after it, not what comes before: once item `n` has
/// failed, only items numbered below `n` still start, and `run` waits for every item it
/// started before it throws the lowest-numbered failure. That item always runs, whatever
/// the timing (everything before it does), so the error reported is the same on every
/// run and with any number of workers.
enum JobScheduler {
    static func run<T: Sendable>(
        _ count: Int, after: [[Int]], first: (Int) -> Bool = { _ in false }, workers: Int, _ body: @Sendable (Int) throws -> T
    ) throws -> [T] {
        precondition(after.count == count && after.enumerated().allSatisfy { item, waits in waits.allSatisfy { $0 < item } })
        let board = Board(count: count, after: after, first: (0..<count).map(first))
        let results = Locked([T?](repeating: nil, count: count))
        try withoutActuallyEscaping(body) { body in
            // The helpers reach `body` only through this, emptied once they are done, so no
            // block libdispatch has yet to release still holds it when this returns. A helper
            // that starts after the caller has run out of work does nothing, and the caller
            // waits only for those that started: every item runs even if none ever starts.
            let shared = Locked<(open: Bool, body: (@Sendable (Int) throws -> T)?)>((true, body))
            let started = DispatchGroup()
            let work: @Sendable () -> Void = {
                board.work { item in
                    guard let body = shared.value.body else { return }
                    let result = try body(item)
                    results.withLock { $0[item] = result }
                }
            }
            for _ in 1..<max(1, min(workers, count)) {
                CallerNice.async {
                    let joined = shared.withLock { state -> Bool in
                        if state.open { started.enter() }
                        return state.open
                    }
                    guard joined else { return }
                    work()
                    started.leave()
                }
            }
            work()
            shared.withLock { $0.open = false }
            started.wait()
            shared.value.body = nil
            if let failure = board.failure { throw failure.error }
        }
        return results.value.map { $0! }
    }
}

/// The items' state, shared by the threads under one lock.
private final class Board: @unchecked Sendable {
    private let state: Locked<State>
    /// Counts the wake-ups owed to threads waiting for an item to become ready.
    private let wake = DispatchSemaphore(value: 0)

    fileprivate struct State {
        /// How many items each item still waits for, and who waits for it.
        var waitingFor: [Int]
        var waiters: [[Int]]
        var first: [Bool]
        /// Ready to start, best last (so `popLast` takes it).
        var ready: [Int] = []
        var running = 0
        var sleeping = 0
        var failure: (item: Int, error: any Error)?
    }

    init(count: Int, after: [[Int]], first: [Bool]) {
        var waiters = [[Int]](repeating: [], count: count)
        for (item, waits) in after.enumerated() { for waited in waits { waiters[waited].append(item) } }
        var state = State(waitingFor: after.map(\.count), waiters: waiters, first: first)
        for item in 0..<count where after[item].isEmpty { state.makeReady(item) }
        self.state = Locked(state)
    }

    var failure: (item: Int, error: any Error)? { state.value.failure }

    /// Takes ready items and runs them until none is left to start and none is running.
    func work(_ run: (Int) throws -> Void) {
        while let item = next() {
            let outcome = Result { try run(item) }
            let owed = state.withLock { state -> Int in
                state.running -= 1
                switch outcome {
                case .success:
                    for waiter in state.waiters[item] {
                        state.waitingFor[waiter] -= 1
                        if state.waitingFor[waiter] == 0 { state.makeReady(waiter) }
                    }
                case .failure(let error):
                    if state.failure.map({ item < $0.item }) ?? true { state.failure = (item, error) }
                }
                defer { state.sleeping = 0 }
                return state.sleeping
            }
            for _ in 0..<owed { wake.signal() }
        }
    }

    /// The next item to start, waiting while none is ready and others run; nil when
    /// nothing is left that could start.
    private func next() -> Int? {
        while true {
            let taken = state.withLock { state -> Int?? in
                if let failed = state.failure?.item { state.ready.removeAll { $0 > failed } }
                if let item = state.ready.popLast() {
                    state.running += 1
                    return .some(item)
                }
                if state.running == 0 { return .some(nil) }
                state.sleeping += 1
                return nil
            }
            if let taken { return taken }
            wake.wait()
        }
    }
}

extension Board.State {
    /// Puts `item` among the ready ones, ordered so the best is last: those marked
    /// `first`, then the lowest-numbered.
    fileprivate mutating func makeReady(_ item: Int) {
        let first = self.first
        let rank = { (item: Int) in (first[item] ? 1 : 0, -item) }
        let place = ready.firstIndex { rank($0) > rank(item) } ?? ready.endIndex
        ready.insert(item, at: place)
    }
}
