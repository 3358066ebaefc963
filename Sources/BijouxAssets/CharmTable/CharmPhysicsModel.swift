#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tool's own definition of how worn charms move (SPEC: the pendulum). The
/// generated `CharmTable.swift` emits these constants from the values below and the
/// same integrator, so the app and the tool run one model; a test compiles the
/// generated file and checks that it steps bit for bit like this one.
public enum CharmPhysics {
    /// ζ of every charm's pendulum: lively, yet it settles within about one swing.
    public static let dampingRatio = 0.42
    /// The rest angle follows gravity but never hangs further than this (radians).
    public static let maxRestAngle = 0.6
    /// How much wrist rotation (rad/s) kicks the angular velocity.
    public static let kickGain = 0.9
    /// Intensity of the haptic when a charm is touched.
    public static let hapticIntensity = 0.9
    /// One clock for every charm (Hz).
    public static let tickRate = 60.0
    public static let tickInterval = 1 / tickRate

    /// k = referenceStiffness + stiffnessPerSecond · (referenceSwayDuration − duration):
    /// heavier art (a longer sway) hangs on a softer spring.
    public static let referenceStiffness = 20.0
    public static let stiffnessPerSecond = 14.0
    public static let referenceSwayDuration = 5.0

    /// Where a charm comes to rest for a gravity vector in screen coordinates:
    /// straight down the screen is 0, clamped to ±`maxRestAngle`.
    public static func restAngle(gravityX: Double, gravityY: Double) -> Double {
        min(max(atan2(gravityX, -gravityY), -maxRestAngle), maxRestAngle)
    }

    /// Advances one charm by one tick with SPEC's semi-implicit Euler step: velocity
    /// first (spring, damping, then the wrist kick), then the angle with the new
    /// velocity. Pure, so the app and the tool's simulations agree exactly.
    public static func step(
        _ pendulum: CharmPendulum, sway: CharmSway, gravityX: Double, gravityY: Double, rotationRateZ: Double
    ) -> CharmPendulum {
        let target = restAngle(gravityX: gravityX, gravityY: gravityY)
        var velocity = pendulum.velocity
        velocity += (-sway.stiffness * (pendulum.angle - target) - sway.damping * velocity) * tickInterval
        velocity += -rotationRateZ * kickGain
        return CharmPendulum(angle: pendulum.angle + velocity * tickInterval, velocity: velocity)
    }

    // MARK: Which sway durations are safe

    /// The largest stiffness the 60 Hz step keeps stable (exclusive). Why:
    ///
    /// With e = angle − target, h = tickInterval, c = damping, one tick (without a kick,
    /// which only adds to the velocity and cannot destabilise) is linear:
    ///
    ///     v' = (1 − c·h)·v − k·h·e
    ///     e' = e + h·v' = (1 − k·h²)·e + h·(1 − c·h)·v
    ///
    /// The step matrix has trace T = 2 − k·h² − c·h and determinant D = 1 − c·h. A real
    /// 2×2 recurrence decays exactly when |D| < 1 and |T| < 1 + D (Jury's test):
    ///   • T < 1 + D        ⇔  k·h² > 0                ⇔  k > 0;
    ///   • |D| < 1           ⇔  0 < c·h < 2;
    ///   • −T < 1 + D        ⇔  k·h² + 2·c·h < 4.
    /// With c = 2ζ√k and w = √k·h the last two read 2ζw < 2 and w² + 4ζw < 4, i.e.
    /// w < 1/ζ and w < 2(√(1 + ζ²) − ζ); the second is the tighter one. So the step is
    /// stable exactly when 0 < k < (2(√(1 + ζ²) − ζ)/h)², ≈ 6361 at ζ = 0.42 and 60 Hz.
    /// A duration d gives k = 20 + 14·(5 − d): k > 0 needs d < 5 + 20/14 = 45/7 ≈ 6.43 s,
    /// and the upper limit on k needs d > 5 − (6361 − 20)/14 ≈ −448 s, which every
    /// positive duration meets (d > 0 means k < 90, w < 0.16). The durations the table
    /// accepts are therefore (0, 45/7): positive, and short enough that k stays positive.
    public static var stableStiffnessLimit: Double {
        let w = 2 * ((1 + dampingRatio * dampingRatio).squareRoot() - dampingRatio)
        return (w / tickInterval) * (w / tickInterval)
    }

    /// The duration whose spring constant is `stiffness` (the inverse of `CharmSway`'s).
    public static func swayDuration(forStiffness stiffness: Double) -> Double {
        referenceSwayDuration - (stiffness - referenceStiffness) / stiffnessPerSecond
    }

    /// Sway durations the table accepts, both ends excluded: positive seconds, where
    /// k stays positive and the 60 Hz step stays stable (see `stableStiffnessLimit`).
    public static var swayDurationLimits: (above: Double, below: Double) {
        (max(0, swayDuration(forStiffness: stableStiffnessLimit)), swayDuration(forStiffness: 0))
    }

    public static func acceptsSwayDuration(_ duration: Double) -> Bool {
        let limits = swayDurationLimits
        return duration > limits.above && duration < limits.below
    }
}

/// How one charm hangs: its sway duration and the spring and damping that follow from
/// it (unit moment of inertia), with the continuous-time figures that describe it.
public struct CharmSway: Equatable, Sendable {
    /// Seconds, from the table: heavier art sways longer.
    public let duration: Double
    /// k = 20 + 14·(5 − duration).
    public let stiffness: Double
    /// 2·ζ·√k, ζ = 0.42.
    public let damping: Double

    public init(duration: Double) {
        let stiffness = CharmPhysics.referenceStiffness + CharmPhysics.stiffnessPerSecond * (CharmPhysics.referenceSwayDuration - duration)
        self.duration = duration
        self.stiffness = stiffness
        self.damping = 2 * CharmPhysics.dampingRatio * stiffness.squareRoot()
    }

    /// ω₀ = √k (rad/s).
    public var naturalFrequency: Double { stiffness.squareRoot() }
    /// ω₀·√(1 − ζ²) (rad/s).
    public var dampedFrequency: Double {
        naturalFrequency * (1 - CharmPhysics.dampingRatio * CharmPhysics.dampingRatio).squareRoot()
    }
    /// Seconds from one swing to the next.
    public var dampedPeriod: Double { 2 * Double.pi / dampedFrequency }
    /// Seconds after a sudden tilt until the swing stays within 2 % of the tilt:
    /// the envelope e^(−ζω₀t)/√(1 − ζ²) falls to 0.02 (about 4/(ζω₀)).
    public var settlingTime: Double {
        let zeta = CharmPhysics.dampingRatio
        return log(50 / (1 - zeta * zeta).squareRoot()) / (zeta * naturalFrequency)
    }
}

/// A worn charm's state: its angle from straight down the screen (radians) and its
/// angular velocity (rad/s).
public struct CharmPendulum: Equatable, Sendable {
    public var angle: Double
    public var velocity: Double

    public init(angle: Double = 0, velocity: Double = 0) {
        self.angle = angle
        self.velocity = velocity
    }
}

/// The app's counts that belong with the table (SPEC: the charm table).
public enum CharmLimits {
    /// Slots in the trinket dish; a full dish is what makes you pass one on.
    public static let dishCapacity = 12
    /// Charms on the bracelet across the Dynamic Island.
    public static let maxWorn = 3
    /// Names fit three-up on the island at minimum scale factor 0.6.
    public static let maxNameLength = 26
    /// A stock charm's note is a line or two on its card; past this it is not a note
    /// (and would be a megabyte string compiled into the app).
    public static let maxNoteLength = 280
}
