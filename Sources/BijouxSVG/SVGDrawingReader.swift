import BijouxCore

/// The drawing's tree pass (`SVGDrawing`): the elements walked from the root with what
/// each passes down (its paint, its transform, its visibility), each shape made contours
/// in the root's user space. On the way, a group's transform is composed into its
/// children's, a clip that covers the whole canvas (Figma's frame) is dropped, and an
/// opacity is folded into the one part it paints; what is not carried is a problem at
/// its place, and the walk goes on, so one reading finds every problem.
struct DrawingReader {
    let tree: SVGTree
    let styles: SVGStyles
    var problems: [SVGSafety.Problem] = []
    /// The canvas in user units: the viewBox, or the root's width and height.
    var canvas: (x: Double, y: Double, width: Double, height: Double)?

    init(tree: SVGTree, styles: SVGStyles) {
        self.tree = tree
        self.styles = styles
    }

    /// What an element passes down to what is inside it.
    struct Context {
        var paint = SVGDrawing.Paint()
        var transform = AffineTransform.identity
        var visible = true
    }

    /// Elements drawn only where something refers to them, or never: what is inside
    /// them is not drawn where it stands.
    static let notRendered: Set<String> = [
        "defs", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "filter", "symbol", "style", "title", "desc", "metadata",
    ]
    static let groups: Set<String> = ["g", "a"]
    static let shapeNames: Set<String> = ["path", "line", "polyline", "polygon", "rect", "circle", "ellipse"]

    mutating func refuse(_ element: SVGTree.Element, _ message: String) {
        problems.append(SVGSafety.Problem(message: message, location: element.location))
    }

    mutating func refuse(_ declaration: SVGStyles.Declaration, on element: SVGTree.Element, _ why: String) {
        problems.append(SVGSafety.Problem(message: "\(declaration.shown(on: element.written)): \(why)", location: declaration.location))
    }

    /// The root's viewBox and alignment; sets the canvas.
    mutating func readRoot() -> (viewBox: (x: Double, y: Double, width: Double, height: Double)?, alignment: SVGDrawing.Alignment) {
        let root = tree[SVGTree.root], declared = styles.properties[SVGTree.root]
        var viewBox: (x: Double, y: Double, width: Double, height: Double)?
        if let box = declared["viewBox"] {
            let numbers = try? SVGValues.numbers(box.value)
            if let numbers, numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                viewBox = (numbers[0], numbers[1], numbers[2], numbers[3])
            } else {
                refuse(box, on: root, "not four numbers with a positive width and height")
            }
        }
        var alignment = SVGDrawing.Alignment()
        if let aspect = declared["preserveAspectRatio"] {
            do { alignment = try SVGValues.alignment(aspect.value) } catch { refuse(aspect, on: root, error.why) }
        }
        let size = ["width", "height"].map { declared[$0].flatMap { try? SVGValues.length($0.value) } }
        canvas = viewBox ?? size[0].flatMap { width in size[1].map { (0, 0, width, $0) } }
        return (viewBox, alignment)
    }

    /// The shapes the element at `index` draws, with what it passes down in `context`.
    mutating func shapes(of index: Int, in context: Context) -> [SVGDrawing.Shape] {
        let element = tree[index], declared = styles.properties[index]
        guard element.isSVG, !Self.notRendered.contains(element.name) else { return [] }
        let isRoot = index == SVGTree.root
        guard isRoot || Self.groups.contains(element.name) || Self.shapeNames.contains(element.name) else {
            refuse(element, "<\(element.written)> cannot be carried into the vector or symbol form of an icon (paths, basic shapes and groups can)")
            return []
        }
        if declared["display"]?.value.trimmingSpaces.lowercased() == "none" { return [] }
        var own = context
        applyProperties(element, declared, to: &own)
        if let declaration = declared["transform"] {
            if declaration.source != .attribute {
                refuse(declaration, on: element, "a transform written in CSS cannot be carried (the transform attribute can)")
            } else if isRoot {
                refuse(declaration, on: element, "a transform on the root <svg> cannot be carried (on a group inside it, it can)")
            } else {
                do { own.transform = context.transform.then(try SVGValues.transform(declaration.value)) } catch { refuse(declaration, on: element, error.why) }
            }
        }
        checkClip(element, declared, own.transform)
        var shapes: [SVGDrawing.Shape] = []
        if Self.shapeNames.contains(element.name) {
            if let shape = shape(element, declared, own) { shapes.append(shape) }
        } else {
            for child in element.children { shapes += self.shapes(of: child, in: own) }
        }
        return opacityFolded(shapes, element, declared)
    }

    /// The shape `element` draws, in the root's user space; nil when it draws nothing or
    /// cannot be carried.
    mutating func shape(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration], _ context: Context) -> SVGDrawing.Shape? {
        var paint = context.paint
        if paint.fillOpacity <= 0 { paint.fill = nil }
        if paint.strokeOpacity <= 0 || paint.strokeWidth <= 0 { paint.stroke = nil }
        // librsvg draws nothing under a transform it cannot invert.
        guard context.visible, paint.paintedParts > 0, context.transform.determinant != 0, let contours = contours(element, declared) else { return nil }
        if paint.stroke != nil {
            guard let scale = context.transform.uniformScale else {
                refuse(
                    element,
                    "<\(element.written)>: its stroke is under a transform that stretches or skews it, so it cannot keep one width in the vector or symbol form"
                )
                return nil
            }
            paint.strokeWidth *= scale
        }
        let placed = contours.map { $0.transformed(context.transform) }
        if let far = outOfRange(placed, strokeWidth: paint.stroke == nil ? 0 : paint.strokeWidth) {
            refuse(element, "<\(element.written)>: \(far), further than \(Format.number(SVGDrawing.maxDistance)) user units from the canvas (after transforms)")
            return nil
        }
        return SVGDrawing.Shape(contours: placed, paint: paint, location: element.location, element: element.written)
    }

    /// The first point (or stroke width) out of range, as a message names it, or nil.
    func outOfRange(_ contours: [Contour], strokeWidth: Double) -> String? {
        let box = canvas ?? (0, 0, 0, 0), limit = SVGDrawing.maxDistance
        if !(strokeWidth <= limit) { return "a stroke width of \(strokeWidth.isFinite ? Format.number(strokeWidth) : "infinity")" }
        let far = contours.lazy.flatMap(\.points).first { point in
            !(point.x >= box.x - limit && point.x <= box.x + box.width + limit && point.y >= box.y - limit && point.y <= box.y + box.height + limit)
        }
        guard let far else { return nil }
        let shown = [far.x, far.y].map { $0.isFinite ? Format.number($0) : "a number beyond any range" }
        return "a point at (\(shown[0]), \(shown[1]))"
    }

    /// A clip over the whole canvas changes nothing in it (Figma wraps every export in
    /// one): dropped. Any other clip is a problem. A clip that refers to no `clipPath`
    /// is ignored, as librsvg ignores it.
    mutating func checkClip(_ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration], _ transform: AffineTransform) {
        guard let clip = declared["clip-path"], clip.value.trimmingSpaces != "none" else { return }
        guard let target = Self.reference(clip.value), let index = tree.ids[target], tree[index].name == "clipPath" else { return }
        if !covers(clipPath: index, transform) {
            refuse(clip, on: element, "a clip that does not cover the whole canvas cannot be carried (one that does, as Figma writes, is dropped)")
        }
    }

    /// The id in `url(#id)`, quotes allowed.
    static func reference(_ value: String) -> String? {
        let text = value.trimmingSpaces
        guard text.hasPrefix("url("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(4).dropLast().trimmingCharacters { $0 == " " || $0 == "\"" || $0 == "'" }
        return inner.hasPrefix("#") ? String(inner.dropFirst()) : nil
    }

    /// Whether the clip path at `index`, used under `transform`, is one rectangle that
    /// holds every corner of the canvas.
    func covers(clipPath index: Int, _ transform: AffineTransform) -> Bool {
        let clip = tree[index], declared = styles.properties[index]
        let drawn = clip.children.filter { tree[$0].isSVG && !Self.notRendered.contains(tree[$0].name) }
        guard let canvas, (clip.attribute("clipPathUnits") ?? "userSpaceOnUse").trimmingSpaces == "userSpaceOnUse",
            declared["clip-path"].map({ $0.value.trimmingSpaces == "none" }) ?? true, drawn.count == 1, tree[drawn[0]].name == "rect"
        else { return false }
        let rect = styles.properties[drawn[0]]
        var placed = transform
        for own in [declared["transform"], rect["transform"]].compactMap({ $0 }) {
            guard own.source == .attribute, let inner = try? SVGValues.transform(own.value) else { return false }
            placed = placed.then(inner)
        }
        let sides = ["x", "y", "width", "height"].map { name in rect[name].map { try? SVGValues.length($0.value) } ?? 0 }
        let radii = ["rx", "ry"].map { name in rect[name].map { try? SVGValues.length($0.value) } ?? 0 }
        guard let x = sides[0], let y = sides[1], let width = sides[2], let height = sides[3], radii.allSatisfy({ $0 == 0 }) else { return false }
        let corners = [VectorPoint(x, y), VectorPoint(x + width, y), VectorPoint(x + width, y + height), VectorPoint(x, y + height)].map(placed.apply)
        let canvasCorners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { VectorPoint(canvas.x + $0 * canvas.width, canvas.y + $1 * canvas.height) }
        let turn = (corners[1] - corners[0]).cross(corners[2] - corners[1]) < 0 ? -1.0 : 1.0
        let slack = 1e-9 * max(canvas.width, canvas.height) * max(canvas.width, canvas.height)
        return canvasCorners.allSatisfy { point in
            (0..<4).allSatisfy { side in (corners[(side + 1) % 4] - corners[side]).cross(point - corners[side]) * turn >= -slack }
        }
    }

    /// `shapes` with the element's `opacity` folded in: exact when it paints one part (a
    /// fill alone or a stroke alone), which then takes the opacity; over several parts,
    /// where they overlap the group's opacity differs from each part's own: a problem.
    mutating func opacityFolded(
        _ shapes: [SVGDrawing.Shape], _ element: SVGTree.Element, _ declared: [String: SVGStyles.Declaration]
    ) -> [SVGDrawing.Shape] {
        guard let declaration = declared["opacity"], AttributeValue.alpha.problem(declaration.value) == nil,
            let opacity = try? SVGValues.alpha(declaration.value), opacity < 1
        else { return shapes }
        if opacity == 0 { return [] }
        let parts = shapes.reduce(0) { $0 + $1.paint.paintedParts }
        guard parts == 1 else {
            if parts > 1 {
                refuse(declaration, on: element, "an opacity over more than one painted part (a fill and a stroke, or several shapes) cannot be carried")
            }
            return shapes
        }
        return shapes.map { shape in
            var folded = shape
            if folded.paint.fill != nil { folded.paint.fillOpacity *= opacity } else { folded.paint.strokeOpacity *= opacity }
            return folded
        }
    }
}

extension Substring {
    /// Without the leading and trailing characters that pass `test`.
    func trimmingCharacters(_ test: (Character) -> Bool) -> Substring {
        var text = self
        while let first = text.first, test(first) { text = text.dropFirst() }
        while let last = text.last, test(last) { text = text.dropLast() }
        return text
    }
}
