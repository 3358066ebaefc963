import BijouxCore

/// An icon's drawing as vector geometry in points, with the wobble baked into it: the
/// geometry of the vector image set and of the custom symbol.
///
/// The raster wobble gives each pixel the colour of the drawing at its own position
/// plus the displacement, so a point of the drawing shows where p + d(p) lands on it.
/// The vector moves the drawing's own geometry there (`DisplacementField.wobbled`):
/// each contour is flattened to within `flatness` (and divided finer than the field
/// undulates), each point moved, and the points
/// fitted back to cubic curves within `fitTolerance` (`CurveFit`).
///
/// Two drawings come of it. `shapes` wobbles each shape's own contours, the centre of
/// its stroke among them: the pen's path wobbles and the pen keeps its width, which is
/// what the symbol's weights are stroked from. `image`, the vector image, wobbles the
/// outline of each stroke (`Stroker`) as it wobbles a fill, so its lines widen and
/// narrow with the field's stretch as the raster's do.
package struct VectorIcon: Equatable, Sendable {
    /// One shape: its contours in points and its paint, the stroke width in points.
    struct Shape: Equatable, Sendable {
        var contours: [Contour]
        var paint: SVGDrawing.Paint
        /// Where the shape's element starts, for warnings about it.
        var location: SourceLocation?
    }

    var pointWidth: Int
    var pointHeight: Int
    /// The drawing's shapes, each contour wobbled.
    var shapes: [Shape]
    /// The vector image: each shape's fill, then its stroke's outline filled in the
    /// stroke's colour, wobbled; empty when it was not asked for.
    var image: [Shape]
    /// Each of `image`'s shapes as path data.
    var imagePathData: [String] = []
    /// The symbol's weights, Ultralight, Regular and Black, each a list of paths in points
    /// (`SymbolWeights`); empty when the symbol was not asked for.
    var weights: [[[Contour]]] = []
    /// What the forms could not carry as the drawing asks, at the shape it is about.
    package var warnings: [SVGSafety.Problem] = []

    /// How far a flattened contour strays from the curve, in points.
    static let flatness = 0.004
    /// How far the fitted curves stray from the wobbled points, in points: a hundredth
    /// of a point, a third of a pixel at 96 pt @3x.
    static let fitTolerance = 0.01

    /// The drawing mapped to points (its viewBox fitted into pointWidth × pointHeight as
    /// librsvg fits it: scaled uniformly and centred) and wobbled, within the forms'
    /// caps (`FormBudget`), each checked before the work it bounds. `file` names the icon
    /// in errors about its path data and its size. The vector image's outlines are drawn
    /// and wobbled only `withImage`, and the symbol's weights only `withSymbol`.
    package static func make(
        _ drawing: SVGDrawing, pointWidth: Int, pointHeight: Int, wobble: WobbleParameters, file: String, withImage: Bool = true,
        withSymbol: Bool = true
    ) throws(ArtFileError) -> VectorIcon {
        let (scale, dx, dy) = placement(drawing, pointWidth: pointWidth, pointHeight: pointHeight)
        let field = wobble.isOff ? nil : DisplacementField(wobble)
        var budget = FormBudget(file: file, field: field)
        func moved(_ contours: [Contour], _ shape: SVGDrawing.Shape) throws(ArtFileError) -> [Contour] {
            try budget.charge(budget.cost(contours), at: shape)
            guard let field else { return contours }
            return contours.map { wobbled($0, by: field) }
        }
        var shapes: [Shape] = [], image: [Shape] = []
        for shape in drawing.shapes {
            let contours = shape.contours.map { contour in
                contour.moved { VectorPoint(x: $0.x * scale + dx, y: $0.y * scale + dy) }
            }
            var paint = shape.paint
            paint.strokeWidth *= scale
            try budget.checkRange(contours, paint, at: shape)
            shapes.append(Shape(contours: try moved(contours, shape), paint: paint, location: shape.location))
            if withSymbol { try budget.charge(SymbolWeights.cost(shapes[shapes.count - 1]), at: shape) }
            guard withImage else { continue }
            if paint.fill != nil { image.append(Shape(contours: shapes.last!.contours, paint: paint.fillAlone)) }
            if let outlinePaint = paint.strokeOutline, paint.strokeWidth > 0 {
                try budget.charge(contours.reduce(0) { $0 + Stroker.segmentCount($1) }, at: shape)
                image.append(Shape(contours: try moved(outline(contours, paint, weight: 1), shape), paint: outlinePaint))
            }
        }
        var icon = VectorIcon(pointWidth: pointWidth, pointHeight: pointHeight, shapes: shapes, image: image)
        icon.imagePathData = try FormBudget.pathData(image.map(\.contours), decimals: 3, file: file, form: "vector image")
        if withSymbol {
            (icon.weights, icon.warnings) = SymbolWeights.make(shapes, pointWidth: pointWidth, pointHeight: pointHeight)
        }
        return icon
    }

    /// No two points `wobbled` moves are further apart: an eighth of the field's
    /// shortest undulation.
    static func divisionStep(_ field: DisplacementField) -> Double {
        field.parameters.wavelength / Double(1 << (field.parameters.octaves - 1)) / 8
    }

    /// The outline of contours stroked with `paint` at `weight` times its width.
    static func outline(_ contours: [Contour], _ paint: SVGDrawing.Paint, weight: Double) -> [Contour] {
        contours.flatMap { contour in
            Stroker.outline(
                contour, halfWidth: paint.strokeWidth * weight / 2, cap: Stroker.Cap(svg: paint.lineCap), join: Stroker.Join(svg: paint.lineJoin),
                miterLimit: paint.miterLimit)
        }
    }

    /// The uniform scale and offset that fit the viewBox into the icon's size as its
    /// `preserveAspectRatio` says (SVG's default: `xMidYMid meet`, scaled to fit and
    /// centred); without a viewBox, user units are points. The drawing's shapes are
    /// already in the root's user units (`SVGDrawing`), so this is all that places them.
    static func placement(_ drawing: SVGDrawing, pointWidth: Int, pointHeight: Int) -> (scale: Double, dx: Double, dy: Double) {
        guard let box = drawing.viewBox else { return (1, 0, 0) }
        let (width, height, align) = (Double(pointWidth), Double(pointHeight), drawing.alignment)
        let fits = (width / box.width, height / box.height)
        let scale = align.slice ? max(fits.0, fits.1) : min(fits.0, fits.1)
        return (scale, (width - box.width * scale) * align.x - box.x * scale, (height - box.height * scale) * align.y - box.y * scale)
    }

    /// The contour moved where the raster wobble shows it, fitted back to curves. The
    /// flattened contour is first divided so no two points are more than an eighth of
    /// the field's shortest undulation apart: a straight line flattens to its two ends,
    /// and the wobble bends it between them.
    static func wobbled(_ contour: Contour, by field: DisplacementField) -> Contour {
        let flat = contour.flattened(tolerance: flatness)
        let step = divisionStep(field)
        var points: [VectorPoint] = [], corners: [Bool] = []
        let count = flat.points.count
        points.reserveCapacity(count)
        corners.reserveCapacity(count)
        for index in 0..<count {
            let point = flat.points[index]
            points.append(point)
            corners.append(flat.corners[index])
            guard index + 1 < count || contour.isClosed else { break }
            let next = flat.points[(index + 1) % count]
            let pieces = Int((point.distance(to: next) / step).rounded(.up))
            for piece in stride(from: 1, to: pieces, by: 1) {
                points.append(point.lerp(next, Double(piece) / Double(pieces)))
                corners.append(false)
            }
        }
        // Each point's search starts from its neighbour's displacement, a step away.
        var near = (dx: 0.0, dy: 0.0)
        let moved = points.map { point in
            let shown = field.wobbled(x: point.x, y: point.y, near: near)
            near = (point.x - shown.x, point.y - shown.y)
            return VectorPoint(x: shown.x, y: shown.y)
        }
        return CurveFit.fit(moved, corners: corners, closed: contour.isClosed, tolerance: fitTolerance)
    }

    /// The vector image: an SVG of the icon's size in points, one `<path>` a fill and a
    /// stroke's outline, `currentColor` in the palette's `ink`.
    package func svg(ink: RGBA) -> String {
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pointWidth)\" height=\"\(pointHeight)\" viewBox=\"0 0 \(pointWidth) \(pointHeight)\">\n"
        for (shape, data) in zip(image, imagePathData) where !data.isEmpty {
            text += "  <path d=\"\(data)\"\(Self.attributes(shape.paint, ink: ink))/>\n"
        }
        return text + "</svg>\n"
    }

    /// The paint as SVG attributes, each only where it differs from SVG's initial value.
    static func attributes(_ paint: SVGDrawing.Paint, ink: RGBA) -> String {
        func colour(_ value: String?) -> String {
            guard let value else { return "none" }
            return value.lowercased() == "currentcolor" ? "#" + ink.hexDigits : value
        }
        var text = " fill=\"\(colour(paint.fill))\""
        if paint.fillRule != "nonzero" { text += " fill-rule=\"\(paint.fillRule)\"" }
        if paint.fillOpacity < 1 { text += " fill-opacity=\"\(Format.number(paint.fillOpacity, decimals: 4))\"" }
        guard paint.stroke != nil, paint.strokeWidth > 0 else { return text }
        text += " stroke=\"\(colour(paint.stroke))\" stroke-width=\"\(Format.number(paint.strokeWidth, decimals: 4))\""
        if paint.lineCap != "butt" { text += " stroke-linecap=\"\(paint.lineCap)\"" }
        if paint.lineJoin != "miter" { text += " stroke-linejoin=\"\(paint.lineJoin)\"" }
        if paint.lineJoin == "miter" && paint.miterLimit != 4 { text += " stroke-miterlimit=\"\(Format.number(paint.miterLimit))\"" }
        return text
    }
}
