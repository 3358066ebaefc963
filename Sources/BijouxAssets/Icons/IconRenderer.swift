#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What drawing an icon may cost. librsvg cannot be stopped in the middle of a drawing,
/// so each icon is drawn by the helper executable `bijoux-render` (`IconRenderer`), a
/// process of its own that is killed when its time is up and so gives back its thread
/// and its memory; `SVGSafety.Limits` bound what an icon can ask for, and these are the
/// last resort.
package struct RenderLimits: Sendable, Equatable {
    /// Wall-clock seconds one icon may take to draw (a few milliseconds is usual).
    package var perIcon: Double
    /// Seconds all the icons of one build may take to draw, added up.
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
    /// The most icons a build draws: real art has tens.
    package static let maxIcons = 256

    /// For tests, which shorten the times: seconds for one icon, and for a build's icons.
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

    /// How the limits read in an error.
    var described: String {
        "an icon may take \(Format.number(perIcon)) s to draw and a build's icons \(Format.number(total)) s in all"
    }
}

/// The icons of one build drawing under one `RenderLimits`: the time they have taken so
/// far, and the first limit one of them hit. Once one has hit a limit the build stops:
/// the drawings under way are killed and the icons not yet started are not drawn, each
/// reporting that first error, so a build of many slow icons ends in about one icon's
/// limit with one error naming the icon that hit it. `cancel` stops them all too (a
/// newer save in `watch`).
package final class RenderSession: Sendable {
    package let limits: RenderLimits
    let cancel: StopFlag?
    private let state = Locked<(spent: Double, failure: ArtFileError?, helpers: [Int32])>((0, nil, []))

    package init(limits: RenderLimits = .fromEnvironment, cancel: StopFlag? = nil) {
        self.limits = limits
        self.cancel = cancel
    }

    /// The seconds the icons have taken to draw so far.
    package var spent: Double { state.value.spent }
    /// The process IDs of the drawings so far, every one ended and reaped: for tests.
    package var helpers: [Int32] { state.value.helpers }

    /// `svg` (already checked and parsed: `document`) drawn at `width` × `height`
    /// pixels by the helper, within the limits. `file` names the icon in errors.
    func render(_ document: SVGDocument, svg: [UInt8], width: Int, height: Int, ink: RGBA, file: String) throws(ArtFileError) -> PremultipliedImage {
        let (spent, failure, _) = state.value
        if let failure { throw failure }
        if cancel?.isSet == true { throw superseded(file) }
        let remaining = limits.total - spent
        guard remaining > 0 else { throw fail(overTotal(file)) }
        let deadline = min(limits.perIcon, remaining)
        let arguments = [
            String(width), String(height), SVGDocument.hex(ink), String(max(document.pointWidth, document.pointHeight)),
            String(Int(deadline.rounded(.up)) + 1), String(limits.memoryMiB),
        ]
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(IconRenderer.helper, arguments, input: svg, deadline: deadline) { [state, cancel] in
                state.value.failure != nil || cancel?.isSet == true
            }
        } catch {
            throw ArtFileError(file: file, message: "\(IconRenderer.missing): \(error.reason)")
        }
        state.withLock {
            $0.spent += result.seconds
            $0.helpers.append(result.pid)
        }
        switch result.stopped {
        case .deadline:
            throw fail(deadline < limits.perIcon ? overTotal(file) : overPerIcon(file))
        case .cancelled:
            throw state.value.failure ?? superseded(file)
        case nil:
            break
        }
        guard result.status == 0 else {
            if let signal = result.signal {
                throw ArtFileError(
                    file: file,
                    message:
                        "\(IconRenderer.helper) ended by signal \(signal) drawing it; its drawing may use \(limits.memoryMiB) MiB of address space and \(arguments[4]) s of CPU"
                )
            }
            throw ArtFileError(file: file, message: result.reason)
        }
        guard result.stdout.count == width * height * Channel.count else {
            throw ArtFileError(file: file, message: "\(IconRenderer.helper) wrote \(result.stdout.count) bytes, not a \(width)×\(height) raster")
        }
        return PremultipliedImage(width: width, height: height, pixels: result.stdout)
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
                "took more than \(Format.number(limits.perIcon)) s to draw, so the build stopped there (\(limits.described)); simplify its filters, blurs and <use>s"
        )
    }

    private func overTotal(_ file: String) -> ArtFileError {
        ArtFileError(
            file: file,
            message:
                "drawing it took the build's icons past \(Format.number(limits.total)) s in all, so the build stopped there (\(limits.described)); simplify the icons' filters, blurs and <use>s"
        )
    }

    private func superseded(_ file: String) -> ArtFileError {
        ArtFileError(file: file, message: "not drawn: the build was cancelled (a newer change supersedes it)")
    }
}

/// The helper executable `bijoux-render`, which draws one icon. It runs the same
/// librsvg and cairo code as the tool (`SVGDocument`), in a process of its own so the
/// tool can kill it (`RenderSession`).
///
/// The protocol: `bijoux-render WIDTH HEIGHT INK MAX_SIDE CPU_SECONDS MEMORY_MIB` sets
/// its own CPU-time limit (RLIMIT_CPU) and address-space limit (RLIMIT_AS) first, then
/// reads an SVG document on its standard input (one the tool has already checked with
/// `SVGSafety`) and writes its premultiplied RGBA pixels, WIDTH × HEIGHT × 4 bytes, on
/// its standard output. INK is `currentColor` as "rrggbb"; MAX_SIDE is the largest side
/// accepted, in points. A failure is a line on its standard error and exit status 1.
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

    /// The helper's executable's identity, read once.
    private static let identity = Result { () throws(FileError) in try FileIO.executableIdentity(ofFile: helper) }

    /// What identifies the renderer in an icon's cache key, without running it: its
    /// executable's identity (`FileIO.executableIdentity`; the tool's own identity covers
    /// the rest).
    static func helperIdentity(file: String) throws(ArtFileError) -> ContentHash {
        do {
            return try identity.get()
        } catch {
            throw ArtFileError(file: file, message: "\(missing): \(error.diagnostic.message)")
        }
    }

    /// The helper's whole run: `arguments` are its command line after its name. Returns
    /// its exit status.
    package static func helperMain(_ arguments: [String]) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            _ = writeAll(1, Array(usage.utf8))
            return 0
        }
        guard arguments.count == 6, let width = Int(arguments[0]), let height = Int(arguments[1]), width > 0, height > 0,
            let ink = ink(arguments[2]), let maxSide = Int(arguments[3]), maxSide > 0,
            let cpu = Int(arguments[4]), cpu > 0, let memory = Int(arguments[5]), memory > 0
        else {
            say("error: unknown arguments '\(arguments.joined(separator: " "))'. See 'bijoux-render --help'.")
            return 2
        }
        // First, before anything is drawn: past these the system ends the process.
        setLimit(RLIMIT_CPU, soft: cpu, hard: cpu + 1)
        setLimit(RLIMIT_AS, soft: memory << 20, hard: memory << 20)
        let svg = readAll(0)
        do {
            let image = try SVGDocument(bytes: svg, file: "-", ink: ink, maxSide: maxSide).render(width: width, height: height)
            guard writeAll(1, image.pixels) else {
                say("cannot write the pixels: \(String(cString: strerror(errno)))")
                return 1
            }
            return 0
        } catch {
            say(error.message)
            return 1
        }
    }

    /// "rrggbb" as a colour.
    static func ink(_ hex: String) -> RGBA? {
        let digits = Array(hex.utf8)
        guard digits.count == 6 else { return nil }
        let channels = (0..<3).compactMap { UInt8(String(decoding: digits[$0 * 2..<$0 * 2 + 2], as: UTF8.self), radix: 16) }
        return channels.count == 3 ? RGBA(channels[0], channels[1], channels[2], 255) : nil
    }

    static let usage = """
        OVERVIEW: The icon renderer bijoux-assets runs for its icons stage (librsvg and cairo).

        USAGE: bijoux-render WIDTH HEIGHT INK MAX_SIDE CPU_SECONDS MEMORY_MIB < icon.svg > pixels

        """

    private static func say(_ line: String) {
        _ = writeAll(2, Array((line + "\n").utf8))
    }

    /// Everything on file descriptor `fd` until its end.
    private static func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            switch chunk.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) {
            case 0: return bytes
            case let count where count > 0: bytes += chunk.prefix(count)
            default: if errno != EINTR { return bytes }
            }
        }
    }

    /// Whether all of `bytes` went to file descriptor `fd`.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let count = write(fd, base + offset, raw.count - offset)
                if count > 0 { offset += count } else if count < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }

    #if canImport(Glibc)
        private static func setLimit(_ resource: __rlimit_resource, soft: Int, hard: Int) {
            var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
            _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
        }
    #else
        private static func setLimit(_ resource: Int32, soft: Int, hard: Int) {
            var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
            _ = setrlimit(resource, &limit)
        }
    #endif
}
