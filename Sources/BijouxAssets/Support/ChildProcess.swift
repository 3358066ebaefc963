import BijouxCore
import CBijouxShims
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program run to its end: bytes go to its standard input, and its standard
/// output and error come back whole. Work that needs a heavy library (FFmpeg's AAC
/// encoder) runs this way, so the tool's own start loads none of it, and a crash there
/// cannot take the build down; so does work that cannot be stopped from inside (librsvg
/// drawing an icon), so that killing the process stops it and gives its memory back.
/// One thread drives all three pipes with `poll`, so a child that writes before it has
/// read all of its input never deadlocks against us.
struct ChildProcess {
    /// Why the child was killed before it ended by itself.
    enum Stop: Sendable, Equatable {
        /// It used more CPU time than its limit.
        case cpuLimit
        /// It ran past its wall-clock deadline.
        case deadline
        /// The caller's `cancelled` said so.
        case cancelled
    }

    /// What stops a child before its end, each looked at every `checkInterval`: the CPU
    /// time it has used (user and system, its threads added up), the time by the clock
    /// since its start, and the caller's word (`cancelled`, told the CPU seconds the
    /// child has used so far). Without any of them, the child runs to its end.
    struct Limits {
        var cpu: Double? = nil
        var deadline: Double? = nil
        var cancelled: ((_ cpuSeconds: Double) -> Bool)? = nil

        var isWatched: Bool { cpu != nil || deadline != nil || cancelled != nil }
    }

    struct Result: Sendable {
        /// The exit status, or nil when a signal ended it.
        var status: Int32?
        /// The signal that ended it.
        var signal: Int32?
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// Set when it was killed (SIGKILL) and reaped rather than left to end.
        var stopped: Stop? = nil
        /// Seconds from its start to its end (or to its kill), by the clock.
        var seconds: Double = 0
        /// The CPU time it used, user and system, in seconds, as its reaping reports it.
        var cpuSeconds: Double = 0
        /// Its process ID, which no longer names it (it has been reaped).
        var pid: pid_t = 0

        /// The first line of what it said on standard error, or how it ended.
        var reason: String {
            let said = String(decoding: stderr, as: UTF8.self).split(separator: "\n").first.map(String.init)
            if let said, !said.isEmpty { return said }
            if let signal { return "ended by signal \(signal)" }
            return "exit status \(status ?? -1)"
        }
    }

    /// The program could not be started at all.
    struct LaunchFailure: Error, Sendable {
        var reason: String
    }

    /// How often a child with limits is looked at, in seconds.
    static let checkInterval = 0.02

    /// Runs `executable` with `arguments` (it is `argv[0]` itself), `input` on its
    /// standard input, the tool's environment: `run(_:_:limits:streaming:)` with the
    /// input given whole.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8] = [], limits: Limits = Limits()) throws(LaunchFailure) -> Result {
        var given: [UInt8]? = input
        return try run(executable, arguments, limits: limits) {
            defer { given = nil }
            return given
        }
    }

    /// Runs `executable` with `arguments`, the input made as the child takes it: `next`
    /// is called for more bytes only when the pipe has room and the last ones are
    /// written, and returns nil at the end, so no more than one block waits here; once
    /// the child stops reading (it failed), `next` is not called again. Waits for its
    /// end; or, once one of its `limits` is reached, kills it with SIGKILL, waits for it
    /// to be gone, and says which in `stopped`.
    static func run(
        _ executable: String, _ arguments: [String], limits: Limits = Limits(), streaming next: () -> [UInt8]?
    ) throws(LaunchFailure) -> Result {
        // A child that exits before reading all its input must not kill us with SIGPIPE.
        _ = ignoreBrokenPipes
        var stdin = try closeOnExecPipe(), stdout = try closeOnExecPipe(), stderr = try closeOnExecPipe()
        defer { for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] where fd >= 0 { close(fd) } }
        let pid = try spawn(executable, arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        var watch = Watch(pid: pid, limits: limits)
        // The child's ends are its own now.
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        (stdin.read, stdout.write, stderr.write) = (-1, -1, -1)
        var streams = Streams(stdin: stdin.write, stdout: stdout.read, stderr: stderr.read)
        (stdin.write, stdout.read, stderr.read) = (-1, -1, -1)
        defer { streams.closeAll() }
        streams.pump(&watch, next)
        var result = watch.reap()
        (result.stdout, result.stderr) = (streams.output, streams.errors)
        return result
    }

    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    #if canImport(Glibc)
        /// `posix_spawn_file_actions_addclosefrom_np`: glibc has it from 2.34, and its Swift
        /// module does not declare it, so it is looked up by name; nil on an older glibc,
        /// where close-on-exec alone keeps the tool's descriptors from a child.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        static let closeFromAction: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }
    #endif

    /// Where a helper executable of the package is: `$variable` when that is set (the
    /// plugins set it to the helper they were given), else `name` beside the running
    /// executable, where the package's build and the artifact bundle both put it.
    static func helperPath(_ name: String, variable: String) -> String {
        if let named = getenv(variable).map({ String(cString: $0) }), !named.isEmpty { return named }
        let folder = FileIO.executablePath().map { FileIO.parentDirectory(of: $0) } ?? "."
        return (folder.isEmpty ? "." : folder) + "/" + name
    }

    /// A pipe whose ends are close-on-exec from the instant they exist, so a child
    /// another thread spawns meanwhile inherits neither.
    static func closeOnExecPipe() throws(LaunchFailure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard bx_pipe_cloexec(&fds) == 0 else { throw LaunchFailure(reason: String(cString: strerror(errno))) }
        return (fds[0], fds[1])
    }

    /// Starts `executable` with `stdin`, `stdout` and `stderr` as its descriptors 0, 1
    /// and 2 and no other descriptor of the tool's: every descriptor the tool opens is
    /// close-on-exec from its creation, and the child closes all but those three whatever
    /// their flag (`POSIX_SPAWN_CLOEXEC_DEFAULT` on macOS; glibc's closefrom action,
    /// `closeFromAction`, on Linux). The child starts at the caller's nice
    /// value (`CallerNice`), whichever thread spawns it.
    static func spawn(_ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws(LaunchFailure) -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
            _ = posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        // dup2 clears close-on-exec on the copies: the child gets these three only.
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        #if canImport(Glibc)
            // And nothing else, whatever its flag (a descriptor a library opened without it).
            if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // A child starts at the nice value of the thread that spawns it (Linux).
        CallerNice.adopt()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw LaunchFailure(reason: String(cString: strerror(status))) }
        return pid
    }
}
