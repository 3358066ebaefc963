import BijouxKit
import Foundation
import Testing

@Suite("GoldThread: base curve, arc-length wobble, crossings")
struct GoldThreadTests {
    /// The SPEC's wobble, written out literally.
    static func specWobble(_ arc: Double) -> Double {
        sin(arc * 0.16) * 2.1 + sin(arc * 0.31 + 1.7) * 1.1
    }

    /// The arc length of the base curve from t = 0 to `t`, by Simpson's rule on the
    /// Bézier's speed (independent of the sampler's chord sums).
    static func arcLength(_ thread: GoldThread, to t: Double) -> Double {
        let n = 2000
        let h = t / Double(n)
        func speed(_ t: Double) -> Double {
            let dx = thread.endX - thread.startX
            let dy = 2 * thread.controlDrop * (1 - 2 * t)
            return (dx * dx + dy * dy).squareRoot()
        }
        var sum = speed(0) + speed(t)
        for i in 1..<n { sum += speed(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    static func distance(_ a: CanvasPoint, _ b: CanvasPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// The icon's thread as art/appicon.json draws it.
    static let icon = GoldThread(width: 1024, height: 1024, topFraction: 0.285, controlDrop: 232, stretch: 5, startX: 118, endX: 906)

    @Test func baseYIsTheSpecFormula() {
        let thread = GoldThread(width: 390, height: 844, topFraction: 0.3, controlDrop: 120)
        #expect(thread.startX == 0 && thread.endX == 390 && thread.stretch == 1)
        #expect(thread.baseY(atFraction: 0) == 844 * 0.3)
        #expect(thread.baseY(atFraction: 1) == 844 * 0.3)
        // The middle sags by half the control drop, and it is the lowest point.
        #expect(abs(thread.baseY(atFraction: 0.5) - (844 * 0.3 + 60)) < 1e-12)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(thread.baseY(atFraction: t) - (844 * 0.3 + 2 * (1 - t) * t * 120)) < 1e-12)
            #expect(thread.baseY(atFraction: t) <= thread.baseY(atFraction: 0.5))
            #expect(abs(thread.baseX(atFraction: t) - 390 * t) < 1e-9)
            #expect(abs(thread.baseY(atX: 390 * t) - thread.baseY(atFraction: t)) < 1e-9)
            // And it is the quadratic Bézier through the ends and the dropped midpoint.
            let y0 = 844 * 0.3, control = y0 + 120
            let bezier = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * control + t * t * y0
            #expect(abs(thread.baseY(atFraction: t) - bezier) < 1e-9)
        }
        // With ends inside the canvas, t is the fraction of the way between them.
        #expect(Self.icon.baseX(atFraction: 0) == 118 && Self.icon.baseX(atFraction: 1) == 906)
        #expect(abs(Self.icon.baseY(atX: 512) - (1024 * 0.285 + 116)) < 1e-9)
    }

    @Test func normalsAreUnitPerpendicularAndPointDown() {
        let thread = GoldThread(width: 1024, height: 1024, topFraction: 0.285, controlDrop: 232, startX: 118, endX: 906)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let n = thread.normal(atFraction: t)
            let tangent = (thread.endX - thread.startX, 2 * thread.controlDrop * (1 - 2 * t))
            #expect(abs(n.x * n.x + n.y * n.y - 1) < 1e-12)
            #expect(abs(n.x * tangent.0 + n.y * tangent.1) < 1e-9)
            #expect(n.y > 0)
        }
    }

    @Test(arguments: [0.5, 1, 3])
    func samplesAreSpacedAlongTheArcAndCarryTheSpecWobble(spacing: Double) {
        let thread = GoldThread(width: 1024, height: 1024, topFraction: 0.25, controlDrop: 400)
        let samples = thread.samples(spacing: spacing)
        #expect(thread.points(spacing: spacing) == samples.map(\.point))
        let length = Self.arcLength(thread, to: 1)
        #expect(abs(samples.last!.arc - length) < 1e-3)
        // `spacing` apart on average; where the curve is steepest a little more.
        #expect(length / Double(samples.count - 1) <= spacing)
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(b.arc - a.arc > 0 && b.arc - a.arc < 1.25 * spacing)
        }
        for sample in stride(from: 0, to: samples.count, by: 97).map({ samples[$0] }) {
            #expect(abs(sample.arc - Self.arcLength(thread, to: sample.t)) < 1e-3)
            #expect(abs(sample.wobble - Self.specWobble(sample.arc)) < 1e-12)
            // The squiggle is the base point moved along the normal by the wobble.
            #expect(abs(Self.distance(sample.point, sample.base) - abs(sample.wobble)) < 1e-9)
        }
        // A straight thread's arc length is its width.
        #expect(abs(GoldThread(width: 160, height: 100, topFraction: 0.5, controlDrop: 0).samples().last!.arc - 160) < 1e-9)
    }

    /// The arcs where the squiggle crosses its base curve: the zero crossings of the
    /// displacement (point − base)·normal, measured on the drawn points and
    /// interpolated between samples.
    static func zeroCrossings(_ thread: GoldThread, spacing: Double = 0.25) -> [Double] {
        let samples = thread.samples(spacing: spacing)
        func displacement(_ s: GoldThread.Sample) -> Double {
            (s.point.x - s.base.x) * s.normal.x + (s.point.y - s.base.y) * s.normal.y
        }
        var crossings: [Double] = []
        for (a, b) in zip(samples, samples.dropFirst()) {
            let da = displacement(a), db = displacement(b)
            if da == 0 {
                crossings.append(a.arc)
            } else if da * db < 0 {
                crossings.append(a.arc + (b.arc - a.arc) * da / (da - db))
            }
        }
        return crossings
    }

    /// The largest displacement from the base curve, measured on the drawn points.
    static func amplitude(_ thread: GoldThread) -> Double {
        thread.samples(spacing: 0.25).map { Self.distance($0.point, $0.base) }.max()!
    }

    @Test func theWavelengthIsTheSameAt160_380And1024Points() {
        // A widget, a phone's home screen and the full canvas, with the same shape of sag.
        let widths = [160.0, 380, 1024]
        let crossings = widths.map { Self.zeroCrossings(GoldThread(width: $0, height: $0, topFraction: 0.3, controlDrop: $0 / 4)) }
        let common = crossings.map(\.count).min()!
        #expect(common >= 7)
        for other in crossings.dropFirst() {
            for i in 0..<common { #expect(abs(other[i] - crossings[0][i]) < 0.05, "crossing \(i)") }
        }
        // The distance between crossings is the wobble's: about half the slower
        // harmonic's 2π/0.16 ≈ 39 pt period on average, never a fraction of the width.
        let gaps = zip(crossings[0].dropFirst(), crossings[0]).map { $0 - $1 }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        #expect(mean > 10 && mean < 25, "mean gap \(mean)")
        // Whereas at the same fraction t across, the displacement differs: it is not a
        // function of t (the naïve recipe's wavelength would scale with the width).
        let narrow = GoldThread(width: 160, height: 160, topFraction: 0.3, controlDrop: 40).samples(spacing: 0.25)
        let wide = GoldThread(width: 1024, height: 1024, topFraction: 0.3, controlDrop: 256).samples(spacing: 0.25)
        let t = 0.37
        let narrowAtT = narrow.min { abs($0.t - t) < abs($1.t - t) }!.wobble
        let wideAtT = wide.min { abs($0.t - t) < abs($1.t - t) }!.wobble
        #expect(abs(narrowAtT - wideAtT) > 0.1)
    }

    @Test(arguments: [2.5, 5, 8])
    func stretchScalesAmplitudeAndWavelengthTogether(stretch: Double) {
        let plain = GoldThread(width: 3000, height: 100, topFraction: 0.5, controlDrop: 0)
        let stretched = GoldThread(width: 3000, height: 100, topFraction: 0.5, controlDrop: 0, stretch: stretch)
        let a = Self.zeroCrossings(plain), b = Self.zeroCrossings(stretched)
        #expect(b.count >= 10)
        for i in 0..<b.count { #expect(abs(b[i] - stretch * a[i]) < 0.05 * stretch, "crossing \(i)") }
        #expect(abs(Self.amplitude(stretched) / Self.amplitude(plain) - stretch) < 0.01)
        for arc in stride(from: 0.0, through: 400, by: 7.3) {
            #expect(abs(stretched.wobble(arc: arc * stretch) - stretch * Self.specWobble(arc)) < 1e-9)
        }
    }

    @Test(arguments: [1.0, 5, 8])
    func theWobbleStaysWithinItsAmplitudeBound(stretch: Double) {
        let thread = GoldThread(width: 1024, height: 1024, topFraction: 0.3, controlDrop: 300, stretch: stretch, startX: 100, endX: 900)
        #expect(thread.amplitudeBound == (2.1 + 1.1) * stretch)
        var largest = 0.0
        for sample in thread.samples() {
            #expect(abs(sample.wobble) <= thread.amplitudeBound + 1e-12)
            largest = max(largest, Self.distance(sample.point, sample.base))
        }
        // And it gets close to the bound: the harmonics do line up somewhere.
        #expect(largest > thread.amplitudeBound * 0.9)
    }

    @Test func squiggleYLiesOnTheSampledSquiggle() {
        let thread = Self.icon
        let points = thread.points(spacing: 1)
        /// The shortest distance from p to the polyline through `points`.
        func distanceToPolyline(_ p: CanvasPoint) -> Double {
            zip(points, points.dropFirst()).map { a, b in
                let dx = b.x - a.x, dy = b.y - a.y
                let f = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
                return Self.distance(p, CanvasPoint(x: a.x + f * dx, y: a.y + f * dy))
            }.min()!
        }
        let steepest = atan(2 * thread.controlDrop / (thread.endX - thread.startX))
        for x in stride(from: 130.0, through: 890, by: 13.7) {
            let y = thread.squiggleY(atX: x, spacing: 1)!
            #expect(distanceToPolyline(CanvasPoint(x: x, y: y)) < 1e-9)
            // Within the wobble's reach of the base curve: along a normal tilted by up
            // to the base curve's steepest angle, a vertical line meets it at most
            // amplitude / cos(angle) away.
            #expect(abs(y - thread.baseY(atX: x)) <= thread.amplitudeBound / cos(steepest) + 0.5)
        }
        // At a sample the crossing is the sample itself.
        for point in points[10..<(points.count - 10)].enumerated().filter({ $0.offset % 50 == 0 }).map(\.element) {
            #expect(abs(thread.squiggleY(atX: point.x, spacing: 1)! - point.y) < 1e-6)
        }
        // Beyond the squiggle's ends there is nothing to hang from.
        #expect(thread.squiggleY(atX: 20) == nil)
        #expect(thread.squiggleY(atX: 1000) == nil)
    }
}
