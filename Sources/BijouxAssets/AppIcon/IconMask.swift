import BijouxShared
import CCairo

/// A square with circular corners, in a drawing's coordinates: the shape the checks
/// measure against and the previews draw.
struct RoundedSquare: Equatable, Sendable {
    var origin: CanvasPoint
    var side: Double
    var cornerRadius: Double

    init(origin: CanvasPoint, side: Double, cornerRadius: Double) {
        precondition(side > 0 && cornerRadius >= 0 && cornerRadius <= side / 2)
        self.origin = origin
        self.side = side
        self.cornerRadius = cornerRadius
    }

    /// The exact signed distance from the edge: negative inside, positive outside.
    func signedDistance(_ p: CanvasPoint) -> Double {
        let half = side / 2
        let qx = abs(p.x - (origin.x + half)) - (half - cornerRadius)
        let qy = abs(p.y - (origin.y + half)) - (half - cornerRadius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - cornerRadius
    }

    /// The shape shrunk by `margin` all round: every point of it is at least `margin`
    /// inside this one (the inward offset of a circular corner is a circular corner
    /// of a smaller radius, or a sharp one once the margin exceeds the radius).
    func inset(by margin: Double) -> RoundedSquare {
        RoundedSquare(
            origin: CanvasPoint(origin.x + margin, origin.y + margin), side: side - 2 * margin,
            cornerRadius: max(0, cornerRadius - margin))
    }

    /// Adds this shape to the context's path, as a closed outline.
    func addPath(to cr: OpaquePointer) {
        let r = cornerRadius, x0 = origin.x, y0 = origin.y, x1 = origin.x + side, y1 = origin.y + side
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

/// The home screen's icon mask and the safe zone inside it.
///
/// iOS clips the 1024 × 1024 artwork to a rounded square with *continuous* corners
/// (the curvature ramps up instead of jumping as at a circle's tangent point); Apple
/// does not publish the curve. The checks use the usual stand-in: circular corners of
/// radius 22.37 % of the side (229 pt at 1024), the figure widely quoted for the
/// iOS 7+ icon shape and used by design tools to imitate it. It is an approximation:
/// where it and the real curve differ (a few points, near where the corners meet the
/// edges) the safe-zone margin absorbs it.
///
/// The safe zone is the mask inset by 5 % of the side (51.2 pt at 1024, 3 pt on a
/// 60 pt home-screen icon): several times any plausible error of the approximation,
/// and enough room that the thread's rounded end reads as an end rather than being
/// nicked by the corner. The distances are exact for this shape (a signed distance
/// function), and because the safe zone is convex, checking every vertex of the drawn
/// polyline with half the stroke added checks the whole stroke, round caps included.
enum IconMask {
    static let cornerRadiusFraction = 0.2237
    static let safeMarginFraction = 0.05

    /// The mask for an icon `side` points square.
    static func shape(side: Double) -> RoundedSquare {
        RoundedSquare(origin: CanvasPoint(0, 0), side: side, cornerRadius: side * cornerRadiusFraction)
    }

    static func safeMargin(side: Double) -> Double { side * safeMarginFraction }

    /// The mask inset by the safe margin.
    static func safeZone(side: Double) -> RoundedSquare {
        shape(side: side).inset(by: safeMargin(side: side))
    }
}
