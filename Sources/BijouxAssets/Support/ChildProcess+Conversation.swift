#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// A child kept running to answer one request after another (the icon renderer), so
    /// a request does not pay a process's start. Its pipes stay open between requests;
    /// each exchange writes a request and reads until the answer is whole, watched by
    /// limits counted from the exchange's start (its CPU time too). A limit reached
    /// kills the child, as a child run to its end is killed; a killed or ended child
    /// answers no more (`isAlive`) and is reaped. Used by one thread at a time.
    final class Conversation {
        let pid: pid_t
        private var streams: Streams
        private(set) var isAlive = true
        /// CPU seconds of the exchanges answered, as their watches read them: what the
        /// child's lifetime total, read when it is reaped, holds beside the last one.
        private var answeredCPU = 0.0

        /// Starts `executable` with `arguments`, the caller's environment and nice value.
        init(_ executable: String, _ arguments: [String]) throws(LaunchFailure) {
            _ = ignoreBrokenPipes
            var stdin = try closeOnExecPipe(), stdout = try closeOnExecPipe(), stderr = try closeOnExecPipe()
            let pid: pid_t
            do {
                pid = try spawn(executable, arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
            } catch {
                for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] { close(fd) }
                throw error
            }
            for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
            (stdin.read, stdout.write, stderr.write) = (-1, -1, -1)
            self.pid = pid
            streams = Streams(stdin: stdin.write, stdout: stdout.read, stderr: stderr.read)
        }

        deinit { end() }

        /// Writes `request` and reads until `answered` says the output is a whole answer,
        /// or the child ends, or a limit is reached (it is then killed). The result's
        /// `status` is nil while the child lives on to answer the next request.
        func exchange(_ request: [UInt8], limits: Limits, answered: ([UInt8]) -> Bool) -> Result {
            precondition(isAlive, "a conversation with an ended child")
            streams.nextRequest()
            var watch = Watch(pid: pid, limits: limits)
            var given: [UInt8]? = request
            streams.pump(&watch, servesRequests: true, answered: answered) {
                defer { given = nil }
                return given
            }
            if watch.stopped == nil, streams.isOpen, answered(streams.output) {
                answeredCPU += watch.cpuSeconds
                // The answer is the caller's alone: the streams keep none of it between requests.
                defer { streams.nextRequest() }
                return Result(
                    status: nil, signal: nil, stdout: streams.output, stderr: streams.errors, seconds: watch.elapsed, cpuSeconds: watch.cpuSeconds,
                    pid: pid)
            }
            isAlive = false
            let (output, errors) = (streams.output, streams.errors)
            streams.closeAll()
            var result = watch.reap()
            result.cpuSeconds = max(watch.cpuSeconds, result.cpuSeconds - answeredCPU)
            (result.stdout, result.stderr) = (output, errors)
            return result
        }

        /// Ends it between requests, when it has nothing left to do: its pipes closed and
        /// the process killed (a child that does not end at the end of its input, one
        /// that hangs, cannot hold the caller up), then reaped.
        func end() {
            guard isAlive else { return }
            isAlive = false
            streams.closeAll()
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }
}
