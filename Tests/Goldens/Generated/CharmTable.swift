// Generated from art/charms.json by bijoux-assets. Do not edit.
// swiftlint:disable all

import Foundation

/// The stock charms, in dish order. The raw value is the charm's id in the table
/// (stable: it is what gets saved and sent).
public enum CharmType: String, CaseIterable, Codable, Sendable {
    case heart = "heart"
    case star = "star"
    case cat = "cat"
    case coffeeCup = "coffee-cup"
    case matcha = "matcha"
    case moon = "moon"
    case cherry = "cherry"
    case flower = "flower"
    case clover = "clover"
    case mushroom = "mushroom"
    case butterfly = "butterfly"
    case envelope = "envelope"

    /// The image set in the asset catalog.
    public var imageName: String {
        switch self {
        case .heart: return "heart"
        case .star: return "star"
        case .cat: return "cat"
        case .coffeeCup: return "coffee-cup"
        case .matcha: return "matcha"
        case .moon: return "moon"
        case .cherry: return "cherry"
        case .flower: return "flower"
        case .clover: return "clover"
        case .mushroom: return "mushroom"
        case .butterfly: return "butterfly"
        case .envelope: return "envelope"
        }
    }

    /// What the charm is called, at most 26 characters.
    public var displayName: String {
        switch self {
        case .heart: return "Heart"
        case .star: return "Star"
        case .cat: return "Cat"
        case .coffeeCup: return "Coffee Cup"
        case .matcha: return "Matcha"
        case .moon: return "Moon"
        case .cherry: return "Cherries"
        case .flower: return "Flower"
        case .clover: return "Four-Leaf Clover"
        case .mushroom: return "Mushroom"
        case .butterfly: return "Butterfly"
        case .envelope: return "Love Letter"
        }
    }

    /// The note every stock charm arrives with.
    public var stockNote: String {
        switch self {
        case .heart: return "you have my whole heart"
        case .star: return "you make everything shine"
        case .cat: return "purring because you exist"
        case .coffeeCup: return "coffee soon? my treat"
        case .matcha: return "a calm cup, just for you"
        case .moon: return "goodnight, thinking of you"
        case .cherry: return "we go together, always"
        case .flower: return "you made today bloom"
        case .clover: return "a little luck for you"
        case .mushroom: return "you're a fun guy, truly"
        case .butterfly: return "you give me butterflies"
        case .envelope: return "a little letter, all for you"
        }
    }

    /// How the charm hangs when worn.
    public var sway: CharmSway {
        switch self {
        case .heart: return CharmSway(duration: 3.2)
        case .star: return CharmSway(duration: 2.4)
        case .cat: return CharmSway(duration: 4.4)
        case .coffeeCup: return CharmSway(duration: 4.3)
        case .matcha: return CharmSway(duration: 3.8)
        case .moon: return CharmSway(duration: 2.8)
        case .cherry: return CharmSway(duration: 2.9)
        case .flower: return CharmSway(duration: 2.7)
        case .clover: return CharmSway(duration: 2.6)
        case .mushroom: return CharmSway(duration: 3.4)
        case .butterfly: return CharmSway(duration: 2.5)
        case .envelope: return CharmSway(duration: 3.6)
        }
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

/// How worn charms move: damped pendulums driven by the device's gravity on one clock.
public enum CharmPhysics {
    /// ζ of every charm's pendulum.
    public static let dampingRatio: Double = 0.42
    /// The rest angle follows gravity but never hangs further than this (radians).
    public static let maxRestAngle: Double = 0.6
    /// How much wrist rotation (rad/s) kicks the angular velocity.
    public static let kickGain: Double = 0.9
    /// Intensity of the haptic when a charm is touched.
    public static let hapticIntensity: Double = 0.9
    /// One clock for every charm (Hz).
    public static let tickRate: Double = 60
    public static let tickInterval: Double = 1 / tickRate
    /// k = referenceStiffness + stiffnessPerSecond · (referenceSwayDuration − duration).
    public static let referenceStiffness: Double = 20
    public static let stiffnessPerSecond: Double = 14
    public static let referenceSwayDuration: Double = 5

    /// Where a charm comes to rest for a gravity vector in screen coordinates (e.g.
    /// CMDeviceMotion.gravity): straight down the screen is 0, clamped to ±maxRestAngle.
    public static func restAngle(gravityX: Double, gravityY: Double) -> Double {
        min(max(atan2(gravityX, -gravityY), -maxRestAngle), maxRestAngle)
    }

    /// Advances one charm by one tick (semi-implicit Euler): velocity first (spring,
    /// damping, then the kick of the wrist's rotation rate z in rad/s), then the angle.
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

/// The app's counts that belong with the table.
public enum CharmLimits {
    /// Slots in the trinket dish.
    public static let dishCapacity: Int = 12
    /// Charms worn on the bracelet.
    public static let maxWorn: Int = 3
    /// Names fit three-up on the island at minimum scale factor 0.6.
    public static let maxNameLength: Int = 26
}

/// The charm art's fixed shape.
public enum CharmArt {
    /// Height ÷ width of every charm image (width:height = 120:110).
    public static let aspect: Double = 0.9166666666666666
}
