import BijouxKit

/// A point in a drawing's coordinate space (y grows downwards, as on screen).
public struct Point2D: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// A point of BijouxKit's thread or dish, on the same canvas.
    public init(_ point: GoldThread.Point) { self.init(point.x, point.y) }

    public func distance(to other: Point2D) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public var description: String { "(\(Self.format(x)), \(Self.format(y)))" }

    /// One decimal, for messages.
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)).0" : "\(tenths)"
    }
}

/// A polyline through points, as cairo strokes it (the thread's squiggle).
public enum Polyline {
    /// The shortest distance from a point to the polyline through `points`.
    public static func distance(from point: Point2D, to points: [Point2D]) -> Double {
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
