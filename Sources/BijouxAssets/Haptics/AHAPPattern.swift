import BijouxCore

/// A haptic pattern as Core Haptics reads it from an `.ahap` file (Apple Haptic and
/// Audio Pattern): `Version` and a `Pattern` of `Event`s (`Time`, `EventType`,
/// `EventDuration` for a continuous one, `EventParameters` with `HapticIntensity`
/// and `HapticSharpness`) and `ParameterCurve`s (`ParameterID`, `Time`,
/// `ParameterCurveControlPoints` at times relative to the curve's).
struct AHAPPattern: Equatable, Sendable {
    enum Kind: String, Sendable {
        case transient = "HapticTransient"
        case continuous = "HapticContinuous"
    }

    struct Event: Equatable, Sendable {
        var time: Double
        var kind: Kind
        var duration: Double?
        var intensity: Double
        var sharpness: Double
    }

    /// A curve over `HapticIntensityControl`, which scales the intensity of the
    /// events playing while it runs.
    struct IntensityCurve: Equatable, Sendable {
        var time: Double
        var points: [(time: Double, value: Double)]

        static func == (a: Self, b: Self) -> Bool {
            a.time == b.time && a.points.map(\.time) == b.points.map(\.time) && a.points.map(\.value) == b.points.map(\.value)
        }
    }

    var events: [Event]
    var curves: [IntensityCurve]

    static let fileExtension = "ahap"

    /// Times to a tenth of a millisecond and levels to four places, so the file's
    /// numbers are short and the same whatever the arithmetic's last bit.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    init(_ recipe: HapticRecipe) {
        let ramp = recipe.ramp
        var events: [Event] = []
        for i in 0..<ramp.count {
            let x = ramp.count == 1 ? 1 : Double(i) / Double(ramp.count - 1)
            events.append(
                Event(
                    time: Self.rounded(Double(i) * ramp.spacing), kind: .transient, duration: nil,
                    intensity: Self.rounded(ramp.startIntensity + (ramp.endIntensity - ramp.startIntensity) * x),
                    sharpness: Self.rounded(ramp.startSharpness + (ramp.endSharpness - ramp.startSharpness) * x)))
        }
        let thud = recipe.thud
        let thudTime = Self.rounded(Double(ramp.count - 1) * ramp.spacing + thud.delay)
        // The attack: a transient at the thud's start, so the heavy body has an edge.
        events.append(
            Event(
                time: thudTime, kind: .transient, duration: nil, intensity: Self.rounded(thud.intensity),
                sharpness: Self.rounded(thud.attackSharpness)))
        events.append(
            Event(
                time: thudTime, kind: .continuous, duration: Self.rounded(thud.duration),
                intensity: Self.rounded(thud.intensity), sharpness: Self.rounded(thud.sharpness)))
        var curves: [IntensityCurve] = []
        if let fade = thud.fadeOut {
            let start = Self.rounded(thud.duration - fade)
            curves.append(IntensityCurve(time: thudTime, points: [(0, 1), (start, 1), (Self.rounded(thud.duration), 0)]))
        }
        (self.events, self.curves) = (events, curves)
    }

    /// The `.ahap` JSON, in the project's one JSON style (sorted keys).
    var json: String {
        func parameters(_ event: Event) -> JSONOutput {
            [
                ["ParameterID": "HapticIntensity", "ParameterValue": .double(event.intensity)],
                ["ParameterID": "HapticSharpness", "ParameterValue": .double(event.sharpness)],
            ]
        }
        var pattern: [JSONOutput] = events.map { event in
            var fields: [String: JSONOutput] = [
                "Time": .double(event.time), "EventType": .string(event.kind.rawValue), "EventParameters": parameters(event),
            ]
            if let duration = event.duration { fields["EventDuration"] = .double(duration) }
            return ["Event": .object(fields)]
        }
        for curve in curves {
            pattern.append([
                "ParameterCurve": [
                    "ParameterID": "HapticIntensityControl", "Time": .double(curve.time),
                    "ParameterCurveControlPoints": .array(curve.points.map { ["Time": .double($0.time), "ParameterValue": .double($0.value)] }),
                ]
            ])
        }
        return JSONWriter.xcodeStyle(["Version": .double(1), "Pattern": .array(pattern)])
    }
}
