import Testing

@testable import BijouxCore
@testable import BijouxSVG

/// SVG path data to cubic contours: every command, the grammar's packing, arcs, errors
/// with their byte offsets, and the compact text written back.
@Suite("Vector path data")
struct VectorPathDataTests {
    static func parse(_ text: String) -> [Contour] {
        do { return try PathData.parse(text) } catch {
            Issue.record("\(text): \(error)")
            return []
        }
    }

    /// The end points of every segment, contour by contour.
    static func ends(_ contours: [Contour]) -> [[VectorPoint]] {
        contours.map { c in [c.segments[0].from] + c.segments.map(\.to) }
    }

    static func p(_ x: Double, _ y: Double) -> VectorPoint { VectorPoint(x, y) }

    @Test func linesInEveryFormAreCubicsWithControlsAtThirds() {
        let absolute = Self.parse("M1 2 L4 2 H7 V5 L1 2")
        #expect(Self.ends(absolute) == [[Self.p(1, 2), Self.p(4, 2), Self.p(7, 2), Self.p(7, 5), Self.p(1, 2)]])
        #expect(absolute[0].segments[0] == CubicSegment(from: Self.p(1, 2), control1: Self.p(2, 2), control2: Self.p(3, 2), to: Self.p(4, 2)))
        #expect(Self.parse("m1 2 l3 0 h3 v3 l-6-3") == absolute)
        // Implicit repeats: pairs after M are L, after m are l, and every command repeats.
        #expect(Self.parse("M1 2 4 2 L7 2 7 5 1 2") == Self.parse("M1 2L4 2L7 2L7 5L1 2"))
        #expect(Self.parse("m1 2 3 0 h1 2 v3") == Self.parse("M1 2L4 2H5H7V5"))
        #expect(absolute[0].isClosed == false)
    }

    @Test func cubicsAndTheirSmoothReflections() {
        let c = Self.parse("M0 0C1 2 3 2 4 0S7-2 8 0s3 2 4 0")[0].segments
        #expect(c.count == 3)
        #expect(c[0] == CubicSegment(from: Self.p(0, 0), control1: Self.p(1, 2), control2: Self.p(3, 2), to: Self.p(4, 0)))
        #expect(c[1] == CubicSegment(from: Self.p(4, 0), control1: Self.p(5, -2), control2: Self.p(7, -2), to: Self.p(8, 0)))
        #expect(c[2] == CubicSegment(from: Self.p(8, 0), control1: Self.p(9, 2), control2: Self.p(11, 2), to: Self.p(12, 0)))
        // After a line, S's first control is the current point.
        let s = Self.parse("M0 0L4 0S7 2 8 0")[0].segments[1]
        #expect(s.control1 == Self.p(4, 0))
        #expect(Self.parse("m0 0c1 2 3 2 4 0 1-2 3-2 4 0") == Self.parse("M0 0C1 2 3 2 4 0C5-2 7-2 8 0"))
    }

    /// Quadratics become the cubic tracing the same curve, T reflecting Q's control.
    @Test func quadraticsAreElevatedExactly() {
        let segments = Self.parse("M0 0Q2 4 4 0T8 0t4 0")[0].segments
        #expect(segments.count == 3)
        let quads: [(VectorPoint, VectorPoint, VectorPoint)] = [
            (Self.p(0, 0), Self.p(2, 4), Self.p(4, 0)), (Self.p(4, 0), Self.p(6, -4), Self.p(8, 0)), (Self.p(8, 0), Self.p(10, 4), Self.p(12, 0)),
        ]
        for (segment, (a, q, b)) in zip(segments, quads) {
            for i in 0...10 {
                let t = Double(i) / 10, s = 1 - t
                let expected = a * (s * s) + q * (2 * s * t) + b * (t * t)
                #expect(segment.point(at: t).distance(to: expected) < 1e-12)
            }
        }
        #expect(Self.parse("M0 0L4 0T8 0")[0].segments[1].control1 == Self.p(4, 0), "T after a line: control at the current point")
    }

    @Test func packedNumbersFollowTheGrammar() {
        #expect(Self.ends(Self.parse("M1.5.5-1-2")) == [[Self.p(1.5, 0.5), Self.p(-1, -2)]])
        #expect(Self.ends(Self.parse("M1e1-2E-1,+3 .5")) == [[Self.p(10, -0.2), Self.p(3, 0.5)]])
        #expect(Self.ends(Self.parse("M0,0\tl1\n2\r\n,3 4")) == [[Self.p(0, 0), Self.p(1, 2), Self.p(4, 6)]])
        #expect(Self.ends(Self.parse("M5.0.1 2.3.4")) == [[Self.p(5, 0.1), Self.p(2.3, 0.4)]])
    }

    /// Arc flags need no separator: "a2 2 0 0 1 4-.6" and "a1 1 0 104 0" (large 1, sweep 0, to 4 0).
    @Test func arcsWithPackedFlagsLieOnTheirCircles() throws {
        let a = Self.parse("M0 0a2 2 0 0 1 4-.6")[0].segments
        #expect(a.first?.from == Self.p(0, 0) && a.last?.to == Self.p(4, -0.6))
        // Radius 1 cannot reach 4 away: scaled up to 2, a half circle around (2, 0) below the chord (sweep 0).
        let b = Self.parse("M0 0a1 1 0 104 0")[0].segments
        #expect(b.count == 2)
        #expect(b[1].to == Self.p(4, 0))
        for segment in b {
            for i in 0...20 {
                let q = segment.point(at: Double(i) / 20)
                #expect(abs(q.distance(to: Self.p(2, 0)) - 2) < 2 * 0.00028, "a cubic arc's radial error is under 0.028 %")
                #expect(q.y >= -1e-12)
            }
        }
        #expect(b[0].to.distance(to: Self.p(2, 2)) < 1e-12)
        // Sweep 1 goes over the top; the large arc with a radius of 5 takes more than a half circle, in 4 pieces.
        #expect(Self.parse("M0 0A2 2 0 0 1 4 0")[0].segments[0].to.distance(to: Self.p(2, -2)) < 1e-12)
        #expect(Self.parse("M0 0A5 5 0 1 1 4 0")[0].segments.count == 4)
        #expect(Self.parse("M0 0A5 5 0 0 1 4 0")[0].segments.count == 1)
    }

    @Test func degenerateAndRotatedArcs() {
        #expect(Self.parse("M0 0A0 5 0 0 1 3 4")[0].segments == [.line(Self.p(0, 0), Self.p(3, 4))], "a zero radius is a line")
        #expect(Self.parse("M1 1A2 2 0 0 1 1 1").isEmpty, "coinciding ends draw nothing")
        // An ellipse turned 90° is the ellipse with its radii swapped.
        let turned = Self.parse("M0 0A4 2 90 0 1 3 5")[0].segments, swapped = Self.parse("M0 0A2 4 0 0 1 3 5")[0].segments
        #expect(turned.count == swapped.count)
        for (s, t) in zip(turned, swapped) {
            for q in [(s.control1, t.control1), (s.control2, t.control2), (s.to, t.to)] { #expect(q.0.distance(to: q.1) < 1e-12) }
        }
        let thirty = Arcs.cosSin(degrees: 30), minus = Arcs.cosSin(degrees: -750)
        #expect(abs(thirty.cos - 0.8660254037844386) < 1e-16 && abs(thirty.sin - 0.5) < 1e-16)
        #expect(abs(minus.cos - 0.8660254037844386) < 1e-16 && abs(minus.sin + 0.5) < 1e-16)
        #expect(Arcs.cosSin(degrees: 180) == (cos: -1, sin: 0))
    }

    @Test func closingAndSubpaths() {
        let contours = Self.parse("M0 0L4 0L4 4Z l0 4 M10 10h1z")
        #expect(contours.count == 3)
        #expect(contours[0].isClosed && contours[0].segments.count == 3, "Z adds the side back to the start")
        #expect(contours[0].segments[2].to == Self.p(0, 0))
        #expect(contours[1].segments[0].from == Self.p(0, 0) && contours[1].segments[0].to == Self.p(0, 4), "after Z the pen is at the start")
        #expect(contours[2].isClosed && contours[2].segments.count == 2)
        #expect(Self.parse("M0 0 L4 0 4 4 0 0 Z")[0].segments.count == 3, "no extra side when already back")
        #expect(Self.parse("M1 1 M2 2 L3 3").count == 1, "a lone moveto draws nothing")
        #expect(Self.parse("").isEmpty && Self.parse("  ").isEmpty)
    }

    @Test(arguments: [
        ("M0 0L", 5, "expected a number after 'L'"),
        ("M0 0L1", 6, "expected a number after 'L'"),
        ("M0 0X1 2", 4, "unknown command 'X'"),
        ("L0 0", 0, "the first command must be 'M' or 'm'"),
        ("M0 0A1 1 0 2 0 1 1", 11, "expected a flag (0 or 1) after 'A'"),
        ("M0 0Z1", 5, "unexpected data '1'"),
        ("M 1,,2", 4, "expected a number after 'M'"),
        ("M0 0 L1 . 2", 8, "expected a number after 'L'"),
        ("M0 0 é", 5, "unexpected data 'é'"), ("M0 0 \u{1}", 5, "unexpected data '\\u{1}'"),
    ])
    func errorsCarryTheirByteOffset(text: String, offset: Int, message: String) {
        #expect(throws: PathDataError(offset: offset, message: message)) { try PathData.parse(text) }
    }

    @Test func numbersAreWrittenCompactly() {
        #expect(Format.number(1.23456, decimals: 3) == "1.235")
        #expect(Format.number(2, decimals: 3) == "2")
        #expect(Format.number(-0.0001, decimals: 3) == "0")
        #expect(Format.number(-1.5, decimals: 3) == "-1.5")
        #expect(Format.number(0.05, decimals: 1) == "0.1")
        #expect(Format.number(1234.5, decimals: 0) == "1235")
        #expect(Format.number(-0.007, decimals: 3) == "-0.007")
        #expect(PathData.text(Self.parse("M0 0 L10 0 L10-5z")) == "M0 0C3.333 0 6.667 0 10 0C10-1.667 10-3.333 10-5C6.667-3.333 3.333-1.667 0 0Z")
    }

    static let icons = [
        "M13.5 10.5c-2.7-1.6-4-3-4-4.5a2 2 0 0 1 4-.6a2 2 0 0 1 4 .6c0 1.5-1.3 2.9-4 4.5z",
        "M2.75 14.5h2.9c1.2 0 2.2.4 3.1 1.1l.5.4h2.6a1.3 1.3 0 0 1 0 2.6h-2.6",
        "M2.75 19.75h9.5c.9 0 1.7-.3 2.5-.8l5.3-3.4a1.45 1.45 0 0 0-1.6-2.4l-3.9 2.3",
        "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM8 12q4-6 8 0t8 0",
    ]

    /// Written and read again, contours come back within half the last decimal, and the
    /// text written again is the same text.
    @Test(arguments: icons)
    func textRoundTrips(d: String) throws {
        let contours = Self.parse(d)
        let text = PathData.text(contours)
        let again = try PathData.parse(text)
        #expect(again.count == contours.count)
        for (a, b) in zip(contours, again) {
            #expect(a.isClosed == b.isClosed && a.segments.count == b.segments.count)
            for (s, t) in zip(a.segments, b.segments) {
                for (p, q) in [(s.from, t.from), (s.control1, t.control1), (s.control2, t.control2), (s.to, t.to)] {
                    #expect(abs(p.x - q.x) <= 0.0005 + 1e-12 && abs(p.y - q.y) <= 0.0005 + 1e-12)
                }
            }
        }
        #expect(PathData.text(again) == text)
    }

    @Test func boundsAreTheCurvesTrueExtremes() {
        // A circle of radius 9 around (12, 12): its cubics' extremes are at the quarter points.
        let box = Self.parse("M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z").bounds
        #expect(box == VectorBounds(minX: 3, minY: 3, maxX: 21, maxY: 21))
        // A cubic bulging past its ends: the control points reach y = 4, the curve only 3.
        let bulge = [Contour(segments: [CubicSegment(from: Self.p(0, 0), control1: Self.p(0, 4), control2: Self.p(4, 4), to: Self.p(4, 0))], isClosed: false)]
        #expect(bulge.bounds == VectorBounds(minX: 0, minY: 0, maxX: 4, maxY: 3))
        #expect([Contour]().bounds == nil)
    }
}
