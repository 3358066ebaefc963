#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A limit a helper sets on itself before it works, so the system stops it past what the
/// tool allows (a drawing librsvg cannot stop from inside). Setting one is checked: a
/// limit the system did not take is an error the helper reports, never a helper running
/// unbounded in silence.
package enum ResourceLimit: Sendable {
    /// CPU seconds (RLIMIT_CPU): past the soft limit the system sends SIGXCPU.
    case cpuSeconds
    /// Bytes of address space (RLIMIT_AS): past it the system refuses memory.
    case addressSpace

    var name: String {
        switch self {
        case .cpuSeconds: "CPU time"
        case .addressSpace: "address space"
        }
    }

    /// Sets the limit to `soft`, and the hard limit to `hard`; without `hard`, the hard
    /// limit stays as it is and `soft` is held at or under it. A soft limit above the hard
    /// one given, or a hard limit the process may not raise to, is the error thrown.
    package func set(soft: UInt64, hard: UInt64? = nil) throws(HelperError) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { throw HelperError.system("cannot read its \(name) limit") }
        if let hard {
            (limit.rlim_cur, limit.rlim_max) = (rlim_t(soft), rlim_t(hard))
        } else {
            limit.rlim_cur = min(rlim_t(soft), limit.rlim_max)
        }
        guard setrlimit(resource, &limit) == 0 else { throw HelperError.system("cannot limit its \(name) to \(soft)") }
    }

    /// The soft and hard limits as they stand.
    func current() throws(HelperError) -> (soft: UInt64, hard: UInt64) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { throw HelperError.system("cannot read its \(name) limit") }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    #if canImport(Glibc)
        private var resource: __rlimit_resource_t {
            switch self {
            case .cpuSeconds: __rlimit_resource_t(RLIMIT_CPU.rawValue)
            case .addressSpace: __rlimit_resource_t(RLIMIT_AS.rawValue)
            }
        }
    #else
        private var resource: Int32 {
            switch self {
            case .cpuSeconds: RLIMIT_CPU
            case .addressSpace: RLIMIT_AS
            }
        }
    #endif

    /// The CPU seconds this process has used, user and system.
    package static func cpuSecondsUsed() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Lets what runs next use `seconds` of CPU past what the process has used: the system
    /// ends it (SIGXCPU) there.
    package static func allowCPU(_ seconds: Int) throws(HelperError) {
        try cpuSeconds.set(soft: UInt64(cpuSecondsUsed().rounded(.up)) + UInt64(max(0, seconds)))
    }
}
