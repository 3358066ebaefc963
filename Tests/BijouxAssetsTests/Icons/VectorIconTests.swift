import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

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
            let points =
                vector.shapes.flatMap(\.contours).reduce(0) { $0 + VectorIcon.cost($1, field) }
                + vector.image.flatMap(\.contours).reduce(0) { $0 + VectorIcon.cost($1, field) }
            #expect(points < 5_000, "\(name): \(points) points")
            #expect(drawing.viewBox.map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 24, 24])
            #expect(!drawing.shapes.isEmpty)
            for shape in drawing.shapes {
                #expect(shape.paint == SVGDrawing.Paint(fill: nil, stroke: "currentColor", strokeWidth: 1.75, lineCap: "round", lineJoin: "round"))
            }
        }
    }

    /// A drawing whose flattened points would pass the cap is refused before they are
    /// moved: a line a hundred kilometres of points long, in a 24 pt icon.
    @Test func aDrawingTooDetailedIsRefusedAtItsShape() throws {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n<path d=\"M1 1h3\"/>\n<path d=\"M0 0L1e5 0\"/></svg>"
        let drawing = try #require(SVGSafety.check(Array(text.utf8), readingDrawing: true).drawing)
        #expect {
            try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: .standard(seed: 1), file: "x.svg")
        } throws: { error in
            "\(error)".contains("x.svg:3:1: the drawing is too detailed")
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
