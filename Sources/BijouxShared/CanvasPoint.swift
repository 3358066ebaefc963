/// A point on a canvas, in points, x to the right and y down, as on screen: where the
/// thread runs, where the dish's slots are, and where the tool draws. The package's one
/// point type.
public struct CanvasPoint: Equatable, Hashable, Sendable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge, down.
    public var y: Double

    /// The point at `x`, `y` (points, y down).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`.
    public func distance(to other: CanvasPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
