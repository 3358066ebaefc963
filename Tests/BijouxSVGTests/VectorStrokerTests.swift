import Testing

@testable import BijouxSVG

/// The stroker: outlines whose structure is the same at every width (so a symbol's weights
/// interpolate), lying a half-width from the centreline, filling exactly the stroke.
@Suite("Vector stroker")
struct VectorStrokerTests {
    static let widths = [0.4, 0.875, 1.6]
    static let caps: [Stroker.Cap] = [.butt, .round, .square]
    static let joins: [Stroker.Join] = [.miter, .round, .bevel]

    static func contours(_ d: String) -> [Contour] { (try? PathData.parse(d)) ?? [] }

    static let icons =
        VectorPathDataTests.icons + [
            "M2 2l0 0", "M4 4h10v6h-4l2 2", "M3 20L12 4L21 20Z", "M2 12c3-6 7-6 10 0s7 6 10 0",
        ]

    /// Made at several widths in one call, the outlines have one structure: a piece and,
    /// where the centreline turns, a join a side, and the caps; no segment of no length at
    /// any width (a join where the centreline goes straight on would be one).
    @Test(arguments: icons)
    func oneStructureAtEveryWidth(d: String) {
        for contour in Self.contours(d) {
            for cap in Self.caps {
                for join in Self.joins {
                    let outlines = Stroker.outlines(contour, halfWidths: Self.widths, reference: 1, cap: cap, join: join)
                    let shapes = outlines.map { $0.map(\.segments.count) }
                    #expect(shapes[0] == shapes[1] && shapes[1] == shapes[2], "\(cap) \(join)")
                    let pieces = Stroker.significant(contour.segments, closed: contour.isClosed).flatMap { Stroker.pieces($0) }
                    let path = StrokePath(pieces, isClosed: contour.isClosed, thinnest: Self.widths[0], join: join, miterLimit: 4)
                    let side = pieces.count + 2 * path.joined.filter { $0 }.count, capSize = cap == .butt ? 1 : cap == .round ? 2 : 3
                    #expect(shapes[0] == (contour.isClosed ? Array(repeating: side, count: shapes[0].count) : [2 * side + 2 * capSize]))
                    let zero = outlines.joined().flatMap { $0.segments }.filter { s in [s.control1, s.control2, s.to].allSatisfy { $0 == s.from } }
                    #expect(zero.isEmpty, "\(cap) \(join): \(zero.count) segments of no length")
                }
            }
        }
    }

    /// Where the centreline goes straight on (a curve's pieces, two cubics meeting
    /// smoothly, a circle's quarters) there is no join: only the offsets.
    @Test func noJoinWhereTheCentrelineGoesStraightOn() {
        let circle = Stroker.outline(Contour.ellipse(cx: 12, cy: 12, rx: 8, ry: 8), halfWidth: 1, cap: .round, join: .round)
        #expect(circle.map(\.segments.count) == [16, 16], "four quarters cut in four pieces each")
        let wave = Self.contours("M2 12c3-6 7-6 10 0s7 6 10 0")[0]
        let s = Stroker.outline(wave, halfWidth: 1, cap: .butt, join: .miter)[0]
        #expect(s.segments.count == 2 * wave.segments.flatMap { Stroker.pieces($0) }.count + 2)
    }

    /// The inner side of a closed stroke: a hole the stroke fills at the reference width
    /// is left out at every width (drawn, its offsets running backwards would open a hole
    /// that is not there); one that closes only at a wider width is held open there, so no
    /// width between them turns it inside out.
    @Test func theInnerSideOfAClosedStroke() {
        let dot = Contour.ellipse(cx: 12, cy: 12, rx: 0.5, ry: 0.5)
        let filled = Stroker.outlines(dot, halfWidths: [0.35, 1, 1.8], reference: 1, cap: .round, join: .round)
        #expect(filled.map(\.count) == [1, 1, 1])
        #expect(VectorMeasure.winding(VectorPoint(12, 12), Stroker.outline(dot, halfWidth: 1, cap: .round, join: .round)) != 0)
        let ring = Contour.ellipse(cx: 12, cy: 12, rx: 1.6, ry: 1.6)
        let held = Stroker.outlines(ring, halfWidths: [0.306, 0.875, 1.575], reference: 1, cap: .round, join: .round)
        #expect(held.map(\.count) == [2, 2, 2])
        let areas = held.map { VectorMeasure.signedArea($0[1]) }
        #expect(areas.allSatisfy { $0 < 0 } && abs(areas[2]) >= abs(VectorMeasure.signedArea(ring)) / 64 * 0.99, "\(areas)")
        let alone = Stroker.outline(ring, halfWidth: 0.875, cap: .round, join: .round)[1]
        #expect(abs(areas[1] - VectorMeasure.signedArea(alone)) < 1e-9)
    }

    /// Indices of the offset cubics in the outline, with round caps, of an open contour
    /// that turns nowhere (so without joins): each side's n, separated by the two-segment caps.
    static func offsetIndices(segments n: Int) -> [Int] { Array(0..<n) + Array((n + 2)..<(2 * n + 2)) }

    /// Smooth centrelines, some bending tightly (a radius of curvature down to 2.3 pt): every sampled
    /// point of an offset cubic is a half-width from the centreline within 0.2 % of it
    /// (measured: 0.13 % on the tight bends here, 0.008 % on a circular arc).
    @Test(arguments: widths)
    func offsetsLieAHalfWidthFromTheCentreline(halfWidth: Double) {
        let curves = [
            "M2 12C6 4 10 4 12 12", "M2 12c3-6 7-6 10 0s7 6 10 0", "M12 3a9 9 0 0 1 9 9", "M3 18C8 3 16 3 21 18", "M3 3L21 21",
        ]
        var worst = 0.0
        for d in curves {
            let contour = Self.contours(d)[0]
            let outline = Stroker.outline(contour, halfWidth: halfWidth, cap: .round, join: .round)[0]
            for index in Self.offsetIndices(segments: contour.segments.flatMap { Stroker.pieces($0) }.count) {
                let segment = outline.segments[index]
                for i in 0...40 {
                    let error = abs(VectorMeasure.distance(segment.point(at: Double(i) / 40), contour) - halfWidth)
                    worst = max(worst, error / halfWidth)
                }
            }
        }
        #expect(worst < 0.002)
    }

    /// Round caps are half circles around the ends, within a cubic arc's 0.03 %.
    @Test(arguments: widths)
    func roundCapsAreSemicircles(halfWidth: Double) {
        let contour = Self.contours("M4 4C8 2 14 10 20 6")[0]
        let outline = Stroker.outline(contour, halfWidth: halfWidth, cap: .round, join: .round)[0]
        let n = outline.segments.count, side = (n - 4) / 2
        let ends = [(contour.segments[0].to, side), (contour.segments[0].from, n - 2)]
        for (centre, first) in ends {
            #expect(outline.segments[first].from.distance(to: centre) - halfWidth < 1e-12)
            for segment in outline.segments[first..<(first + 2)] {
                for i in 0...20 { #expect(abs(segment.point(at: Double(i) / 20).distance(to: centre) - halfWidth) < 0.0003 * halfWidth) }
            }
        }
        let dot = Stroker.outline(Self.contours("M5 5l0 0")[0], halfWidth: halfWidth, cap: .round, join: .round)[0]
        for segment in dot.segments { #expect(abs(segment.point(at: 0.5).distance(to: VectorPoint(5, 5)) - halfWidth) < 0.0003 * halfWidth) }
    }

    /// With round caps and joins the stroke is every point within a half-width of the
    /// centreline: the nonzero winding of the outline is nonzero inside it and zero outside
    /// (points within 0.02 pt of the edge are not judged).
    @Test(arguments: icons)
    func roundStrokesFillExactlyTheStroke(d: String) {
        let halfWidth = 0.875
        for contour in Self.contours(d) {
            let outline = Stroker.outline(contour, halfWidth: halfWidth, cap: .round, join: .round)
            for gx in 0..<60 {
                for gy in 0..<60 {
                    let p = VectorPoint(Double(gx) * 0.4 + 0.13, Double(gy) * 0.4 + 0.17)
                    let distance = VectorMeasure.distance(p, contour)
                    if distance < halfWidth - 0.02 { #expect(VectorMeasure.winding(p, outline) != 0, "\(p) inside") }
                    if distance > halfWidth + 0.02 { #expect(VectorMeasure.winding(p, outline) == 0, "\(p) outside") }
                }
            }
        }
    }

    @Test func miterJoinsAndTheirLimit() {
        let corner = Self.contours("M0 0H10V10")[0]
        let miter = Stroker.outline(corner, halfWidth: 1, cap: .butt, join: .miter)[0]
        // Turning right (clockwise on screen): the left side is outside, its miter tip at (11, −1).
        #expect(miter.segments[1].to == VectorPoint(11, -1))
        // 1/cos 45° ≈ 1.414 exceeds a limit of 1.2: a bevel, halved at the middle of its line.
        let bevel = Stroker.outline(corner, halfWidth: 1, cap: .butt, join: .miter, miterLimit: 1.2)[0]
        #expect(bevel.segments[1].to == VectorPoint(10.5, -0.5))
        // The inner side goes through the node.
        #expect(miter.segments.contains { $0.to == VectorPoint(10, 0) })
    }

    @Test func closedContoursGiveTwoLoopsWindingOppositeWays() {
        let circle = Contour.ellipse(cx: 12, cy: 12, rx: 8, ry: 8)
        let loops = Stroker.outline(circle, halfWidth: 1, cap: .round, join: .round)
        #expect(loops.count == 2)
        #expect(VectorMeasure.signedArea(loops[0]) * VectorMeasure.signedArea(loops[1]) < 0)
        #expect(VectorMeasure.winding(VectorPoint(12, 12), loops) == 0)
        #expect(VectorMeasure.winding(VectorPoint(20, 12), loops) != 0)
    }

    @Test func outlinesAreDeterministic() {
        for d in Self.icons {
            for contour in Self.contours(d) {
                let a = Stroker.outline(contour, halfWidth: 0.875, cap: .round, join: .round)
                #expect(a == Stroker.outline(contour, halfWidth: 0.875, cap: .round, join: .round))
            }
        }
    }

    @Test func basicShapesFollowSVGsEquivalentPaths() {
        let rect = Contour.rect(x: 1, y: 2, width: 10, height: 6, rx: 2)
        #expect(rect.segments.count == 8 && rect.isClosed)
        #expect(rect.segments[0].from == VectorPoint(3, 2) && rect.segments[0].to == VectorPoint(9, 2))
        #expect(rect.segments[1].to == VectorPoint(11, 4), "clockwise on screen: the top right corner next")
        #expect(rect.bounds == VectorBounds(minX: 1, minY: 2, maxX: 11, maxY: 8))
        #expect(Contour.rect(x: 0, y: 0, width: 4, height: 4, rx: 9, ry: 0).segments.count == 4, "a zero radius: square corners")
        #expect(Contour.rect(x: 0, y: 0, width: 0, height: 4).segments.isEmpty)
        let ellipse = Contour.ellipse(cx: 5, cy: 5, rx: 4, ry: 2)
        #expect(ellipse.segments.map(\.to) == [VectorPoint(5, 7), VectorPoint(1, 5), VectorPoint(5, 3), VectorPoint(9, 5)])
        #expect(Contour.polyline([VectorPoint(0, 0), VectorPoint(1, 0), VectorPoint(1, 1)], closed: true).segments.count == 3)
        #expect(Contour.polyline([VectorPoint(0, 0), VectorPoint(1, 0), VectorPoint(0, 0)], closed: true).segments.count == 2)
        #expect(
            Contour.polyline([VectorPoint(0, 0), VectorPoint(2, 2)], closed: false)
                == Contour(segments: [.line(VectorPoint(0, 0), VectorPoint(2, 2))], isClosed: false))
        let moved = ellipse.moved { VectorPoint($0.x + 1, $0.y) }
        #expect(moved.bounds == VectorBounds(minX: 2, minY: 3, maxX: 10, maxY: 7))
    }
}
