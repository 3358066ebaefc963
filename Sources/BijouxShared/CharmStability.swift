/// Which sway durations the 60 Hz step keeps stable: the table's limits, derived from
/// `CharmPhysics.step` itself (the tool refuses a table outside them; an app that lets
/// people tune a sway can ask the same question).
extension CharmPhysics {
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

    /// Whether a sway of `duration` seconds lies within `swayDurationLimits`.
    public static func acceptsSwayDuration(_ duration: Double) -> Bool {
        let limits = swayDurationLimits
        return duration > limits.above && duration < limits.below
    }
}
