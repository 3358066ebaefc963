import Dispatch

/// The one pool every piece of parallel work runs on: a build's jobs, and the loops
/// inside them (`Parallel`).
///
/// Items are numbered; item `n` starts once every item in `after[n]` (each numbered
/// below `n`) has finished. They run on the calling thread and on up to `jobs - 1`
/// helpers asked for on libdispatch's pool at the caller's nice value (`CallerNice`), each
/// item taken once by whichever thread asks first. Of the items ready to start, those
/// `first` marks start first, then the lowest-numbered. The caller works too, so every
/// item runs even if no helper ever starts (and a pool nested in another's item never
/// waits for a thread); with one worker the items run in that order on the caller.
///
/// An item that fails stops what comes after it, not what comes before: once item `n`
/// has failed, only items numbered below `n` still start, and `run` returns when every
/// item it started has finished. So the lowest-numbered failure is the same on every run
/// and with any number of jobs.
///
/// Each item is told how many threads its own inner work may use (`threads`): the
/// threads (`jobs`) that the `heavy` items able to run beside it leave it, those that wait for
/// no unfinished item. All of them for a heavy item alone, one each while there are
/// more such items than jobs.
package enum WorkPool {
    /// The results of `body(item, threads)` for every item, in item order, or the
    /// lowest-numbered failure.
    package static func map<T, E: Error>(
        _ count: Int, after: [[Int]]? = nil, first: [Bool]? = nil, heavy: [Bool]? = nil, jobs: Int,
        callerFirst: () -> Void = {}, _ body: (_ item: Int, _ threads: Int) throws(E) -> T
    ) throws(E) -> [T] {
        let slots = Locked([Result<T, E>?](repeating: nil, count: count))
        run(count, after: after, first: first, heavy: heavy, jobs: jobs, callerFirst: callerFirst) { item, threads in
            let result = Result { () throws(E) -> T in try body(item, threads) }
            slots.withLock { $0[item] = result }
            if case .failure = result { return false }
            return true
        }
        // Every item below the lowest failure has run, so a slot is empty only after it.
        var results: [T] = []
        results.reserveCapacity(count)
        for slot in slots.value {
            guard let slot else { break }
            results.append(try slot.get())
        }
        return results
    }

    /// Runs `body(item, threads)` for the items; `body` returns false when its item failed.
    static func run(
        _ count: Int, after: [[Int]]? = nil, first: [Bool]? = nil, heavy: [Bool]? = nil, jobs: Int,
        callerFirst: () -> Void = {}, _ body: (_ item: Int, _ threads: Int) -> Bool
    ) {
        let after = after ?? Array(repeating: [], count: count)
        precondition(after.count == count && after.enumerated().allSatisfy { item, waits in waits.allSatisfy { $0 < item } })
        let board = Board(
            after: after, first: first ?? Array(repeating: false, count: count), heavy: heavy ?? Array(repeating: false, count: count),
            jobs: max(1, jobs))
        withoutActuallyEscaping(body) { body in
            // The helpers reach `body` only through `shared`, emptied once they are done, so
            // no block libdispatch has yet to release still holds it when this returns. A
            // helper that starts after the caller has run out of work does nothing, and the
            // caller waits only for those that started.
            let shared = Locked<(open: Bool, body: UncheckedSendable<(Int, Int) -> Bool>?)>((true, UncheckedSendable(body)))
            let started = DispatchGroup()
            let work: @Sendable () -> Void = {
                board.work { item, threads in
                    guard let body = shared.value.body else { return false }
                    return body.value(item, threads)
                }
            }
            for _ in 1..<max(1, min(jobs, count)) {
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
            callerFirst()
            work()
            shared.withLock { $0.open = false }
            started.wait()
            shared.value.body = nil
        }
    }
}

/// Carries a closure the compiler cannot prove sendable to the pool's threads: each
/// item's body writes only its own result (a slot, a band of a buffer) and reads state
/// shared for reading, and the pool drops it before `run` returns.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The items' state, shared by the pool's threads under one lock, and the wake-ups owed
/// to threads waiting for an item to become ready.
private final class Board: Sendable {
    private let state: Locked<State>
    private let wake = DispatchSemaphore(value: 0)

    fileprivate struct State {
        /// How many items each item still waits for, and who waits for it.
        var waitingFor: [Int]
        var waiters: [[Int]]
        var first: [Bool]
        var heavy: [Bool]
        var jobs: Int
        /// Ready to start, best last (so `popLast` takes it).
        var ready: [Int] = []
        var running = 0
        var sleeping = 0
        /// Heavy items that wait for no unfinished item and have not finished.
        var activeHeavy = 0
        var failed: Int?
    }

    init(after: [[Int]], first: [Bool], heavy: [Bool], jobs: Int) {
        var waiters = [[Int]](repeating: [], count: after.count)
        for (item, waits) in after.enumerated() { for waited in waits { waiters[waited].append(item) } }
        var state = State(waitingFor: after.map(\.count), waiters: waiters, first: first, heavy: heavy, jobs: jobs)
        for item in after.indices where after[item].isEmpty { state.makeReady(item) }
        self.state = Locked(state)
    }

    /// Takes ready items and runs them until none is left to start and none is running.
    func work(_ run: (_ item: Int, _ threads: Int) -> Bool) {
        while let (item, threads) = next() {
            let succeeded = run(item, threads)
            let owed = state.withLock { state -> Int in
                state.finish(item, succeeded: succeeded)
                defer { state.sleeping = 0 }
                return state.sleeping
            }
            for _ in 0..<owed { wake.signal() }
        }
    }

    /// The next item to start and its threads, waiting while none is ready and others
    /// run; nil when nothing is left that could start.
    private func next() -> (item: Int, threads: Int)? {
        while true {
            let taken = state.withLock { state -> (item: Int, threads: Int)?? in
                if let failed = state.failed { state.dropReady(after: failed) }
                if let item = state.ready.popLast() {
                    state.running += 1
                    return .some((item, max(1, state.jobs / max(1, min(state.jobs, state.activeHeavy)))))
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
        if heavy[item] { activeHeavy += 1 }
        let first = self.first
        let rank = { (item: Int) in (first[item] ? 1 : 0, -item) }
        let place = ready.firstIndex { rank($0) > rank(item) } ?? ready.endIndex
        ready.insert(item, at: place)
    }

    /// Once `failed` has failed, the ready items after it never start.
    fileprivate mutating func dropReady(after failed: Int) {
        let heavy = self.heavy
        activeHeavy -= ready.filter { $0 > failed && heavy[$0] }.count
        ready.removeAll { $0 > failed }
    }

    /// `item` has finished: those waiting for it may become ready, or, when it failed,
    /// nothing after it starts.
    fileprivate mutating func finish(_ item: Int, succeeded: Bool) {
        running -= 1
        if heavy[item] { activeHeavy -= 1 }
        guard succeeded else {
            if failed.map({ item < $0 }) ?? true { failed = item }
            return
        }
        for waiter in waiters[item] {
            waitingFor[waiter] -= 1
            if waitingFor[waiter] == 0 { makeReady(waiter) }
        }
    }
}
