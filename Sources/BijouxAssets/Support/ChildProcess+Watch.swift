import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// A running child and its limits: its time by the clock, the CPU time it has used,
    /// and its end.
    struct Watch {
        let pid: pid_t
        let limits: Limits
        private let start = DispatchTime.now().uptimeNanoseconds
        /// The child's CPU-time clock, read while it runs (Linux); nil where the system
        /// gives none, and then its CPU time is known at its end only (the icon
        /// renderer's own `RLIMIT_CPU` bounds it meanwhile).
        private let cpuClock: clockid_t?
        /// The CPU seconds the child had used when the watch began: a child that serves
        /// one request after another is watched for each from there.
        private let cpuBase: Double
        private(set) var stopped: Stop?

        init(pid: pid_t, limits: Limits) {
            self.pid = pid
            self.limits = limits
            cpuClock = limits.isWatched ? Self.cpuClock(of: pid) : nil
            cpuBase = Self.seconds(on: cpuClock)
        }

        /// Seconds since the watch began, by the clock.
        var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

        /// The CPU seconds the child has used since the watch began, when they can be read.
        var cpuSeconds: Double { max(0, Self.seconds(on: cpuClock) - cpuBase) }

        private static func seconds(on clock: clockid_t?) -> Double {
            guard let clock else { return 0 }
            var time = timespec()
            return clock_gettime(clock, &time) == 0 ? Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 : 0
        }

        /// Whether one of the limits has been reached (`stopped` says which).
        mutating func reachedLimit() -> Bool {
            guard stopped == nil else { return true }
            guard limits.isWatched else { return false }
            let cpu = cpuSeconds
            if let limit = limits.cpu, cpu >= limit {
                stopped = .cpuLimit
            } else if let deadline = limits.deadline, elapsed >= deadline {
                stopped = .deadline
            } else if let cancelled = limits.cancelled, cancelled(cpu) {
                stopped = .cancelled
            }
            return stopped != nil
        }

        /// Waits for the child's end, still watching its limits when it has closed its
        /// output before ending; once one is reached, kills it (SIGKILL: it cannot go on
        /// working or holding memory) and reaps it (it leaves no zombie). A child ended
        /// by a signal once past its CPU limit (its own `RLIMIT_CPU`) counts as stopped
        /// there too.
        mutating func reap() -> Result {
            var status: Int32 = 0
            var usage = rusage()
            var reaped = false
            while limits.isWatched && stopped == nil {
                let ended = wait4(pid, &status, WNOHANG, &usage)
                if ended == pid || (ended < 0 && errno != EINTR) {
                    reaped = ended == pid
                    break
                }
                if !reachedLimit() { usleep(useconds_t(checkInterval * 1_000_000)) }
            }
            if !reaped {
                if stopped != nil { kill(pid, SIGKILL) }
                while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
            let signal = status & 0x7f
            var result = Result(status: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal, stdout: [], stderr: [])
            result.cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            if stopped == nil, signal != 0, let limit = limits.cpu, result.cpuSeconds >= limit { stopped = .cpuLimit }
            result.stopped = stopped
            result.seconds = elapsed
            result.pid = pid
            return result
        }

        private static func cpuClock(of pid: pid_t) -> clockid_t? {
            #if os(Linux)
                var clock = clockid_t()
                return clock_getcpuclockid(pid, &clock) == 0 ? clock : nil
            #else
                return nil
            #endif
        }
    }

    /// The tool's ends of a running child's three pipes, driven by one thread: its input
    /// written as the child takes it, its output and errors read as they come.
    struct Streams {
        private var stdin: Int32
        private var stdout: Int32
        private var stderr: Int32
        private(set) var output: [UInt8] = []
        private(set) var errors: [UInt8] = []
        /// The input block being written, and how much of it is written.
        private var block: [UInt8] = []
        private var written = 0
        /// Whether the end of the input closes the pipe (a child run to its end), or only
        /// ends this request's writing (a child serving requests).
        private var closesInput = true
        private var inputDone = false

        init(stdin: Int32, stdout: Int32, stderr: Int32) {
            (self.stdin, self.stdout, self.stderr) = (stdin, stdout, stderr)
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        }

        /// Feeds and reads the child until it closes its output and errors, or, for a
        /// child that `servesRequests` one after another (its input then left open at the
        /// request's end), until `answered` says its output so far is a whole answer; or
        /// until one of `watch`'s limits is reached.
        mutating func pump(
            _ watch: inout Watch, servesRequests: Bool = false, answered: ([UInt8]) -> Bool = { _ in false }, _ next: () -> [UInt8]?
        ) {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let wait = watch.limits.isWatched ? Int32(checkInterval * 1000) : -1
            closesInput = !servesRequests
            while stdout >= 0 || stderr >= 0 {
                if servesRequests && answered(output) { return }
                if watch.reachedLimit() { return }
                let input = inputDone ? -1 : stdin
                var fds = [(input, POLLOUT), (stdout, POLLIN), (stderr, POLLIN)].map { pollfd(fd: $0.0, events: Int16($0.1), revents: 0) }
                let ready = poll(&fds, nfds_t(fds.count), wait)
                guard ready >= 0 || errno == EINTR else { return }
                guard ready > 0 else { continue }
                if input >= 0, fds[0].revents != 0 { feed(next) }
                if stdout >= 0, fds[1].revents != 0 { Self.take(&stdout, into: &output, &buffer) }
                if stderr >= 0, fds[2].revents != 0 { Self.take(&stderr, into: &errors, &buffer) }
            }
        }

        /// Writes what the pipe takes of the input; closes it at the input's end, or once
        /// the child stops reading (it failed, and says why on its standard error).
        private mutating func feed(_ next: () -> [UInt8]?) {
            var finished = false
            if written == block.count {
                if let more = next() { (block, written) = (more, 0) } else { finished = true }
            }
            if !finished && written < block.count {
                let count = block.withUnsafeBytes { write(stdin, $0.baseAddress.map { $0 + written }, block.count - written) }
                if count > 0 { written += count }
                if count < 0 && errno != EAGAIN && errno != EINTR { finished = true }
            }
            if finished && closesInput {
                // It sees the end of its input.
                close(stdin)
                stdin = -1
            } else if finished {
                inputDone = true
            }
        }

        /// Starts the next request of a child serving requests: its answer is read afresh.
        mutating func nextRequest() {
            (output, errors, block, written, inputDone) = ([], [], [], 0, false)
        }

        /// Whether both of the child's outputs are still open (it has not ended).
        var isOpen: Bool { stdout >= 0 && stderr >= 0 }

        private static func take(_ fd: inout Int32, into bytes: inout [UInt8], _ buffer: inout [UInt8]) {
            let source = fd
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer.prefix(count)
            } else if count == 0 || errno != EINTR {
                close(fd)
                fd = -1
            }
        }

        /// Closes the ends still open.
        mutating func closeAll() {
            for fd in [stdin, stdout, stderr] where fd >= 0 { close(fd) }
            (stdin, stdout, stderr) = (-1, -1, -1)
        }
    }
}
