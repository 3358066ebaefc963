import BijouxCore

/// `bijoux-assets.json`'s `tolerances`: the table's kinds tightened or loosened for one
/// art folder, read as strictly as every art file (an unknown kind or field, or a value
/// out of range, is an error at its line and column).
///
///     "tolerances": {
///       "icons": {"threshold": 0.15, "budget": 4},
///       "appIcon": {"comparison": "exact"},
///       "audio": {"seconds": 0.01, "loudness": 0.5, "differenceDB": -30}
///     }
///
/// An image kind takes `comparison` ("exact" or "perceptual"), `threshold` (0 to 1,
/// pixelmatch's per-pixel colour distance; perceptual only) and `budget` (pixels that
/// may differ beyond the rule). `audio` takes `seconds`, `loudness` (LU) and
/// `differenceDB`. Text is always compared exactly.
extension GoldenTolerances {
    static let imageFields = ["comparison", "threshold", "budget"]
    static let audioFields = ["seconds", "loudness", "differenceDB"]

    /// The table with `settings` (the `tolerances` object) applied to its kinds.
    func adjusted(by settings: JSONFields) throws(ArtFileError) -> GoldenTolerances {
        var table = self
        for kind in kinds where settings[kind] != nil {
            if kind == AudioTolerance.kind {
                table.audio = try audio.adjusted(by: settings.object(kind, known: Self.audioFields))
            } else {
                let fields = try settings.object(kind, known: Self.imageFields)
                let reason = "loosened or tightened in \(settings.file)"
                for index in table.rules.indices where table.rules[index].kind == kind {
                    table.rules[index].tolerance = try table.rules[index].tolerance.adjusted(by: fields, reason: reason)
                }
                if kind == Self.fallbackKind { table.fallback = try fallback.adjusted(by: fields, reason: reason) }
            }
        }
        return table
    }
}

extension GoldenTolerance {
    func adjusted(by fields: JSONFields, reason: String) throws(ArtFileError) -> GoldenTolerance {
        var tolerance = self
        let named = try fields.optional("comparison", "\"exact\" or \"perceptual\"") { value -> String? in
            value.string.flatMap { ["exact", "perceptual"].contains($0) ? $0 : nil }
        }
        var threshold: Double? = nil
        if case .perceptual(let current) = comparison { threshold = current }
        if fields["threshold"] != nil {
            guard named != "exact", named == "perceptual" || threshold != nil else {
                throw fields.fail("threshold", "an exact comparison has no threshold: add \"comparison\": \"perceptual\"")
            }
            threshold = try fields.number("threshold", "a number from 0 to 1", in: 0...1)
        }
        switch named {
        case "exact": tolerance.comparison = .exact
        case "perceptual": tolerance.comparison = .perceptual(threshold: threshold ?? PixelComparison.defaultThreshold)
        default: if let threshold { tolerance.comparison = .perceptual(threshold: threshold) }
        }
        if let budget = try fields.optional("budget", "a whole number of pixels, 0 or more", { $0.wholeNumber(in: 0...Int(Int32.max)) }) {
            tolerance.budget = budget
        }
        tolerance.reason = reason
        return tolerance
    }
}

extension AudioTolerance {
    func adjusted(by fields: JSONFields) throws(ArtFileError) -> AudioTolerance {
        var tolerance = self
        if fields["seconds"] != nil { tolerance.seconds = try fields.number("seconds", "seconds from 0 to 60", in: 0...60) }
        if fields["loudness"] != nil { tolerance.loudness = try fields.number("loudness", "LU from 0 to 60", in: 0...60) }
        if fields["differenceDB"] != nil {
            tolerance.differenceDB = try fields.number("differenceDB", "dB from -200 to 0", in: -200...0)
        }
        return tolerance
    }
}
