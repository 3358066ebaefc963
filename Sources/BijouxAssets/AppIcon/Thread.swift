#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point in a drawing's coordinate space (y grows downwards, as on screen).
public struct Point2D: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

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

/// The gold thread (SPEC, "Le Fil"): the one definition shared by the app icon, its
/// safe-zone checks and every preview, so they can never disagree about where the
/// thread is.
///
/// The base curve is a quadratic Bézier whose endpoints sit at the same height and
/// whose control point is midway between them, so x is linear in t (t *is* the
/// horizontal fraction along the thread) and
///
///     y(t) = height · topFraction + 2 · (1 − t) · t · controlDrop
///
/// (the middle sags by controlDrop / 2). The squiggle the app draws displaces each
/// point of the base curve along its normal by
///
///     w(arc) = sin(arc · 0.16) · 2.1 + sin(arc · 0.31 + 1.7) · 1.1
///
/// where arc is the distance travelled along the base curve in points, so the
/// wavelength is the same number of points on a 160 pt widget and a 1024 pt canvas.
/// The icon is read at 60 pt, where that wobble would look like crimped wire, so it
/// stretches wavelength and amplitude together by one constant:
/// w_stretch(arc) = stretch · w(arc / stretch).
public struct ThreadCurve: Equatable, Sendable {
    /// x of the left and right endpoints, in points.
    public var startX: Double
    public var endX: Double
    /// The canvas height the top fraction is a fraction of, in points.
    public var height: Double
    public var topFraction: Double
    /// Twice the sag at the middle, in points (the Bézier's control point drop).
    public var controlDrop: Double
    /// 1 in the app; the icon's constant in the icon.
    public var stretch: Double

    public init(startX: Double, endX: Double, height: Double, topFraction: Double, controlDrop: Double, stretch: Double = 1) {
        precondition(endX > startX && stretch > 0)
        self.startX = startX
        self.endX = endX
        self.height = height
        self.topFraction = topFraction
        self.controlDrop = controlDrop
        self.stretch = stretch
    }

    /// The app's thread: edge to edge across a canvas `width` points wide.
    public init(width: Double, height: Double, topFraction: Double, controlDrop: Double) {
        self.init(startX: 0, endX: width, height: height, topFraction: topFraction, controlDrop: controlDrop)
    }

    /// The two wobble harmonics (SPEC): amplitude, frequency in radians per point of
    /// arc, phase.
    public static let harmonics: [(amplitude: Double, frequency: Double, phase: Double)] = [
        (2.1, 0.16, 0), (1.1, 0.31, 1.7),
    ]

    /// No point of the true-scale squiggle is further than this from the base curve:
    /// the sum of the harmonics' amplitudes, in points (times the stretch).
    public static let amplitudeBound = 2.1 + 1.1

    /// The perpendicular displacement at `arc` points along the base curve, stretched.
    public static func wobble(arc: Double, stretch: Double = 1) -> Double {
        let a = arc / stretch
        return stretch * (sin(a * 0.16) * 2.1 + sin(a * 0.31 + 1.7) * 1.1)
    }

    public func wobble(arc: Double) -> Double { Self.wobble(arc: arc, stretch: stretch) }

    /// The base curve's y at horizontal fraction t (no wobble): the SPEC's formula.
    public func baseY(t: Double) -> Double {
        height * topFraction + 2 * (1 - t) * t * controlDrop
    }

    public func baseX(t: Double) -> Double { startX + t * (endX - startX) }

    public func basePoint(t: Double) -> Point2D { Point2D(baseX(t: t), baseY(t: t)) }

    /// The horizontal fraction of x (0 at the left endpoint, 1 at the right).
    public func fraction(atX x: Double) -> Double { (x - startX) / (endX - startX) }

    /// Where a charm hangs: the base curve (not the jitter) at the charm's own x.
    public func baseY(atX x: Double) -> Double { baseY(t: fraction(atX: x)) }

    /// The unit normal at t, turned a quarter clockwise from the direction of travel
    /// (left to right), so it points down: a positive wobble moves the thread down.
    public func normal(t: Double) -> Point2D {
        let dx = endX - startX
        let dy = 2 * controlDrop * (1 - 2 * t)
        let length = (dx * dx + dy * dy).squareRoot()
        return Point2D(-dy / length, dx / length)
    }

    /// The squiggle sampled every `spacing` points of arc or closer, from the left
    /// endpoint to the right. Drawing, checks and previews all use these samples.
    public func sampled(spacing: Double = 0.5) -> ThreadPath {
        precondition(spacing > 0)
        // A rough length (64 chords) sets the number of samples; t is then uniform,
        // and the arc is the sum of the chords, which at this spacing is the true arc
        // length to well under a thousandth of a point.
        var rough = 0.0
        var previous = basePoint(t: 0)
        for i in 1...64 {
            let next = basePoint(t: Double(i) / 64)
            rough += previous.distance(to: next)
            previous = next
        }
        let count = max(16, Int((rough / spacing).rounded(.up)))
        var samples: [ThreadSample] = []
        samples.reserveCapacity(count + 1)
        var arc = 0.0
        previous = basePoint(t: 0)
        for i in 0...count {
            let t = Double(i) / Double(count)
            let base = basePoint(t: t)
            arc += previous.distance(to: base)
            previous = base
            let n = normal(t: t)
            let w = wobble(arc: arc)
            samples.append(ThreadSample(
                t: t, arc: arc, base: base, normal: n, wobble: w,
                point: Point2D(base.x + n.x * w, base.y + n.y * w)))
        }
        return ThreadPath(curve: self, samples: samples)
    }
}

/// One sample of the thread: where it is on the base curve and on the squiggle.
public struct ThreadSample: Equatable, Sendable {
    public var t: Double
    /// Distance travelled along the base curve from the left endpoint, in points.
    public var arc: Double
    public var base: Point2D
    public var normal: Point2D
    public var wobble: Double
    /// The squiggle: base + normal · wobble.
    public var point: Point2D
}

/// The sampled squiggle, as the renderer strokes it (a polyline through the samples).
public struct ThreadPath: Sendable {
    public var curve: ThreadCurve
    public var samples: [ThreadSample]

    public var points: [Point2D] { samples.map(\.point) }
    public var length: Double { samples.last?.arc ?? 0 }

    /// Where the squiggle crosses the vertical line at x: the first crossing from the
    /// left (for a thread whose slope stays under about 55° the only one, as the
    /// wobble's steepest slope is 0.16·2.1 + 0.31·1.1 ≈ 0.68 at any stretch), or nil
    /// when x is beyond the thread's ends.
    public func crossing(atX x: Double) -> Point2D? {
        for i in 1..<samples.count {
            let a = samples[i - 1].point, b = samples[i].point
            guard min(a.x, b.x) <= x && x <= max(a.x, b.x) else { continue }
            if a.x == b.x { return Point2D(x, a.y) }
            let f = (x - a.x) / (b.x - a.x)
            return Point2D(x, a.y + f * (b.y - a.y))
        }
        return nil
    }

    /// The squiggle's y where it crosses x; see `crossing(atX:)`.
    public func squiggleY(atX x: Double) -> Double? { crossing(atX: x)?.y }

    /// The shortest distance from a point to the squiggle (the drawn polyline).
    public func distance(from point: Point2D) -> Double {
        var best = Double.infinity
        for i in 1..<samples.count {
            best = min(best, Self.distance(from: point, toSegment: samples[i - 1].point, samples[i].point))
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
