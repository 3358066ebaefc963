import BijouxKit
import Foundation
import Testing

/// Drives `CharmPhysics.step` the way the app does, one 60 Hz tick at a time.
@Suite("Charm pendulum physics")
struct CharmPhysicsTests {
    /// The heavy and light charms of SPEC ("the cat and the coffee cup (heavy) swing
    /// slower and wider than the star (light)").
    static let heavy = CharmSway(duration: 4.4)
    static let light = CharmSway(duration: 2.4)
    static let tilt = 0.5

    /// A phone held upright, then tilted by `tilt` radians at tick 0: the error from
    /// the new rest angle, tick by tick.
    static func tiltResponse(_ sway: CharmSway, ticks: Int = 600) -> [Double] {
        var pendulum = CharmPendulum()
        let gravity = (x: sin(tilt), y: -cos(tilt))
        return (0..<ticks).map { _ in
            pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: gravity.x, gravityY: gravity.y, rotationRateZ: 0)
            return pendulum.angle - tilt
        }
    }

    /// The first overshoot past the new rest angle, as a fraction of the tilt.
    static func overshoot(_ errors: [Double]) -> Double { errors.max()! / tilt }

    /// Seconds until the swing stays within 2 % of the tilt.
    static func settlingTime(_ errors: [Double]) -> Double {
        let last = errors.lastIndex { abs($0) > 0.02 * tilt }!
        return Double(last + 1) / CharmPhysics.tickRate
    }

    /// ω·h: how coarse the 60 Hz clock is for this charm.
    static func stepSize(_ sway: CharmSway) -> Double { sway.naturalFrequency * CharmPhysics.tickInterval }

    /// The overshoot the discrete step itself predicts: its eigenvalues r·e^(±iθ)
    /// decay by r^(π/θ) per half swing (see CharmPhysics on the step matrix).
    static func discreteOvershoot(_ sway: CharmSway) -> Double {
        let h = CharmPhysics.tickInterval
        let trace = 2 - sway.stiffness * h * h - sway.damping * h
        let r = (1 - sway.damping * h).squareRoot()
        let theta = acos(trace / (2 * r))
        return pow(r, Double.pi / theta)
    }

    @Test func theRestAngleFollowsGravityUpToTheClamp() {
        #expect(CharmPhysics.restAngle(gravityX: 0, gravityY: -1) == 0)
        #expect(abs(CharmPhysics.restAngle(gravityX: sin(0.3), gravityY: -cos(0.3)) - 0.3) < 1e-12)
        #expect(abs(CharmPhysics.restAngle(gravityX: -sin(0.3), gravityY: -cos(0.3)) + 0.3) < 1e-12)
        #expect(CharmPhysics.restAngle(gravityX: 1, gravityY: 0) == 0.6)
        #expect(CharmPhysics.restAngle(gravityX: -1, gravityY: 0.5) == -0.6)
        // A tilt past the clamp comes to rest at the clamp.
        var pendulum = CharmPendulum()
        for _ in 0..<600 {
            pendulum = CharmPhysics.step(pendulum, sway: Self.light, gravityX: 1, gravityY: 0, rotationRateZ: 0)
        }
        #expect(abs(pendulum.angle - 0.6) < 1e-6 && abs(pendulum.velocity) < 1e-5)
    }

    @Test func heavierCharmsSettleSlower() {
        let heavy = Self.settlingTime(Self.tiltResponse(Self.heavy))
        let light = Self.settlingTime(Self.tiltResponse(Self.light))
        #expect(heavy > light)
        // The continuous model is the same curve stretched in time by 1/ω (ζ is shared),
        // so settling times scale as ω_light/ω_heavy; the clock's coarseness (ωh ≤ 0.13
        // here) and the 2 % band's tick-sized steps keep it within 10 %.
        let expected = Self.light.naturalFrequency / Self.heavy.naturalFrequency
        #expect(abs(heavy / light / expected - 1) < 0.1, "ratio \(heavy / light), expected \(expected)")
        // The step decays a little faster than e^(−ζω₀t), so it settles within the
        // continuous envelope's bound, `settlingTime`.
        #expect(heavy <= Self.heavy.settlingTime && light <= Self.light.settlingTime)
        #expect(heavy > 0.75 * Self.heavy.settlingTime && light > 0.75 * Self.light.settlingTime)
    }

    @Test func theOvershootMatchesZeta042() {
        let zeta = CharmPhysics.dampingRatio
        let ideal = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
        #expect(abs(ideal - 0.2337) < 1e-4)
        for sway in [Self.heavy, Self.light] {
            let measured = Self.overshoot(Self.tiltResponse(sway))
            // 1. The step's own prediction, up to sampling the peak at whole ticks
            //    (ωd·h/2 ≤ 0.06 rad from the crest: a relative error below 0.2 %).
            #expect(abs(measured / Self.discreteOvershoot(sway) - 1) < 0.005, "\(measured) vs \(Self.discreteOvershoot(sway))")
            // 2. The continuous ζ = 0.42. Semi-implicit Euler damps a little extra: its
            //    eigenvalue modulus √(1 − 2ζωh) is e^(−ζωh·(1 + ζωh + …)), so the log of the
            //    overshoot is off by a relative ≈ 0.6·ζωh (2.3 % heavy, 3.3 % light). We
            //    allow ζωh, which vanishes as the clock gets finer; so does ζ recovered
            //    from the overshoot.
            let allowed = zeta * Self.stepSize(sway)
            #expect(abs(log(measured) / log(ideal) - 1) < allowed, "overshoot \(measured), ideal \(ideal)")
            let recovered = -log(measured) / (Double.pi * Double.pi + log(measured) * log(measured)).squareRoot()
            #expect(abs(recovered / zeta - 1) < allowed, "ζ from the overshoot: \(recovered)")
        }
        // The heavy charm, on a finer clock relative to its swing, overshoots a little more.
        #expect(Self.overshoot(Self.tiltResponse(Self.heavy)) > Self.overshoot(Self.tiltResponse(Self.light)))
    }

    @Test func aWristFlickSwingsHeavierCharmsWider() {
        func peak(_ sway: CharmSway) -> Double {
            var pendulum = CharmPendulum()
            var widest = 0.0
            for tick in 0..<300 {
                pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: 0, gravityY: -1, rotationRateZ: tick == 0 ? 1 : 0)
                widest = max(widest, abs(pendulum.angle))
            }
            return widest
        }
        let heavy = peak(Self.heavy), light = peak(Self.light)
        #expect(heavy > light)
        // The same kick in velocity makes an amplitude ∝ 1/ω.
        let expected = Self.light.naturalFrequency / Self.heavy.naturalFrequency
        #expect(abs(heavy / light / expected - 1) < 0.05, "ratio \(heavy / light), expected \(expected)")
    }

    @Test func theStabilityLimitIsWhereTheStepStopsDecaying() {
        func finalError(stiffness: Double) -> Double {
            let sway = CharmSway(duration: CharmPhysics.swayDuration(forStiffness: stiffness))
            #expect(abs(sway.stiffness / stiffness - 1) < 1e-9)
            var pendulum = CharmPendulum(angle: 0.1)
            for _ in 0..<600 {
                pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: 0, gravityY: -1, rotationRateZ: 0)
            }
            return abs(pendulum.angle)
        }
        let limit = CharmPhysics.stableStiffnessLimit
        #expect(abs(limit - 6360.76) < 0.01)
        #expect(finalError(stiffness: limit * 0.99) < 1e-6)
        #expect(finalError(stiffness: limit * 1.01) > 1e3)  // 10⁴ times the start
    }

    @Test func acceptedDurationsKeepTheSpringPositiveAndTheStepStable() {
        let limits = CharmPhysics.swayDurationLimits
        #expect(limits.above == 0)
        #expect(abs(limits.below - 45.0 / 7.0) < 1e-12)
        for duration in [1e-9, 0.01, 2.4, 4.4, 6.42] {
            #expect(CharmPhysics.acceptsSwayDuration(duration))
            let k = CharmSway(duration: duration).stiffness
            #expect(k > 0 && k < CharmPhysics.stableStiffnessLimit)
        }
        for duration in [-1, 0, 45.0 / 7.0, 6.5, .infinity, .nan] {
            #expect(!CharmPhysics.acceptsSwayDuration(duration), "\(duration)")
        }
    }

    @Test func swayFiguresFollowTheFormulas() {
        let sway = CharmSway(duration: 4.4)
        #expect(abs(sway.stiffness - 28.4) < 1e-12)
        #expect(sway.damping == 2 * 0.42 * sqrt(sway.stiffness))
        #expect(abs(sway.dampedPeriod - 2 * Double.pi / (sqrt(28.4) * sqrt(1 - 0.42 * 0.42))) < 1e-12)
        #expect(abs(sway.settlingTime * 0.42 * sqrt(28.4) - 4.0) < 0.02)
    }
}
