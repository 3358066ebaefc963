import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The nice value the tool was started at (`nice -n 10 bijoux-assets build`), which its
/// threads and its helpers keep. On Linux a nice value is a thread's, not the process's,
/// and libdispatch gives the threads of its pool the nice of their QoS class (0, or -4
/// for an overcommitting queue): as root, which may lower a nice value, that undoes the
/// caller's for the work those threads do and for the helpers they spawn. So every
/// thread that runs the tool's work comes to this value as it starts that work
/// (`adopt`, `async`), and every helper is spawned from a thread at it
/// (`ChildProcess.spawn`). macOS has no nice value per thread (a thread's priority is
/// its QoS class): there nothing is changed.
package enum CallerNice {
    /// The nice value of the process's main thread (on Linux the process's ID is its
    /// main thread's), read once, from whichever thread asks first; nil on macOS.
    static let value: Int32? = {
        #if os(Linux)
            errno = 0
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
            return errno == 0 ? nice : nil
        #else
            return nil
        #endif
    }()

    /// Reads `value` now: the command-line tool does so first, on its main thread.
    package static func record() { _ = value }

    /// Brings the calling thread's nice value to the caller's. Raising a nice value needs
    /// no privilege; lowering one (a thread libdispatch raised above the caller, as root)
    /// needs the privilege that raised it, and otherwise the thread stays where it is.
    package static func adopt() {
        #if os(Linux)
            guard let value else { return }
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            if current != value || errno != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value) }
        #endif
    }

    /// `work` on a thread of libdispatch's pool, at the caller's nice value.
    package static func async(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            adopt()
            work()
        }
    }
}
