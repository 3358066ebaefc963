import BijouxCore

/// The warnings: attributes librsvg does not know, and attribute values it cannot read,
/// so it ignores them.
extension SVGSafety.TreeChecker {
    /// What librsvg would pass over in `element`'s attributes, each at its attribute, in
    /// the order they are written: names it does not know (when `checkingNames`:
    /// `SVGNames.attributeProblem`), and values it cannot read (with the declarations
    /// of a `style`).
    func warnings(of element: SVGTree.Element, checkingNames: Bool) -> [SVGSafety.Problem] {
        let name = Self.shown(element.written), local = element.name
        var found: [SVGSafety.Problem] = []
        for attribute in element.attributes where attribute.prefix == nil {
            func warn(_ message: String) { found.append(SVGSafety.Problem(message: message, location: attribute.location)) }
            if checkingNames, let why = SVGNames.attributeProblem(attribute.name) {
                warn("<\(name) \(Self.shown(attribute.name))=…>: \(why)")
                continue
            }
            let value = attribute.value
            if attribute.name == "style" {
                for (property, declared) in AttributeValue.declarations(value) {
                    if let kind = AttributeValue.kind(of: property, on: nil), let why = kind.problem(declared) {
                        warn("<\(name) style=…>: \(property): \(why), so \(AttributeValue.consequence(property, on: nil))")
                    }
                }
            } else if let kind = AttributeValue.kind(of: attribute.name, on: local), let why = kind.problem(value) {
                warn("<\(name) \(attribute.name)=\"\(Self.shown(value))\">: \(why), so \(AttributeValue.consequence(attribute.name, on: local))")
            }
        }
        return found
    }

    /// A value or a name as a message quotes it: at most 40 characters.
    static func shown(_ value: String) -> String { value.count > 40 ? String(value.prefix(40)) + "…" : value }
}

/// The values librsvg reads for the attributes an icon's look depends on, so one it
/// cannot read (`stroke-width="abc"`, `fill="blu"`) is a warning rather than a silent
/// change: librsvg ignores such a value, as if the attribute were not there (so the
/// inherited or initial value applies: `r` 0 draws no circle), and does not draw a
/// `<line>` whose `x1`, `y1`, `x2` or `y2` it cannot read (librsvg 2.54, tried). The
/// grammar is CSS's, read generously (any CSS unit, any colour function), so what it
/// flags is what no version reads; what it does not know, it does not check.
enum AttributeValue {
    case length, lengthOrAuto, number, alpha, paint, color

    /// CSS's keywords every property takes.
    static let cssWide: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]
    /// CSS's length units, and the percentage.
    static let units: Set<String> = [
        "px", "pt", "pc", "cm", "mm", "in", "q", "em", "ex", "ch", "rem", "vw", "vh", "vmin", "vmax", "%",
    ]
    /// CSS's colour functions.
    static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"]
    /// CSS's named colours (CSS Color 4), `transparent` and `currentcolor`, lower-cased.
    static let colorNames: Set<String> = Set(
        """
        aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue
        chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
        darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
        darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
        fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
        lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
        lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
        limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
        mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
        olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
        powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver
        skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
        whitesmoke yellow yellowgreen transparent currentcolor
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// What `attribute` holds on the element `element` (nil: in a `style`, where only
    /// presentation properties count), or nil when it is not one this checks.
    static func kind(of attribute: String, on element: String?) -> AttributeValue? {
        switch attribute {
        case "stroke-width", "stroke-dashoffset": .length
        case "stroke-miterlimit": .number
        case "opacity", "fill-opacity", "stroke-opacity", "stop-opacity", "flood-opacity": .alpha
        case "fill", "stroke": .paint
        case "color", "stop-color", "flood-color", "lighting-color": .color
        case "cx", "cy": element == "circle" || element == "ellipse" ? .length : nil
        case "r": element == "circle" ? .length : nil
        case "rx", "ry": element == "ellipse" || element == "rect" ? .lengthOrAuto : nil
        case "x1", "y1", "x2", "y2": element == "line" ? .length : nil
        default: nil
        }
    }

    /// What librsvg does with a value of `attribute` on `element` that it cannot read.
    static func consequence(_ attribute: String, on element: String?) -> String {
        element == "line" && ["x1", "y1", "x2", "y2"].contains(attribute)
            ? "librsvg does not draw the line" : "librsvg ignores it, as if it were not there"
    }

    /// Why librsvg would not read `value` (what it is not), or nil when it would.
    func problem(_ value: String) -> String? {
        var text = value.trimmingSpaces.lowercased()
        if text.hasSuffix("!important") { text = String(text.dropLast("!important".count)).trimmingSpaces }
        if Self.cssWide.contains(text) { return nil }
        switch self {
        case .length: return Self.isLength(text) ? nil : "not a length (a number with an optional unit such as px or %)"
        case .lengthOrAuto: return Self.isLength(text) || text == "auto" ? nil : "not a length or auto"
        case .number: return Self.number(text) == text.utf8.count ? nil : "not a number"
        case .alpha:
            return Self.number(text).map { $0 == text.utf8.count || text.dropFirst($0) == "%" } == true ? nil : "not a number or a percentage"
        case .color: return Self.isColor(text) ? nil : "not a colour (#RGB, #RRGGBB, rgb(…), a CSS colour name or currentColor)"
        case .paint:
            if ["none", "context-fill", "context-stroke"].contains(text) || Self.isColor(text) { return nil }
            if text.hasPrefix("url("), let close = text.firstIndex(of: ")") {
                let fallback = String(text[close...].dropFirst()).trimmingSpaces
                if fallback.isEmpty || fallback == "none" || Self.isColor(fallback) { return nil }
            }
            return "not a paint (none, a colour, currentColor or url(#id))"
        }
    }

    static func isLength(_ text: String) -> Bool {
        // calc() is left to librsvg: what it reads of it is not checked here.
        if text.hasPrefix("calc(") { return true }
        guard let digits = number(text) else { return false }
        let unit = String(text.dropFirst(digits))
        return unit.isEmpty || units.contains(unit)
    }

    /// The length of the CSS number `text` starts with (sign, digits, fraction,
    /// exponent), or nil when it does not start with one.
    static func number(_ text: String) -> Int? { numberEnd(Array(text.utf8), from: 0) }

    /// Where the CSS number that starts at `start` in `bytes` ends (sign, digits,
    /// fraction, exponent), or nil when none starts there: the one scanner of numbers
    /// in attribute values and style sheets.
    static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let first = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - first
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var mantissa = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = digits()
            if fraction == 0 { return nil }
            mantissa += fraction
        }
        guard mantissa > 0 else { return nil }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            let mark = i
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = mark }
        }
        return i
    }

    static func isColor(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            return [3, 4, 6, 8].contains(hex.count) && hex.allSatisfy(\.isHexDigit)
        }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") { return colorFunctions.contains(String(text[..<open]).trimmingSpaces) }
        return colorNames.contains(text)
    }

    /// The declarations of a `style` attribute: (property, value), property lower-cased.
    static func declarations(_ style: String) -> [(String, String)] {
        style.split(separator: ";").compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            return (String(declaration[..<colon]).trimmingSpaces.lowercased(), String(declaration[colon...].dropFirst()))
        }
    }
}

extension String {
    /// Without leading and trailing XML white space.
    var trimmingSpaces: String {
        let spaces: Set<Character> = [" ", "\t", "\n", "\r", "\r\n"]
        var text = self[...]
        while let first = text.first, spaces.contains(first) { text = text.dropFirst() }
        while let last = text.last, spaces.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
