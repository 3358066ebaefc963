/// Writes `CharmTable.swift` for the app: the charms as an enum in table order, and
/// the physics as code. Every constant comes from the tool's own `CharmPhysics`,
/// `CharmLimits` and `CharmCanvas`, and the step function below is the same integrator
/// as `CharmPhysics.step` (a test compiles this output and compares them bit for bit).
/// The text depends only on the table: no date, no version, no absolute path.
public enum CharmTableSwift {
    /// The first line of both generated files' provenance.
    public static func header(source: String) -> String {
        "// Generated from \(source) by bijoux-assets. Do not edit."
    }

    /// `source` is the table as the header names it (`art/charms.json`); `file` is the
    /// table's path for errors.
    public static func generate(_ table: CharmTableSource, source: String, file: String) throws(ArtFileError) -> String {
        guard !table.charms.isEmpty else {
            // A Swift enum with a raw type needs at least one case.
            throw ArtFileError(file: file, field: "charms", message: "the table has no charms; the app needs at least one")
        }
        let names = try SwiftIdentifier.caseNames(for: table.charms, file: file)
        var text = header(source: source) + "\n// swiftlint:disable all\n\nimport Foundation\n\n"
        text += charmTypeSource(table.charms, names: names)
        text += "\n" + modelSource
        return text
    }

    private static func number(_ value: Double) -> String { JSONWriter.formatNumber(value) }

    private static func charmTypeSource(_ charms: [CharmEntry], names: [String]) -> String {
        let cases = zip(charms, names)
        func property(_ declaration: String, _ value: (CharmEntry) -> String) -> String {
            var text = "\n    \(declaration) {\n        switch self {\n"
            for (charm, name) in cases { text += "        case .\(name): return \(value(charm))\n" }
            return text + "        }\n    }\n"
        }
        var text = """
            /// The stock charms, in dish order. The raw value is the charm's id in the table
            /// (stable: it is what gets saved and sent).
            public enum CharmType: String, CaseIterable, Codable, Sendable {

            """
        for (charm, name) in cases { text += "    case \(name) = \(SwiftIdentifier.stringLiteral(charm.id))\n" }
        text += "\n    /// The image set in the asset catalog."
        text += property("public var imageName: String") { SwiftIdentifier.stringLiteral(CharmTableJSON.imageName(for: $0)) }
        text += "\n    /// What the charm is called, at most \(CharmLimits.maxNameLength) characters."
        text += property("public var displayName: String") { SwiftIdentifier.stringLiteral($0.displayName) }
        text += "\n    /// The note every stock charm arrives with."
        text += property("public var stockNote: String") { SwiftIdentifier.stringLiteral($0.note) }
        text += "\n    /// How the charm hangs when worn."
        text += property("public var sway: CharmSway") { "CharmSway(duration: \(number($0.swayDuration)))" }
        return text + "}\n"
    }

    /// The physics, limits and art constants. Keep in step with CharmPhysicsModel.swift.
    private static var modelSource: String {
        let p = CharmPhysics.self
        return """
            /// How one charm hangs: its sway duration and the spring and damping that follow from
            /// it (unit moment of inertia), with the continuous-time figures that describe it.
            public struct CharmSway: Equatable, Sendable {
                /// Seconds, from the table: heavier art sways longer.
                public let duration: Double
                /// k = \(number(p.referenceStiffness)) + \(number(p.stiffnessPerSecond))·(\(number(p.referenceSwayDuration)) − duration).
                public let stiffness: Double
                /// 2·ζ·√k, ζ = \(number(p.dampingRatio)).
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
                public static let dampingRatio: Double = \(number(p.dampingRatio))
                /// The rest angle follows gravity but never hangs further than this (radians).
                public static let maxRestAngle: Double = \(number(p.maxRestAngle))
                /// How much wrist rotation (rad/s) kicks the angular velocity.
                public static let kickGain: Double = \(number(p.kickGain))
                /// Intensity of the haptic when a charm is touched.
                public static let hapticIntensity: Double = \(number(p.hapticIntensity))
                /// One clock for every charm (Hz).
                public static let tickRate: Double = \(number(p.tickRate))
                public static let tickInterval: Double = 1 / tickRate
                /// k = referenceStiffness + stiffnessPerSecond · (referenceSwayDuration − duration).
                public static let referenceStiffness: Double = \(number(p.referenceStiffness))
                public static let stiffnessPerSecond: Double = \(number(p.stiffnessPerSecond))
                public static let referenceSwayDuration: Double = \(number(p.referenceSwayDuration))

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
                public static let dishCapacity: Int = \(CharmLimits.dishCapacity)
                /// Charms worn on the bracelet.
                public static let maxWorn: Int = \(CharmLimits.maxWorn)
                /// Names fit three-up on the island at minimum scale factor 0.6.
                public static let maxNameLength: Int = \(CharmLimits.maxNameLength)
            }

            /// The charm art's fixed shape.
            public enum CharmArt {
                /// Height ÷ width of every charm image (width:height = 120:110).
                public static let aspect: Double = \(number(CharmCanvas.aspect))
            }

            """
    }
}
