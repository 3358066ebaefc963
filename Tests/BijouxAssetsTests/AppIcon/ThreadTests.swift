import Foundation
import Testing

@testable import BijouxAssets

@Suite("The thread: base curve, arc-length wobble, crossings")
struct ThreadTests {
    /// The SPEC's wobble, written out literally.
    static func specWobble(_ arc: Double) -> Double {
        sin(arc * 0.16) * 2.1 + sin(arc * 0.31 + 1.7) * 1.1
    }

    /// The arc length of the base curve from t = 0 to `t`, by Simpson's rule on the
    /// Bézier's speed (independent of the sampler's chord sums).
    static func arcLength(_ curve: ThreadCurve, to t: Double) -> Double {
        let n = 2000
        let h = t / Double(n)
        func speed(_ t: Double) -> Double {
            let dx = curve.endX - curve.startX
            let dy = 2 * curve.controlDrop * (1 - 2 * t)
            return (dx * dx + dy * dy).squareRoot()
        }
        var sum = speed(0) + speed(t)
        for i in 1..<n { sum += speed(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    @Test func baseCurveFollowsTheFormula() {
        let curve = ThreadCurve(width: 390, height: 844, topFraction: 0.3, controlDrop: 120)
        #expect(curve.baseY(t: 0) == 844 * 0.3)
        #expect(curve.baseY(t: 1) == 844 * 0.3)
        // The middle sags by half the control drop, and it is the lowest point.
        #expect(abs(curve.baseY(t: 0.5) - (844 * 0.3 + 60)) < 1e-12)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(curve.baseY(t: t) - (844 * 0.3 + 2 * (1 - t) * t * 120)) < 1e-12)
            #expect(curve.baseY(t: t) <= curve.baseY(t: 0.5))
            #expect(abs(curve.baseX(t: t) - 390 * t) < 1e-9)
            #expect(abs(curve.baseY(atX: 390 * t) - curve.baseY(t: t)) < 1e-9)
        }
        // The icon's thread starts and ends inside the canvas: t is the fraction of
        // the way between its ends.
        let icon = ThreadCurve(startX: 118, endX: 906, height: 1024, topFraction: 0.285, controlDrop: 232, stretch: 5)
        #expect(icon.baseX(t: 0) == 118 && icon.baseX(t: 1) == 906)
        #expect(abs(icon.baseY(atX: 512) - (1024 * 0.285 + 116)) < 1e-9)
    }

    @Test func normalsAreUnitPerpendicularAndPointDown() {
        let curve = ThreadCurve(startX: 118, endX: 906, height: 1024, topFraction: 0.285, controlDrop: 232)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let n = curve.normal(t: t)
            let tangent = (curve.endX - curve.startX, 2 * curve.controlDrop * (1 - 2 * t))
            #expect(abs(n.x * n.x + n.y * n.y - 1) < 1e-12)
            #expect(abs(n.x * tangent.0 + n.y * tangent.1) < 1e-9)
            #expect(n.y > 0)
        }
    }

    @Test func samplesCarryTheTrueArcLengthAndTheSpecWobble() {
        let curve = ThreadCurve(width: 1024, height: 1024, topFraction: 0.25, controlDrop: 400)
        let path = curve.sampled(spacing: 0.5)
        #expect(abs(path.length - Self.arcLength(curve, to: 1)) < 1e-3)
        for sample in stride(from: 0, to: path.samples.count, by: 97).map({ path.samples[$0] }) {
            #expect(abs(sample.arc - Self.arcLength(curve, to: sample.t)) < 1e-3)
            #expect(abs(sample.wobble - Self.specWobble(sample.arc)) < 1e-12)
            // The squiggle is the base point moved along the normal by the wobble.
            #expect(abs(sample.point.distance(to: sample.base) - abs(sample.wobble)) < 1e-9)
        }
        // A straight thread's arc length is its width.
        #expect(abs(ThreadCurve(width: 160, height: 100, topFraction: 0.5, controlDrop: 0).sampled().length - 160) < 1e-9)
    }

    /// The displacement of the squiggle from the base curve, as a function of arc
    /// length, interpolated from the samples.
    static func displacement(_ path: ThreadPath, atArc arc: Double) -> Double {
        let samples = path.samples
        let i = samples.firstIndex { $0.arc >= arc }!
        if i == 0 { return samples[0].wobble }
        let a = samples[i - 1], b = samples[i]
        return a.wobble + (b.wobble - a.wobble) * (arc - a.arc) / (b.arc - a.arc)
    }

    @Test func wavelengthIsFixedInPointsWhateverTheCanvasWidth() {
        // A widget and a full canvas with the same shape of sag.
        let narrow = ThreadCurve(width: 160, height: 160, topFraction: 0.3, controlDrop: 40).sampled(spacing: 0.25)
        let wide = ThreadCurve(width: 1024, height: 1024, topFraction: 0.3, controlDrop: 256).sampled(spacing: 0.25)
        // Along the arc, the two wobbles are the same function of points travelled...
        for arc in stride(from: 0.0, through: 150, by: 2.5) {
            #expect(abs(Self.displacement(narrow, atArc: arc) - Self.displacement(wide, atArc: arc)) < 0.01)
        }
        // ...and so its crests are the same number of points apart on both.
        func crests(_ path: ThreadPath) -> [Double] {
            (1..<(path.samples.count - 1)).filter {
                path.samples[$0].wobble > path.samples[$0 - 1].wobble && path.samples[$0].wobble >= path.samples[$0 + 1].wobble
            }.map { path.samples[$0].arc }
        }
        let narrowCrests = crests(narrow)
        let wideCrests = crests(wide).prefix(narrowCrests.count)
        #expect(narrowCrests.count >= 3)
        for (a, b) in zip(narrowCrests, wideCrests) { #expect(abs(a - b) < 0.5) }
        // Whereas at the same fraction t of the way across, they differ: the wobble
        // is not a function of t.
        let t = 0.37
        let narrowAtT = narrow.samples.min { abs($0.t - t) < abs($1.t - t) }!.wobble
        let wideAtT = wide.samples.min { abs($0.t - t) < abs($1.t - t) }!.wobble
        #expect(abs(narrowAtT - wideAtT) > 0.1)
    }

    @Test func stretchScalesWavelengthAndAmplitudeTogether() {
        for stretch in [1.0, 2.5, 6] {
            for arc in stride(from: 0.0, through: 400, by: 7.3) {
                #expect(abs(ThreadCurve.wobble(arc: arc * stretch, stretch: stretch) - stretch * Self.specWobble(arc)) < 1e-9)
            }
        }
    }

    @Test(arguments: [1.0, 5, 8])
    func wobbleStaysWithinItsAmplitudeBound(stretch: Double) {
        let curve = ThreadCurve(startX: 100, endX: 900, height: 1024, topFraction: 0.3, controlDrop: 300, stretch: stretch)
        let path = curve.sampled()
        let bound = ThreadCurve.amplitudeBound * stretch
        var largest = 0.0
        for sample in path.samples {
            #expect(abs(sample.wobble) <= bound + 1e-12)
            largest = max(largest, sample.point.distance(to: sample.base))
        }
        // And it gets close to the bound: the harmonics do line up somewhere.
        #expect(largest > bound * 0.9)
    }

    @Test func squiggleCrossingLiesOnTheSampledPath() {
        let curve = ThreadCurve(startX: 118, endX: 906, height: 1024, topFraction: 0.285, controlDrop: 232, stretch: 5)
        let path = curve.sampled(spacing: 1)
        for x in stride(from: 130.0, through: 890, by: 13.7) {
            let crossing = path.crossing(atX: x)!
            #expect(crossing.x == x)
            #expect(path.squiggleY(atX: x) == crossing.y)
            #expect(path.distance(from: crossing) < 1e-9)
            // Within the wobble's reach of the base curve: along a normal tilted by
            // up to the base curve's steepest angle, a vertical line meets it at most
            // amplitude / cos(angle) away.
            let steepest = atan(2 * curve.controlDrop / (curve.endX - curve.startX))
            #expect(abs(crossing.y - curve.baseY(atX: x)) <= ThreadCurve.amplitudeBound * 5 / cos(steepest) + 0.5)
        }
        // At every sample the crossing is the sample itself.
        for sample in path.samples[10..<(path.samples.count - 10)] where Int(sample.t * 1000) % 50 == 0 {
            #expect(abs(path.squiggleY(atX: sample.point.x)! - sample.point.y) < 1e-6)
        }
        #expect(path.crossing(atX: 20) == nil)
        #expect(path.crossing(atX: 1000) == nil)
    }

    @Test func distanceToTheSquiggleIsMeasuredToTheNearestSegment() {
        let flat = ThreadCurve(width: 100, height: 100, topFraction: 0.5, controlDrop: 0).sampled()
        // A flat thread's squiggle stays within 3.2 of y = 50, between x = 0 and 100.
        let far = flat.distance(from: Point2D(50, -1000))
        #expect(far >= 1050 - 3.2 && far <= 1050 + 3.2)
        #expect(abs(flat.distance(from: Point2D(-30, flat.samples[0].point.y)) - 30) < 1e-9)
        #expect(flat.distance(from: flat.crossing(atX: 40)!) < 1e-9)
    }
}
