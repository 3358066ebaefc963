#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loops over independent items on the work pool (`WorkPool`), their results in index
/// order, so the output never depends on the number of jobs or on scheduling.
package enum Parallel {
    /// The number of jobs to run at once by default: one per core.
    package static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `body` for every index, up to `jobs` at a time; the lowest-numbered failure is thrown.
    package static func map<T, E: Error>(_ count: Int, jobs: Int = defaultJobs, _ body: (Int) throws(E) -> T) throws(E) -> [T] {
        try map(count, jobs: jobs, callerFirst: {}, body)
    }

    /// `map` of work the calling thread makes as it goes: the helpers start on `body` at
    /// once while the caller runs `first` (which makes the inputs, a few at a time), then
    /// the caller joins them. A `body` that waits for its input must be woken by `first`
    /// however it ends, or this never returns.
    package static func map<T, E: Error>(
        _ count: Int, jobs: Int, callerFirst first: () -> Void, _ body: (Int) throws(E) -> T
    ) throws(E) -> [T] {
        try WorkPool.map(count, jobs: min(jobs, count), callerFirst: first) { index, _ throws(E) in try body(index) }
    }

    /// Splits `0..<count` into at most `jobs` contiguous bands and runs `body` on each,
    /// concurrently: for loops whose iterations write disjoint parts of one buffer (the
    /// rows of an image), so the result is the same for any number of jobs.
    package static func forEachBand(_ count: Int, jobs: Int, _ body: (Range<Int>) -> Void) {
        let bands = max(1, min(jobs, count))
        _ = WorkPool.map(bands, jobs: bands) { band, _ in body(count * band / bands..<count * (band + 1) / bands) }
    }
}
