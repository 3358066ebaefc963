/// An SVG transform matrix [a c e; b d f; 0 0 1]: a point (x, y) goes to
/// (a·x + c·y + e, b·x + d·y + f). Built from `transform` attributes and composed down
/// the tree, so every shape's contours land in the root's user space.
struct AffineTransform: Equatable, Sendable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = AffineTransform()

    /// `self` applied after `inner`: the transform of a child whose own is `inner`.
    func then(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    func apply(_ p: VectorPoint) -> VectorPoint { VectorPoint(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f) }

    var determinant: Double { a * d - b * c }

    /// The factor by which it scales every length when it is a uniform scale with a
    /// rotation (a reflection allowed), the only transforms under which a stroke keeps
    /// one width; nil when it stretches one direction more than another, or skews. Its
    /// two columns must be orthogonal and of one length, to a relative 10⁻⁹.
    var uniformScale: Double? {
        let first = a * a + b * b, second = c * c + d * d
        let tolerance = 1e-9 * max(first, second)
        guard abs(first - second) <= tolerance, abs(a * c + b * d) <= tolerance else { return nil }
        return first.squareRoot()
    }

    /// Whether it leaves everything where it was.
    var isIdentity: Bool { self == .identity }
}

extension Contour {
    /// Every point of the contour moved by `transform`: exact for cubic Béziers, whose
    /// control points an affine map carries with the curve.
    func transformed(_ transform: AffineTransform) -> Contour {
        transform.isIdentity ? self : moved(transform.apply)
    }
}
