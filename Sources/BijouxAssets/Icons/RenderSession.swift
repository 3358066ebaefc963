import BijouxCore
import BijouxHelperKit
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What drawing an icon may cost. librsvg cannot be stopped in the middle of a drawing,
/// so icons are drawn by the helper executable `bijoux-render` (`IconRenderer`), in
/// processes of their own (kept alive between drawings) that are killed when a drawing's
/// time is up and so give back its thread and its memory; `SVGSafety.Limits` bound what
/// an icon can ask for, and these are the last resort. Time is counted as work, the CPU
/// time the drawing uses in its process (from the drawing's start), so a
/// busy machine (other builds, `nice`) does not fail an icon that an idle one draws.
/// The clock stops only a drawing that stalls, whose CPU time does not grow for `stall`
/// seconds (`StallRule`); where a running process's CPU time cannot be read (macOS), a
/// drawing may take `wallFactor` times its CPU limit by the clock instead.
struct RenderLimits: Sendable, Equatable {
    /// CPU seconds one icon's drawing may use (a few milliseconds is usual).
    var perIcon: Double
    /// CPU seconds all the icons of one build may use to draw, added up.
    var total: Double
    /// The address space of the process drawing one icon, in MiB (the largest icon's
    /// raster is 36 MiB; the helper's own libraries take about a hundred).
    var memoryMiB: Int

    init(perIcon: Double, total: Double, memoryMiB: Int = 1024) {
        self.perIcon = perIcon
        self.total = total
        self.memoryMiB = memoryMiB
    }

    static let standard = RenderLimits(perIcon: 10, total: 60)
    /// Where the CPU time is not read as a drawing runs: how many times its CPU limit it
    /// may take by the clock, room for a machine whose cores are shared by several times
    /// as many busy processes.
    static let wallFactor = 5.0
    /// Whether the tool reads a running drawing's CPU time (`ChildProcess.Watch`, Linux
    /// only), and so can tell a drawing that stalls from one the machine gives little time.
    static let readsRunningCPU: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
    /// The most icons a build draws: real art has tens.
    static let maxIcons = 256

    /// For tests, which shorten the times: CPU seconds for one icon, and for a build's icons.
    static let perIconVariable = "BIJOUX_RENDER_TIME_LIMIT"
    static let totalVariable = "BIJOUX_RENDER_TOTAL_LIMIT"

    /// The standard limits, with the times the variables give when they are set.
    static let fromEnvironment: RenderLimits = {
        func seconds(_ variable: String) -> Double? {
            getenv(variable).flatMap { Double(String(cString: $0)) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        var limits = standard
        limits.perIcon = seconds(perIconVariable) ?? limits.perIcon
        limits.total = seconds(totalVariable) ?? limits.total
        return limits
    }()

    /// Seconds by the clock a drawing may take where its CPU time is not read:
    /// `wallFactor` times its CPU limit.
    var wall: Double { perIcon * Self.wallFactor }

    /// Seconds by the clock a drawing's CPU time may stay the same before it counts as
    /// stalled: its CPU limit, and at least a second, far longer than a scheduler keeps
    /// a process that can run from running, however many share the cores and whatever
    /// its nice value.
    var stall: Double { max(1, perIcon) }

    /// How the limits read in an error.
    var described: String {
        "an icon may use \(Format.number(perIcon)) s of CPU to draw and a build's icons \(Format.number(total)) s in all"
    }
}

/// The icons of one build drawing under one `RenderLimits`: the CPU time they have used
/// so far (the finished drawings' and the running ones'), and the first limit one of
/// them hit. Once one has hit a limit the build stops: the drawings under way are
/// killed and the icons not yet started are not drawn, each reporting that first
/// error, so a build of many slow icons ends in about one icon's limit with one error
/// naming the icon that hit it. `cancel` stops them all too (a newer save in `watch`).
package final class RenderSession: Sendable {
    let limits: RenderLimits
    let cancel: StopFlag?
    private let state = Locked(State())
    /// The renderers kept alive between drawings.
    private let renderers = Renderers()

    private struct State {
        /// CPU seconds of the drawings that have ended.
        var spent = 0.0
        /// CPU seconds of each drawing under way so far, by its number.
        var running: [Int: Double] = [:]
        var started = 0
        var failure: ArtFileError?
        var helpers: [Int32] = []
        var warmed = false

        var used: Double { spent + running.values.reduce(0, +) }
    }

    init(limits: RenderLimits = .fromEnvironment, cancel: StopFlag? = nil) {
        self.limits = limits
        self.cancel = cancel
    }

    /// The CPU seconds the icons have used to draw so far.
    var spent: Double { state.value.used }
    /// Starts a renderer on the side (once a session), so the build's first drawing finds
    /// one ready: for a job that will draw, while other jobs run.
    @Sendable func warmUp() {
        let first = state.withLock { state in
            defer { state.warmed = true }
            return !state.warmed
        }
        guard first, cancel?.isSet != true else { return }
        renderers.startAhead(memoryMiB: limits.memoryMiB) { [self] pid in state.withLock { $0.helpers.append(pid) } }
    }

    /// The process IDs of the renderers started so far: for tests.
    var helpers: [Int32] { state.value.helpers }

    /// `svg` (already checked by `SVGSafety`) drawn by a renderer within the limits, at
    /// `size`, with `currentColor` in `ink`; `maxSide` is the largest side accepted, in
    /// points. `file` names the SVG in errors (its own problems, such as no size, come
    /// from the helper).
    func render(
        _ svg: [UInt8], size: RenderRequest.Size, ink: RGBA, maxSide: Int = DrawnIcon.maxPointSide, file: String
    ) throws(ArtFileError) -> RenderedSVG {
        let (number, cpu) = try start(file)
        // The helper's own CPU limit, past the tool's: it ends the drawing even where the
        // tool cannot read a running process's CPU time (macOS).
        let request = RenderRequest(size: size, ink: .init(ink), maxSide: maxSide, cpuSeconds: Int(cpu.rounded(.up)) + 1)
        let renderer: ChildProcess.Conversation
        do {
            renderer = try renderers.take(memoryMiB: limits.memoryMiB) { pid in state.withLock { $0.helpers.append(pid) } }
        } catch {
            state.withLock { $0.running[number] = nil }
            throw ArtFileError(file: file, message: "\(IconRenderer.missing): \(error.reason)")
        }
        var stall = StallRule(seconds: limits.stall)
        let deadline = RenderLimits.readsRunningCPU ? nil : limits.wall
        let watched = ChildProcess.Limits(cpu: cpu, deadline: deadline) { [self] used in
            mustStop(number, used: used, stalled: RenderLimits.readsRunningCPU && stall.stalled(cpu: used, at: StallRule.now()), file: file)
        }
        let result = renderer.exchange(request.bytes(document: svg), limits: watched, answered: RenderReply.isWhole)
        let reply = result.stopped == nil ? Result { () throws(HelperError) in try RenderReply(decoding: result.stdout, for: size) } : nil
        if renderer.isAlive { renderers.give(back: renderer) }
        var used = result.cpuSeconds
        if case .success(.drawn(_, let reported))? = reply { used = max(used, reported) }
        state.withLock {
            $0.running[number] = nil
            $0.spent += used
        }
        return try drawing(reply, result, request: request, cpu: cpu, file: file)
    }

    /// What an exchange gave: the drawing, or the error that says why there is none.
    private func drawing(
        _ reply: Result<RenderReply, HelperError>?, _ result: ChildProcess.Result, request: RenderRequest, cpu: Double, file: String
    ) throws(ArtFileError) -> RenderedSVG {
        switch result.stopped {
        case .cpuLimit: throw fail(cpu < limits.perIcon ? overTotal(file) : overPerIcon(file))
        case .deadline: throw fail(overWall(file))
        case .cancelled: throw state.value.failure ?? superseded(file)
        case nil: break
        }
        switch reply {
        case .success(.drawn(let drawn, _))?: return RenderedSVG(drawn)
        case .success(.failed(let message))?: throw ArtFileError(file: file, message: message)
        case .failure?, nil: break
        }
        if let signal = result.signal {
            let allowed = "its drawing may use \(limits.memoryMiB) MiB of address space and \(request.cpuSeconds) s of CPU"
            throw ArtFileError(file: file, message: "\(IconRenderer.helper) ended by signal \(signal) drawing it; \(allowed)")
        }
        if result.status != nil, !result.stderr.isEmpty { throw ArtFileError(file: file, message: result.reason) }
        let why = if case .failure(let error)? = reply { ": \(error.message)" } else { "" }
        throw ArtFileError(file: file, message: "\(IconRenderer.helper) wrote \(result.stdout.count) bytes, not an answer to a drawing\(why)")
    }

    /// A new drawing's number and the CPU seconds it may use: an icon's limit, or what
    /// the build's icons have left when that is less; or the error that stops it first.
    private func start(_ file: String) throws(ArtFileError) -> (number: Int, cpu: Double) {
        if let failure = state.value.failure { throw failure }
        if cancel?.isSet == true { throw superseded(file) }
        let started = state.withLock { state -> (Int, Double) in
            state.started += 1
            state.running[state.started] = 0
            return (state.started, limits.total - state.used)
        }
        guard started.1 > 0 else {
            state.withLock { $0.running[started.0] = nil }
            throw fail(overTotal(file))
        }
        return (started.0, min(limits.perIcon, started.1))
    }

    /// Whether drawing `number`, which has used `used` CPU seconds so far, must stop:
    /// the build was cancelled, another drawing hit a limit, this one has `stalled`, or
    /// the drawings under way and ended have used the build's total between them (this
    /// one then reports it).
    private func mustStop(_ number: Int, used: Double, stalled: Bool, file: String) -> Bool {
        if cancel?.isSet == true { return true }
        return state.withLock { state in
            state.running[number] = used
            if state.failure == nil && stalled { state.failure = overStall(file) }
            if state.failure == nil && state.used >= limits.total { state.failure = overTotal(file) }
            return state.failure != nil
        }
    }

    /// Records the first limit hit, and returns the error the build reports.
    private func fail(_ error: ArtFileError) -> ArtFileError {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
            return state.failure ?? error
        }
    }

    private static let stopped = "so the build stopped there"

    private func overPerIcon(_ file: String) -> ArtFileError {
        let message = "used more than \(Format.number(limits.perIcon)) s of CPU to draw, \(Self.stopped) (\(limits.described))"
        return ArtFileError(file: file, message: message + "; simplify its filters, blurs and <use>s")
    }

    private func overWall(_ file: String) -> ArtFileError {
        let wall = Format.number(limits.wall), factor = Format.number(RenderLimits.wallFactor)
        let allowed = "a drawing may take \(factor) times its \(Format.number(limits.perIcon)) s of CPU by the clock, on a busy machine"
        return ArtFileError(
            file: file, message: "took more than \(wall) s by the clock to draw, \(Self.stopped) (\(allowed)); it stalled, or the machine is overloaded")
    }

    private func overStall(_ file: String) -> ArtFileError {
        let message = "stalled: its drawing used no CPU for \(Format.number(limits.stall)) s by the clock, \(Self.stopped)"
        return ArtFileError(file: file, message: message + " (a drawing that does no work for as long as its CPU limit has stalled)")
    }

    private func overTotal(_ file: String) -> ArtFileError {
        let message = "drawing it took the build's icons past \(Format.number(limits.total)) s of CPU in all, \(Self.stopped) (\(limits.described))"
        return ArtFileError(file: file, message: message + "; simplify the icons' filters, blurs and <use>s")
    }

    private func superseded(_ file: String) -> ArtFileError {
        ArtFileError(file: file, message: "not drawn: the build was cancelled (a newer change supersedes it)")
    }
}

/// When a drawing has stalled: its CPU time, read every `ChildProcess.checkInterval`, has
/// not grown for `seconds` by the clock. A drawing the machine gives little time (beside
/// busy processes, at nice 19) still gains CPU time within each such stretch and goes on
/// to its CPU limit; one that waits for something that does not come (or is stopped)
/// gains none.
struct StallRule {
    let seconds: Double
    private var cpu = -Double.infinity
    private var grewAt = 0.0

    init(seconds: Double) { self.seconds = seconds }

    /// Takes a reading, `cpu` seconds used at `now` (seconds by the clock, `now()`):
    /// whether the drawing has stalled.
    mutating func stalled(cpu: Double, at now: Double) -> Bool {
        if cpu > self.cpu {
            (self.cpu, grewAt) = (cpu, now)
            return false
        }
        return now - grewAt >= seconds
    }

    /// Seconds by the clock since an arbitrary start.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// The renderers of one session that are not drawing: one is taken for each drawing
/// (or started, when none waits) and given back after it unless it was killed or ended,
/// so a build keeps as many alive as it has threads drawing, and a killed one is
/// replaced by the next drawing's new one. They end with the session.
final class Renderers: Sendable {
    private let idle = Locked<[ChildProcess.Conversation]>([])
    /// Entered while the renderer started ahead is starting: a drawing that finds none
    /// waiting waits for that one rather than starting another beside it, which would
    /// then stay idle (each holds its libraries, tens of megabytes).
    private let starting = DispatchGroup()

    /// Starts a renderer on the side and gives it to the idle ones (`started` told its
    /// process ID).
    func startAhead(memoryMiB: Int, started: @escaping @Sendable (pid_t) -> Void) {
        starting.enter()
        CallerNice.async { [self] in
            defer { starting.leave() }
            guard let renderer = try? Self.start(memoryMiB: memoryMiB, started: started) else { return }
            give(back: renderer)
        }
    }

    /// A renderer waiting (or about to, started ahead), or a new one (`started` told its process ID).
    func take(memoryMiB: Int, started: (pid_t) -> Void) throws(ChildProcess.LaunchFailure) -> ChildProcess.Conversation {
        if let waiting = idle.withLock({ $0.popLast() }) { return waiting }
        starting.wait()
        if let waiting = idle.withLock({ $0.popLast() }) { return waiting }
        return try Self.start(memoryMiB: memoryMiB, started: started)
    }

    private static func start(memoryMiB: Int, started: (pid_t) -> Void) throws(ChildProcess.LaunchFailure) -> ChildProcess.Conversation {
        let renderer = try ChildProcess.Conversation(IconRenderer.helper, RenderRequest.serveArguments(memoryMiB: memoryMiB))
        started(renderer.pid)
        return renderer
    }

    func give(back renderer: ChildProcess.Conversation) { idle.withLock { $0.append(renderer) } }

    /// Ends every renderer waiting: each sees the end of its input, ends, and is reaped.
    deinit { for renderer in idle.value { renderer.end() } }
}
