/// The outline of a stroked contour, as closed contours to fill with the nonzero rule.
///
/// Outlines of one centreline at several widths (a symbol's Ultralight, Regular and Black)
/// are made in one call and match point for point, so they can be interpolated: their
/// structure (how many contours, how many segments each, in what order) depends on the
/// centreline, the cap, the join, the thinnest width and whether a closed stroke's inside
/// shows at the reference width, never on one width alone. Each
/// centreline cubic, cut where it bends more than 30°, gives one offset cubic per piece and
/// side; each node where the centreline turns gets a join of two segments per side; each
/// cap a fixed number of segments.
enum Stroker {
    enum Cap: Sendable { case butt, round, square }
    enum Join: Sendable { case miter, round, bevel }

    /// Exact offset points sampled per cubic for its offset's least-squares fit.
    static let offsetSamples = 8

    /// A node where the centreline turns so little that a join's outer side at the thinnest
    /// width would reach less than this (points) gets no join at any width: the next offset
    /// starts where the last ends. Such nodes (a curve cut in pieces, two fitted cubics
    /// meeting) would otherwise give joins of no length.
    static let smoothJoinReach = 0.001

    /// The outline at one width: `outlines` with one half-width.
    static func outline(_ contour: Contour, halfWidth: Double, cap: Cap, join: Join, miterLimit: Double = 4) -> [Contour] {
        outlines(contour, halfWidths: [halfWidth], cap: cap, join: join, miterLimit: miterLimit)[0]
    }

    /// For an open contour one closed contour a width: the left offset forward (left as seen
    /// on screen, y down), the end cap, the right offset backward, the start cap. For a closed
    /// contour two: the left offset forward and the right offset backward, which wind in
    /// opposite directions so the nonzero rule fills only the band between them (the inner
    /// one as `innerWidths` says). A cap is 1 (butt), 2 (round: quarter arcs) or 3 (square)
    /// segments; a join 2 on each side (outer: a round join's two arcs, a miter's two sides
    /// of its point, or a bevel halved; inner: through the node). Negligible segments
    /// are left out of the centreline (`significant`); one that has nothing else is a dot,
    /// its two caps. `reference` is the index of the width the drawing was drawn at.
    static func outlines(
        _ contour: Contour, halfWidths: [Double], reference: Int = 0, cap: Cap, join: Join, miterLimit: Double = 4
    ) -> [[Contour]] {
        guard let first = contour.segments.first else { return halfWidths.map { _ in [] } }
        let segments = significant(contour.segments, closed: contour.isClosed).flatMap { pieces($0) }
        guard !segments.isEmpty else {
            let ahead = VectorPoint(1, 0)
            return halfWidths.map { h in
                [Contour(segments: capSegments(at: first.from, ahead, h, cap) + capSegments(at: first.from, -ahead, h, cap), isClosed: true)]
            }
        }
        let path = StrokePath(segments, isClosed: contour.isClosed, thinnest: halfWidths.min() ?? 0, join: join, miterLimit: miterLimit)
        guard contour.isClosed else {
            return halfWidths.map { h in
                let left = path.side(h).segments, right = path.side(-h).segments
                let endCap = capSegments(at: segments[segments.count - 1].to, path.ends[segments.count - 1], h, cap)
                let startCap = capSegments(at: segments[0].from, -path.starts[0], h, cap)
                return [Contour(segments: left + endCap + right.reversed().map(\.reversed) + startCap, isClosed: true)]
            }
        }
        // The inner side: right of a clockwise contour (its left normals point out), left of an anticlockwise one.
        let area = Contour.signedArea(segments), innerIsLeft = area < 0
        let inner = area == 0 ? halfWidths : path.innerWidths(halfWidths, reference: reference, inward: innerIsLeft ? 1 : -1, area: area)
        return halfWidths.indices.map { k in
            let left = innerIsLeft ? inner?[k] : halfWidths[k], right = innerIsLeft ? halfWidths[k] : inner?[k]
            var loops: [Contour] = []
            if let left { loops.append(Contour(segments: path.side(left).segments, isClosed: true)) }
            if let right { loops.append(Contour(segments: path.side(-right).segments.reversed().map(\.reversed), isClosed: true)) }
            return loops
        }
    }

    /// A segment whose control polygon is shorter than this (points) is left out of a
    /// centreline: its offset would be as short, a segment of no length once written.
    static let negligibleLength = 0.0001

    /// The segments without the negligible ones, each kept one starting where the last
    /// kept one ends (and, `closed`, the last ending where the first starts).
    static func significant(_ segments: [CubicSegment], closed: Bool) -> [CubicSegment] {
        var kept: [CubicSegment] = []
        for segment in segments {
            let length =
                segment.from.distance(to: segment.control1) + segment.control1.distance(to: segment.control2)
                + segment.control2.distance(to: segment.to)
            guard length >= negligibleLength else { continue }
            kept.append(kept.last.map { segment.withStart($0.to) } ?? segment)
        }
        if closed, let first = kept.first { kept[kept.count - 1] = kept[kept.count - 1].withEnd(first.from) }
        return kept
    }

    /// The most segments `outlines` gives the contour at one width, for budgets: a piece
    /// and a join a side, and two caps.
    static func segmentCount(_ contour: Contour) -> Int { 6 * pieceCount(contour) + 6 }

    /// The pieces (`pieces`) of the contour's segments that have length.
    static func pieceCount(_ contour: Contour) -> Int {
        significant(contour.segments, closed: contour.isClosed).reduce(0) { $0 + pieces($1).count }
    }

    /// The largest turn of the tangent along a piece that is offset as one cubic: cos 30°.
    static let pieceTurnCosine = 0.8660254037844387

    /// A centreline cubic cut in halves (up to 16 pieces) until no piece's tangent turns by
    /// more than 30°: one cubic cannot follow the offset of a tighter bend (a 160° bend is
    /// off by 6 % of the half-width). The cut depends on the centreline alone, so the
    /// structure still does not depend on the width; a cut node is smooth, so its joins are
    /// degenerate (two points where the offsets meet).
    static func pieces(_ segment: CubicSegment, depth: Int = 0) -> [CubicSegment] {
        guard depth < 4, let start = segment.startTangent else { return [segment] }
        var turns = false
        for i in 1...8 {
            let t = segment.derivative(at: Double(i) / 8).normalized ?? start
            if t.dot(start) < pieceTurnCosine { turns = true }
        }
        guard turns else { return [segment] }
        let (a, b) = segment.split(at: 0.5)
        return pieces(a, depth: depth + 1) + pieces(b, depth: depth + 1)
    }

    /// Each segment's unit tangents at its start and end; a segment without a direction
    /// (zero length) borrows its neighbours', and a contour without any points right (+x),
    /// so a dot with round caps is a circle.
    static func tangents(_ segments: [CubicSegment]) -> (starts: [VectorPoint], ends: [VectorPoint]) {
        var starts = segments.map(\.startTangent), ends = segments.map(\.endTangent)
        var carried: VectorPoint?
        for i in segments.indices {
            if starts[i] == nil { starts[i] = carried }
            if ends[i] == nil { ends[i] = starts[i] }
            carried = ends[i] ?? carried
        }
        carried = nil
        for i in segments.indices.reversed() {
            if ends[i] == nil { ends[i] = carried }
            if starts[i] == nil { starts[i] = ends[i] }
            carried = starts[i] ?? carried
        }
        let fallback = VectorPoint(1, 0)
        return (starts.map { $0 ?? fallback }, ends.map { $0 ?? fallback })
    }

    /// The offset of `segment` by `distance` along its left normal (negative: right) as one
    /// cubic: ends at the exact offset points, leaving and arriving along the centreline's
    /// tangents, handle lengths by least squares against exact offset points sampled along
    /// it. The start is Tiller–Hanson's offset control polygon, whose handles the fit
    /// replaces when its system is sound.
    static func offset(_ segment: CubicSegment, _ t0: VectorPoint, _ t3: VectorPoint, _ distance: Double) -> CubicSegment {
        let start = segment.from + t0.leftNormal * distance, end = segment.to + t3.leftNormal * distance
        var samples: [VectorPoint] = [], parameters: [Double] = []
        samples.reserveCapacity(offsetSamples)
        parameters.reserveCapacity(offsetSamples)
        for j in 1...offsetSamples {
            let u = Double(j) / Double(offsetSamples + 1)
            guard let t = segment.derivative(at: u).normalized else { continue }
            samples.append(segment.point(at: u) + t.leftNormal * distance)
            parameters.append(u)
        }
        let tillerHanson = CubicSegment(
            from: start, control1: start + (segment.control1 - segment.from), control2: end + (segment.control2 - segment.to), to: end)
        guard samples.count >= 2, distance != 0 else { return distance == 0 ? segment : tillerHanson }
        var fitted = CurveFit.handlesByLeastSquares(samples, parameters, start: start, end: end, t0, -t3)
        // Newton steps move each sample to its nearest place on the fitted curve, then refit.
        for _ in 0..<2 {
            parameters = CurveFit.reparameterised(samples, fitted, parameters)
            fitted = CurveFit.handlesByLeastSquares(samples, parameters, start: start, end: end, t0, -t3)
        }
        return fitted
    }

    /// The two segments joining the offsets, at signed `distance` (positive: left), of a
    /// node where the centreline arrives along t1 and leaves along t2. The outer side (left
    /// for a clockwise turn on screen) gets the join's shape; the inner side goes in to the
    /// node and out again, which the nonzero fill covers.
    static func joinSide(
        at node: VectorPoint, _ t1: VectorPoint, _ t2: VectorPoint, _ distance: Double, _ join: Join, _ miterLimit: Double
    ) -> [CubicSegment] {
        let side: Double = distance >= 0 ? 1 : -1
        if (t1.cross(t2) >= 0) == (side > 0) { return outerJoin(node, t1, t2, side, abs(distance), join, miterLimit) }
        return [.line(node + t1.leftNormal * distance, node), .line(node, node + t2.leftNormal * distance)]
    }

    /// The outer side of a join on the side `side` (+1 left, −1 right): two arcs (round),
    /// the two sides of the miter's point, or the bevel's line halved. A miter longer than
    /// `miterLimit` stroke widths (SVG's measure, 1 / sin(half the angle between the
    /// segments)) becomes a bevel: decided by the angle alone, never by the width.
    static func outerJoin(
        _ node: VectorPoint, _ t1: VectorPoint, _ t2: VectorPoint, _ side: Double, _ halfWidth: Double, _ join: Join, _ miterLimit: Double
    ) -> [CubicSegment] {
        let n1 = t1.leftNormal * side, n2 = t2.leftNormal * side
        let a = node + n1 * halfWidth, b = node + n2 * halfWidth
        let mid = (n1 + n2).normalized ?? t1
        switch join {
        case .round:
            let sign: Double = n1.cross(n2) >= 0 ? 1 : -1
            let m = Arcs.bisector(n1, n2, sign: sign, long: false)
            return [Arcs.unitPiece(from: n1, to: m), Arcs.unitPiece(from: m, to: n2)].map { s in
                s.map { node + $0 * halfWidth }
            }
        case .miter, .bevel:
            // The miter's length over the stroke width is 1 / cos(θ/2), cos(θ/2) = mid·n1.
            let cosHalf = mid.dot(n1)
            if join == .miter && cosHalf > 0 && 1 / cosHalf <= miterLimit {
                let tip = node + mid * (halfWidth / cosHalf)
                return [.line(a, tip), .line(tip, b)]
            }
            let centre = a.lerp(b, 0.5)
            return [.line(a, centre), .line(centre, b)]
        }
    }

    /// A cap at `point` where the centreline leaves along `t`: from the left offset to the
    /// right one (seen along t), butt straight across, square around a half-width beyond,
    /// round by two quarter arcs through the point a half-width ahead.
    static func capSegments(at point: VectorPoint, _ t: VectorPoint, _ halfWidth: Double, _ cap: Cap) -> [CubicSegment] {
        let n = t.leftNormal
        let a = point + n * halfWidth, b = point - n * halfWidth
        switch cap {
        case .butt:
            return [.line(a, b)]
        case .square:
            let ahead = t * halfWidth
            return [.line(a, a + ahead), .line(a + ahead, b + ahead), .line(b + ahead, b)]
        case .round:
            return [Arcs.unitPiece(from: n, to: t), Arcs.unitPiece(from: t, to: -n)].map { s in
                s.map { point + $0 * halfWidth }
            }
        }
    }
}
