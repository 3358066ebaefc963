/// The direction contours run in, and turning an even-odd fill into a non-zero one: an
/// SF Symbols template fills with the non-zero rule, so a hole drawn the same way round
/// as its outline (which the even-odd rule leaves empty) must run the other way.
extension Contour {
    /// The same curve run the other way.
    var reversed: Contour { Contour(segments: segments.reversed().map(\.reversed), isClosed: isClosed) }
}

extension Array where Element == Contour {
    /// Point-in-polygon tests one winding may make: beyond them (thousands of contours
    /// nested in thousands) it gives up rather than take minutes.
    static let windingBudget = 20_000_000

    /// The contours wound so the non-zero rule fills what the even-odd rule fills, or nil
    /// past `windingBudget`. A contour's parent is the smallest other contour around it;
    /// each contour with a parent runs against it, so where contours nest without
    /// crossing, the winding number is 1 inside an odd number of them and 0 inside an
    /// even one, as the even-odd rule counts. Contours that cross each other or
    /// themselves have no such winding; they are left as they are.
    func woundForNonZero() -> [Contour]? {
        let areas = map(\.signedArea), boxes = map(\.bounds)
        let span = compactMap { $0 }.bounds.map { Swift.max($0.maxX - $0.minX, $0.maxY - $0.minY) } ?? 0
        let polygons = map { $0.flattened(tolerance: Swift.max(span * 1e-4, 1e-9)).points }
        let order = indices.sorted { (abs(areas[$0]), $1) > (abs(areas[$1]), $0) }
        var wound = self, direction = areas.map { $0 < 0 ? -1.0 : 1.0 }, budget = Self.windingBudget
        for (rank, index) in order.enumerated() where areas[index] != 0 {
            guard let box = boxes[index] else { continue }
            var parent: Int?
            for candidate in order[..<rank].reversed() where areas[candidate] != 0 {
                guard let around = boxes[candidate], around.minX <= box.minX, around.minY <= box.minY, around.maxX >= box.maxX, around.maxY >= box.maxY
                else { continue }
                budget -= Swift.min(polygons[index].count, 8) * polygons[candidate].count
                guard budget >= 0 else { return nil }
                if Self.isInside(polygons[index], polygons[candidate]) {
                    parent = candidate
                    break
                }
            }
            guard let parent, direction[index] == direction[parent] else { continue }
            wound[index] = self[index].reversed
            direction[index] = -direction[index]
        }
        return wound
    }

    /// Whether most of (up to) eight points spread along `inner` lie inside the polygon
    /// `outer`: a point that lies on `outer` (where they touch) does not decide.
    static func isInside(_ inner: [VectorPoint], _ outer: [VectorPoint]) -> Bool {
        guard !inner.isEmpty, outer.count > 2 else { return false }
        let step = Swift.max(1, inner.count / 8)
        let samples = stride(from: 0, to: inner.count, by: step).prefix(8).map { inner[$0] }
        return samples.filter { contains(outer, $0) }.count * 2 > samples.count
    }

    /// Even-odd containment of `p` in the closed polygon `polygon`.
    static func contains(_ polygon: [VectorPoint], _ p: VectorPoint) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for point in polygon {
            if (point.y > p.y) != (previous.y > p.y), p.x < (previous.x - point.x) * (p.y - point.y) / (previous.y - point.y) + point.x {
                inside.toggle()
            }
            previous = point
        }
        return inside
    }
}
