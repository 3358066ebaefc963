/// The values the drawing reads from the art (lengths, number lists, transforms,
/// opacities, the viewBox's alignment), each checked before it is used: a number that
/// is not finite is refused where it is written, as is a unit the drawing cannot turn
/// into user units. A reading that fails says why, for a message at its place.
enum SVGValues {
    /// Why a value is not read.
    struct Refusal: Error, Equatable {
        var why: String
    }

    /// User units (CSS px) per unit of each absolute CSS length unit, at 96 per inch.
    static let unitSizes: [String: Double] = ["": 1, "px": 1, "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6]

    /// A length in user units: a number with an absolute unit, or none.
    static func length(_ text: String) throws(Refusal) -> Double {
        let bytes = Array(text.trimmingSpaces.utf8)
        guard let end = AttributeValue.numberEnd(bytes, from: 0) else { throw Refusal(why: "not a length") }
        let unit = String(decoding: bytes[end...], as: UTF8.self).lowercased()
        guard let size = unitSizes[unit] else {
            throw Refusal(why: "a length in \(unit) is relative to what the vector and symbol forms do not have (px, pt, pc, in, cm, mm or no unit is carried)")
        }
        return try finite(number(bytes[..<end]) * size)
    }

    /// Numbers separated by white space or commas (a `points` or `viewBox` list). SVG's
    /// grammar lets a sign separate two numbers too: "10-5" is 10 and −5.
    static func numbers(_ text: String) throws(Refusal) -> [Double] {
        let bytes = Array(text.utf8)
        var values: [Double] = [], i = skipSeparators(bytes, from: 0)
        while i < bytes.count {
            guard let end = AttributeValue.numberEnd(bytes, from: i) else { throw Refusal(why: "not a list of numbers") }
            values.append(try finite(number(bytes[i..<end])))
            i = skipSeparators(bytes, from: end)
        }
        return values
    }

    /// An opacity: a number or a percentage, clamped to 0…1 as CSS clamps it.
    static func alpha(_ text: String) throws(Refusal) -> Double {
        let bytes = Array(text.trimmingSpaces.utf8)
        guard let end = AttributeValue.numberEnd(bytes, from: 0), end == bytes.count || (end == bytes.count - 1 && bytes[end] == UInt8(ascii: "%"))
        else { throw Refusal(why: "not a number or a percentage") }
        let value = try finite(number(bytes[..<end])) / (end == bytes.count ? 1 : 100)
        return min(1, max(0, value))
    }

    /// A `transform` list (matrix, translate, scale, rotate, skewX, skewY), composed left
    /// to right as SVG applies it: the rightmost acts on the points first.
    static func transform(_ text: String) throws(Refusal) -> AffineTransform {
        let bytes = Array(text.utf8)
        var result = AffineTransform.identity, i = skipSeparators(bytes, from: 0)
        while i < bytes.count {
            var nameEnd = i
            while nameEnd < bytes.count, (bytes[nameEnd] | 0x20) >= UInt8(ascii: "a"), (bytes[nameEnd] | 0x20) <= UInt8(ascii: "z") { nameEnd += 1 }
            let name = String(decoding: bytes[i..<nameEnd], as: UTF8.self)
            var start = skipSpaces(bytes, from: nameEnd)
            guard start < bytes.count, bytes[start] == UInt8(ascii: "("), let close = bytes[start...].firstIndex(of: UInt8(ascii: ")")) else {
                throw Refusal(why: "not a transform list")
            }
            start += 1
            let arguments = try numbers(String(decoding: bytes[start..<close], as: UTF8.self))
            result = result.then(try Self.transform(name, arguments))
            i = skipSeparators(bytes, from: close + 1)
        }
        return result
    }

    /// One transform function with its arguments.
    static func transform(_ name: String, _ n: [Double]) throws(Refusal) -> AffineTransform {
        func tan(_ degrees: Double) throws(Refusal) -> Double {
            let (cos, sin) = Arcs.cosSin(degrees: degrees)
            return try finite(sin / cos)
        }
        switch (name, n.count) {
        case ("matrix", 6): return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], e: n[4], f: n[5])
        case ("translate", 1), ("translate", 2): return AffineTransform(e: n[0], f: n.count == 2 ? n[1] : 0)
        case ("scale", 1), ("scale", 2): return AffineTransform(a: n[0], d: n.count == 2 ? n[1] : n[0])
        case ("rotate", 1), ("rotate", 3):
            let (cos, sin) = Arcs.cosSin(degrees: n[0])
            let rotation = AffineTransform(a: cos, b: sin, c: -sin, d: cos)
            guard n.count == 3 else { return rotation }
            return AffineTransform(e: n[1], f: n[2]).then(rotation).then(AffineTransform(e: -n[1], f: -n[2]))
        case ("skewX", 1): return AffineTransform(c: try tan(n[0]))
        case ("skewY", 1): return AffineTransform(b: try tan(n[0]))
        default: throw Refusal(why: "\(name)(…) with \(n.count) numbers is not a transform")
        }
    }

    /// The root's `preserveAspectRatio`: where the viewBox sits in the canvas (0, ½ or 1 of
    /// the room left on each axis) and whether it fills the canvas (`slice`) or fits in
    /// it (`meet`). `none` stretches the drawing, its strokes with it: not carried.
    static func alignment(_ text: String) throws(Refusal) -> SVGDrawing.Alignment {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let align = words.first, words.count <= 2, words.count == 1 || ["meet", "slice"].contains(words[1]) else {
            throw Refusal(why: "not an alignment")
        }
        if align == "none" { throw Refusal(why: "none stretches the drawing unevenly, strokes with it, which the vector and symbol forms cannot carry") }
        let fractions: [String: Double] = ["Min": 0, "Mid": 0.5, "Max": 1]
        guard align.count == 8, align.hasPrefix("x"), let x = fractions[String(align.dropFirst().prefix(3))],
            align.dropFirst(4).hasPrefix("Y"), let y = fractions[String(align.suffix(3))]
        else { throw Refusal(why: "not an alignment") }
        return SVGDrawing.Alignment(x: x, y: y, slice: words.count == 2 && words[1] == "slice")
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> Double { Double(String(decoding: bytes, as: UTF8.self)) ?? .nan }

    static func finite(_ value: Double) throws(Refusal) -> Double {
        guard value.isFinite else { throw Refusal(why: "not a finite number") }
        return value
    }

    static func skipSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i
    }

    /// Past white space and at most one comma.
    static func skipSeparators(_ bytes: [UInt8], from start: Int) -> Int {
        var i = skipSpaces(bytes, from: start)
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i = skipSpaces(bytes, from: i + 1) }
        return i
    }
}
