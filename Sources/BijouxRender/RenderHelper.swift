import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The icon renderer's whole run: `bijoux-render`, whose protocol `IconRenderer`
/// describes (`RenderRequest` in, `RenderedSVG` out).
package enum RenderHelper {
    /// `arguments` are its command line after its name. Returns its exit status.
    package static func main(_ arguments: [String]) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            _ = writeAll(1, Array(usage.utf8))
            return 0
        }
        guard arguments.count == 2, arguments[0] == "--serve", let memoryMiB = Int(arguments[1]), memoryMiB > 0 else {
            say("error: unknown arguments '\(arguments.joined(separator: " "))'. See 'bijoux-render --help'.")
            return 2
        }
        // First, before anything is drawn: past this the system refuses the memory.
        guard setLimit(RLIMIT_AS, soft: memoryMiB << 20, hard: memoryMiB << 20) else {
            say("cannot limit its address space to \(memoryMiB) MiB: \(String(cString: strerror(errno)))")
            return 1
        }
        var input = RequestReader(fd: 0)
        while true {
            let next: (request: RenderRequest, svg: [UInt8])?
            do { next = try input.next() } catch {
                say(error.message)
                return 1
            }
            guard let (request, svg) = next else { return 0 }
            guard allowCPU(request.cpuSeconds) else {
                say("cannot limit its CPU time: \(String(cString: strerror(errno)))")
                return 1
            }
            let started = cpuSeconds()
            let reply: RenderReply
            do {
                reply = .drawn(try render(svg, request), cpuSeconds: cpuSeconds() - started)
            } catch {
                reply = .failed(error.message)
            }
            guard writeAll(1, reply.bytes) else { return 1 }
        }
    }

    /// What the helper draws for `request`: the same in process, for tests.
    static func render(_ svg: [UInt8], _ request: RenderRequest, file: String = "-") throws(ArtFileError) -> RenderedSVG {
        let document = try SVGDocument(bytes: svg, file: file, ink: request.ink, maxSide: request.maxSide)
        let (width, height) =
            switch request.size {
            case .pixels(let width, let height): (width, height)
            case .density(let density): (document.pointWidth * density, document.pointHeight * density)
            }
        return RenderedSVG(
            pointWidth: document.pointWidth, pointHeight: document.pointHeight, image: try document.render(width: width, height: height))
    }

    static let usage = """
        OVERVIEW: The icon renderer bijoux-assets runs for its icons and its app icon's layers (librsvg and cairo).

        USAGE: bijoux-render --serve MEMORY_MIB

        Answers requests on its standard input until it ends: each a line
        "WIDTHxHEIGHT|@DENSITY INK MAX_SIDE CPU_SECONDS LENGTH" and LENGTH bytes of SVG;
        each answer a line "OK WIDTH HEIGHT POINT_WIDTH POINT_HEIGHT CPU_MICROSECONDS" and
        the premultiplied RGBA pixels, or a line "ERROR MESSAGE".

        """

    static func say(_ line: String) {
        _ = writeAll(2, Array((line + "\n").utf8))
    }

    /// The CPU seconds this process has used, user and system.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Lets the next drawing use `seconds` of CPU past what the process has used: the
    /// system ends it (SIGXCPU) there.
    static func allowCPU(_ seconds: Int) -> Bool {
        let soft = Int(cpuSeconds().rounded(.up)) + seconds
        return setLimit(RLIMIT_CPU, soft: soft, hard: nil)
    }

    /// Whether all of `bytes` went to file descriptor `fd`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let count = write(fd, base + offset, raw.count - offset)
                if count > 0 { offset += count } else if count < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }

    /// Sets a resource limit: `soft`, and `hard` (nil keeps the hard limit, and the soft
    /// one no higher than it). Whether the system took it.
    #if canImport(Glibc)
        private static func setLimit(_ resource: __rlimit_resource, soft: Int, hard: Int?) -> Bool {
            let kind = __rlimit_resource_t(resource.rawValue)
            var limit = rlimit()
            guard getrlimit(kind, &limit) == 0 else { return false }
            limit.rlim_max = hard.map { rlim_t($0) } ?? limit.rlim_max
            limit.rlim_cur = min(rlim_t(soft), limit.rlim_max)
            return setrlimit(kind, &limit) == 0
        }
    #else
        private static func setLimit(_ resource: Int32, soft: Int, hard: Int?) -> Bool {
            var limit = rlimit()
            guard getrlimit(resource, &limit) == 0 else { return false }
            limit.rlim_max = hard.map { rlim_t($0) } ?? limit.rlim_max
            limit.rlim_cur = min(rlim_t(soft), limit.rlim_max)
            return setrlimit(resource, &limit) == 0
        }
    #endif
}
