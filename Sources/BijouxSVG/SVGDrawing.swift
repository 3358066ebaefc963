import BijouxCore
import CLibXML2

/// An icon's drawing as geometry, for the vector and symbol forms of an icon: its
/// viewBox and its shapes in document order, each with the paint it inherits. Read from
/// the tree libxml2 parsed for the safety check (`SVGSafety.check(_:readingDrawing:)`),
/// so the art is parsed once.
///
/// It holds what a hand-drawn icon is made of (paths and basic shapes, filled or
/// stroked, in groups) and nothing else. What would change the drawing if it were left
/// out (a transform, a clip, a mask, a filter, a dash, `<use>`, text, an image, a
/// gradient, a style sheet, an opacity) is a problem at its line and column: the vector
/// and the symbol are made only from a drawing they carry whole, never from part of it.
package struct SVGDrawing: Equatable, Sendable {
    /// The user-space rectangle mapped onto the icon's width and height.
    package var viewBox: (x: Double, y: Double, width: Double, height: Double)?
    package var shapes: [Shape]

    package static func == (a: SVGDrawing, b: SVGDrawing) -> Bool {
        a.shapes == b.shapes && a.viewBox.map { [$0.x, $0.y, $0.width, $0.height] } == b.viewBox.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// One shape element, with its geometry in user units.
    package enum Geometry: Equatable, Sendable {
        case path(String)
        case line(x1: Double, y1: Double, x2: Double, y2: Double)
        /// `<polyline>` (open) and `<polygon>` (closed): x, y, x, y, …
        case polyline([Double], closed: Bool)
        case rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double)
        case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
    }

    /// The paint a shape is drawn with, its inherited presentation attributes resolved.
    package struct Paint: Equatable, Sendable {
        /// A CSS colour as written, `currentColor`, or nil for none.
        package var fill: String? = "black"
        package var stroke: String?
        package var strokeWidth = 1.0
        /// `butt`, `round` or `square`.
        package var lineCap = "butt"
        /// `miter`, `round` or `bevel`.
        package var lineJoin = "miter"
        package var miterLimit = 4.0
        /// `nonzero` or `evenodd`.
        package var fillRule = "nonzero"

        package init(
            fill: String? = "black", stroke: String? = nil, strokeWidth: Double = 1, lineCap: String = "butt", lineJoin: String = "miter",
            miterLimit: Double = 4, fillRule: String = "nonzero"
        ) {
            (self.fill, self.stroke, self.strokeWidth, self.lineCap, self.lineJoin) = (fill, stroke, strokeWidth, lineCap, lineJoin)
            (self.miterLimit, self.fillRule) = (miterLimit, fillRule)
        }
    }

    package struct Shape: Equatable, Sendable {
        package var geometry: Geometry
        package var paint: Paint
        /// Where the element starts, for messages about its geometry.
        package var location: SourceLocation?
    }
}

extension SVGSafety.TreeChecker {
    /// Presentation attributes a drawing carries; each also read from `style`.
    static let paintProperties: Set<String> = [
        "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "fill-rule", "color",
    ]
    /// Attributes that change nothing in the geometry or the paint.
    static let inertAttributes: Set<String> = ["id", "class", "version", "baseProfile", "lang"]
    /// Elements that draw nothing of their own and hold nothing drawn.
    static let documentation: Set<String> = ["title", "desc", "metadata"]

    /// The drawing under `root`, or the first thing in it a drawing cannot carry.
    func drawing(_ root: xmlNodePtr) -> Result<SVGDrawing, SVGSafety.Problem> {
        var shapes: [SVGDrawing.Shape] = []
        do {
            let viewBox = try readViewBox(root)
            try readChildren(of: root, paint: try paint(of: root, inherited: SVGDrawing.Paint()), into: &shapes)
            return .success(SVGDrawing(viewBox: viewBox, shapes: shapes))
        } catch {
            return .failure(error)
        }
    }

    private func readViewBox(_ root: xmlNodePtr) throws(SVGSafety.Problem) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let text = unprefixedAttribute(root, "viewBox") else { return nil }
        let numbers = Self.numberList(text)
        guard let numbers, numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
            throw problem(root, "viewBox=\"\(Self.shown(text))\" is not four numbers with a positive width and height")
        }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    private func readChildren(of element: xmlNodePtr, paint: SVGDrawing.Paint, into shapes: inout [SVGDrawing.Shape]) throws(SVGSafety.Problem) {
        var child = element.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE, isSVG(current) else { continue }
            let name = localName(current)
            if Self.documentation.contains(name) || name == "defs" && current.pointee.children == nil { continue }
            guard name == "g" || !Self.geometryAttributes(of: name).isEmpty, name != "svg" else {
                throw problem(current, "<\(name)> cannot be carried into the vector or symbol form of an icon (paths, basic shapes and groups can)")
            }
            let own = try self.paint(of: current, inherited: paint)
            switch name {
            case "g": try readChildren(of: current, paint: own, into: &shapes)
            default:
                guard let geometry = try geometry(of: current, name) else { continue }
                shapes.append(SVGDrawing.Shape(geometry: geometry, paint: own, location: location(of: current)))
            }
        }
    }

    /// The element's geometry, or nil when it is not a shape.
    private func geometry(of element: xmlNodePtr, _ name: String) throws(SVGSafety.Problem) -> SVGDrawing.Geometry? {
        func length(_ attribute: String, default value: Double? = 0) throws(SVGSafety.Problem) -> Double {
            guard let text = unprefixedAttribute(element, attribute) else {
                if let value { return value }
                throw problem(element, "<\(name)> has no \(attribute)")
            }
            guard let number = Self.userLength(text) else {
                throw problem(element, "<\(name) \(attribute)=\"\(Self.shown(text))\">: not a number of user units (px or none)")
            }
            return number
        }
        switch name {
        case "path": return .path(unprefixedAttribute(element, "d") ?? "")
        case "line": return .line(x1: try length("x1"), y1: try length("y1"), x2: try length("x2"), y2: try length("y2"))
        case "polyline", "polygon":
            let text = unprefixedAttribute(element, "points") ?? ""
            guard let numbers = Self.numberList(text) else { throw problem(element, "<\(name) points=…>: not a list of numbers") }
            return .polyline(Array(numbers.prefix(numbers.count & ~1)), closed: name == "polygon")
        case "rect":
            let rx = unprefixedAttribute(element, "rx") == nil ? nil : try length("rx")
            let ry = unprefixedAttribute(element, "ry") == nil ? nil : try length("ry")
            return .rect(
                x: try length("x"), y: try length("y"), width: try length("width"), height: try length("height"),
                rx: rx ?? ry ?? 0, ry: ry ?? rx ?? 0)
        case "circle":
            let r = try length("r")
            return .ellipse(cx: try length("cx"), cy: try length("cy"), rx: r, ry: r)
        case "ellipse": return .ellipse(cx: try length("cx"), cy: try length("cy"), rx: try length("rx"), ry: try length("ry"))
        default: return nil
        }
    }

    /// `inherited` with the element's own presentation attributes and `style` applied;
    /// an attribute that would change the drawing and is not carried is a problem.
    private func paint(of element: xmlNodePtr, inherited: SVGDrawing.Paint) throws(SVGSafety.Problem) -> SVGDrawing.Paint {
        let name = localName(element)
        var declarations: [(key: String, value: String, written: String)] = []
        var property = element.pointee.properties
        while let attribute = property {
            property = attribute.pointee.next
            guard attribute.pointee.ns == nil else { continue }
            let key = SVGSafety.Document.text(attribute.pointee.name)
            if key == "style" {
                declarations += AttributeValue.declarations(value(of: attribute)).map { ($0.0, $0.1, "style=\"\($0.0): …\"") }
            } else if Self.paintProperties.contains(key) || key == "stroke-dasharray" {
                declarations.append((key, value(of: attribute), "\(key)=…"))
            } else if !Self.inertAttributes.contains(key) && !Self.geometryAttributes(of: name).contains(key) {
                throw problem(element, "<\(name) \(key)=…> cannot be carried into the vector or symbol form of an icon")
            }
        }
        var paint = inherited
        for (key, raw, written) in declarations {
            let value = raw.trimmingSpaces
            if key == "stroke-dasharray" && value == "none" { continue }
            guard Self.paintProperties.contains(key) else {
                throw problem(element, "<\(name) \(written)> cannot be carried into the vector or symbol form of an icon")
            }
            try apply(key, value, to: &paint, element)
        }
        return paint
    }

    private func apply(_ key: String, _ value: String, to paint: inout SVGDrawing.Paint, _ element: xmlNodePtr) throws(SVGSafety.Problem) {
        func refuse(_ what: String) -> SVGSafety.Problem { problem(element, "\(key)=\"\(Self.shown(value))\": \(what)") }
        switch key {
        case "fill", "stroke":
            let colour: String? = value == "none" ? nil : value
            if let colour, !Self.isPlainColour(colour) {
                throw refuse("a vector or symbol takes none, currentColor, #rgb, #rrggbb or a colour name")
            }
            if key == "fill" { paint.fill = colour } else { paint.stroke = colour }
        case "stroke-width":
            guard let width = Self.userLength(value), width >= 0 else { throw refuse("not a number of user units") }
            paint.strokeWidth = width
        case "stroke-linecap":
            guard ["butt", "round", "square"].contains(value) else { throw refuse("expected butt, round or square") }
            paint.lineCap = value
        case "stroke-linejoin":
            guard ["miter", "round", "bevel"].contains(value) else { throw refuse("expected miter, round or bevel") }
            paint.lineJoin = value
        case "stroke-miterlimit":
            guard let limit = Double(value), limit >= 1 else { throw refuse("not a number of at least 1") }
            paint.miterLimit = limit
        case "fill-rule":
            guard ["nonzero", "evenodd"].contains(value) else { throw refuse("expected nonzero or evenodd") }
            paint.fillRule = value
        default: break  // `color` is what currentColor names: the icon is drawn in the palette's ink.
        }
    }

    /// A colour written with nothing but `#`, letters and digits: hex digits or a name.
    static func isPlainColour(_ text: String) -> Bool {
        let lower = text.lowercased()
        if lower.hasPrefix("#") { return [4, 7].contains(lower.count) && lower.dropFirst().allSatisfy(\.isHexDigit) }
        return AttributeValue.colorNames.contains(lower)
    }

    /// The geometry attributes of a shape (and the root's size).
    static func geometryAttributes(of element: String) -> Set<String> {
        switch element {
        case "svg": ["width", "height", "viewBox", "preserveAspectRatio", "x", "y"]
        case "path": ["d"]
        case "line": ["x1", "y1", "x2", "y2"]
        case "polyline", "polygon": ["points"]
        case "rect": ["x", "y", "width", "height", "rx", "ry"]
        case "circle": ["cx", "cy", "r"]
        case "ellipse": ["cx", "cy", "rx", "ry"]
        default: []
        }
    }

    /// A number of user units: a plain number, or one in `px`.
    static func userLength(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        let number = trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed
        guard AttributeValue.number(number) == number.utf8.count, let value = Double(number), value.isFinite else { return nil }
        return value
    }

    /// Numbers separated by white space and at most one comma, or nil.
    static func numberList(_ text: String) -> [Double]? {
        var numbers: [Double] = []
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            guard let value = userLength(String(word)), !word.hasSuffix("px") else { return nil }
            numbers.append(value)
        }
        return numbers
    }
}
