import BijouxCore
import CBijouxShims
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary folder of one `check --against REV`, in `$TMPDIR` (else /tmp), named
/// `bijoux-check-<pid>-XXXXXX` and holding a lock file the check keeps locked (`flock`)
/// while it runs. It is removed when the check ends, and on SIGINT or SIGTERM before the
/// signal ends the process (`InterruptCleanup`). One that a killed check (SIGKILL) left
/// is removed by the next check (`sweep`): only a folder of that name whose process is
/// gone and whose lock no one holds, so a running check's folder is never touched, on
/// this machine or in another container sharing the folder.
final class CheckWorkspace: Sendable {
    static let prefix = "bijoux-check-"
    static let lockName = ".lock"
    let path: String
    /// The lock file's descriptor while the folder is held; -1 once it is removed.
    private let lock = Locked<Int32>(-1)

    init() throws(FileError) {
        let prefix = "\(Self.temporaryFolder())/\(Self.prefix)\(getpid())-"
        // Named for removal before it is made, so no signal falls between the two.
        path = try FileIO.unique(prefix: prefix, for: prefix) { candidate in
            InterruptCleanup.remove(candidate)
            if mkdir(candidate, 0o700) == 0 { return () }
            let code = errno
            InterruptCleanup.forget(candidate)
            errno = code
            return nil
        }.0
        let descriptor = open(path + "/" + Self.lockName, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        lock.value = descriptor
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = FileIO.lastError()
            remove()
            throw .cannotWrite(path: path, reason: "cannot lock the check's temporary folder: \(reason)")
        }
    }

    /// Removes the folder (its lock goes with it). After a signal, the cleanup does, and
    /// ends the process: the check goes no further.
    func remove() {
        InterruptCleanup.waitIfStopping()
        FileIO.removeTree(path)
        InterruptCleanup.forget(path)
        lock.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    deinit { if lock.value >= 0 { remove() } }

    static func temporaryFolder() -> String {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return variable.isEmpty ? "/tmp" : variable
    }

    /// Removes the folders killed checks left in the temporary folder (see the type).
    static func sweep(in folder: String = temporaryFolder()) {
        for name in (try? FileIO.list(folder)) ?? [] {
            let path = folder + "/" + name
            guard let pid = owner(name), FileIO.entryKind(path) == .directory, !isRunning(pid) else { continue }
            let lock = open(path + "/" + lockName, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            defer { if lock >= 0 { close(lock) } }
            // No lock file: its check died before it took the lock, or while it was removing the folder.
            if lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) != 0 { continue }
            FileIO.removeTree(path)
        }
    }

    /// The process ID a workspace's name gives (`bijoux-check-<pid>-XXXXXX`), nil for any other name.
    static func owner(_ name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].utf8.count == 6, parts[1].allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return pid_t(parts[0]).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether a process of that ID runs (as far as this process can see: not in
    /// another PID namespace, which the lock covers).
    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}

/// SIGINT and SIGTERM while a check has a temporary folder: the work writing there (git,
/// tar, the revision's build) is cancelled (`stop`: git and tar are killed, and so are
/// the build's drawings and encodings) and waited for, up to `workWait` seconds, so
/// nothing makes a folder there again; the folders are removed; then the signal ends
/// the process as it would have (its status says which). The handler only writes the
/// signal's number to a pipe, which is all a handler may do; a dispatch source reading
/// it does the rest. A signal the process ignores stays ignored; child processes start
/// with the signals' default actions.
enum InterruptCleanup {
    /// Set by a signal: the cancel flag of a build into a check's temporary folder.
    static let stop = StopFlag()
    static let workWait = 5.0
    private static let folders = Locked<[String]>([])
    private static let busy = Locked(0)
    nonisolated(unsafe) private static var signalPipe: Int32 = -1
    private static let installed = Locked(false)

    /// Removes `folder` if a signal comes before `forget(folder)`.
    static func remove(_ folder: String) {
        folders.withLock { $0.append(folder) }
        installOnce()
    }

    static func forget(_ folder: String) { folders.withLock { $0.removeAll { $0 == folder } } }

    /// Runs `work` (writing into a folder to remove on a signal, and cancelled by
    /// `stop`), counted, so that a signal waits for its end.
    static func working<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> T {
        busy.withLock { $0 += 1 }
        defer {
            busy.withLock { $0 -= 1 }
            waitIfStopping()
        }
        return try work()
    }

    /// After a signal, waits for its cleanup to end the process, so the check goes no
    /// further (a git that failed as its folder went, a comparison of a removed folder).
    static func waitIfStopping() {
        while stop.isSet { sleep(60) }
    }

    /// What a signal does, on the dispatch source's thread: see the type.
    private static func cleanUp(_ number: Int32) {
        stop.set()
        var waited = 0.0
        while busy.value > 0 && waited < workWait {
            usleep(10_000)
            waited += 0.01
        }
        for folder in folders.value { FileIO.removeTree(folder) }
        // To the process, not this thread, which blocks signals as dispatch's threads do.
        signal(number, SIG_DFL)
        kill(getpid(), number)
        sleep(1)
        _exit(128 + number)
    }

    private static func installOnce() {
        let first = installed.withLock { done in
            let first = !done
            done = true
            return first
        }
        guard first else { return }
        var ends: [Int32] = [-1, -1]
        guard bx_pipe_cloexec(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipe = ends[1]
        let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
        source.setEventHandler {
            var number: UInt8 = 0
            guard read(ends[0], &number, 1) == 1 else { return }
            cleanUp(Int32(number))
        }
        source.resume()
        // Delivered to this thread at least: a process started by a thread that blocks
        // signals (a dispatch thread) inherits the block, and would never see them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM] {
            sigaddset(&unblocked, number)
            let previous = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(InterruptCleanup.signalPipe, &byte, 1)
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        // Kept for the life of the process.
        sources.withLock { $0.append(source) }
    }

    private static let sources = Locked<[any DispatchSourceRead]>([])
}
