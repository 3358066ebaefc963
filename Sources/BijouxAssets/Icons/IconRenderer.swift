#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What drawing an icon may cost. librsvg cannot be stopped in the middle of a drawing,
/// so each icon is drawn by the helper executable `bijoux-render` (`IconRenderer`), a
/// process of its own that is killed when its time is up and so gives back its thread
/// and its memory; `SVGSafety.Limits` bound what an icon can ask for, and these are the
/// last resort. Time is counted as work, the CPU time the drawing's process uses, so a
/// busy machine (other builds, `nice`) does not fail an icon that an idle one draws;
/// the clock is only a backstop, `wallFactor` times the CPU limit, for a drawing that
/// stalls without working.
package struct RenderLimits: Sendable, Equatable {
    /// CPU seconds one icon's drawing may use (a few milliseconds is usual).
    package var perIcon: Double
    /// CPU seconds all the icons of one build may use to draw, added up.
    package var total: Double
    /// The address space of the process drawing one icon, in MiB (the largest icon's
    /// raster is 36 MiB; the helper's own libraries take about a hundred).
    package var memoryMiB: Int

    package init(perIcon: Double, total: Double, memoryMiB: Int = 1024) {
        self.perIcon = perIcon
        self.total = total
        self.memoryMiB = memoryMiB
    }

    package static let standard = RenderLimits(perIcon: 10, total: 60)
    /// How many times its CPU limit a drawing may take by the clock: room for a machine
    /// whose cores are shared by several times as many busy processes.
    static let wallFactor = 5.0
    /// The most icons a build draws: real art has tens.
    package static let maxIcons = 256

    /// For tests, which shorten the times: CPU seconds for one icon, and for a build's icons.
    package static let perIconVariable = "BIJOUX_RENDER_TIME_LIMIT"
    package static let totalVariable = "BIJOUX_RENDER_TOTAL_LIMIT"

    /// The standard limits, with the times the variables give when they are set.
    package static let fromEnvironment: RenderLimits = {
        func seconds(_ variable: String) -> Double? {
            getenv(variable).flatMap { Double(String(cString: $0)) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        var limits = standard
        limits.perIcon = seconds(perIconVariable) ?? limits.perIcon
        limits.total = seconds(totalVariable) ?? limits.total
        return limits
    }()

    /// Seconds by the clock a drawing may take: `wallFactor` times its CPU limit.
    var wall: Double { perIcon * Self.wallFactor }

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
    package let limits: RenderLimits
    let cancel: StopFlag?
    private let state = Locked(State())

    private struct State {
        /// CPU seconds of the drawings that have ended.
        var spent = 0.0
        /// CPU seconds of each drawing under way so far, by its number.
        var running: [Int: Double] = [:]
        var started = 0
        var failure: ArtFileError?
        var helpers: [Int32] = []

        var used: Double { spent + running.values.reduce(0, +) }
    }

    package init(limits: RenderLimits = .fromEnvironment, cancel: StopFlag? = nil) {
        self.limits = limits
        self.cancel = cancel
    }

    /// The CPU seconds the icons have used to draw so far.
    package var spent: Double { state.value.used }
    /// The process IDs of the drawings so far, every one ended and reaped: for tests.
    package var helpers: [Int32] { state.value.helpers }

    /// `svg` (already checked by `SVGSafety`) drawn by the helper within the limits, at
    /// `size`, with `currentColor` in `ink`; `maxSide` is the largest side accepted, in
    /// points. `file` names the SVG in errors (its own problems, such as no size, come
    /// from the helper).
    func render(
        _ svg: [UInt8], size: RenderRequest.Size, ink: RGBA, maxSide: Int = DrawnIcon.maxPointSide, file: String
    ) throws(ArtFileError) -> RenderedSVG {
        let (number, cpu) = try start(file)
        // The helper's own CPU limit, past the tool's: it ends the drawing even where the
        // tool cannot read a running process's CPU time (macOS).
        let request = RenderRequest(size: size, ink: ink, maxSide: maxSide, cpuSeconds: Int(cpu.rounded(.up)) + 1, memoryMiB: limits.memoryMiB)
        let result: ChildProcess.Result
        do {
            let watched = ChildProcess.Limits(cpu: cpu, deadline: limits.wall) { [self] used in mustStop(number, used: used, file: file) }
            result = try ChildProcess.run(IconRenderer.helper, request.arguments, input: svg, limits: watched)
        } catch {
            state.withLock { $0.running[number] = nil }
            throw ArtFileError(file: file, message: "\(IconRenderer.missing): \(error.reason)")
        }
        state.withLock {
            $0.running[number] = nil
            $0.spent += result.cpuSeconds
            $0.helpers.append(result.pid)
        }
        switch result.stopped {
        case .cpuLimit: throw fail(cpu < limits.perIcon ? overTotal(file) : overPerIcon(file))
        case .deadline: throw fail(overWall(file))
        case .cancelled: throw state.value.failure ?? superseded(file)
        case nil: break
        }
        guard result.status == 0 else {
            guard let signal = result.signal else { throw ArtFileError(file: file, message: result.reason) }
            let allowed = "its drawing may use \(limits.memoryMiB) MiB of address space and \(request.cpuSeconds) s of CPU"
            throw ArtFileError(file: file, message: "\(IconRenderer.helper) ended by signal \(signal) drawing it; \(allowed)")
        }
        guard let rendered = RenderedSVG(reply: result.stdout, for: size) else {
            throw ArtFileError(file: file, message: "\(IconRenderer.helper) wrote \(result.stdout.count) bytes, not a header and its raster")
        }
        return rendered
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
    /// the build was cancelled, another drawing hit a limit, or the drawings under way
    /// and ended have used the build's total between them (this one then reports it).
    private func mustStop(_ number: Int, used: Double, file: String) -> Bool {
        if cancel?.isSet == true { return true }
        return state.withLock { state in
            state.running[number] = used
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

    private func overPerIcon(_ file: String) -> ArtFileError {
        ArtFileError(
            file: file,
            message:
                "used more than \(Format.number(limits.perIcon)) s of CPU to draw, so the build stopped there (\(limits.described)); simplify its filters, blurs and <use>s"
        )
    }

    private func overWall(_ file: String) -> ArtFileError {
        let wall = Format.number(limits.wall), factor = Format.number(RenderLimits.wallFactor)
        return ArtFileError(
            file: file,
            message:
                "took more than \(wall) s by the clock to draw, so the build stopped there (a drawing may take \(factor) times its \(Format.number(limits.perIcon)) s of CPU by the clock, on a busy machine); it stalled, or the machine is overloaded"
        )
    }

    private func overTotal(_ file: String) -> ArtFileError {
        ArtFileError(
            file: file,
            message:
                "drawing it took the build's icons past \(Format.number(limits.total)) s of CPU in all, so the build stopped there (\(limits.described)); simplify the icons' filters, blurs and <use>s"
        )
    }

    private func superseded(_ file: String) -> ArtFileError {
        ArtFileError(file: file, message: "not drawn: the build was cancelled (a newer change supersedes it)")
    }
}

/// The helper executable `bijoux-render`, which draws one SVG (`RenderHelper` in the
/// BijouxRender target). It alone links librsvg and its GLib stack, so the tool's own
/// start loads none of it; and it runs in a process of its own so the tool can kill it
/// (`RenderSession`).
///
/// The protocol (`RenderRequest`, `RenderedSVG`): `bijoux-render SIZE INK MAX_SIDE
/// CPU_SECONDS MEMORY_MIB` sets its own CPU-time limit (RLIMIT_CPU) and address-space
/// limit (RLIMIT_AS) first, then reads an SVG document on its standard input (one the
/// tool has already checked with `SVGSafety`) and writes on its standard output a line
/// `WIDTH HEIGHT POINT_WIDTH POINT_HEIGHT` (the raster's pixels, the SVG's intrinsic
/// size in points) and the premultiplied RGBA pixels, WIDTH × HEIGHT × 4 bytes. SIZE is
/// `WIDTHxHEIGHT` pixels, or `@DENSITY` pixels per point of the intrinsic size; INK is
/// `currentColor` as "rrggbb"; MAX_SIDE is the largest side accepted, in points. A
/// failure is a line on its standard error and exit status 1.
///
/// The helper is `$BIJOUX_RENDER` when that is set (the plugins set it to the helper
/// they were given), else `bijoux-render` beside the running executable, where the
/// package's build and the artifact bundle both put it.
package enum IconRenderer {
    package static let helperName = "bijoux-render"
    package static let helperVariable = "BIJOUX_RENDER"

    /// Where the helper is looked for.
    static let helper = ChildProcess.helperPath(helperName, variable: helperVariable)

    static var missing: String {
        "cannot run the icon renderer \(helper) (it is built and shipped beside bijoux-assets; \(helperVariable) names another)"
    }

    /// The file names of the libraries that draw in the helper: librsvg, and the cairo
    /// it draws with.
    static let libraryPrefixes = ["librsvg", "libcairo"]

    /// The helper's executable's identity, read once.
    private static let identity = Result { () throws(FileError) in try FileIO.executableIdentity(ofFile: helper) }

    /// What identifies the renderer in a cache key, without running it: its executable's
    /// identity (`FileIO.executableIdentity`), and the librsvg and cairo it loads
    /// (`LinkedLibraries`).
    static func helperIdentity(file: String, libraries: LinkedLibraries) throws(ArtFileError) -> String {
        do {
            return "\(try identity.get()); \(libraries.identity(of: helper, matching: libraryPrefixes))"
        } catch {
            throw ArtFileError(file: file, message: "\(missing): \(error.diagnostic.message)")
        }
    }
}

/// What the tool asks of the helper: its command line (see `IconRenderer`).
package struct RenderRequest: Equatable, Sendable {
    package enum Size: Equatable, Sendable {
        /// The whole document fitted to this many pixels.
        case pixels(width: Int, height: Int)
        /// The SVG's intrinsic size in points, times this.
        case density(Int)
    }

    package var size: Size
    package var ink: RGBA
    package var maxSide: Int
    package var cpuSeconds: Int
    package var memoryMiB: Int

    package init(size: Size, ink: RGBA, maxSide: Int, cpuSeconds: Int, memoryMiB: Int) {
        self.size = size
        self.ink = ink
        self.maxSide = maxSide
        self.cpuSeconds = cpuSeconds
        self.memoryMiB = memoryMiB
    }

    /// The helper's arguments after its name.
    package var arguments: [String] {
        let shown =
            switch size {
            case .pixels(let width, let height): "\(width)x\(height)"
            case .density(let density): "@\(density)"
            }
        return [shown, ink.hexDigits, String(maxSide), String(cpuSeconds), String(memoryMiB)]
    }

    /// The request those arguments make, or nil when they make none.
    package init?(arguments: [String]) {
        guard arguments.count == 5, let ink = RGBA(hexDigits: arguments[1]), let maxSide = Int(arguments[2]), maxSide > 0,
            let cpu = Int(arguments[3]), cpu > 0, let memory = Int(arguments[4]), memory > 0
        else { return nil }
        let size: Size
        if arguments[0].hasPrefix("@") {
            guard let density = Int(arguments[0].dropFirst()), density > 0 else { return nil }
            size = .density(density)
        } else {
            let sides = arguments[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard sides.count == 2, let width = sides[0], let height = sides[1], width > 0, height > 0 else { return nil }
            size = .pixels(width: width, height: height)
        }
        self.init(size: size, ink: ink, maxSide: maxSide, cpuSeconds: cpu, memoryMiB: memory)
    }
}

/// What the helper answers: an SVG drawn, and its intrinsic size in points.
package struct RenderedSVG: Equatable, Sendable {
    package var pointWidth: Int
    package var pointHeight: Int
    package var image: PremultipliedImage

    package init(pointWidth: Int, pointHeight: Int, image: PremultipliedImage) {
        self.pointWidth = pointWidth
        self.pointHeight = pointHeight
        self.image = image
    }

    /// The helper's standard output: the header line, then the pixels.
    package var reply: [UInt8] {
        Array("\(image.width) \(image.height) \(pointWidth) \(pointHeight)\n".utf8) + image.pixels
    }

    /// The drawing a reply holds, or nil when it is not a header and a whole raster of
    /// the size asked for.
    init?(reply: [UInt8], for size: RenderRequest.Size) {
        guard let newline = reply.prefix(64).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let numbers = String(decoding: reply[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 > 0 }) else { return nil }
        let (width, height) = (numbers[0], numbers[1])
        switch size {
        case .pixels(let w, let h): guard (width, height) == (w, h) else { return nil }
        case .density(let d): guard (width, height) == (numbers[2] * d, numbers[3] * d) else { return nil }
        }
        guard reply.count - newline - 1 == width * height * Channel.count else { return nil }
        self.init(
            pointWidth: numbers[2], pointHeight: numbers[3], image: PremultipliedImage(width: width, height: height, pixels: Array(reply[(newline + 1)...])))
    }
}
