import BijouxCore
import BijouxShared

/// The tool's own ways with BijouxKit's point: unlabelled coordinates, and the form
/// messages name a point in, "(40, 297.3)".
extension CanvasPoint: CustomStringConvertible {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }

    /// The point as messages name it, each coordinate to one decimal at most: "(40, 297.3)".
    public var description: String { "(\(Format.number(x, decimals: 1)), \(Format.number(y, decimals: 1)))" }
}

/// A polyline through points, as cairo strokes it (the thread's squiggle).
enum Polyline {
    /// The shortest distance from a point to the polyline through `points`.
    static func distance(from point: CanvasPoint, to points: [CanvasPoint]) -> Double {
        var best = Double.infinity
        for i in 1..<points.count {
            best = min(best, distance(from: point, toSegment: points[i - 1], points[i]))
        }
        return best
    }

    static func distance(from p: CanvasPoint, toSegment a: CanvasPoint, _ b: CanvasPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let f = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return p.distance(to: CanvasPoint(a.x + f * dx, a.y + f * dy))
    }
}
