import BijouxCore

/// An element's properties and geometry as the drawing's tree pass reads them. A value
/// librsvg cannot read is passed over as librsvg passes over it (the safety check warns
/// about it at its place); a value it reads that the forms cannot carry is a problem.
extension DrawingReader {
    /// Properties that change no pixel of a drawing made of paths and basic shapes, or
    /// that librsvg 2.54 does not implement (so the raster, the reference, has not got them either).
    static let inertProperties: Set<String> = [
        "alignment-baseline", "baseline-shift", "clip-rule", "color", "color-interpolation", "color-interpolation-filters", "color-rendering",
        "cursor", "direction", "dominant-baseline", "enable-background", "flood-color", "flood-opacity", "font", "font-family", "font-size",
        "font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight", "glyph-orientation-horizontal",
        "glyph-orientation-vertical", "image-rendering", "isolation", "kerning", "letter-spacing", "lighting-color", "line-height", "mask-type",
        "overflow", "pointer-events", "shape-rendering", "stop-color", "stop-opacity", "stroke-dashoffset", "text-anchor", "text-decoration",
        "text-orientation", "text-rendering", "unicode-bidi", "vector-effect", "word-spacing", "writing-mode",
    ]

    /// Properties the forms cannot carry unless they are off, each with its off values
    /// and what it is, as a refusal names it.
    static let refusedUnlessOff: [(name: String, off: Set<String>, what: String)] = [
        ("mask", ["none"], "a mask"), ("filter", ["none"], "a filter"), ("marker", ["none"], "a marker"), ("marker-start", ["none"], "a marker"),
        ("marker-mid", ["none"], "a marker"), ("marker-end", ["none"], "a marker"), ("stroke-dasharray", ["none"], "a dash"),
        ("mix-blend-mode", ["normal"], "a blend mode"), ("paint-order", ["normal", "fill", "fill stroke", "fill stroke markers"], "a stroke under its fill"),
        ("requiredExtensions", [], "a condition"), ("requiredFeatures", [], "a condition"), ("systemLanguage", [], "a condition"),
    ]

    /// `context` with the element's own properties applied: the inherited paint and
    /// visibility; each property that is on and not carried is a problem.
    mutating func applyProperties(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration], to context: inout Context) {
        for (name, off, what) in Self.refusedUnlessOff {
            guard let declaration = declared[name], !off.contains(declaration.value.trimmingSpaces.lowercased()) else { continue }
            refuse(declaration, on: element, "\(what) cannot be carried into the vector or symbol form of an icon")
        }
        let inherited = [
            "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "fill-rule", "fill-opacity", "stroke-opacity",
            "visibility",
        ]
        for name in inherited {
            guard let declaration = declared[name] else { continue }
            let value = declaration.value.trimmingSpaces
            // `inherit` is what an inherited property does anyway; librsvg passes over a
            // value it cannot read (the check warns about it).
            if value.lowercased() == "inherit" || AttributeValue.kind(of: name, on: element.name)?.problem(value) != nil { continue }
            do {
                try apply(name, value, to: &context)
            } catch {
                refuse(declaration, on: element, error.why)
            }
        }
    }

    /// One inherited property, `value` trimmed.
    func apply(_ name: String, _ value: String, to context: inout Context) throws(SVGValues.Refusal) {
        func keyword(_ allowed: [String]) throws(SVGValues.Refusal) -> String {
            guard allowed.contains(value) else { throw SVGValues.Refusal(why: "expected \(allowed.joined(separator: ", "))") }
            return value
        }
        switch name {
        case "fill": context.paint.fill = try Self.colour(value)
        case "stroke": context.paint.stroke = try Self.colour(value)
        case "stroke-width":
            let width = try SVGValues.length(value)
            if width >= 0 { context.paint.strokeWidth = width }  // librsvg passes over a negative width
        case "stroke-linecap": context.paint.lineCap = try keyword(["butt", "round", "square"])
        case "stroke-linejoin": context.paint.lineJoin = try keyword(["miter", "round", "bevel"])
        case "stroke-miterlimit":
            guard let limit = Double(value), limit.isFinite else { throw SVGValues.Refusal(why: "not a finite number") }
            if limit >= 1 { context.paint.miterLimit = limit }  // librsvg passes over one under 1
        case "fill-rule": context.paint.fillRule = try keyword(["nonzero", "evenodd"])
        case "fill-opacity": context.paint.fillOpacity = try SVGValues.alpha(value)
        case "stroke-opacity": context.paint.strokeOpacity = try SVGValues.alpha(value)
        default: context.visible = try keyword(["visible", "hidden", "collapse"]) == "visible"
        }
    }

    /// A paint the forms carry: none, `currentColor`, or a colour written with nothing but
    /// `#`, letters and digits (hex digits or a name); `transparent` is none.
    static func colour(_ value: String) throws(SVGValues.Refusal) -> String? {
        let lower = value.lowercased()
        if lower == "none" || lower == "transparent" { return nil }
        if lower == "currentcolor" { return "currentColor" }
        if lower.hasPrefix("url(") { throw SVGValues.Refusal(why: "a gradient or pattern paint cannot be carried into the vector or symbol form of an icon") }
        if lower.hasPrefix("#") ? [4, 7].contains(lower.count) && lower.dropFirst().allSatisfy(\.isHexDigit) : AttributeValue.colorNames.contains(lower) {
            return value
        }
        throw SVGValues.Refusal(why: "a vector or symbol takes none, currentColor, #rgb, #rrggbb or a colour name")
    }

    /// The element's geometry as contours in its own user space, or nil when a value of it
    /// is not carried (a problem).
    mutating func contours(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration]) -> [Contour]? {
        var refused = false
        func length(_ name: String, auto: Bool = false) -> Double? {
            guard let declaration = declared[name], AttributeValue.kind(of: name, on: element.name)?.problem(declaration.value) == nil else { return nil }
            if auto && declaration.value.trimmingSpaces == "auto" { return nil }
            do { return try SVGValues.length(declaration.value) } catch {
                refuse(declaration, on: element, error.why)
                refused = true
                return nil
            }
        }
        let result: [Contour]
        switch element.name {
        case "path": return pathContours(element, declared)
        case "line":
            // librsvg draws no line an end of which it cannot read.
            let unread = ["x1", "y1", "x2", "y2"].contains { declared[$0].map { AttributeValue.length.problem($0.value) != nil } ?? false }
            if unread { return [] }
            let ends = ["x1", "y1", "x2", "y2"].map { length($0) ?? 0 }
            result = [Contour.polyline([VectorPoint(ends[0], ends[1]), VectorPoint(ends[2], ends[3])], closed: false)]
        case "polyline", "polygon": return polylineContours(element, declared)
        case "rect":
            let (x, y, width, height) = (length("x") ?? 0, length("y") ?? 0, length("width") ?? 0, length("height") ?? 0)
            let (rx, ry) = (length("rx", auto: true), length("ry", auto: true))
            result = width > 0 && height > 0 ? [Contour.rect(x: x, y: y, width: width, height: height, rx: rx, ry: ry)] : []
        case "circle":
            let (cx, cy, r) = (length("cx") ?? 0, length("cy") ?? 0, length("r") ?? 0)
            result = r > 0 ? [Contour.ellipse(cx: cx, cy: cy, rx: r, ry: r)] : []
        default:
            let (cx, cy) = (length("cx") ?? 0, length("cy") ?? 0)
            let (rx, ry) = (length("rx", auto: true), length("ry", auto: true))
            let (x, y) = (rx ?? ry ?? 0, ry ?? rx ?? 0)
            result = x > 0 && y > 0 ? [Contour.ellipse(cx: cx, cy: cy, rx: x, ry: y)] : []
        }
        return refused ? nil : result
    }

    mutating func pathContours(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration]) -> [Contour]? {
        guard let data = declared["d"] else { return [] }
        do { return try PathData.parse(data.value) } catch {
            refuse(data, on: element, "path data at byte \(error.offset + 1): \(error.message)")
            return nil
        }
    }

    mutating func polylineContours(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration]) -> [Contour]? {
        guard let list = declared["points"] else { return [] }
        do {
            let numbers = try SVGValues.numbers(list.value)
            // An odd number leaves the last one out, as librsvg draws the points before it.
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { VectorPoint(numbers[$0], numbers[$0 + 1]) }
            return points.count < 2 ? [] : [Contour.polyline(points, closed: element.name == "polygon")]
        } catch {
            refuse(list, on: element, error.why)
            return nil
        }
    }
}
