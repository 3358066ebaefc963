@testable import BijouxSVG

/// Measuring helpers for the vector tests: true distances to curves (dense sampling refined
/// by ternary search), winding numbers, and a seeded generator for random curves.
enum VectorMeasure {
    /// The distance from `p` to the cubic: the nearest of 200 samples, then a ternary search
    /// around it (the squared distance is unimodal that close), to about 1e-9.
    static func distance(_ p: VectorPoint, _ segment: CubicSegment) -> Double {
        let n = 200
        var best = 0, bestDistance = Double.infinity
        for i in 0...n {
            let d = segment.point(at: Double(i) / Double(n)).distance(to: p)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        var lo = Double(max(0, best - 1)) / Double(n), hi = Double(min(n, best + 1)) / Double(n)
        for _ in 0..<60 {
            let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
            if segment.point(at: a).distance(to: p) < segment.point(at: b).distance(to: p) { hi = b } else { lo = a }
        }
        return min(bestDistance, segment.point(at: (lo + hi) / 2).distance(to: p))
    }

    static func distance(_ p: VectorPoint, _ contour: Contour) -> Double {
        contour.segments.reduce(Double.infinity) { min($0, distance(p, $1)) }
    }

    static func distance(_ p: VectorPoint, polyline: [VectorPoint], closed: Bool) -> Double {
        var best = Double.infinity
        let count = closed ? polyline.count : polyline.count - 1
        for i in 0..<max(count, 0) {
            best = min(best, segmentDistance(p, polyline[i], polyline[(i + 1) % polyline.count]))
        }
        return polyline.count == 1 ? p.distance(to: polyline[0]) : best
    }

    static func segmentDistance(_ p: VectorPoint, _ a: VectorPoint, _ b: VectorPoint) -> Double {
        let ab = b - a, lengthSquared = ab.dot(ab)
        let t = lengthSquared == 0 ? 0 : max(0, min(1, (p - a).dot(ab) / lengthSquared))
        return p.distance(to: a + ab * t)
    }

    /// The nonzero winding number of `contours` (closed, flattened finely) around `p`.
    static func winding(_ p: VectorPoint, _ contours: [Contour]) -> Int {
        var total = 0
        for contour in contours {
            var points: [VectorPoint] = [contour.segments[0].from]
            for s in contour.segments { for i in 1...64 { points.append(s.point(at: Double(i) / 64)) } }
            for (a, b) in zip(points, points.dropFirst() + [points[0]]) {
                if a.y <= p.y && b.y > p.y && (b - a).cross(p - a) > 0 { total += 1 }
                if a.y > p.y && b.y <= p.y && (b - a).cross(p - a) < 0 { total -= 1 }
            }
        }
        return total
    }

    /// Twice the signed area of a closed contour's control polygon, sampled (positive:
    /// clockwise on screen).
    static func signedArea(_ contour: Contour) -> Double {
        var points: [VectorPoint] = []
        for s in contour.segments { for i in 0..<32 { points.append(s.point(at: Double(i) / 32)) } }
        return zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.cross($1.1) }
    }
}

/// SplitMix64: the same numbers on every run.
struct VectorRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in range.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    mutating func point(_ range: ClosedRange<Double>) -> VectorPoint { VectorPoint(uniform(range), uniform(range)) }

    /// A smooth open path of `count` cubics in a 24 pt box: each joins the last with the
    /// same tangent (the first control mirrors the previous second control).
    mutating func smoothPath(count: Int) -> Contour {
        var segments: [CubicSegment] = []
        var from = point(2...22), control = point(2...22)
        for _ in 0..<count {
            let c2 = point(2...22), to = point(2...22)
            segments.append(CubicSegment(from: from, control1: control, control2: c2, to: to))
            control = to * 2 - c2
            from = to
        }
        return Contour(segments: segments, isClosed: false)
    }
}
