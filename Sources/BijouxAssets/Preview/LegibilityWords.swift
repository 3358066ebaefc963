import BijouxCore

/// A legibility reading in words a designer reads, instead of two ratios.
///
/// "Kept" is the share of the full-size silhouette still solid at 22 pt, capped at
/// 100 %: soft, half-transparent edges can cover more of a small render than of the
/// large one, and a hazy matte makes every pixel "paint", so the raw ratio can exceed
/// 1 (844 % on a hazy charm), which says nothing a person can use.
extension LegibilityReport {
    /// Above this share of the shape kept, fine details survive the shrink.
    static let crispRetention = 0.85

    /// The share of the shape that stays solid, at most 1.
    var keptShare: Double { min(1, max(0, retention)) }

    /// One sentence: how the charm reads at 22 pt.
    var verdict: String {
        if hazeFloor > 0 {
            return
                "hazy at 22 pt: the matte keys into a haze (floor \(hazeFloor)/255) over the whole box, so its shape cannot be judged until the matte is black"
        }
        if solidFraction < Self.minimumSolidFraction {
            return "a speck at 22 pt: solid paint covers only \(Self.percent(solidFraction)) of its box"
        }
        if retention < Self.minimumRetention {
            return "thin parts fade away at 22 pt: only \(Self.percent(keptShare)) of its shape stays solid"
        }
        if retention < Self.crispRetention {
            return "holds up at 22 pt, but fine details soften: \(Self.percent(keptShare)) of its shape stays solid"
        }
        return keptShare >= 0.995
            ? "reads well at 22 pt: all of its shape stays solid"
            : "reads well at 22 pt: \(Self.percent(keptShare)) of its shape stays solid"
    }

    /// "fades", "softens" or "reads well": for a badge.
    var grade: String {
        hazeFloor > 0 ? "hazy" : nearlyVanishes ? "fades" : retention < Self.crispRetention ? "softens" : "reads well"
    }

    /// A share as a whole percentage, capped at 100 %.
    static func percent(_ share: Double) -> String { Format.percent(min(1, max(0, share))) }

    /// How the figures are measured, for the page's legend.
    static var explanation: String {
        "The charm is rendered at 22 pt exactly as the catalog renders it, and a pixel counts as solid paint when it is at least half opaque. "
            + "\u{201C}Of its shape\u{201D} compares the solid area at 22 pt with the same measure at full size, capped at 100 % "
            + "(soft edges can make a small render look fuller than the large one). "
            + "The build warns below \(percent(minimumRetention)) of the shape, or below \(percent(minimumSolidFraction)) of the box solid. "
            + "That check uses the @1x render (22 px), which is stricter than a phone: every Dynamic Island iPhone is @3x and shows the charm with 66 px."
    }
}
