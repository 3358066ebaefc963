/// The vector geometry of a drawn icon: points, cubic Bézier segments and contours in
/// SVG user space (points, y down). Everything here is + − × ÷ and square roots on
/// Doubles, so the same input gives the same bits on every run and every machine.

/// A point in points, y down (SVG user space).
struct VectorPoint: Equatable, Sendable {
    var x: Double
    var y: Double
}

extension VectorPoint {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }

    static let zero = VectorPoint(x: 0, y: 0)

    static func + (a: VectorPoint, b: VectorPoint) -> VectorPoint { VectorPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: VectorPoint, b: VectorPoint) -> VectorPoint { VectorPoint(x: a.x - b.x, y: a.y - b.y) }
    static prefix func - (a: VectorPoint) -> VectorPoint { VectorPoint(x: -a.x, y: -a.y) }
    static func * (a: VectorPoint, s: Double) -> VectorPoint { VectorPoint(x: a.x * s, y: a.y * s) }
    static func * (s: Double, a: VectorPoint) -> VectorPoint { VectorPoint(x: a.x * s, y: a.y * s) }

    func dot(_ b: VectorPoint) -> Double { x * b.x + y * b.y }
    /// The z of the 3-D cross product: positive when `b` turns clockwise from `self` on
    /// screen (y down), i.e. towards +y from +x.
    func cross(_ b: VectorPoint) -> Double { x * b.y - y * b.x }
    var length: Double { (x * x + y * y).squareRoot() }
    func distance(to b: VectorPoint) -> Double { (self - b).length }

    /// The unit vector in this direction, or nil for a (near) zero vector.
    var normalized: VectorPoint? {
        let l = length
        return l > 1e-300 ? VectorPoint(x: x / l, y: y / l) : nil
    }

    /// The normal on the left of travel along this direction as seen on screen (y down):
    /// for a direction to the right (+x) it points up (−y).
    var leftNormal: VectorPoint { VectorPoint(x: y, y: -x) }

    func lerp(_ b: VectorPoint, _ t: Double) -> VectorPoint { VectorPoint(x: x + (b.x - x) * t, y: y + (b.y - y) * t) }
}

/// One cubic Bézier segment.
struct CubicSegment: Equatable, Sendable {
    var from: VectorPoint
    var control1: VectorPoint
    var control2: VectorPoint
    var to: VectorPoint
}

extension CubicSegment {
    /// A straight line as a cubic, its controls at the thirds (so its parameter is its arc length's).
    static func line(_ a: VectorPoint, _ b: VectorPoint) -> CubicSegment {
        CubicSegment(from: a, control1: a.lerp(b, 1.0 / 3), control2: a.lerp(b, 2.0 / 3), to: b)
    }

    func point(at t: Double) -> VectorPoint {
        let s = 1 - t
        let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
        return VectorPoint(
            x: b0 * from.x + b1 * control1.x + b2 * control2.x + b3 * to.x,
            y: b0 * from.y + b1 * control1.y + b2 * control2.y + b3 * to.y)
    }

    /// The first derivative at t.
    func derivative(at t: Double) -> VectorPoint {
        let s = 1 - t
        let d0 = control1 - from, d1 = control2 - control1, d2 = to - control2
        return 3 * (s * s) * d0 + 6 * (s * t) * d1 + 3 * (t * t) * d2
    }

    /// The second derivative at t.
    func secondDerivative(at t: Double) -> VectorPoint {
        let e0 = control2 - control1 * 2 + from, e1 = to - control2 * 2 + control1
        return 6 * (1 - t) * e0 + 6 * t * e1
    }

    /// The unit tangent leaving `from`: towards the first control point distinct from it
    /// (a cubic whose first control sits on its start still leaves towards the second).
    var startTangent: VectorPoint? {
        (control1 - from).normalized ?? (control2 - from).normalized ?? (to - from).normalized
    }

    /// The unit tangent arriving at `to`, in the direction of travel.
    var endTangent: VectorPoint? {
        (to - control2).normalized ?? (to - control1).normalized ?? (to - from).normalized
    }

    /// The two halves of the curve at t (de Casteljau): together they trace it exactly.
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let a = from.lerp(control1, t), b = control1.lerp(control2, t), c = control2.lerp(to, t)
        let ab = a.lerp(b, t), bc = b.lerp(c, t), mid = ab.lerp(bc, t)
        return (CubicSegment(from: from, control1: a, control2: ab, to: mid), CubicSegment(from: mid, control1: bc, control2: c, to: to))
    }

    var reversed: CubicSegment { CubicSegment(from: to, control1: control2, control2: control1, to: from) }

    /// The segment's share of a closed path's signed area, ∫ (x dy − y dx) / 2 along it, in
    /// closed form (positive for a clockwise turn on screen, y down).
    var areaTerm: Double {
        let c01 = from.cross(control1), c02 = from.cross(control2), c03 = from.cross(to)
        let c12 = control1.cross(control2), c13 = control1.cross(to), c23 = control2.cross(to)
        return (6 * c01 + 3 * c02 + c03 + 3 * c12 + 3 * c13 + 6 * c23) / 20
    }

    func map(_ f: (VectorPoint) -> VectorPoint) -> CubicSegment {
        CubicSegment(from: f(from), control1: f(control1), control2: f(control2), to: f(to))
    }

    /// The parameters in (0, 1) where x′ or y′ is zero: with the ends, where the curve's
    /// extremes are. Each coordinate's derivative is a quadratic, solved in closed form.
    func extremaParameters() -> [Double] {
        var result: [Double] = []
        for axis in 0..<2 {
            let p0 = axis == 0 ? from.x : from.y, p1 = axis == 0 ? control1.x : control1.y
            let p2 = axis == 0 ? control2.x : control2.y, p3 = axis == 0 ? to.x : to.y
            // x′(t)/3 = a t² + b t + c
            let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
            let scale = abs(a) + abs(b) + abs(c)
            if scale == 0 { continue }
            if abs(a) <= 1e-12 * scale {
                if b != 0 { result.append(-c / b) }
                continue
            }
            let disc = b * b - 4 * a * c
            if disc < 0 { continue }
            let root = disc.squareRoot()
            // The numerically stable pair of roots.
            let q = -0.5 * (b + (b < 0 ? -root : root))
            result.append(q / a)
            if q != 0 { result.append(c / q) }
        }
        return result.filter { $0 > 0 && $0 < 1 }
    }
}

/// One subpath: consecutive cubic segments (lines become cubics with controls at
/// thirds), open or closed. A closed contour's last segment ends at its first's start.
struct Contour: Equatable, Sendable {
    var segments: [CubicSegment]
    var isClosed: Bool
}

/// An axis-aligned box, in points.
struct VectorBounds: Equatable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    mutating func include(_ p: VectorPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    static func around(_ p: VectorPoint) -> VectorBounds { VectorBounds(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) }

    /// The box of `points`, nil for none.
    static func around(_ points: some Sequence<VectorPoint>) -> VectorBounds? {
        var box: VectorBounds?
        for p in points {
            if box == nil { box = .around(p) } else { box!.include(p) }
        }
        return box
    }

    /// The box grown by half its width on the left and right, half its height above and
    /// below: where a cubic fitted to points in the box may put its handles (a cubic along an
    /// arc reaches 4/3 of the arc's bulge from its chord; one along a line stays on it).
    var widened: VectorBounds {
        let x = (maxX - minX) / 2, y = (maxY - minY) / 2
        return VectorBounds(minX: minX - x, minY: minY - y, maxX: maxX + x, maxY: maxY + y)
    }

    func contains(_ p: VectorPoint) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// How far from `p` (inside the box) along the unit direction `t` the box's edge is:
    /// the longest handle that keeps a control point inside.
    func reach(from p: VectorPoint, along t: VectorPoint) -> Double {
        var reach = Double.infinity
        if t.x > 0 { reach = min(reach, (maxX - p.x) / t.x) } else if t.x < 0 { reach = min(reach, (minX - p.x) / t.x) }
        if t.y > 0 { reach = min(reach, (maxY - p.y) / t.y) } else if t.y < 0 { reach = min(reach, (minY - p.y) / t.y) }
        return max(0, reach)
    }
}

extension Contour {
    /// Every point moved by `move` (e.g. the wobble): ends and control points alike, so a
    /// small smooth displacement keeps the curve's shape; for a large one flatten, move the
    /// points and fit again (`CurveFit`).
    func moved(_ move: (VectorPoint) -> VectorPoint) -> Contour {
        Contour(segments: segments.map { $0.map(move) }, isClosed: isClosed)
    }

    /// The signed area the contour encloses, closed by a straight line if it is open
    /// (positive: clockwise on screen).
    var signedArea: Double { Contour.signedArea(segments) }

    /// The signed area of segments joined end to start by straight lines, the last back
    /// to the first.
    static func signedArea(_ segments: [CubicSegment]) -> Double {
        guard let first = segments.first, let last = segments.last else { return 0 }
        var area = last.to.cross(first.from) / 2
        for (index, segment) in segments.enumerated() {
            area += segment.areaTerm
            if index + 1 < segments.count { area += segment.to.cross(segments[index + 1].from) / 2 }
        }
        return area
    }

    /// Every point that defines the contour, control points included: the curve lies in their hull.
    var points: [VectorPoint] { segments.flatMap { [$0.from, $0.control1, $0.control2, $0.to] } }

    /// The tight bounds of the curves themselves (their true extremes, not their control
    /// points), or nil for a contour without segments.
    var bounds: VectorBounds? {
        guard let first = segments.first else { return nil }
        var box = VectorBounds.around(first.from)
        for segment in segments {
            box.include(segment.to)
            for t in segment.extremaParameters() { box.include(segment.point(at: t)) }
        }
        return box
    }
}

extension Array where Element == Contour {
    /// The tight bounds of all the contours' curves (true extremes), nil when there are none.
    var bounds: VectorBounds? {
        var result: VectorBounds?
        for contour in self {
            guard let box = contour.bounds else { continue }
            guard var r = result else {
                result = box
                continue
            }
            r.include(VectorPoint(box.minX, box.minY))
            r.include(VectorPoint(box.maxX, box.maxY))
            result = r
        }
        return result
    }
}
