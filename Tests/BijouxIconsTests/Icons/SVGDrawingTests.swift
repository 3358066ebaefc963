import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit

/// The normalised drawing the vector and symbol forms start from (`SVGDrawing`), pass by
/// pass, each held against the drawing librsvg makes of the original: the original and
/// the drawing written back as plain SVG (one `<path>` a shape, its paint as attributes)
/// are drawn by the tool's renderer at 4 px a point (a master at 24, box-averaged as the
/// bitmaps are) and compared by the goldens' rule (pixelmatch, threshold 0.1). No wobble.
@Suite("SVG drawing")
struct SVGDrawingTests {
    /// The master's pixels a point: 4 px a point once box-averaged by `DrawnIcon.density`.
    static let density = 4 * DrawnIcon.density

    static func svg(_ body: String, root: String = #"width="24" height="24" viewBox="0 0 24 24""#) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\n\(body)\n</svg>\n"
    }

    static func drawing(_ text: String) throws -> SVGDrawing {
        let report = SVGSafety.check(Array(text.utf8), readingDrawing: true)
        #expect(report.problem == nil)
        return try #require(report.drawing)
    }

    static func corpus(_ path: String) throws -> String { String(decoding: try FileIO.read(TestPaths.corpora + "/" + path), as: UTF8.self) }

    /// An export without a size (Noto's emoji: a viewBox 128 wide, so 128 pt) at 32 pt, an
    /// icon's size: the same drawing scaled into its canvas, drawn in a sixteenth of the pixels.
    static func atIconSize(_ text: String) -> String {
        guard let root = text.range(of: "<svg "), !text[root.upperBound...].prefix(while: { $0 != ">" }).contains(" width=") else { return text }
        return text.replacingCharacters(in: root, with: "<svg width=\"32\" height=\"32\" ")
    }

    /// The drawing as plain SVG in a canvas of `width` × `height` points; `fillRule` draws
    /// every fill with that rule (the symbol's is non-zero) instead of its own.
    static func plain(_ drawing: SVGDrawing, width: Int, height: Int, fillRule: String? = nil) -> String {
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        if let box = drawing.viewBox {
            let names = [0: "Min", 0.5: "Mid", 1: "Max"], align = drawing.alignment
            text += " viewBox=\"\(box.x) \(box.y) \(box.width) \(box.height)\""
            text += " preserveAspectRatio=\"x\(names[align.x]!)Y\(names[align.y]!) \(align.slice ? "slice" : "meet")\""
        }
        text += ">\n"
        for shape in drawing.shapes {
            let paint = shape.paint
            text += "<path d=\"\(PathData.text(shape.contours, decimals: 6))\" fill=\"\(paint.fill ?? "none")\" fill-rule=\"\(fillRule ?? paint.fillRule)\""
            text += " fill-opacity=\"\(paint.fillOpacity)\""
            if let stroke = paint.stroke {
                text += " stroke=\"\(stroke)\" stroke-width=\"\(paint.strokeWidth)\" stroke-linecap=\"\(paint.lineCap)\" stroke-linejoin=\"\(paint.lineJoin)\""
                text += " stroke-miterlimit=\"\(paint.miterLimit)\" stroke-opacity=\"\(paint.strokeOpacity)\""
            }
            text += "/>\n"
        }
        return text + "</svg>\n"
    }

    /// How the drawing of `text` (or of `other`) written back, with `fillRule` if given,
    /// differs from librsvg's drawing of `text` itself, by the goldens' rule.
    static func difference(_ text: String, fillRule: String? = nil, drawingOf other: String? = nil, renders: RenderSession) throws -> ImageDifference {
        let drawing = try Self.drawing(other ?? text)
        #expect(drawing.problems.isEmpty, "\(drawing.problems)")
        let original = try renders.render(Array(text.utf8), size: .density(density), ink: DrawnIcon.ink, file: "original.svg")
        let written = Self.plain(drawing, width: original.pointWidth, height: original.pointHeight, fillRule: fillRule)
        let redrawn = try renders.render(Array(written.utf8), size: .density(density), ink: DrawnIcon.ink, file: "drawing.svg")
        return try PixelComparer.compare(
            original.image.boxDownsampled(by: DrawnIcon.density), redrawn.image.boxDownsampled(by: DrawnIcon.density),
            .perceptual(threshold: PixelComparison.defaultThreshold), jobs: 1)
    }

    static func expectSamePicture(_ text: String, fillRule: String? = nil, _ what: String, renders: RenderSession) throws {
        let difference = try Self.difference(text, fillRule: fillRule, renders: renders)
        #expect(difference.matches, "\(what): \(difference.summary)")
    }

    /// Each transform function, on fills and on a stroke under a rotation (which keeps its
    /// width): the geometry lands where librsvg draws it.
    @Test func transformsAreApplied() throws {
        let text = Self.svg(
            """
            <rect x="2" y="2" width="6" height="4" transform="translate(3 1) rotate(30)" fill="currentColor"/>
            <path d="M14 3h6v6z" transform="matrix(1 0 0 -1 0 14)"/>
            <circle cx="6" cy="17" r="3" transform="scale(1.2, 0.8)"/>
            <rect x="11" y="14" width="4" height="4" transform="skewX(20)"/>
            <rect x="16" y="10" width="4" height="3" transform="skewY(-15)"/>
            <path d="M12 21h8" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" transform="rotate(-15 16 21)"/>
            """)
        let renders = RenderSession()
        try Self.expectSamePicture(text, "transforms", renders: renders)
        // It could fail: the shapes without their transforms are another picture.
        let untransformed = text.replacing(#/\stransform="[^"]*"/#, with: "")
        #expect(!(try Self.difference(text, drawingOf: untransformed, renders: renders).matches))
    }

    /// Transforms compose down the groups, the innermost acting first; a stroke under a
    /// rotation and a uniform scale keeps one width, scaled.
    @Test func nestedTransformsCompose() throws {
        let text = Self.svg(
            """
            <g transform="translate(12 12)">
              <g transform="rotate(45) scale(0.5)">
                <rect x="-14" y="-14" width="28" height="28" fill="none" stroke="currentColor" stroke-width="3"/>
                <path d="M-6 0h12" transform="scale(1 -1) translate(0 4)" stroke="currentColor" stroke-width="2"/>
              </g>
            </g>
            """)
        let drawing = try Self.drawing(text)
        #expect(drawing.shapes.map { Format.rounded($0.paint.strokeWidth, decimals: 9) } == [1.5, 1])
        try Self.expectSamePicture(text, "nested transforms", renders: RenderSession())
    }

    /// Style sheet rules, `class` and `style` resolve with CSS's precedence: an attribute
    /// gives way to a rule, a rule to a more specific one or a later one, a rule to
    /// `style`, and everything to `!important`.
    @Test func classRulesResolveWithCSSPrecedence() throws {
        let text = Self.svg(
            """
            <style type="text/css">
              /* as Illustrator writes them */
              .st0{fill:#FF5722;}
              .st1 { fill: none; stroke: currentColor; stroke-width: 2 }
              path.st1, #b { stroke-linecap: round }
              rect { fill: blue }
              #c { fill: green !important }
              .late { fill: #333 } .late { fill: #666 }
            </style>
            <path class="st0" d="M2 2h8v8h-8z"/>
            <path class="st1 other" d="M14 3l6 6"/>
            <rect id="b" class="st1" x="2" y="14" width="6" height="6"/>
            <rect id="c" fill="red" style="fill: yellow" x="10" y="14" width="4" height="4"/>
            <rect fill="red" x="16" y="14" width="4" height="4"/>
            <rect class="st0" style="fill: purple" x="16" y="19" width="4" height="4"/>
            <circle class="late" cx="12" cy="9" r="1.5"/>
            """)
        let drawing = try Self.drawing(text)
        #expect(drawing.shapes.map(\.paint.fill) == ["#FF5722", nil, nil, "green", "blue", "purple", "#666"])
        #expect(drawing.shapes.map(\.paint.lineCap) == ["butt", "round", "round", "butt", "butt", "butt", "butt"])
        try Self.expectSamePicture(text, "class rules", renders: RenderSession())
    }

    /// Figma wraps every export in a clip to its frame; that clip changes nothing and is
    /// dropped. (Written here after Figma's pattern, `<g clip-path="url(#clip0_…)">` and a
    /// white rectangle the frame's size: not a file Figma wrote.)
    @Test func aFrameClipIsDropped() throws {
        let text = """
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="http://www.w3.org/2000/svg">
            <g clip-path="url(#clip0_1021_388)">
            <path d="M12 3L21 20H3L12 3Z" stroke="black" stroke-width="2" stroke-linejoin="round"/>
            <circle cx="12" cy="14" r="2" fill="black"/>
            </g>
            <defs>
            <clipPath id="clip0_1021_388">
            <rect width="24" height="24" fill="white"/>
            </clipPath>
            </defs>
            </svg>
            """
        #expect(try Self.drawing(text).shapes.count == 2)
        try Self.expectSamePicture(text, "frame clip", renders: RenderSession())
    }

    /// An opacity on a group of one painted part, and a fill's own, are carried by the
    /// vector (a path's `fill-opacity`); the symbol, one colour, cannot carry them.
    @Test func opacityIsFoldedIntoThePartItPaints() throws {
        let text = Self.svg(
            """
            <g opacity="0.5"><circle cx="7" cy="7" r="5" fill="currentColor"/></g>
            <path d="M13 13h8v8h-8z" fill="currentColor" fill-opacity=".4" stroke="currentColor" stroke-width="1.5"/>
            <g opacity="0"><path d="M1 20h4" stroke="red"/></g>
            """)
        let drawing = try Self.drawing(text)
        #expect(drawing.shapes.map { [$0.paint.fillOpacity, $0.paint.strokeOpacity] } == [[0.5, 1], [0.4, 1]])
        #expect(drawing.symbolProblems.map(\.location?.line) == [2, 3])
        try Self.expectSamePicture(text, "opacity", renders: RenderSession())
    }

    /// Bootstrap's icons whose even-odd holes the non-zero rule would fill: wound by their
    /// nesting, the drawing filled non-zero (as a symbol is) is librsvg's drawing of the
    /// even-odd original; unwound, it is not.
    @Test(arguments: ["list-task", "easel3", "incognito", "meta", "balloon-heart-fill", "send-arrow-up", "send-arrow-up-fill"])
    func evenOddHolesAreWoundForNonZero(name: String) throws {
        let text = try Self.corpus("bootstrap-icons/\(name).svg")
        let renders = RenderSession()
        try Self.expectSamePicture(text, fillRule: "nonzero", name, renders: renders)
        let unwound = text.replacing("evenodd", with: "nonzero")
        #expect(!(try Self.difference(text, fillRule: "nonzero", drawingOf: unwound, renders: renders).matches))
        // The vector image keeps the even-odd rule.
        try Self.expectSamePicture(text, name, renders: renders)
    }

    /// Real exports: an Illustrator export with `enable-background`, `x="0px"` and fills
    /// in `style` (Noto's cherries), one with `.st0` classes and an opacity in a class
    /// (Noto's 🈁), and Bootstrap's icons with a transform and a `fill-opacity`, each the
    /// same picture as the original; what the symbol cannot carry, by name.
    @Test(arguments: [
        ("noto-emoji/emoji_u1f352.svg", [Int]()), ("noto-emoji/emoji_u1f201.svg", [26]), ("bootstrap-icons/align-top.svg", []),
        ("bootstrap-icons/opencollective.svg", [2]),
    ])
    func realExportsAreCarried(path: String, symbolProblemLines: [Int]) throws {
        let text = Self.atIconSize(try Self.corpus(path))
        let drawing = try Self.drawing(text)
        #expect(drawing.problems.isEmpty)
        #expect(drawing.symbolProblems.map { $0.location?.line ?? 0 } == symbolProblemLines)
        try Self.expectSamePicture(text, path, renders: RenderSession())
    }
}
