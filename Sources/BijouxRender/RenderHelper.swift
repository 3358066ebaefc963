import BijouxAssets

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
        guard let request = RenderRequest(arguments: arguments) else {
            say("error: unknown arguments '\(arguments.joined(separator: " "))'. See 'bijoux-render --help'.")
            return 2
        }
        // First, before anything is drawn: past these the system ends the process.
        setLimit(RLIMIT_CPU, soft: request.cpuSeconds, hard: request.cpuSeconds + 1)
        setLimit(RLIMIT_AS, soft: request.memoryMiB << 20, hard: request.memoryMiB << 20)
        let svg = readAll(0)
        do {
            let rendered = try render(svg, request)
            guard writeAll(1, rendered.reply) else {
                say("cannot write the pixels: \(String(cString: strerror(errno)))")
                return 1
            }
            return 0
        } catch {
            say(error.message)
            return 1
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

        USAGE: bijoux-render WIDTHxHEIGHT|@DENSITY INK MAX_SIDE CPU_SECONDS MEMORY_MIB < drawing.svg > header-and-pixels

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
