/// The icon renderer's protocol, between the tool (`RenderSession` in BijouxAssets) and
/// `bijoux-render` (`RenderHelper` in BijouxRender), both of which write and read it
/// through these types alone.
///
/// `bijoux-render --serve MEMORY_MIB` sets its address-space limit (RLIMIT_AS) to
/// MEMORY_MIB and then answers requests on its standard input until it ends. A request
/// (`RenderRequest`) is a line `SIZE INK MAX_SIDE CPU_SECONDS LENGTH` and LENGTH bytes of
/// an SVG document (one the tool has already checked); before drawing it, the helper
/// sets its CPU-time limit (RLIMIT_CPU) to CPU_SECONDS past what it has used so far.
/// SIZE is `WIDTHxHEIGHT` pixels, or `@DENSITY` pixels per point of the SVG's intrinsic
/// size; INK is `currentColor` as "rrggbb"; MAX_SIDE is the largest side accepted, in
/// points. The answer (`RenderReply`) on its standard output is a line `OK WIDTH HEIGHT
/// POINT_WIDTH POINT_HEIGHT CPU_MICROSECONDS` (the raster's pixels, the SVG's intrinsic
/// size in points, the CPU time the drawing took) and the premultiplied RGBA pixels,
/// WIDTH × HEIGHT × 4 bytes; or a line `ERROR MESSAGE` for a document it cannot draw. A
/// helper that cannot go on (its input is not a request, a limit cannot be set) says why
/// in one line on its standard error and ends with status 1.
package struct RenderRequest: Equatable, Sendable {
    package enum Size: Equatable, Sendable {
        /// The whole document fitted to this many pixels.
        case pixels(width: Int, height: Int)
        /// The SVG's intrinsic size in points, times this.
        case density(Int)
    }

    /// The colour `currentColor` draws in: opaque, as six hex digits carry it.
    package struct Ink: Equatable, Sendable {
        package var red: UInt8, green: UInt8, blue: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8) { (self.red, self.green, self.blue) = (red, green, blue) }

        /// "rrggbb", lower case.
        var hexDigits: String { HexColour.digits(red, green, blue) }

        /// The colour six hex digits write, or nil.
        init?(hexDigits: Substring) {
            guard let (red, green, blue) = HexColour.channels(hexDigits) else { return nil }
            self.init(red: red, green: green, blue: blue)
        }
    }

    package var size: Size
    package var ink: Ink
    package var maxSide: Int
    package var cpuSeconds: Int

    /// The longest request line, and the largest document a request may carry.
    static let maxHeader = 128
    static let maxDocument = 64 << 20

    package init(size: Size, ink: Ink, maxSide: Int, cpuSeconds: Int) {
        (self.size, self.ink, self.maxSide, self.cpuSeconds) = (size, ink, maxSide, cpuSeconds)
    }

    /// The helper's command line (after its name) for a renderer whose drawings may use
    /// `memoryMiB` MiB of address space.
    package static func serveArguments(memoryMiB: Int) -> [String] { ["--serve", String(memoryMiB)] }

    /// The MiB of address space a renderer's command line gives its drawings; a command line
    /// that is not a renderer's is the error.
    package static func memoryMiB(serving arguments: [String]) throws(HelperError) -> Int {
        guard arguments.count == 2, arguments[0] == "--serve", let memoryMiB = Int(arguments[1]), (1...maxMemoryMiB).contains(memoryMiB) else {
            throw HelperError("unknown arguments '\(arguments.joined(separator: " "))'")
        }
        return memoryMiB
    }

    /// The most address space a renderer may be given, in MiB: a terabyte.
    static let maxMemoryMiB = 1 << 20

    /// What `bijoux-render --help` says of the protocol.
    package static let usage = """
        USAGE: bijoux-render --serve MEMORY_MIB

        Answers requests on its standard input until it ends: each a line
        "WIDTHxHEIGHT|@DENSITY INK MAX_SIDE CPU_SECONDS LENGTH" and LENGTH bytes of SVG;
        each answer a line "OK WIDTH HEIGHT POINT_WIDTH POINT_HEIGHT CPU_MICROSECONDS" and
        the premultiplied RGBA pixels, or a line "ERROR MESSAGE".

        """

    /// The request's bytes: its line, then `document`.
    package func bytes(document: [UInt8]) -> [UInt8] { header(length: document.count) + document }

    /// The request line for a document of `length` bytes, newline included.
    func header(length: Int) -> [UInt8] {
        let shown =
            switch size {
            case .pixels(let width, let height): "\(width)x\(height)"
            case .density(let density): "@\(density)"
            }
        return Array("\(shown) \(ink.hexDigits) \(maxSide) \(cpuSeconds) \(length)\n".utf8)
    }

    /// The request a line makes (without its newline) and the length of the document
    /// that follows it; a line that makes none is the error, which says what is wrong.
    static func parse(header line: String) throws(HelperError) -> (request: RenderRequest, length: Int) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        func field(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(HelperError) -> Int {
            guard let value = Int(fields[index]), range.contains(value) else { throw refused(line, "\(name) is not a whole number in \(range)") }
            return value
        }
        guard fields.count == 5 else { throw refused(line, "it has \(fields.count) fields, not 5") }
        guard let ink = Ink(hexDigits: fields[1]) else { throw refused(line, "INK is not six hex digits") }
        let maxSide = try field(2, "MAX_SIDE", in: 1...Int.max), cpu = try field(3, "CPU_SECONDS", in: 1...Int.max)
        let length = try field(4, "LENGTH", in: 0...maxDocument)
        let size: Size
        if fields[0].hasPrefix("@") {
            guard let density = Int(fields[0].dropFirst()), density > 0 else { throw refused(line, "@DENSITY is not a positive whole number") }
            size = .density(density)
        } else {
            let sides = fields[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard sides.count == 2, let width = sides[0], let height = sides[1], width > 0, height > 0 else {
                throw refused(line, "SIZE is neither WIDTHxHEIGHT nor @DENSITY")
            }
            size = .pixels(width: width, height: height)
        }
        return (RenderRequest(size: size, ink: ink, maxSide: maxSide, cpuSeconds: cpu), length)
    }

    private static func refused(_ line: String, _ reason: String) -> HelperError {
        HelperError("not a request: '\(line.prefix(80))': \(reason)")
    }

    /// The next request on `input` and its document; nil at the end of the input between
    /// requests. Anything else, or an input that ends inside one, is the error.
    package static func next(from input: inout HelperInput) throws(HelperError) -> (request: RenderRequest, document: [UInt8])? {
        guard let line = try input.line(atMost: maxHeader) else { return nil }
        let (request, length) = try parse(header: String(decoding: line, as: UTF8.self))
        do {
            return (request, try input.bytes(exactly: length))
        } catch {
            throw HelperError("a document cut short: \(error.message)")
        }
    }
}

/// What the helper answers to one request: a drawing and the CPU time it took, or why it
/// could not draw the document (see `RenderRequest` for the bytes).
package enum RenderReply: Equatable, Sendable {
    case drawn(Drawing, cpuSeconds: Double)
    case failed(String)

    /// An SVG drawn: its raster's premultiplied RGBA pixels, and its intrinsic size in points.
    package struct Drawing: Equatable, Sendable {
        package var width: Int, height: Int
        package var pointWidth: Int, pointHeight: Int
        package var pixels: [UInt8]

        package init(width: Int, height: Int, pointWidth: Int, pointHeight: Int, pixels: [UInt8]) {
            precondition(pixels.count == width * height * bytesPerPixel, "a raster of \(width) × \(height) pixels")
            (self.width, self.height, self.pointWidth, self.pointHeight, self.pixels) = (width, height, pointWidth, pointHeight, pixels)
        }
    }

    /// Bytes per pixel: RGBA, 8 bits each.
    static let bytesPerPixel = 4
    /// The longest answer line read.
    static let maxLine = RenderRequest.maxHeader + 4096

    /// The answer's bytes: its line, then the pixels of a drawing.
    package var bytes: [UInt8] {
        switch self {
        case .drawn(let drawing, let cpu):
            let line = "OK \(drawing.width) \(drawing.height) \(drawing.pointWidth) \(drawing.pointHeight) \(Int((cpu * 1e6).rounded()))\n"
            return Array(line.utf8) + drawing.pixels
        case .failed(let message):
            return Array("ERROR \(message.split(separator: "\n").joined(separator: " "))\n".utf8)
        }
    }

    /// Whether `output` holds a whole answer: its line, and all the pixels it announces
    /// (an answer that is not one is whole at its line: reading more does not mend it).
    package static func isWhole(_ output: [UInt8]) -> Bool {
        guard let line = line(of: output) else { return false }
        guard let numbers = line.numbers, let size = rasterSize(numbers[0], numbers[1]) else { return true }
        return output.count - line.end >= size
    }

    /// The answer line at the start of `output`, or nil while it has none (no newline in
    /// its first `maxLine` bytes): the line, where the bytes after it start, and the five
    /// numbers of a line that starts `OK ` and has five (else nil), for both `isWhole` and
    /// `init(decoding:for:)` to read the line one way.
    private static func line(of output: [UInt8]) -> (text: String, end: Int, numbers: [Int]?)? {
        guard let newline = output.prefix(maxLine).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let text = String(decoding: output[..<newline], as: UTF8.self)
        let numbers = text.split(separator: " ").dropFirst().compactMap { Int($0) }
        return (text, newline + 1, output.starts(with: Array("OK ".utf8)) && numbers.count == 5 ? numbers : nil)
    }

    /// The bytes of a raster of `width` × `height` pixels; nil for no raster, or one too
    /// large to count.
    static func rasterSize(_ width: Int, _ height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (area, over) = width.multipliedReportingOverflow(by: height)
        let (bytes, overAgain) = area.multipliedReportingOverflow(by: bytesPerPixel)
        return over || overAgain ? nil : bytes
    }

    /// The answer `output` holds for a request of `size`; anything else is the error, which
    /// says what is wrong.
    package init(decoding output: [UInt8], for size: RenderRequest.Size) throws(HelperError) {
        guard let line = Self.line(of: output) else { throw HelperError("no answer line in \(output.count) bytes") }
        if line.text.hasPrefix("ERROR ") {
            self = .failed(String(line.text.dropFirst(6)))
            return
        }
        guard let numbers = line.numbers, numbers.allSatisfy({ $0 >= 0 }), numbers[0...3].allSatisfy({ $0 > 0 }) else {
            throw HelperError("not an answer: '\(line.text.prefix(80))'")
        }
        let (width, height) = (numbers[0], numbers[1])
        let asked: (width: Int, height: Int)
        switch size {
        case .pixels(let w, let h): asked = (w, h)
        case .density(let d):
            let (w, wide) = numbers[2].multipliedReportingOverflow(by: d), (h, high) = numbers[3].multipliedReportingOverflow(by: d)
            asked = wide || high ? (0, 0) : (w, h)
        }
        guard (width, height) == asked else { throw HelperError("a drawing of \(width) × \(height) pixels, not the \(asked.width) × \(asked.height) asked") }
        guard let expected = Self.rasterSize(width, height) else { throw HelperError("a raster of \(width) × \(height) pixels is too large") }
        let pixels = output.count - line.end
        guard pixels == expected else { throw HelperError("\(pixels) bytes of pixels, not \(expected)") }
        let drawing = Drawing(width: width, height: height, pointWidth: numbers[2], pointHeight: numbers[3], pixels: Array(output[line.end...]))
        self = .drawn(drawing, cpuSeconds: Double(numbers[4]) / 1e6)
    }
}
