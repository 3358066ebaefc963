import BijouxCore

/// A path-data error: where in the string (a UTF-8 byte offset) and what was wrong,
/// worded like resvg's typed parsers.
struct PathDataError: Error, Equatable, Sendable {
    var offset: Int
    var message: String
}

/// SVG path data (the `d` attribute) to contours of cubics and back.
enum PathData {
    /// Parses SVG path data: every command (M L H V C S Q T A Z, absolute and relative),
    /// implicit repeats (after M/m they are L/l), the SVG grammar's packed numbers ("1.5.5",
    /// "-1-2", "1e2") and arc flags without separators ("a1 1 0 104 0"). Quadratics are
    /// elevated exactly; arcs become cubics of at most 90° (a zero radius gives a line,
    /// coinciding ends nothing, too-small radii are scaled up); Z adds a straight side back to
    /// the start when not already there. Subpaths that draw no segment (a lone M) are left out.
    static func parse(_ text: String) throws(PathDataError) -> [Contour] {
        var parser = PathParser(bytes: Array(text.utf8))
        return try parser.run()
    }

    /// Absolute M/C/Z path data for `contours`, each number rounded to `decimals` places
    /// with trailing zeros trimmed (and no "-0"), separated by a space except before a minus
    /// sign: the same text for the same contours on every machine. A segment shorter than
    /// that precision (a bend's inside collapsing in a symbol's heaviest weight) is written
    /// one unit of the last place long, in the direction it goes: no segment is written
    /// without length.
    static func text(_ contours: [Contour], decimals: Int = 3) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(contours.reduce(0) { $0 + $1.segments.count } * 6 * (decimals + 4))
        var unit = 1.0
        for _ in 0..<decimals { unit /= 10 }
        func rounded(_ p: VectorPoint) -> VectorPoint { VectorPoint(Format.rounded(p.x, decimals: decimals), Format.rounded(p.y, decimals: decimals)) }
        for contour in contours {
            guard let first = contour.segments.first else { continue }
            if !out.isEmpty { out.append(UInt8(ascii: " ")) }
            var current = rounded(first.from)
            out.append(UInt8(ascii: "M"))
            append(current, decimals: decimals, first: true, to: &out)
            for s in contour.segments {
                let c1 = rounded(s.control1), c2 = rounded(s.control2)
                var to = rounded(s.to)
                if c1 == current && c2 == current && to == current {
                    let along = s.to - s.from
                    if abs(along.y) > abs(along.x) { to.y += along.y < 0 ? -unit : unit } else { to.x += along.x < 0 ? -unit : unit }
                }
                out.append(UInt8(ascii: "C"))
                append(c1, decimals: decimals, first: true, to: &out)
                append(c2, decimals: decimals, first: false, to: &out)
                append(to, decimals: decimals, first: false, to: &out)
                current = to
            }
            if contour.isClosed { out.append(UInt8(ascii: "Z")) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A point's two numbers: each after a command's first is apart from the one before by
    /// a space, or by its own "-".
    private static func append(_ point: VectorPoint, decimals: Int, first: Bool, to out: inout [UInt8]) {
        append(point.x, decimals: decimals, first: first, to: &out)
        append(point.y, decimals: decimals, first: false, to: &out)
    }

    private static func append(_ value: Double, decimals: Int, first: Bool, to out: inout [UInt8]) {
        let start = out.count
        Format.append(value, decimals: decimals, to: &out)
        if !first && out[start] != UInt8(ascii: "-") { out.insert(UInt8(ascii: " "), at: start) }
    }
}

/// The path-data parser: a cursor over UTF-8 bytes, the current point, the subpath's
/// start, and the previous command's second control point (for S and T).
private struct PathParser {
    let bytes: [UInt8]
    var index = 0
    var contours: [Contour] = []
    var segments: [CubicSegment] = []
    var current = VectorPoint.zero
    var start = VectorPoint.zero
    /// The reflected control for S (after C/S) or T (after Q/T); nil after any other command.
    var lastCubicControl: VectorPoint?
    var lastQuadControl: VectorPoint?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() throws(PathDataError) -> [Contour] {
        skipSpaces()
        var command: UInt8?
        var first = true
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isCommand(byte) {
                command = byte
                index += 1
                skipSpaces()
            } else if let previous = command, Self.startsNumber(byte), previous != UInt8(ascii: "Z"), previous != UInt8(ascii: "z") {
                // An implicit repeat: after a moveto its pairs are linetos.
                if previous == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if previous == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else if Self.isLetter(byte) {
                throw PathDataError(offset: index, message: "unknown command '\(Character(Unicode.Scalar(byte)))'")
            } else {
                throw PathDataError(offset: index, message: "unexpected data '\(Self.character(at: index, in: bytes))'")
            }
            guard let c = command else { continue }
            if first && c != UInt8(ascii: "M") && c != UInt8(ascii: "m") {
                throw PathDataError(offset: index - 1, message: "the first command must be 'M' or 'm'")
            }
            first = false
            try perform(c)
            skipSpaces()
        }
        finishSubpath(closed: false)
        return contours
    }

    mutating func perform(_ c: UInt8) throws(PathDataError) {
        let relative = c >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        let upper = relative ? c - 32 : c
        var cubicControl: VectorPoint?, quadControl: VectorPoint?
        switch upper {
        case UInt8(ascii: "M"):
            let p = try point(c, base)
            finishSubpath(closed: false)
            current = p
            start = p
        case UInt8(ascii: "L"): lineTo(try point(c, base))
        case UInt8(ascii: "H"): lineTo(VectorPoint(try number(c) + base.x, current.y))
        case UInt8(ascii: "V"): lineTo(VectorPoint(current.x, try number(c) + base.y))
        case UInt8(ascii: "C"):
            let c1 = try point(c, base), c2 = try point(c, base), p = try point(c, base)
            cubicTo(c1, c2, p)
            cubicControl = c2
        case UInt8(ascii: "S"):
            let c1 = current * 2 - (lastCubicControl ?? current)
            let c2 = try point(c, base), p = try point(c, base)
            cubicTo(c1, c2, p)
            cubicControl = c2
        case UInt8(ascii: "Q"):
            let q = try point(c, base), p = try point(c, base)
            quadTo(q, p)
            quadControl = q
        case UInt8(ascii: "T"):
            let q = current * 2 - (lastQuadControl ?? current)
            quadTo(q, try point(c, base))
            quadControl = q
        case UInt8(ascii: "A"): try arc(c, base)
        case UInt8(ascii: "Z"):
            if current != start { segments.append(.line(current, start)) }
            current = start
            finishSubpath(closed: true)
        default:
            throw PathDataError(offset: index - 1, message: "unknown command '\(Character(Unicode.Scalar(c)))'")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    mutating func arc(_ c: UInt8, _ base: VectorPoint) throws(PathDataError) {
        let rx = try number(c), ry = try number(c), rotation = try number(c)
        let large = try flag(c), sweep = try flag(c)
        let p = try point(c, base)
        segments += Arcs.svgArc(from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
        current = p
    }

    mutating func lineTo(_ p: VectorPoint) {
        segments.append(.line(current, p))
        current = p
    }

    mutating func cubicTo(_ c1: VectorPoint, _ c2: VectorPoint, _ p: VectorPoint) {
        segments.append(CubicSegment(from: current, control1: c1, control2: c2, to: p))
        current = p
    }

    /// A quadratic as the cubic that traces it exactly: controls 2/3 of the way to q.
    mutating func quadTo(_ q: VectorPoint, _ p: VectorPoint) {
        cubicTo(current + (q - current) * (2.0 / 3), p + (q - p) * (2.0 / 3), p)
    }

    /// Ends the subpath being drawn; after Z the next subpath starts at the same point.
    mutating func finishSubpath(closed: Bool) {
        if !segments.isEmpty { contours.append(Contour(segments: segments, isClosed: closed)) }
        segments = []
    }

    // MARK: Lexing

    /// The character that starts at `index` (a control character or broken UTF-8 as its
    /// code, so a message shows what is there).
    static func character(at index: Int, in bytes: [UInt8]) -> String {
        let end = min(bytes.count, index + 4)
        for length in stride(from: end - index, through: 1, by: -1) {
            if let text = String(validating: bytes[index..<index + length], as: UTF8.self), text.count == 1,
                let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F
            {
                return text
            }
        }
        return "\\u{" + String(bytes[index], radix: 16, uppercase: true) + "}"
    }

    static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return isLetter(b)
        default: return false
        }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    mutating func skipSpaces() {
        while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Whitespace, then at most one comma and more whitespace: what may separate numbers.
    mutating func skipSeparator() {
        skipSpaces()
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipSpaces()
        }
    }

    mutating func point(_ c: UInt8, _ base: VectorPoint) throws(PathDataError) -> VectorPoint {
        let x = try number(c)
        return VectorPoint(x + base.x, try number(c) + base.y)
    }

    /// An arc flag: one '0' or '1', needing no separator after it.
    mutating func flag(_ c: UInt8) throws(PathDataError) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw PathDataError(offset: index, message: "expected a flag (0 or 1) after '\(Character(Unicode.Scalar(c)))'")
        }
        let value = bytes[index] == UInt8(ascii: "1")
        index += 1
        skipSeparator()
        return value
    }

    /// A number by SVG's grammar: sign? (digits ('.' digits?)? | '.' digits) exponent?,
    /// ending where the grammar ends (so "1.5.5" is 1.5 then .5, "-1-2" is −1 then −2).
    mutating func number(_ c: UInt8) throws(PathDataError) -> Double {
        let begin = index
        if let value = Self.scanNumber(bytes, &index), value.isFinite {
            skipSeparator()
            return value
        }
        index = begin
        throw PathDataError(offset: begin, message: "expected a number after '\(Character(Unicode.Scalar(c)))'")
    }

    /// Scans a number at `i` and moves past it, or returns nil (leaving `i` anywhere).
    /// The value is the platform's correctly rounded parse of exactly the scanned text.
    static func scanNumber(_ bytes: [UInt8], _ i: inout Int) -> Double? {
        let begin = i
        if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        var digits = 0
        while i < bytes.count && isDigit(bytes[i]) {
            i += 1
            digits += 1
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count && isDigit(bytes[i]) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        // An exponent only when digits follow it ("1e" leaves the 'e' for the next token).
        if i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            var j = i + 1
            if j < bytes.count && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) { j += 1 }
            if j < bytes.count && isDigit(bytes[j]) {
                while j < bytes.count && isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        return Double(String(decoding: bytes[begin..<i], as: UTF8.self))
    }
}
