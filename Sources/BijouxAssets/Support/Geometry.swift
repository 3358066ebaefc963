import BijouxKit

/// A point in a drawing's coordinate space (y grows downwards, as on screen).
package struct Point2D: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double

    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// A point of BijouxKit's thread or dish, on the same canvas.
    package init(_ point: GoldThread.Point) { self.init(point.x, point.y) }

    package func distance(to other: Point2D) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    package var description: String { "(\(Format.number(x, decimals: 1)), \(Format.number(y, decimals: 1)))" }
}

/// A polyline through points, as cairo strokes it (the thread's squiggle).
package enum Polyline {
    /// The shortest distance from a point to the polyline through `points`.
    package static func distance(from point: Point2D, to points: [Point2D]) -> Double {
        var best = Double.infinity
        for i in 1..<points.count {
            best = min(best, distance(from: point, toSegment: points[i - 1], points[i]))
        }
        return best
    }

    static func distance(from p: Point2D, toSegment a: Point2D, _ b: Point2D) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let f = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return p.distance(to: Point2D(a.x + f * dx, a.y + f * dy))
    }
}
