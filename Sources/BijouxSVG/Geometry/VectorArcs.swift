/// Circular and elliptical arcs as cubics, without a platform's sin, cos or atan2: arcs
/// are split by bisecting unit vectors (a square root), each piece's handle length comes
/// from the half-angle formulas, and the one angle SVG gives in degrees (an ellipse's
/// x-axis rotation) goes through `Arcs.cosSin(degrees:)`, a Taylor series after exact
/// reduction. So an arc's cubics are the same bits on Linux and macOS.
enum Arcs {
    /// The cubic of the arc of the unit circle centred at the origin from unit vector `u` to
    /// unit vector `v` (at most 90° apart), turning the short way: the standard
    /// approximation with handles 4/3·tan(θ/4) long, within 0.03 % of the radius at 90°.
    static func unitPiece(from u: VectorPoint, to v: VectorPoint) -> CubicSegment {
        let c = max(-1, min(1, u.dot(v))), s = abs(u.cross(v))
        // tan(θ/2) = sin θ / (1 + cos θ); tan(θ/4) = tan(θ/2) / (1 + √(1 + tan²(θ/2))).
        let halfTan = s / (1 + c)
        let k = 4.0 / 3 * halfTan / (1 + (1 + halfTan * halfTan).squareRoot())
        // The direction of travel at u (towards v) and at v (onwards).
        let sign: Double = u.cross(v) >= 0 ? 1 : -1
        let tu = VectorPoint(-u.y * sign, u.x * sign), tv = VectorPoint(-v.y * sign, v.x * sign)
        return CubicSegment(from: u, control1: u + tu * k, control2: v - tv * k, to: v)
    }

    /// The unit vector halfway between unit vectors `u` and `v` along the arc that turns
    /// from u by `sign` (+1: towards +y from +x, clockwise on screen) and sweeps more than 180°
    /// when `long`. For opposite vectors the turn's direction decides.
    static func bisector(_ u: VectorPoint, _ v: VectorPoint, sign: Double, long: Bool) -> VectorPoint {
        let turned = VectorPoint(-u.y * sign, u.x * sign)
        guard let mid = (u + v).normalized, (u + v).length > 1e-9 else { return turned }
        return long ? -mid : mid
    }

    /// The pieces (each at most 90°) of the unit-circle arc from u to v turning by `sign`:
    /// 1, 2 or 4 equal pieces by the sweep, found without measuring its angle.
    static func unitArc(from u: VectorPoint, to v: VectorPoint, sign: Double) -> [CubicSegment] {
        let turn = u.cross(v) * sign, c = u.dot(v)
        let straightBack = abs(u.cross(v)) < 1e-12 && c < 0
        if turn >= 0 && c >= 0 && !straightBack { return [unitPiece(from: u, to: v)] }
        if turn > 0 || straightBack {
            let m = bisector(u, v, sign: sign, long: false)
            return [unitPiece(from: u, to: m), unitPiece(from: m, to: v)]
        }
        let m = bisector(u, v, sign: sign, long: true)
        let a = bisector(u, m, sign: sign, long: false), b = bisector(m, v, sign: sign, long: false)
        return [unitPiece(from: u, to: a), unitPiece(from: a, to: m), unitPiece(from: m, to: b), unitPiece(from: b, to: v)]
    }

    /// cos and sin of an angle in degrees: reduced exactly to within ±45° of a multiple of
    /// 90° (so 0, 90, 180… give exact 0 and ±1), then a Taylor series to full precision.
    static func cosSin(degrees: Double) -> (cos: Double, sin: Double) {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        let quadrant = (reduced / 90).rounded()
        let r = (reduced - quadrant * 90) * (Double.pi / 180)
        var c = 1.0, s = r, term = 1.0, sterm = r
        let r2 = r * r
        for n in 1...12 {
            term *= -r2 / Double((2 * n - 1) * (2 * n))
            sterm *= -r2 / Double((2 * n) * (2 * n + 1))
            c += term
            s += sterm
        }
        switch (Int(quadrant) % 4 + 4) % 4 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// SVG's elliptical arc (SVG 1.1 F.6.5–F.6.6) from p1 to p2 as cubics: radii made
    /// positive and scaled up when too small to reach; nothing when the ends coincide; a
    /// line when a radius is zero.
    static func svgArc(
        from p1: VectorPoint, to p2: VectorPoint, rx rxIn: Double, ry ryIn: Double,
        rotation: Double, largeArc: Bool, sweep: Bool
    ) -> [CubicSegment] {
        if p1 == p2 { return [] }
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { return [.line(p1, p2)] }
        let (cosP, sinP) = cosSin(degrees: rotation)
        let hx = (p1.x - p2.x) / 2, hy = (p1.y - p2.y) / 2
        let x1 = cosP * hx + sinP * hy, y1 = -sinP * hx + cosP * hy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let root = (max(0, num / den)).squareRoot() * (largeArc == sweep ? -1 : 1)
        let cx1 = root * rx * y1 / ry, cy1 = -root * ry * x1 / rx
        let centre = VectorPoint(cosP * cx1 - sinP * cy1 + (p1.x + p2.x) / 2, sinP * cx1 + cosP * cy1 + (p1.y + p2.y) / 2)
        let u = VectorPoint((x1 - cx1) / rx, (y1 - cy1) / ry).normalized ?? VectorPoint(1, 0)
        let v = VectorPoint((-x1 - cx1) / rx, (-y1 - cy1) / ry).normalized ?? VectorPoint(-1, 0)
        let toUser = { (p: VectorPoint) -> VectorPoint in
            VectorPoint(centre.x + cosP * rx * p.x - sinP * ry * p.y, centre.y + sinP * rx * p.x + cosP * ry * p.y)
        }
        var pieces = unitArc(from: u, to: v, sign: sweep ? 1 : -1).map { $0.map(toUser) }
        // The ends exactly where the path says, not where the arithmetic lands.
        pieces[0].from = p1
        pieces[pieces.count - 1].to = p2
        return pieces
    }
}
