#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gold thread (SPEC, "Thread recipe"): the one definition the app's Canvas, its
/// widgets, the Dynamic Island and the tool's app icon all draw, so they cannot
/// disagree about where the thread is.
///
/// The base curve is the quadratic Bézier from (startX, height · topFraction) to
/// (endX, height · topFraction) whose control point sits midway between them and
/// `controlDrop` lower, so x is linear in t (t *is* the horizontal fraction along the
/// thread) and
///
///     y(t) = height · topFraction + 2 · (1 − t) · t · controlDrop
///
/// (the middle sags by controlDrop / 2). The squiggle displaces each point of the base
/// curve along its normal by
///
///     w(arc) = sin(arc · 0.16) · 2.1 + sin(arc · 0.31 + 1.7) · 1.1
///
/// where arc is the distance travelled along the base curve in points, so the
/// wavelength is the same number of points on a 160 pt widget and a 1024 pt canvas.
/// The icon is read at 60 pt, where that wobble would look like crimped wire, so it
/// stretches wavelength and amplitude together by one constant:
/// w_stretch(arc) = stretch · w(arc / stretch).
///
/// All lengths are in points, x to the right and y down, as on screen.
public struct GoldThread: Equatable, Sendable {
    /// One harmonic of the wobble: amplitude (points), frequency (radians per point of
    /// arc) and phase (radians).
    public struct Harmonic: Equatable, Sendable {
        /// Points of displacement at its crest.
        public var amplitude: Double
        /// Radians per point of arc.
        public var frequency: Double
        /// Radians at the left end.
        public var phase: Double
    }

    /// One sample of the thread: where it is on the base curve and on the squiggle.
    public struct Sample: Equatable, Sendable {
        /// The horizontal fraction (0 at the left end, 1 at the right).
        public var t: Double
        /// Distance travelled along the base curve from the left end, in points.
        public var arc: Double
        /// Where it is on the base curve.
        public var base: CanvasPoint
        /// The unit normal of the base curve (pointing down).
        public var normal: CanvasPoint
        /// The displacement along the normal, stretched.
        public var wobble: Double
        /// The squiggle: base + normal · wobble.
        public var point: CanvasPoint
    }

    /// The canvas the thread is drawn on, in points.
    public var width: Double
    /// The canvas's height, in points.
    public var height: Double
    /// The ends' height, as a fraction of the canvas height.
    public var topFraction: Double
    /// Twice the sag at the middle (the Bézier's control point drop), in points.
    public var controlDrop: Double
    /// 1 for the app and the widgets; the icon's constant for the icon.
    public var stretch: Double
    /// x of the left end.
    public var startX: Double
    /// x of the right end.
    public var endX: Double

    /// `endX` nil is `width`: the app's thread runs edge to edge.
    public init(
        width: Double, height: Double, topFraction: Double, controlDrop: Double, stretch: Double = 1,
        startX: Double = 0, endX: Double? = nil
    ) {
        let endX = endX ?? width
        precondition(endX > startX && stretch > 0, "a thread runs left to right, with a positive stretch")
        self.width = width
        self.height = height
        self.topFraction = topFraction
        self.controlDrop = controlDrop
        self.stretch = stretch
        self.startX = startX
        self.endX = endX
    }

    /// The wobble's two harmonics (SPEC): two, because one reads as a sine wave and two
    /// as a hand.
    public static let harmonics = [
        Harmonic(amplitude: 2.1, frequency: 0.16, phase: 0),
        Harmonic(amplitude: 1.1, frequency: 0.31, phase: 1.7),
    ]

    /// No point of the squiggle is further than this from the base curve: the sum of the
    /// harmonics' amplitudes times the stretch, in points.
    public var amplitudeBound: Double { stretch * Self.harmonics.reduce(0) { $0 + $1.amplitude } }

    /// The displacement along the normal `arc` points along the base curve, stretched.
    public func wobble(arc: Double) -> Double {
        let a = arc / stretch
        return stretch * Self.harmonics.reduce(0) { $0 + sin(a * $1.frequency + $1.phase) * $1.amplitude }
    }

    /// The base curve's y at horizontal fraction t, without the wobble: where a charm
    /// hangs (from the thread's path, not from its jitter).
    public func baseY(atFraction t: Double) -> Double {
        height * topFraction + 2 * (1 - t) * t * controlDrop
    }

    /// x of the base curve at the horizontal fraction t.
    public func baseX(atFraction t: Double) -> Double { startX + t * (endX - startX) }

    /// The base curve's point at the horizontal fraction t.
    public func basePoint(atFraction t: Double) -> CanvasPoint { CanvasPoint(x: baseX(atFraction: t), y: baseY(atFraction: t)) }

    /// The horizontal fraction of x (0 at the left end, 1 at the right).
    public func fraction(atX x: Double) -> Double { (x - startX) / (endX - startX) }

    /// Where a charm hangs at its own x: the base curve, not the jitter.
    public func baseY(atX x: Double) -> Double { baseY(atFraction: fraction(atX: x)) }

    /// The unit normal at t, turned a quarter clockwise from the direction of travel
    /// (left to right), so it points down: a positive wobble moves the thread down.
    public func normal(atFraction t: Double) -> CanvasPoint {
        let dx = endX - startX
        let dy = 2 * controlDrop * (1 - 2 * t)
        let length = (dx * dx + dy * dy).squareRoot()
        return CanvasPoint(x: -dy / length, y: dx / length)
    }

    /// The squiggle sampled along the base curve, from the left end to the right, with
    /// every sample's base point, normal and arc. t is uniform: the count is the
    /// curve's length (measured with 64 chords) over `spacing`, rounded up, so samples
    /// are `spacing` points of arc apart on average (a little more where the curve is
    /// steepest, a little less where it is flattest), and at least 16. The arc is the
    /// sum of the chords, which at a point's spacing is the true arc length to well
    /// under a thousandth of a point.
    public func samples(spacing: Double = 1) -> [Sample] {
        precondition(spacing > 0, "the spacing is a positive number of points")
        var rough = 0.0
        var previous = basePoint(atFraction: 0)
        for i in 1...64 {
            let next = basePoint(atFraction: Double(i) / 64)
            rough += Self.distance(previous, next)
            previous = next
        }
        let count = max(16, Int((rough / spacing).rounded(.up)))
        var samples: [Sample] = []
        samples.reserveCapacity(count + 1)
        var arc = 0.0
        previous = basePoint(atFraction: 0)
        for i in 0...count {
            let t = Double(i) / Double(count)
            let base = basePoint(atFraction: t)
            arc += Self.distance(previous, base)
            previous = base
            let n = normal(atFraction: t)
            let w = wobble(arc: arc)
            samples.append(
                Sample(
                    t: t, arc: arc, base: base, normal: n, wobble: w,
                    point: CanvasPoint(x: base.x + n.x * w, y: base.y + n.y * w)))
        }
        return samples
    }

    /// The squiggle as a polyline: what every surface strokes.
    public func points(spacing: Double = 1) -> [CanvasPoint] { samples(spacing: spacing).map(\.point) }

    /// Where the squiggle (the polyline of `points(spacing:)`) crosses the vertical line
    /// at x: where a charm's ring goes, so it can never float free of the line. The
    /// first crossing from the left (for a thread whose slope stays under about 55° the
    /// only one, as the wobble's steepest slope is 0.16·2.1 + 0.31·1.1 ≈ 0.68 at any
    /// stretch), or nil when x is beyond the squiggle's ends.
    public func squiggleY(atX x: Double, spacing: Double = 1) -> Double? {
        let points = points(spacing: spacing)
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            guard min(a.x, b.x) <= x && x <= max(a.x, b.x) else { continue }
            if a.x == b.x { return a.y }
            return a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)
        }
        return nil
    }

    static func distance(_ a: CanvasPoint, _ b: CanvasPoint) -> Double { a.distance(to: b) }
}
