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
        /// It ran past its wall-clock deadline.
        case deadline
        /// The caller's `cancelled` said so.
        case cancelled
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
        /// Seconds from its start to its end (or to its kill).
        var seconds: Double = 0
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

    /// How often a child with a deadline or a cancellation is looked at, in seconds.
    static let checkInterval = 0.02

    /// Runs `executable` with `arguments` (it is `argv[0]` itself), `input` on its
    /// standard input, the tool's environment: `run(_:_:deadline:cancelled:streaming:)`
    /// with the input given whole.
    static func run(
        _ executable: String, _ arguments: [String], input: [UInt8] = [], deadline: Double? = nil, cancelled: (() -> Bool)? = nil
    ) throws(LaunchFailure) -> Result {
        var given: [UInt8]? = input
        return try run(executable, arguments, deadline: deadline, cancelled: cancelled) {
            defer { given = nil }
            return given
        }
    }

    /// Runs `executable` with `arguments`, the input made as the child takes it: `next`
    /// is called for more bytes only when the pipe has room and the last ones are
    /// written, and returns nil at the end, so no more than one block waits here; once
    /// the child stops reading (it failed), `next` is not called again. Waits for its
    /// end; or, when `deadline` seconds have passed or `cancelled` returns true (asked
    /// every `checkInterval`), kills it with SIGKILL, waits for it to be gone, and says
    /// why in `stopped`.
    static func run(
        _ executable: String, _ arguments: [String], deadline: Double? = nil, cancelled: (() -> Bool)? = nil, streaming next: () -> [UInt8]?
    ) throws(LaunchFailure) -> Result {
        // A child that exits before reading all its input must not kill us with SIGPIPE.
        _ = ignoreBrokenPipes
        var stdin = try pipe(), stdout = try pipe(), stderr = try pipe()
        defer { for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] where fd >= 0 { close(fd) } }
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let pid = try spawn(executable, arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        // The child's ends are its own now.
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        (stdin.read, stdout.write, stderr.write) = (-1, -1, -1)
        var output: [UInt8] = [], errors: [UInt8] = []
        var stopped: Stop?
        let watched = deadline != nil || cancelled != nil
        _ = fcntl(stdin.write, F_SETFL, fcntl(stdin.write, F_GETFL) | O_NONBLOCK)
        var block: [UInt8] = [], written = 0
        do {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while stdout.read >= 0 || stderr.read >= 0 {
                if let deadline, elapsed() >= deadline { stopped = .deadline }
                if stopped == nil, let cancelled, cancelled() { stopped = .cancelled }
                if stopped != nil { break }
                var fds = [stdin.write, stdout.read, stderr.read].map { pollfd(fd: $0, events: Int16($0 == stdin.write ? POLLOUT : POLLIN), revents: 0) }
                let wait = watched ? Int32(checkInterval * 1000) : -1
                let ready = poll(&fds, nfds_t(fds.count), wait)
                guard ready >= 0 || errno == EINTR else { break }
                guard ready > 0 else { continue }
                if stdin.write >= 0, fds[0].revents != 0 {
                    var finished = false
                    if written == block.count {
                        if let more = next() { (block, written) = (more, 0) } else { finished = true }
                    }
                    if !finished && written < block.count {
                        let count = block.withUnsafeBytes { write(stdin.write, $0.baseAddress.map { $0 + written }, block.count - written) }
                        if count > 0 { written += count }
                        // The child stopped reading: it failed, and says why on its standard error.
                        if count < 0 && errno != EAGAIN && errno != EINTR { finished = true }
                    }
                    if finished {
                        // It sees the end of its input.
                        close(stdin.write)
                        stdin.write = -1
                    }
                }
                for (index, fd) in [(1, stdout.read), (2, stderr.read)] where fd >= 0 && fds[index].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        if index == 1 { output += buffer.prefix(count) } else { errors += buffer.prefix(count) }
                    } else if count == 0 || errno != EINTR {
                        close(fd)
                        if index == 1 { stdout.read = -1 } else { stderr.read = -1 }
                    }
                }
            }
        }
        var status: Int32 = 0
        // A watched child that closed its output before ending is still watched.
        while watched && stopped == nil {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if let deadline, elapsed() >= deadline { stopped = .deadline }
            if stopped == nil, let cancelled, cancelled() { stopped = .cancelled }
            if stopped == nil { usleep(useconds_t(checkInterval * 1_000_000)) }
        }
        if stopped != nil || !watched {
            // Killed, it cannot go on drawing or holding memory; reaped, it leaves no zombie.
            if stopped != nil { kill(pid, SIGKILL) }
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        let signal = status & 0x7f
        var result =
            signal == 0
            ? Result(status: (status >> 8) & 0xff, signal: nil, stdout: output, stderr: errors)
            : Result(status: nil, signal: signal, stdout: output, stderr: errors)
        result.stopped = stopped
        result.seconds = elapsed()
        result.pid = pid
        return result
    }

    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

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
    static func pipe() throws(LaunchFailure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard bx_pipe_cloexec(&fds) == 0 else { throw LaunchFailure(reason: String(cString: strerror(errno))) }
        return (fds[0], fds[1])
    }

    /// Starts `executable` with `stdin`, `stdout` and `stderr` as its descriptors 0, 1
    /// and 2 and no other descriptor of the tool's: every descriptor the tool opens is
    /// close-on-exec from its creation, and on macOS `POSIX_SPAWN_CLOEXEC_DEFAULT`
    /// closes all but those three in the child.
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
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw LaunchFailure(reason: String(cString: strerror(status))) }
        return pid
    }
}
