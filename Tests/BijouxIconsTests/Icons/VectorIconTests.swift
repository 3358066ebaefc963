import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit

/// The vector form of an icon: the drawing read whole, moved where the raster wobble
/// shows it, and drawn the same as the raster at every size.
@Suite("Icon vectors")
struct VectorIconTests {
    static let names = WobbleTests.names

    static func drawing(_ name: String) throws -> SVGDrawing {
        let drawing = try #require(SVGSafety.check(try FileIO.read(TestPaths.art + "/icons/\(name).svg"), readingDrawing: true).drawing)
        #expect(drawing.problems.isEmpty)
        return drawing
    }

    static func vector(_ name: String, _ wobble: WobbleParameters) throws -> VectorIcon {
        try VectorIcon.make(try drawing(name), pointWidth: 24, pointHeight: 24, wobble: wobble, file: "\(name).svg")
    }

    @Test func theSampleIconsAreReadWhole() throws {
        for name in Self.names {
            let drawing = try Self.drawing(name)
            let field = DisplacementField(WobbleTests.standard(name))
            let vector = try Self.vector(name, WobbleTests.off(name))
            let budget = FormBudget(file: name, field: field)
            let points =
                budget.cost(vector.shapes.flatMap(\.contours)) + budget.cost(vector.image.flatMap(\.contours))
                + vector.shapes.reduce(0) { $0 + SymbolWeights.cost($1) }
            #expect(points < 5_000, "\(name): \(points) points")
            #expect(drawing.viewBox.map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 24, 24])
            #expect(!drawing.shapes.isEmpty)
            for shape in drawing.shapes {
                #expect(shape.paint == SVGDrawing.Paint(fill: nil, stroke: "currentColor", strokeWidth: 1.75, lineCap: "round", lineJoin: "round"))
            }
        }
    }

    /// The drawing of `elements` in a 24 pt icon, one element a line from line 2.
    static func drawing(_ elements: [String]) throws -> SVGDrawing {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n" + elements.joined(separator: "\n") + "</svg>"
        let drawing = try #require(SVGSafety.check(Array(text.utf8), readingDrawing: true).drawing)
        #expect(drawing.problems.isEmpty)
        return drawing
    }

    static let hostile = WobbleParameters(amplitude: 8, wavelength: 1, octaves: 5, seed: 1)

    /// A drawing whose forms would pass the point budget is refused at the shape that
    /// passes it, before the work: a line a hundred thousand points long, with the wobble
    /// on or off (off, 110,000 segments); and the audit's 130-byte triangle at the
    /// wobble's documented extremes (amplitude 8, wavelength 1, 5 octaves), whose symbol
    /// was a 74 MB file after 14 s: past the budget once its symbol's weights are counted;
    /// and two of them, whose vector alone is past the cap on path data.
    @Test func aDrawingTooDetailedIsRefusedAtItsShape() throws {
        let long = try Self.drawing([#"<path d="M1 1h3"/>"#, #"<path d="M0 0L1e5 0"/>"#])
        let many = try Self.drawing([#"<path d="M1 1h3"/>"#, "<path d=\"M0 0" + String(repeating: "h1", count: 110_000) + "\"/>"])
        let triangle = try Self.drawing([#"<path d="M2 2 L22 22 L2 22 Z" fill="none" stroke="black" stroke-width="1.75"/>"#])
        for (drawing, wobble, symbol) in [(long, .standard(seed: 1), false), (many, WobbleTests.off("x"), false), (triangle, Self.hostile, true)] {
            #expect {
                try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: wobble, file: "x.svg", withImage: !symbol, withSymbol: symbol)
            } throws: { error in
                "\(error)".hasPrefix("x.svg:\(symbol ? 2 : 3):1: the drawing is too detailed to carry into a vector or symbol")
            }
        }
        // Two such triangles' vector alone is within the budget, and then past the cap on path data.
        let triangles = try Self.drawing([
            #"<path d="M2 2 L22 22 L2 22 Z" fill="none" stroke="black" stroke-width="1.75"/>"#,
            #"<path d="M3 2 L22 21 L22 2 Z" fill="none" stroke="black" stroke-width="1.75"/>"#,
        ])
        #expect {
            try VectorIcon.make(triangles, pointWidth: 24, pointHeight: 24, wobble: Self.hostile, file: "x.svg", withSymbol: false)
        } throws: { error in
            "\(error)".hasPrefix("x.svg: the vector image would hold over 1024 KiB of path data")
        }
    }

    /// Far-off and overflowing numbers are one error at the shape, never a trap: a point
    /// past ±10⁶ pt once placed (a tiny contour at 10²⁰, whose noise coordinate once made
    /// `Int(x)` trap; a side reaching 10³⁰⁶, which × 1000 in the path data was infinite),
    /// with the wobble on or off, and a stroke 10³⁰⁸ wide.
    @Test(arguments: [
        (#"<path d="M1e20 1e20 l1 0 l0 1 z"/>"#, "a point at (1e+20, 1e+20) pt is out of range"),
        (#"<path d="M0 0 L1e306 0 L0 5 Z"/>"#, "a point at (1e+306, 0) pt is out of range"),
        (#"<path d="M1 1h5" fill="none" stroke="black" stroke-width="1e308"/>"#, "a stroke width of 1e+308 pt is out of range"),
    ])
    func farOffNumbersAreAnErrorNotATrap(element: String, message: String) throws {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n\(element)</svg>"
        // The drawing's reader may refuse such numbers itself, at the element: one error too.
        let report = SVGSafety.check(Array(text.utf8), readingDrawing: true)
        let drawing = try #require(report.drawing)
        for problem in drawing.problems { #expect(problem.location?.line == 2) }
        guard drawing.problems.isEmpty else { return }
        for wobble in [WobbleParameters.standard(seed: 1), WobbleTests.off("x")] {
            #expect {
                try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: wobble, file: "x.svg")
            } throws: { error in
                "\(error)" == "x.svg:2:1: \(message) for a vector or symbol (±1000000 pt once placed)"
            }
        }
    }

    /// Within the point budget, a form's path data is capped too: a fill of 90,000
    /// segments (180 KB of SVG) would be 3 MB of the vector image's path data.
    @Test func aFormsPathDataIsCapped() throws {
        let drawing = try Self.drawing(["<path d=\"M0 0" + String(repeating: "h1", count: 90_000) + "z\"/>"])
        #expect {
            try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: WobbleTests.off("x"), file: "x.svg", withSymbol: false)
        } throws: { error in
            "\(error)" == "x.svg: the vector image would hold over 1024 KiB of path data (an icon's is tens of kilobytes): simplify the drawing"
        }
    }

    /// The inverse of the raster's displacement: p + d(p) lands back on the drawing's point.
    @Test func wobbledPointsLandWhereTheRasterLooks() {
        let field = DisplacementField(.standard(seed: 7))
        var worst = 0.0
        for i in 0..<400 {
            let x = Double(i % 20) * 1.2 + 0.3, y = Double(i / 20) * 1.2 + 0.1
            let p = field.wobbled(x: x, y: y)
            let d = field.displacement(x: p.x, y: p.y)
            worst = max(worst, abs(p.x + d.dx - x), abs(p.y + d.dy - y))
        }
        #expect(worst < 1e-7)
    }

    /// The geometry follows the wobble: within the fit's tolerance of the flattened,
    /// moved points, and moved at all (off, it is the drawing itself).
    @Test func theWobbleMovesTheGeometryAndTheFitFollowsIt() throws {
        let wobble = WobbleTests.standard("give")
        let plain = try Self.vector("give", WobbleTests.off("give")), moved = try Self.vector("give", wobble)
        let field = DisplacementField(wobble)
        var furthest = 0.0
        for (original, fitted) in zip(plain.shapes.flatMap(\.contours), moved.shapes.flatMap(\.contours)) {
            let curve = fitted.flattened(tolerance: 0.0005).points
            for point in original.flattened(tolerance: VectorIcon.flatness).points {
                let target = field.wobbled(x: point.x, y: point.y)
                let gap = Self.distance(from: VectorPoint(x: target.x, y: target.y), to: curve)
                #expect(gap <= VectorIcon.fitTolerance + 0.001)
                furthest = max(furthest, point.distance(to: VectorPoint(x: target.x, y: target.y)))
            }
        }
        #expect(furthest > 0.2)
    }

    /// The distance from `point` to the polyline through `points`.
    static func distance(from point: VectorPoint, to points: [VectorPoint]) -> Double {
        zip(points, points.dropFirst()).map { a, b in
            let ab = b - a, length = ab.dot(ab)
            let t = length > 0 ? min(1, max(0, (point - a).dot(ab) / length)) : 0
            return point.distance(to: a + ab * t)
        }.min() ?? points.first.map { point.distance(to: $0) } ?? .infinity
    }

    @Test func theSameBytesEveryTime() throws {
        for name in Self.names {
            let wobble = WobbleTests.standard(name)
            #expect(try Self.vector(name, wobble).svg(ink: DrawnIcon.ink) == (try Self.vector(name, wobble).svg(ink: DrawnIcon.ink)))
        }
    }

    /// The vector and the raster drawn by librsvg at 24, 48 and 96 pt (one, two and four
    /// pixels a point, each from a master at six times that, box-averaged as the bitmaps
    /// are) agree under the goldens' perceptual rule (pixelmatch, threshold 0.1): no pixel
    /// differs, and none even reaches the threshold, anti-aliased or not.
    @Test(arguments: [1, 2, 4])
    func vectorAndRasterAgree(pixelsPerPoint: Int) throws {
        let renders = RenderSession()
        for name in Self.names {
            let wobble = WobbleTests.standard(name), ink = DrawnIcon.ink, density = DrawnIcon.density * pixelsPerPoint
            let svg = try FileIO.read(TestPaths.art + "/icons/\(name).svg")
            let master = try renders.render(svg, size: .density(density), ink: ink, file: name).image
            let raster = Wobble.apply(DisplacementField(wobble), to: master, density: density).boxDownsampled(by: DrawnIcon.density)
            let vectorSVG = Array(try Self.vector(name, wobble).svg(ink: ink).utf8)
            let vector = try renders.render(vectorSVG, size: .density(density), ink: ink, file: name).image.boxDownsampled(
                by: DrawnIcon.density)
            let difference = try PixelComparer.compare(raster, vector, .perceptual(threshold: PixelComparison.defaultThreshold), jobs: 1)
            #expect(difference.matches, "\(name) @\(pixelsPerPoint): \(difference.summary)")
            #expect(difference.worstDistance < PixelComparison.defaultThreshold, "\(name) @\(pixelsPerPoint): \(difference.summary)")
        }
    }
}
