import Dispatch

/// Runs independent work items on several threads and returns the results in index
/// order, so the output never depends on the number of jobs or on scheduling.
package enum Parallel {
    /// The number of threads to use by default: one per core.
    package static var defaultJobs: Int { max(1, ProcessInfoCores.count) }

    package static func map<T, E: Error>(
        _ count: Int, jobs: Int = defaultJobs, _ body: (Int) throws(E) -> T
    ) throws(E) -> [T] {
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            var results: [T] = []
            results.reserveCapacity(count)
            for index in 0..<count { results.append(try body(index)) }
            return results
        }
        let slots = ResultSlots<T, E>(count: count)
        defer { slots.release() }
        onThreads(count, workers: workers) { index in
            do throws(E) { slots.store(.success(try body(index)), at: index) } catch {
                slots.store(.failure(error), at: index)
            }
        }
        return try slots.collect()
    }

    /// `map` of work the calling thread makes as it goes: the helpers start on `body`
    /// at once while the caller runs `first` (which makes the inputs, a few at a time),
    /// then the caller joins them. A `body` that waits for its input must be woken by
    /// `first` however it ends, or this never returns.
    static func map<T>(_ count: Int, jobs: Int, callerFirst first: () -> Void, _ body: (Int) -> T) -> [T] {
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            first()
            return (0..<count).map(body)
        }
        let slots = ResultSlots<T, Never>(count: count)
        defer { slots.release() }
        onThreads(count, workers: workers, callerFirst: first) { index in slots.store(.success(body(index)), at: index) }
        return slots.collect()
    }

    /// Splits `0..<count` into at most `jobs` contiguous bands and runs `body` on each,
    /// concurrently: for loops whose iterations write disjoint parts of one buffer (the
    /// rows of an image), so the result is the same for any number of jobs.
    package static func forEachBand(_ count: Int, jobs: Int, _ body: (Range<Int>) -> Void) {
        let bands = max(1, min(jobs, count))
        if bands == 1 {
            body(0..<count)
            return
        }
        onThreads(bands, workers: bands) { band in body(count * band / bands..<count * (band + 1) / bands) }
    }

    /// Runs `body(i)` for every `i` in `0..<count`, on the calling thread and up to
    /// `workers - 1` helpers asked for on the global queue, each index taken once by
    /// whichever thread asks first. Not `concurrentPerform`, which libdispatch runs
    /// serially when nested in another (a build job's resampling runs inside the
    /// build's job pool); and since the calling thread works too, every index runs
    /// even if no helper ever starts; each helper works at the caller's nice value
    /// (`CallerNice`). `first` runs on the calling thread before it takes any index.
    private static func onThreads(_ count: Int, workers: Int, callerFirst first: () -> Void = {}, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let work = Claims(count: count, body: UnsafeSendable(body))
            for _ in 1..<workers { CallerNice.async { work.run() } }
            first()
            work.run()
            work.finish()
        }
    }
}

/// Result storage written by one thread per slot, read after all threads join.
private final class ResultSlots<T, E: Error>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Result<T, E>?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func store(_ result: Result<T, E>, at index: Int) { buffer[index] = result }

    func collect() throws(E) -> [T] {
        // The lowest-numbered failure wins, so the error reported is deterministic too.
        var results: [T] = []
        results.reserveCapacity(buffer.count)
        for slot in buffer { results.append(try slot!.get()) }
        return results
    }

    func release() {
        buffer.deinitialize()
        buffer.deallocate()
    }
}

/// The indices of one `onThreads`: each is claimed once, by whichever thread asks
/// first. Helpers that start after the last index is claimed find nothing to do and
/// never see the body, which is dropped once every claimed index is done.
private final class Claims: @unchecked Sendable {
    private let count: Int
    private let state: Locked<(next: Int, body: UnsafeSendable<(Int) -> Void>?)>
    private let running = DispatchGroup()

    init(count: Int, body: UnsafeSendable<(Int) -> Void>) {
        self.count = count
        state = Locked((0, body))
    }

    func run() {
        // Left only once `runOne` has returned and dropped its reference to the body,
        // so nothing holds it when `onThreads` returns.
        while runOne() { running.leave() }
    }

    private func runOne() -> Bool {
        guard let (index, body) = claim() else { return false }
        body.value(index)
        return true
    }

    /// Called by the caller after its own `run`: every index is claimed by then.
    func finish() {
        running.wait()
        state.withLock { $0.body = nil }
    }

    private func claim() -> (Int, UnsafeSendable<(Int) -> Void>)? {
        state.withLock { state in
            guard state.next < count, let body = state.body else { return nil }
            state.next += 1
            running.enter()
            return (state.next - 1, body)
        }
    }
}

/// Carries a closure to the helper threads; the closure only reads shared state and
/// writes to its own slot or band.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum ProcessInfoCores {
    static var count: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
