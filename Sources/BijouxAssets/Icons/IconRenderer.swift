import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The helper executable `bijoux-render`, which draws SVGs (`RenderHelper` in the
/// BijouxRender target). It alone links librsvg and its GLib stack, so the tool's own
/// start loads none of it; and it runs in a process of its own so the tool can kill it
/// (`RenderSession`). A build keeps one alive per thread that draws (`Renderers`), so a
/// drawing does not pay a process's start; a killed one is replaced by a new one.
///
/// The protocol (`RenderRequest`, `RenderReply`): `bijoux-render --serve MEMORY_MIB` sets
/// its address-space limit (RLIMIT_AS) and then answers requests on its standard input
/// until it ends. A request is a line `SIZE INK MAX_SIDE CPU_SECONDS LENGTH` and LENGTH
/// bytes of an SVG document (one the tool has already checked with `SVGSafety`); before
/// drawing it, the helper sets its CPU-time limit (RLIMIT_CPU) to CPU_SECONDS past what
/// it has used so far. The answer on its standard output is a line `OK WIDTH HEIGHT
/// POINT_WIDTH POINT_HEIGHT CPU_MICROSECONDS` (the raster's pixels, the SVG's intrinsic
/// size in points, the CPU time the drawing took) and the premultiplied RGBA pixels,
/// WIDTH × HEIGHT × 4 bytes; or a line `ERROR MESSAGE` for a document it cannot draw.
/// SIZE is `WIDTHxHEIGHT` pixels, or `@DENSITY` pixels per point of the intrinsic size;
/// INK is `currentColor` as "rrggbb"; MAX_SIDE is the largest side accepted, in points.
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

    /// The helper's arguments for a renderer whose drawings may use `memoryMiB` of
    /// address space.
    static func serveArguments(memoryMiB: Int) -> [String] { ["--serve", String(memoryMiB)] }
}

/// What the tool asks of the helper: one drawing (see `IconRenderer`).
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

    /// The longest request line, and the largest document a request may carry.
    package static let maxHeader = 128
    package static let maxDocument = 64 << 20

    package init(size: Size, ink: RGBA, maxSide: Int, cpuSeconds: Int) {
        (self.size, self.ink, self.maxSide, self.cpuSeconds) = (size, ink, maxSide, cpuSeconds)
    }

    /// The request line for a document of `length` bytes, newline included.
    package func header(length: Int) -> [UInt8] {
        let shown =
            switch size {
            case .pixels(let width, let height): "\(width)x\(height)"
            case .density(let density): "@\(density)"
            }
        return Array("\(shown) \(ink.hexDigits) \(maxSide) \(cpuSeconds) \(length)\n".utf8)
    }

    /// The request a line makes (without its newline) and the length of the document
    /// that follows it, or nil when it makes none.
    package static func parse(header line: String) -> (request: RenderRequest, length: Int)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5, let ink = RGBA(hexDigits: fields[1]), let maxSide = Int(fields[2]), maxSide > 0,
            let cpu = Int(fields[3]), cpu > 0, let length = Int(fields[4]), (0...maxDocument).contains(length)
        else { return nil }
        let size: Size
        if fields[0].hasPrefix("@") {
            guard let density = Int(fields[0].dropFirst()), density > 0 else { return nil }
            size = .density(density)
        } else {
            let sides = fields[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard sides.count == 2, let width = sides[0], let height = sides[1], width > 0, height > 0 else { return nil }
            size = .pixels(width: width, height: height)
        }
        return (RenderRequest(size: size, ink: ink, maxSide: maxSide, cpuSeconds: cpu), length)
    }
}

/// What the helper answers to one request: a drawing and the CPU time it took, or why
/// it could not draw the document.
package enum RenderReply: Equatable, Sendable {
    case drawn(RenderedSVG, cpuSeconds: Double)
    case failed(String)

    /// The answer's bytes: its line, then the pixels of a drawing.
    package var bytes: [UInt8] {
        switch self {
        case .drawn(let svg, let cpu):
            let line = "OK \(svg.image.width) \(svg.image.height) \(svg.pointWidth) \(svg.pointHeight) \(Int((cpu * 1e6).rounded()))\n"
            return Array(line.utf8) + svg.image.pixels
        case .failed(let message):
            return Array("ERROR \(message.split(separator: "\n").joined(separator: " "))\n".utf8)
        }
    }

    /// Whether `output` holds a whole answer: its line, and all the pixels it announces.
    static func isWhole(_ output: [UInt8]) -> Bool {
        guard let newline = output.prefix(RenderRequest.maxHeader + 4096).firstIndex(of: UInt8(ascii: "\n")) else { return false }
        guard output.starts(with: Array("OK ".utf8)) else { return true }
        let numbers = String(decoding: output[3..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 5, numbers[0] > 0, numbers[1] > 0 else { return true }
        return output.count - newline - 1 >= numbers[0] * numbers[1] * Channel.count
    }

    /// The answer `output` holds for a request of `size`, or nil when it is not one.
    init?(_ output: [UInt8], for size: RenderRequest.Size) {
        guard let newline = output.prefix(RenderRequest.maxHeader + 4096).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: output[..<newline], as: UTF8.self)
        if line.hasPrefix("ERROR ") {
            self = .failed(String(line.dropFirst(6)))
            return
        }
        let numbers = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard line.hasPrefix("OK "), numbers.count == 5, numbers.allSatisfy({ $0 >= 0 }), numbers[0...3].allSatisfy({ $0 > 0 }) else { return nil }
        let (width, height) = (numbers[0], numbers[1])
        switch size {
        case .pixels(let w, let h): guard (width, height) == (w, h) else { return nil }
        case .density(let d): guard (width, height) == (numbers[2] * d, numbers[3] * d) else { return nil }
        }
        guard output.count - newline - 1 == width * height * Channel.count else { return nil }
        let image = PremultipliedImage(width: width, height: height, pixels: Array(output[(newline + 1)...]))
        self = .drawn(RenderedSVG(pointWidth: numbers[2], pointHeight: numbers[3], image: image), cpuSeconds: Double(numbers[4]) / 1e6)
    }
}

/// An SVG drawn, and its intrinsic size in points.
package struct RenderedSVG: Equatable, Sendable {
    package var pointWidth: Int
    package var pointHeight: Int
    package var image: PremultipliedImage

    package init(pointWidth: Int, pointHeight: Int, image: PremultipliedImage) {
        (self.pointWidth, self.pointHeight, self.image) = (pointWidth, pointHeight, image)
    }
}
