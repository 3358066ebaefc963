#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program run to its end: bytes go to its standard input, and its standard
/// output and error come back whole. Work that needs a heavy library (FFmpeg's AAC
/// encoder) runs this way, so the tool's own start loads none of it, and a crash there
/// cannot take the build down. One thread drives all three pipes with `poll`, so a child
/// that writes before it has read all of its input never deadlocks against us.
struct ChildProcess {
    struct Result: Sendable {
        /// The exit status, or nil when a signal ended it.
        var status: Int32?
        /// The signal that ended it.
        var signal: Int32?
        var stdout: [UInt8]
        var stderr: [UInt8]

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

    /// Runs `executable` with `arguments` (it is `argv[0]` itself), `input` on its
    /// standard input, the tool's environment. Waits for its end.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) throws(LaunchFailure) -> Result {
        // A child that exits before reading all its input must not kill us with SIGPIPE.
        _ = ignoreBrokenPipes
        var stdin = try pipe(), stdout = try pipe(), stderr = try pipe()
        defer { for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] where fd >= 0 { close(fd) } }
        let pid = try spawn(executable, arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        // The child's ends are its own now.
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        (stdin.read, stdout.write, stderr.write) = (-1, -1, -1)
        var output: [UInt8] = [], errors: [UInt8] = []
        input.withUnsafeBytes { input in
            var written = 0
            if input.isEmpty {
                close(stdin.write)
                stdin.write = -1
            } else {
                _ = fcntl(stdin.write, F_SETFL, fcntl(stdin.write, F_GETFL) | O_NONBLOCK)
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while stdout.read >= 0 || stderr.read >= 0 {
                var fds = [stdin.write, stdout.read, stderr.read].map { pollfd(fd: $0, events: Int16($0 == stdin.write ? POLLOUT : POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
                if stdin.write >= 0, fds[0].revents != 0, let start = input.baseAddress {
                    let count = write(stdin.write, start + written, input.count - written)
                    if count > 0 { written += count }
                    if (count < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
                        // Done, or the child stopped reading: it sees the end of its input.
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
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        let signal = status & 0x7f
        return signal == 0
            ? Result(status: (status >> 8) & 0xff, signal: nil, stdout: output, stderr: errors)
            : Result(status: nil, signal: signal, stdout: output, stderr: errors)
    }

    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func pipe() throws(LaunchFailure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard systemPipe(&fds) == 0 else { throw LaunchFailure(reason: String(cString: strerror(errno))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    static func spawn(_ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws(LaunchFailure) -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies: the child gets these three only.
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw LaunchFailure(reason: String(cString: strerror(status))) }
        return pid
    }
}

private func systemPipe(_ fds: inout [Int32]) -> Int32 {
    #if canImport(Glibc)
        Glibc.pipe(&fds)
    #else
        Darwin.pipe(&fds)
    #endif
}
