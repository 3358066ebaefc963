/// A centreline ready to stroke at several widths: its pieces (`Stroker.pieces`), their
/// tangents, and the nodes that get a join, decided once for every width.
struct StrokePath {
    let segments: [CubicSegment]
    let starts: [VectorPoint]
    let ends: [VectorPoint]
    let isClosed: Bool
    let join: Stroker.Join
    let miterLimit: Double
    /// For the node after each segment: whether it gets a join (false: the next offset
    /// starts where this one ends; always false after an open contour's last segment).
    let joined: [Bool]

    init(_ segments: [CubicSegment], isClosed: Bool, thinnest: Double, join: Stroker.Join, miterLimit: Double) {
        (self.segments, self.isClosed, self.join, self.miterLimit) = (segments, isClosed, join, miterLimit)
        (starts, ends) = Stroker.tangents(segments)
        let n = segments.count
        joined = segments.indices.map { [starts, ends] i in
            guard i + 1 < n || isClosed else { return false }
            // |t1 − t2| is the turn's angle, near enough where it matters (small turns).
            return (ends[i] - starts[(i + 1) % n]).length * thinnest >= Stroker.smoothJoinReach
        }
    }

    /// One side of the stroke at signed `distance` along the left normals (negative: the
    /// right side), forward: each piece's offset, then its join where there is one. And how
    /// far the offsets run along the centreline's chords, added up (negative where the side
    /// has turned inside out, as the inside of a bend tighter than the distance does).
    func side(_ distance: Double) -> (segments: [CubicSegment], forward: Double) {
        let n = segments.count
        var out: [CubicSegment] = [], forward = 0.0
        out.reserveCapacity(3 * n)
        for i in 0..<n {
            var offset = Stroker.offset(segments[i], starts[i], ends[i], distance)
            if i > 0, !joined[i - 1], let last = out.last { offset = offset.withStart(last.to) }
            if let chord = (segments[i].to - segments[i].from).normalized { forward += (offset.to - offset.from).dot(chord) }
            out.append(offset)
            if joined[i] { out += Stroker.joinSide(at: segments[i].to, ends[i], starts[(i + 1) % n], distance, join, miterLimit) }
        }
        if isClosed && !joined[n - 1] { out[0] = out[0].withStart(out[out.count - 1].to) }
        return (out, forward)
    }

    /// The half-widths the inner side of a closed stroke is made at, or nil when it is left
    /// out at every width. `inward` is the inner side's sign (+1: left), `area` the
    /// centreline's signed area. Where the inner side has turned inside out at the
    /// reference width (the stroke covers the whole inside: its offsets run backwards), it
    /// is left out, as a hole that is not there. Otherwise, with several widths, each is held
    /// where the side still keeps its shape (its offsets running forward over at least an
    /// eighth of the centreline's length, enclosing at least 1/64 of its area on the same
    /// side), so no weight between them passes through an inside-out contour.
    func innerWidths(_ halfWidths: [Double], reference: Int, inward: Double, area: Double) -> [Double]? {
        guard side(inward * halfWidths[reference]).forward > 0 else { return nil }
        let chords = segments.reduce(0) { $0 + $1.from.distance(to: $1.to) }
        func holds(_ halfWidth: Double) -> Bool {
            let (inner, forward) = side(inward * halfWidth)
            return forward > chords / 8 && Contour.signedArea(inner) * area >= area * area / 64
        }
        guard halfWidths.count > 1, let widest = halfWidths.max(), !holds(widest) else { return halfWidths }
        var low = 0.0, high = widest
        for _ in 0..<16 {
            let middle = (low + high) / 2
            if holds(middle) { low = middle } else { high = middle }
        }
        return halfWidths.map { min($0, low) }
    }
}

extension Stroker {
    /// A filled contour moved by each of `distances` along its left normals (positive:
    /// outwards for a clockwise contour), all of one structure: each piece (`pieces`)
    /// offset as one cubic, and at each node the two neighbours meeting at their miter
    /// point (at most `miterLimit` distances from the node), so no segment is added and at
    /// distance 0 it is the contour itself. An open contour is closed first, as a fill
    /// closes it. `holds`: for each distance, whether the moved contour keeps its shape
    /// (its offsets run forward over at least an eighth of its length, and it encloses at
    /// least 1/64 of its area on the same side).
    static func parallels(_ contour: Contour, distances: [Double], miterLimit: Double = 4) -> (contours: [Contour], holds: [Bool]) {
        var segments = significant(contour.segments, closed: false)
        if let first = segments.first, let last = segments.last, last.to != first.from {
            if last.to.distance(to: first.from) >= negligibleLength {
                segments.append(.line(last.to, first.from))
            } else {
                segments[segments.count - 1] = last.withEnd(first.from)
            }
        }
        let pieces = segments.flatMap { Self.pieces($0) }
        guard !pieces.isEmpty else { return (distances.map { _ in Contour(segments: [], isClosed: true) }, distances.map { _ in true }) }
        let (starts, ends) = tangents(pieces)
        let area = Contour.signedArea(pieces), chords = pieces.reduce(0) { $0 + $1.from.distance(to: $1.to) }
        var contours: [Contour] = [], holds: [Bool] = []
        for distance in distances {
            var moved = pieces.indices.map { offset(pieces[$0], starts[$0], ends[$0], distance) }
            for i in pieces.indices {
                let next = (i + 1) % pieces.count
                let corner = miterPoint(at: pieces[i].to, ends[i], starts[next], distance, miterLimit)
                moved[i] = moved[i].withEnd(corner)
                moved[next] = moved[next].withStart(corner)
            }
            var forward = 0.0
            for (piece, segment) in zip(pieces, moved) {
                if let chord = (piece.to - piece.from).normalized { forward += (segment.to - segment.from).dot(chord) }
            }
            contours.append(Contour(segments: moved, isClosed: true))
            holds.append(forward > chords / 8 && Contour.signedArea(moved) * area >= area * area / 64)
        }
        return (contours, holds)
    }

    /// Where the offsets at `distance` of a node's two sides meet: along the bisector of
    /// their normals, at most `miterLimit` distances from the node.
    static func miterPoint(at node: VectorPoint, _ t1: VectorPoint, _ t2: VectorPoint, _ distance: Double, _ miterLimit: Double) -> VectorPoint {
        let n1 = t1.leftNormal, n2 = t2.leftNormal
        guard let mid = (n1 + n2).normalized else { return node + n1 * distance }
        return node + mid * (distance / max(mid.dot(n1), 1 / max(miterLimit, 1)))
    }
}

extension CubicSegment {
    /// The segment with its start moved to `p`, its first handle moved with it.
    func withStart(_ p: VectorPoint) -> CubicSegment { CubicSegment(from: p, control1: control1 + (p - from), control2: control2, to: to) }

    /// The segment with its end moved to `p`, its second handle moved with it.
    func withEnd(_ p: VectorPoint) -> CubicSegment { CubicSegment(from: from, control1: control1, control2: control2 + (p - to), to: p) }
}
