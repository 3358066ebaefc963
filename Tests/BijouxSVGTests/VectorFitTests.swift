import Testing

@testable import BijouxSVG

/// Flattening contours to polylines and fitting cubics back to polylines: both within
/// their tolerance, measured as true distances, with corners kept.
@Suite("Vector flattening and curve fitting")
struct VectorFitTests {
    static let tolerances = [0.1, 0.01, 0.001]

    /// Every point of the curve (1000 samples a segment) is within the tolerance of the polyline.
    @Test(arguments: tolerances)
    func flatteningStaysWithinTolerance(tolerance: Double) {
        var random = VectorRandom(state: 7)
        var contours = (0..<20).map { _ in random.smoothPath(count: 3) }
        contours += try! PathData.parse("M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM2 2h20v20z")
        for contour in contours {
            let (points, corners) = contour.flattened(tolerance: tolerance)
            #expect(points.count == corners.count)
            #expect(points[0] == contour.segments[0].from)
            var worst = 0.0
            for segment in contour.segments {
                for i in 0...1000 {
                    let d = VectorMeasure.distance(segment.point(at: Double(i) / 1000), polyline: points, closed: contour.isClosed)
                    worst = max(worst, d)
                }
            }
            #expect(worst <= tolerance * (1 + 1e-9))
        }
    }

    @Test func flatteningMarksCornersAndNotSmoothJoins() throws {
        let square = try PathData.parse("M2 2h20v20h-20z")[0].flattened(tolerance: 0.01)
        #expect(square.points == [VectorPoint(2, 2), VectorPoint(22, 2), VectorPoint(22, 22), VectorPoint(2, 22)])
        #expect(square.corners == [true, true, true, true])
        let circle = try PathData.parse("M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z")[0].flattened(tolerance: 0.01)
        #expect(!circle.corners.contains(true), "a circle has no corner, not even where it closes")
        #expect(circle.points.last != circle.points.first)
        // Open: both ends are corners; the smooth S join is not, the 90° turn into the line is.
        let open = try PathData.parse("M0 0C1 2 3 2 4 0S7-2 8 0L8 5")[0]
        let flat = open.flattened(tolerance: 0.05)
        #expect(flat.corners.first == true && flat.corners.last == true)
        let cornerPoints = zip(flat.points, flat.corners).filter(\.1).map(\.0)
        #expect(cornerPoints == [VectorPoint(0, 0), VectorPoint(8, 0), VectorPoint(8, 5)])
    }

    /// The largest true distance from an input point to the fitted contour.
    static func worstDistance(_ points: [VectorPoint], _ contour: Contour) -> Double {
        points.reduce(0) { max($0, VectorMeasure.distance($1, contour)) }
    }

    @Test(arguments: [0.05, 0.01])
    func fitsRandomSmoothCurvesWithinTolerance(tolerance: Double) {
        var random = VectorRandom(state: 42)
        for _ in 0..<12 {
            let (points, corners) = random.smoothPath(count: 4).flattened(tolerance: tolerance / 10)
            let fitted = CurveFit.fit(points, corners: corners, closed: false, tolerance: tolerance)
            #expect(Self.worstDistance(points, fitted) <= tolerance)
            #expect(fitted.segments.count * 4 < points.count, "far fewer cubics than points")
            #expect(fitted.segments.first?.from == points.first && fitted.segments.last?.to == points.last)
            for (a, b) in zip(fitted.segments, fitted.segments.dropFirst()) { #expect(a.to == b.from) }
        }
    }

    /// 200 points on a circle: a closed fit of a handful of cubics, smooth where it closes.
    @Test func fitsACircleSmoothly() {
        let points = (0..<200).map { i -> VectorPoint in
            let (c, s) = Arcs.cosSin(degrees: Double(i) * 1.8)
            return VectorPoint(12 + 9 * c, 12 + 9 * s)
        }
        let fitted = CurveFit.fit(points, corners: Array(repeating: false, count: 200), closed: true, tolerance: 0.01)
        #expect(fitted.isClosed)
        #expect(fitted.segments.count <= 16, "a handful of cubics, not one per point")
        #expect(Self.worstDistance(points, fitted) <= 0.01)
        #expect(fitted.segments.last?.to == fitted.segments.first?.from)
        let turn = fitted.segments.last!.endTangent!.dot(fitted.segments.first!.startTangent!)
        #expect(turn > 0.99999, "the tangent is continuous where the loop closes")
    }

    /// A zigzag, densely sampled, with its vertices flagged: every vertex stays a segment end.
    @Test(arguments: [false, true])
    func keepsCorners(closed: Bool) {
        let vertices = [VectorPoint(2, 2), VectorPoint(8, 20), VectorPoint(14, 4), VectorPoint(20, 18), VectorPoint(22, 3)]
        var points: [VectorPoint] = [], corners: [Bool] = []
        let sides = closed ? vertices.count : vertices.count - 1
        for i in 0..<sides {
            for k in 0..<10 {
                points.append(vertices[i].lerp(vertices[(i + 1) % vertices.count], Double(k) / 10))
                corners.append(k == 0)
            }
        }
        if !closed {
            points.append(vertices[vertices.count - 1])
            corners.append(true)
        }
        let fitted = CurveFit.fit(points, corners: corners, closed: closed, tolerance: 0.01)
        let ends = fitted.segments.map(\.to)
        for v in vertices { #expect(ends.contains(v) || fitted.segments.first?.from == v) }
        #expect(fitted.segments.count == sides, "straight sides are one cubic each")
        #expect(Self.worstDistance(points, fitted) <= 1e-9)
    }

    /// The wobble's use: a contour flattened, displaced, and fitted again, twice, bit for bit.
    @Test func fittingIsDeterministic() throws {
        let field = DisplacementField(.standard(seed: 3))
        let contour = try PathData.parse("M13.5 10.5c-2.7-1.6-4-3-4-4.5a2 2 0 0 1 4-.6a2 2 0 0 1 4 .6c0 1.5-1.3 2.9-4 4.5z")[0]
        func run() -> Contour {
            let (points, corners) = contour.flattened(tolerance: 0.01)
            let moved = points.map { p in
                let d = field.displacement(x: p.x, y: p.y)
                return VectorPoint(p.x + d.dx, p.y + d.dy)
            }
            let fitted = CurveFit.fit(moved, corners: corners, closed: true, tolerance: 0.02)
            #expect(Self.worstDistance(moved, fitted) <= 0.02)
            return fitted
        }
        let first = run()
        #expect(first == run())
        #expect(first.segments.count >= 4, "the heart's two cusps and two arcs")
    }

    @Test func degenerateInputs() {
        #expect(CurveFit.fit([], corners: [], closed: false, tolerance: 0.1).segments.isEmpty)
        let dot = CurveFit.fit([VectorPoint(1, 1), VectorPoint(1, 1)], corners: [true, true], closed: false, tolerance: 0.1)
        #expect(dot.segments == [.line(VectorPoint(1, 1), VectorPoint(1, 1))])
        let two = CurveFit.fit([VectorPoint(0, 0), VectorPoint(3, 0)], corners: [true, true], closed: false, tolerance: 0.1)
        #expect(two.segments == [.line(VectorPoint(0, 0), VectorPoint(3, 0))])
    }
}
