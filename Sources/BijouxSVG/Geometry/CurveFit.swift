/// Cubics fitted to a polyline: Schneider's algorithm ("An Algorithm for Automatically
/// Fitting Digitized Curves", Graphics Gems, 1990), written from its description. A run of
/// points between corners is parameterised by chord length and fitted by one cubic whose
/// end points are the run's and whose end tangents are estimated from the points, the two
/// handle lengths by least squares; when the worst point is a little too far, Newton steps
/// move each point's parameter to its nearest place on the curve and the handles are
/// fitted again; when it is still too far the run is split at the worst point, with a
/// shared tangent there so the curve stays smooth, and each half is fitted alike.
///
/// Every control point stays within the box of the points its cubic fits, widened by half
/// its size each way (`VectorBounds.widened`), and so does the cubic: least squares on
/// points nearly in line can make a handle 10¹³ long, and such a handle is cut at the
/// widened box's edge (the run is then split if the cut cubic misses the points). Not the
/// points' own hull or box: the handles of a cubic that follows an arc stand out from the
/// chord by 4/3 of the arc's bulge, beyond both.
enum CurveFit {
    /// Reparameterisation rounds tried before splitting.
    static let newtonRounds = 8

    /// Fits cubics to `points` so every point is within `tolerance` of the result (its
    /// distance to the curve at its own parameter, which bounds the true distance). The
    /// points where `corners` is true stay segment ends, with their tangents unconstrained;
    /// elsewhere the curve is smooth. For `closed`, the last point joins the first (which
    /// need not be repeated), and with no corner the curve is smooth there too.
    static func fit(_ points: [VectorPoint], corners: [Bool], closed: Bool, tolerance: Double) -> Contour {
        var (d, isCorner) = deduplicated(points, corners, closed: closed)
        guard d.count >= 2 else {
            let p = d.first ?? .zero
            return Contour(segments: d.isEmpty ? [] : [.line(p, p)], isClosed: closed)
        }
        var cornerIndices = isCorner.indices.filter { isCorner[$0] }
        if closed {
            // Start at a corner (or anywhere, when smooth), and end back at it.
            let first = cornerIndices.first ?? 0
            d = Array(d[first...] + d[..<first]) + [d[first]]
            let n = isCorner.count
            cornerIndices = cornerIndices.map { ($0 - first + n) % n } + (cornerIndices.isEmpty ? [] : [n])
            if cornerIndices.isEmpty { return fitSmoothLoop(d, tolerance: tolerance) }
        } else {
            // The ends are corners too; the indices stay ascending, without repeats.
            cornerIndices = [0] + cornerIndices.filter { $0 > 0 && $0 < d.count - 1 } + [d.count - 1]
        }
        var segments: [CubicSegment] = []
        for (first, last) in zip(cornerIndices, cornerIndices.dropFirst()) where last > first {
            let t1 = (d[first + 1] - d[first]).normalized ?? VectorPoint(1, 0)
            let t2 = (d[last - 1] - d[last]).normalized ?? VectorPoint(-1, 0)
            fitRun(d, first, last, t1, t2, tolerance, &segments)
        }
        return Contour(segments: segments, isClosed: closed)
    }

    /// A closed run with no corner: the tangent at its start (and end) is estimated from
    /// the points on both sides of it, so the loop is smooth where it closes.
    private static func fitSmoothLoop(_ d: [VectorPoint], tolerance: Double) -> Contour {
        let n = d.count - 1
        let centre = (d[1] - d[n - 1]).normalized ?? (d[1] - d[0]).normalized ?? VectorPoint(1, 0)
        var segments: [CubicSegment] = []
        if n == 2 {
            segments = [.line(d[0], d[1]), .line(d[1], d[2])]
        } else {
            fitRun(d, 0, n, centre, -centre, tolerance, &segments)
        }
        return Contour(segments: segments, isClosed: true)
    }

    /// Merges consecutive equal points (their corner flags or-ed), and for a closed polyline
    /// the trailing points equal to the first.
    private static func deduplicated(_ points: [VectorPoint], _ corners: [Bool], closed: Bool) -> ([VectorPoint], [Bool]) {
        var d: [VectorPoint] = [], c: [Bool] = []
        for (i, p) in points.enumerated() {
            let corner = i < corners.count ? corners[i] : false
            if let last = d.last, last == p {
                c[c.count - 1] = c[c.count - 1] || corner
            } else {
                d.append(p)
                c.append(corner)
            }
        }
        while closed && d.count > 1 && d[d.count - 1] == d[0] {
            c[0] = c[0] || c[c.count - 1]
            d.removeLast()
            c.removeLast()
        }
        return (d, c)
    }

    /// Fits d[first...last] with unit tangents t1 (leaving the first point) and t2
    /// (pointing back from the last), appending its cubics.
    private static func fitRun(
        _ d: [VectorPoint], _ first: Int, _ last: Int, _ t1: VectorPoint, _ t2: VectorPoint, _ tolerance: Double,
        _ out: inout [CubicSegment]
    ) {
        if last - first == 1 {
            let dist = d[first].distance(to: d[last]) / 3
            let box = VectorBounds.around(d[first...last])!.widened
            let alpha1 = min(dist, box.reach(from: d[first], along: t1)), alpha2 = min(dist, box.reach(from: d[last], along: t2))
            out.append(CubicSegment(from: d[first], control1: d[first] + t1 * alpha1, control2: d[last] + t2 * alpha2, to: d[last]))
            return
        }
        let run = Array(d[first...last])
        var u = chordLengthParameters(run)
        var bezier = handlesByLeastSquares(run, u, start: run[0], end: run[run.count - 1], t1, t2)
        var (error, worst) = maxError(run, bezier, u)
        if error <= tolerance {
            out.append(bezier)
            return
        }
        if error <= tolerance * 4 {
            for _ in 0..<newtonRounds {
                u = reparameterised(run, bezier, u)
                bezier = handlesByLeastSquares(run, u, start: run[0], end: run[run.count - 1], t1, t2)
                (error, worst) = maxError(run, bezier, u)
                if error <= tolerance {
                    out.append(bezier)
                    return
                }
            }
        }
        let split = first + worst
        let centre = (d[split - 1] - d[split + 1]).normalized ?? (d[split - 1] - d[split]).normalized ?? t2
        fitRun(d, first, split, t1, centre, tolerance, &out)
        fitRun(d, split, last, -centre, t2, tolerance, &out)
    }

    /// Each point's parameter by its share of the polyline's length up to it.
    static func chordLengthParameters(_ d: [VectorPoint]) -> [Double] {
        var u = [0.0]
        u.reserveCapacity(d.count)
        for i in 1..<d.count { u.append(u[i - 1] + d[i].distance(to: d[i - 1])) }
        let total = u[u.count - 1]
        return total > 0 ? u.map { $0 / total } : d.indices.map { Double($0) / Double(d.count - 1) }
    }

    /// The cubic from `start` to `end` leaving along t1 and arriving against t2 (t2 points
    /// back from the end) whose handle lengths minimise the squared distances from the
    /// points to the curve at their parameters. When the system is singular or a handle
    /// would point backwards, both handles are a third of the chord (Schneider's fallback).
    /// Each handle is then cut where it would leave the widened box of the points, `start`
    /// and `end`.
    static func handlesByLeastSquares(
        _ d: [VectorPoint], _ u: [Double], start: VectorPoint, end: VectorPoint, _ t1: VectorPoint, _ t2: VectorPoint
    ) -> CubicSegment {
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for (p, t) in zip(d, u) {
            let s = 1 - t
            let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
            let a0 = t1 * b1, a1 = t2 * b2
            c00 += a0.dot(a0)
            c01 += a0.dot(a1)
            c11 += a1.dot(a1)
            let rest = p - (start * (b0 + b1) + end * (b2 + b3))
            x0 += a0.dot(rest)
            x1 += a1.dot(rest)
        }
        let det = c00 * c11 - c01 * c01
        let chord = start.distance(to: end)
        var alpha1 = chord / 3, alpha2 = chord / 3
        if abs(det) > 1e-12 * max(c00 * c11, 1e-300) {
            let a1 = (x0 * c11 - x1 * c01) / det, a2 = (c00 * x1 - c01 * x0) / det
            let epsilon = 1e-6 * chord
            if a1 > epsilon && a2 > epsilon || chord == 0 && a1 > 0 && a2 > 0 {
                alpha1 = a1
                alpha2 = a2
            }
        }
        var box = VectorBounds.around(start)
        box.include(end)
        for p in d { box.include(p) }
        alpha1 = min(alpha1, box.widened.reach(from: start, along: t1))
        alpha2 = min(alpha2, box.widened.reach(from: end, along: t2))
        return CubicSegment(from: start, control1: start + t1 * alpha1, control2: end + t2 * alpha2, to: end)
    }

    /// The largest distance from a point to the curve at its parameter, and where (an index
    /// strictly inside the run, where a split can be made).
    static func maxError(_ d: [VectorPoint], _ bezier: CubicSegment, _ u: [Double]) -> (Double, Int) {
        var worst = d.count / 2, largest = 0.0
        for i in 1..<(d.count - 1) {
            let e = bezier.point(at: u[i]).distance(to: d[i])
            if e > largest {
                largest = e
                worst = i
            }
        }
        return (largest, worst)
    }

    /// One Newton–Raphson step per point towards the parameter of its nearest point on the
    /// curve (a root of (Q(u) − P)·Q′(u)), kept within 0…1.
    static func reparameterised(_ d: [VectorPoint], _ bezier: CubicSegment, _ u: [Double]) -> [Double] {
        zip(d, u).map { p, t in
            let q = bezier.point(at: t) - p, q1 = bezier.derivative(at: t), q2 = bezier.secondDerivative(at: t)
            let denominator = q1.dot(q1) + q.dot(q2)
            guard denominator != 0 else { return t }
            return max(0, min(1, t - q.dot(q1) / denominator))
        }
    }
}
