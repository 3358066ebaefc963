import BijouxCore

/// A transfer-style haptic as `art/haptics/<name>.json` writes it: a rising ramp of
/// transient taps into a heavy continuous thud, the way the system's own hand-off
/// feels.
///
///     {"ramp": {"count": 6, "spacing": 0.045, "startIntensity": 0.3, "endIntensity": 0.8,
///               "startSharpness": 0.7, "endSharpness": 0.45},
///      "thud": {"delay": 0.06, "duration": 0.3, "intensity": 1, "sharpness": 0.2, "fadeOut": 0.18}}
///
/// Times are seconds (`spacing` between taps, `delay` from the last tap to the thud),
/// intensities and sharpness 0…1 as Core Haptics takes them; `fadeOut` (optional) is
/// how long the thud takes to die away at its end, as an intensity curve. The thud starts
/// with its attack, a transient at the thud's intensity as Apple's own patterns pair a
/// continuous event with one, whose sharpness is `attackSharpness` (optional, 0.5: a firmer
/// edge than the dull body).
struct HapticRecipe: Equatable, Sendable {
    struct Ramp: Equatable, Sendable {
        var count: Int
        var spacing: Double
        var startIntensity: Double
        var endIntensity: Double
        var startSharpness: Double
        var endSharpness: Double
    }

    struct Thud: Equatable, Sendable {
        var delay: Double
        var duration: Double
        var intensity: Double
        var sharpness: Double
        var fadeOut: Double?
        var attackSharpness = HapticRecipe.defaultAttackSharpness
    }

    var ramp: Ramp
    var thud: Thud

    static let folder = "haptics"
    static let defaultAttackSharpness = 0.5
    static let countRange = 1...32
    /// Core Haptics plays a continuous event for at most 30 s.
    static let maxDuration = 30.0
    /// The most recipes an art folder may hold.
    static let maxCount = 64
}

extension HapticRecipe {
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> HapticRecipe {
        let top = try JSONFields(parsing: bytes, file: file, known: ["ramp", "thud"])
        let level = "a value 0–1", unit = 0.0...1.0
        let r = try top.object("ramp", known: ["count", "spacing", "startIntensity", "endIntensity", "startSharpness", "endSharpness"])
        let ramp = Ramp(
            count: try r.required("count", "a whole number \(countRange.lowerBound)–\(countRange.upperBound)") { $0.wholeNumber(in: countRange) },
            spacing: try r.number("spacing", "seconds, more than 0 and at most 1", in: 0...1, openBelow: true),
            startIntensity: try r.number("startIntensity", level, in: unit),
            endIntensity: try r.number("endIntensity", level, in: unit),
            startSharpness: try r.number("startSharpness", level, in: unit),
            endSharpness: try r.number("endSharpness", level, in: unit))
        let t = try top.object("thud", known: ["delay", "duration", "intensity", "sharpness", "fadeOut", "attackSharpness"])
        let duration = try t.number("duration", "seconds, more than 0 and at most 30", in: 0...maxDuration, openBelow: true)
        var thud = Thud(
            delay: try t.number("delay", "seconds, 0–1 (a time is never negative)", in: 0...1),
            duration: duration,
            intensity: try t.number("intensity", level, in: unit),
            sharpness: try t.number("sharpness", level, in: unit))
        if t["fadeOut"] != nil {
            thud.fadeOut = try t.number(
                "fadeOut", "seconds, more than 0 and at most the thud's duration (\(Format.number(duration)))", in: 0...duration, openBelow: true)
        }
        if t["attackSharpness"] != nil { thud.attackSharpness = try t.number("attackSharpness", level, in: unit) }
        return HapticRecipe(ramp: ramp, thud: thud)
    }
}
