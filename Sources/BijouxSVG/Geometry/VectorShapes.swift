/// SVG's basic shapes as contours, in the direction and from the start point of their
/// equivalent paths (SVG 2, 10.2–10.6), so a dash or a marker would fall where a browser's
/// does; and a contour flattened to a polyline for curve fitting.
extension Contour {
    /// `<polyline>` (open) and `<polygon>` (closed: a last side back to the first point
    /// unless it is already there), and `<line>` as an open polyline of its two ends.
    /// Fewer than two points draw nothing.
    static func polyline(_ points: [VectorPoint], closed: Bool) -> Contour {
        guard points.count >= 2 else { return Contour(segments: [], isClosed: closed) }
        var segments = zip(points, points.dropFirst()).map { CubicSegment.line($0, $1) }
        if closed && points[points.count - 1] != points[0] { segments.append(.line(points[points.count - 1], points[0])) }
        return Contour(segments: segments, isClosed: closed)
    }

    /// `<rect>`: clockwise on screen from the top edge's left end (after the corner's
    /// rounding). SVG's auto radii: a missing one takes the other's value; both are
    /// clamped to half the side; a zero one means square corners. Nothing when either
    /// side is not positive.
    static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double? = nil, ry: Double? = nil) -> Contour {
        guard width > 0 && height > 0 else { return Contour(segments: [], isClosed: true) }
        let rxAuto = max(0, rx ?? ry ?? 0), ryAuto = max(0, ry ?? rx ?? 0)
        let rX = min(rxAuto, width / 2), rY = min(ryAuto, height / 2)
        let right = x + width, bottom = y + height
        if rX == 0 || rY == 0 {
            let corners = [VectorPoint(x, y), VectorPoint(right, y), VectorPoint(right, bottom), VectorPoint(x, bottom)]
            return polyline(corners, closed: true)
        }
        // A quarter ellipse around a corner's centre, from one unit direction to the next.
        func corner(_ cx: Double, _ cy: Double, _ u: VectorPoint, _ v: VectorPoint) -> CubicSegment {
            Arcs.unitPiece(from: u, to: v).map { VectorPoint(cx + rX * $0.x, cy + rY * $0.y) }
        }
        let up = VectorPoint(0, -1), down = VectorPoint(0, 1), leftward = VectorPoint(-1, 0), rightward = VectorPoint(1, 0)
        let segments: [CubicSegment] = [
            .line(VectorPoint(x + rX, y), VectorPoint(right - rX, y)),
            corner(right - rX, y + rY, up, rightward),
            .line(VectorPoint(right, y + rY), VectorPoint(right, bottom - rY)),
            corner(right - rX, bottom - rY, rightward, down),
            .line(VectorPoint(right - rX, bottom), VectorPoint(x + rX, bottom)),
            corner(x + rX, bottom - rY, down, leftward),
            .line(VectorPoint(x, bottom - rY), VectorPoint(x, y + rY)),
            corner(x + rX, y + rY, leftward, up),
        ]
        return Contour(segments: segments, isClosed: true)
    }

    /// `<ellipse>` and `<circle>` (rx = ry): four quarter arcs clockwise on screen from
    /// the rightmost point (cx + rx, cy). Nothing when a radius is not positive.
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Contour {
        guard rx > 0 && ry > 0 else { return Contour(segments: [], isClosed: true) }
        let directions = [VectorPoint(1, 0), VectorPoint(0, 1), VectorPoint(-1, 0), VectorPoint(0, -1), VectorPoint(1, 0)]
        let segments = (0..<4).map { i in
            Arcs.unitPiece(from: directions[i], to: directions[i + 1]).map { VectorPoint(cx + rx * $0.x, cy + ry * $0.y) }
        }
        return Contour(segments: segments, isClosed: true)
    }

    /// Each segment flattened to a polyline within `tolerance` (no point of the curve is
    /// further than that from the polyline), with the start point included; for a closed
    /// contour the final point (back at the start) is left out. Consecutive equal points are
    /// merged. `corners[i]` is true where a curve fit must keep a segment end: a contour's
    /// ends when open, and every segment end where the tangent turns by more than 10°
    /// (for a closed contour the start counts as the join of the last segment to the first).
    func flattened(tolerance: Double) -> (points: [VectorPoint], corners: [Bool]) {
        guard let first = segments.first else { return ([], []) }
        var points = [first.from], corners = [!isClosed || Self.turns(segments[segments.count - 1], first)]
        for (index, segment) in segments.enumerated() {
            let count = Self.flatteningSteps(segment, tolerance: tolerance)
            for step in 1...count {
                let p = step == count ? segment.to : segment.point(at: Double(step) / Double(count))
                let isLastOfContour = index == segments.count - 1 && step == count
                let corner =
                    step == count
                    && (isLastOfContour ? !isClosed : Self.turns(segment, segments[index + 1]))
                if p == points[points.count - 1] {
                    corners[corners.count - 1] = corners[corners.count - 1] || corner
                } else {
                    points.append(p)
                    corners.append(corner)
                }
            }
        }
        if isClosed && points.count > 1 && points[points.count - 1] == points[0] {
            points.removeLast()
            corners.removeLast()
        }
        return (points, corners)
    }

    /// cos 10°: a join whose tangents' cosine is below this is a corner.
    static let cornerCosine = 0.984807753012208

    /// Whether the path turns by more than 10° from `a`'s end into `b`'s start (a
    /// zero-length segment, which has no direction, counts as a turn).
    static func turns(_ a: CubicSegment, _ b: CubicSegment) -> Bool {
        guard let t1 = a.endTangent, let t2 = b.startTangent else { return true }
        return t1.dot(t2) < cornerCosine
    }

    /// Uniform steps by Wang's formula: with n ≥ √(3·M / (4·tolerance)), M the largest
    /// second difference of the control points, the chords of n equal parameter steps stay
    /// within `tolerance` of the cubic.
    static func flatteningSteps(_ s: CubicSegment, tolerance: Double) -> Int {
        let d1 = s.from - s.control1 * 2 + s.control2, d2 = s.control1 - s.control2 * 2 + s.to
        let m = max(d1.length, d2.length)
        let n = (0.75 * m / max(tolerance, 1e-9)).squareRoot().rounded(.up)
        return Int(max(1, min(n, 10_000)))
    }
}
