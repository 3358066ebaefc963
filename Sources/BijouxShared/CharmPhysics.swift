#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How worn charms move (SPEC, "The charm table"): damped pendulums driven by the
/// device's gravity, on one 60 Hz clock. The app steps them; the tool validates the
/// table's sway durations and publishes the figures in charms.json from the same code.
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
    /// Seconds between two ticks of that clock.
    public static let tickInterval = 1 / tickRate

    /// k = referenceStiffness + stiffnessPerSecond · (referenceSwayDuration − duration):
    /// heavier art (a longer sway) hangs on a softer spring.
    public static let referenceStiffness = 20.0
    /// How much softer the spring gets per second of sway duration (1/s² per s).
    public static let stiffnessPerSecond = 14.0
    /// The sway duration (s) whose spring has `referenceStiffness`.
    public static let referenceSwayDuration = 5.0

    /// Where a charm comes to rest for a gravity vector in screen coordinates (e.g.
    /// CMDeviceMotion.gravity): straight down the screen is 0, clamped to
    /// ±`maxRestAngle`.
    public static func restAngle(gravityX: Double, gravityY: Double) -> Double {
        min(max(atan2(gravityX, -gravityY), -maxRestAngle), maxRestAngle)
    }

    /// Advances one charm by one tick with SPEC's semi-implicit Euler step: velocity
    /// first (spring, damping, then the kick of the wrist's rotation rate z in rad/s),
    /// then the angle with the new velocity.
    public static func step(
        _ pendulum: CharmPendulum, sway: CharmSway, gravityX: Double, gravityY: Double, rotationRateZ: Double
    ) -> CharmPendulum {
        let target = restAngle(gravityX: gravityX, gravityY: gravityY)
        var velocity = pendulum.velocity
        velocity += (-sway.stiffness * (pendulum.angle - target) - sway.damping * velocity) * tickInterval
        velocity += -rotationRateZ * kickGain
        return CharmPendulum(angle: pendulum.angle + velocity * tickInterval, velocity: velocity)
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

    /// The spring of a charm whose sway lasts `duration` seconds.
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
    /// Radians from straight down the screen, positive clockwise.
    public var angle: Double
    /// Radians per second.
    public var velocity: Double

    /// A charm at `angle` turning at `velocity`; at rest straight down by default.
    public init(angle: Double = 0, velocity: Double = 0) {
        self.angle = angle
        self.velocity = velocity
    }
}
