#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// `run(_:_:input:)` with the input made as the child takes it: `next` is called for
    /// more bytes only when the pipe has room and the last ones are written, and returns
    /// nil at the end, so no more than one block waits here. Once the child stops
    /// reading (it failed), `next` is not called again.
    static func run(_ executable: String, _ arguments: [String], streaming next: () -> [UInt8]?) throws(LaunchFailure) -> Result {
        _ = ignoreBrokenPipes
        var stdin = try pipe(), stdout = try pipe(), stderr = try pipe()
        defer { for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] where fd >= 0 { close(fd) } }
        let pid = try spawn(executable, arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        (stdin.read, stdout.write, stderr.write) = (-1, -1, -1)
        _ = fcntl(stdin.write, F_SETFL, fcntl(stdin.write, F_GETFL) | O_NONBLOCK)
        var collected: [[UInt8]] = [[], []]
        var block: [UInt8] = [], written = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while stdout.read >= 0 || stderr.read >= 0 {
            let watched = [(stdin.write, POLLOUT), (stdout.read, POLLIN), (stderr.read, POLLIN)]
            var fds = watched.map { pollfd(fd: $0.0, events: Int16($0.1), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
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
                    close(stdin.write)
                    stdin.write = -1
                }
            }
            for (index, fd) in [(1, stdout.read), (2, stderr.read)] where fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index - 1] += buffer.prefix(count)
                } else if count == 0 || errno != EINTR {
                    close(fd)
                    if index == 1 { stdout.read = -1 } else { stderr.read = -1 }
                }
            }
        }
        return ended(pid, stdout: collected[0], stderr: collected[1])
    }

    /// Waits for the child's end: its exit status or the signal that ended it.
    private static func ended(_ pid: pid_t, stdout: [UInt8], stderr: [UInt8]) -> Result {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0
            ? Result(status: (status >> 8) & 0xff, signal: nil, stdout: stdout, stderr: stderr)
            : Result(status: nil, signal: signal, stdout: stdout, stderr: stderr)
    }
}
