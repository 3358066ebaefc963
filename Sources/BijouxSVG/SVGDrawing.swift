import BijouxCore

/// An icon's drawing normalised for the vector and symbol forms: plain shapes in the
/// root's user space, each its contours and its paint, in document order. The raster
/// is librsvg's drawing of the SVG as written; this is the same picture in the terms
/// the forms are made of, and tests hold the one to the other.
///
/// Made from the tree the safety check parsed (`SVGTree`), in named passes, as resvg's
/// usvg makes its tree:
/// 1. **styles** (`SVGStyles`): the style sheets, `class` and `style` resolved to each
///    element's properties, with CSS's precedence;
/// 2. **tree** (`DrawingReader`): properties inherited down the groups, `transform`s
///    composed and applied to the geometry, a clip that covers the whole canvas dropped,
///    opacities folded into the one part they paint, basic shapes made contours, and every
///    point checked for range;
/// 3. **holes**: an even-odd fill's contours wound by their nesting depth, so the
///    non-zero rule (the symbol's) fills what the even-odd rule fills.
///
/// What would change the picture if it were left out, and that no pass carries (a mask,
/// a filter, a dash, a clip of part of the canvas, `<use>`, text, an image, a gradient,
/// a stroke stretched by a transform, a selector beyond type, class and id…), is a
/// problem at its line and column, never dropped in silence: `problems` for both forms,
/// `symbolProblems` for what the symbol alone cannot carry (a partial opacity: its
/// template is one colour, each shape drawn whole).
package struct SVGDrawing: Equatable, Sendable {
    /// The user-space rectangle mapped onto the icon's width and height.
    var viewBox: (x: Double, y: Double, width: Double, height: Double)?
    /// How the viewBox is fitted into the canvas (`preserveAspectRatio`).
    var alignment = Alignment()
    var shapes: [Shape] = []
    /// What neither form can carry, in document order.
    var problems: [SVGSafety.Problem] = []
    /// What the symbol template cannot carry, in document order.
    var symbolProblems: [SVGSafety.Problem] = []

    package static func == (a: SVGDrawing, b: SVGDrawing) -> Bool {
        a.shapes == b.shapes && a.alignment == b.alignment && a.problems == b.problems && a.symbolProblems == b.symbolProblems
            && a.viewBox.map { [$0.x, $0.y, $0.width, $0.height] } == b.viewBox.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// Where the viewBox sits in the canvas: the share of the room left over on each axis
    /// that goes before it, and whether it covers the canvas (`slice`) or fits in it.
    struct Alignment: Equatable, Sendable {
        var x = 0.5
        var y = 0.5
        var slice = false
    }

    /// The paint a shape is drawn with, its inherited properties resolved.
    struct Paint: Equatable, Sendable {
        /// A CSS colour as written, `currentColor`, or nil for none.
        var fill: String? = "black"
        var stroke: String?
        var strokeWidth = 1.0
        /// `butt`, `round` or `square`.
        var lineCap = "butt"
        /// `miter`, `round` or `bevel`.
        var lineJoin = "miter"
        var miterLimit = 4.0
        /// `nonzero` or `evenodd`.
        var fillRule = "nonzero"
        /// 0…1, the opacities of the shape and its groups folded in.
        var fillOpacity = 1.0
        var strokeOpacity = 1.0

        init(
            fill: String? = "black", stroke: String? = nil, strokeWidth: Double = 1, lineCap: String = "butt", lineJoin: String = "miter",
            miterLimit: Double = 4, fillRule: String = "nonzero", fillOpacity: Double = 1, strokeOpacity: Double = 1
        ) {
            (self.fill, self.stroke, self.strokeWidth, self.lineCap, self.lineJoin) = (fill, stroke, strokeWidth, lineCap, lineJoin)
            (self.miterLimit, self.fillRule, self.fillOpacity, self.strokeOpacity) = (miterLimit, fillRule, fillOpacity, strokeOpacity)
        }

        /// How many things it paints: its fill, its stroke, both or neither.
        var paintedParts: Int { (fill == nil ? 0 : 1) + (stroke == nil ? 0 : 1) }

        /// Its fill alone, with its rule and opacity: the vector image's path for the fill.
        var fillAlone: Paint { Paint(fill: fill, fillRule: fillRule, fillOpacity: fillOpacity) }

        /// The paint of its stroke's outline, filled in the stroke's colour and opacity; nil
        /// without a stroke.
        var strokeOutline: Paint? { stroke.map { Paint(fill: $0, fillOpacity: strokeOpacity) } }
    }

    struct Shape: Equatable, Sendable {
        /// In the root's user units, every transform applied; an even-odd fill's holes
        /// wound against the contours around them.
        var contours: [Contour]
        var paint: Paint
        /// Where the element starts, and its name, for messages about it.
        var location: SourceLocation?
        var element = "path"
    }

    /// How far outside the canvas a point may lie, in user units, after transforms: far
    /// enough for any drawing, near enough that every later step stays in range.
    static let maxDistance = 1e6

    /// The drawing of `tree`, in its named passes.
    init(_ tree: SVGTree) {
        let styles = SVGStyles(tree)
        var reader = DrawingReader(tree: tree, styles: styles)
        let root = reader.readRoot()
        (viewBox, alignment) = (root.viewBox, root.alignment)
        var read = reader.shapes(of: SVGTree.root, in: DrawingReader.Context())
        problems = (styles.problems + reader.problems).sorted(by: Self.inDocumentOrder)
        symbolProblems = read.indices.compactMap { Self.windHoles(&read[$0]) ?? Self.opacityProblem(read[$0]) }
        shapes = read
    }

    /// The holes pass: an even-odd fill's contours wound so the non-zero rule fills the
    /// same (`woundForNonZero`); the vector image keeps the even-odd rule itself. What
    /// the symbol then cannot carry, or nil.
    static func windHoles(_ shape: inout Shape) -> SVGSafety.Problem? {
        guard shape.paint.fill != nil, shape.paint.fillRule == "evenodd" else { return nil }
        guard let wound = shape.contours.woundForNonZero() else {
            return SVGSafety.Problem(
                message: "<\(shape.element)>: its even-odd fill has too many nested contours to wind its holes for a symbol", location: shape.location)
        }
        shape.contours = wound
        return nil
    }

    /// A partial opacity of `shape`, which the symbol cannot carry, or nil.
    static func opacityProblem(_ shape: Shape) -> SVGSafety.Problem? {
        let paint = shape.paint
        let partial = [(paint.fill, paint.fillOpacity, "its fill"), (paint.stroke, paint.strokeOpacity, "its stroke")].first { $0.0 != nil && $0.1 < 1 }
        guard let (_, opacity, part) = partial else { return nil }
        let drawn = "<\(shape.element)>: \(part) is drawn at \(Format.percent(opacity, decimals: 1)) opacity"
        let why = ", which a symbol cannot carry (its template is one colour, each shape drawn whole)"
        return SVGSafety.Problem(message: drawn + why, location: shape.location)
    }

    /// What the forms cannot carry, in document order: every problem for either form,
    /// and with `symbol`, those of the symbol alone, marked.
    package func problems(symbol: Bool) -> [(problem: SVGSafety.Problem, symbolOnly: Bool)] {
        let found = problems.map { ($0, false) } + (symbol ? symbolProblems.map { ($0, true) } : [])
        return found.sorted { Self.inDocumentOrder($0.0, $1.0) }
    }

    static func inDocumentOrder(_ a: SVGSafety.Problem, _ b: SVGSafety.Problem) -> Bool {
        let (x, y) = (a.location ?? SourceLocation(line: 0, column: 0), b.location ?? SourceLocation(line: 0, column: 0))
        return (x.line, x.column, a.message) < (y.line, y.column, b.message)
    }
}
