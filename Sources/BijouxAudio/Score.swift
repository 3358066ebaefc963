import BijouxCore

/// A piece of music as `art/music/<name>.json` writes it:
///
///     {"tempo": 72, "bars": 24, "meter": "3/4", "key": "F", "seed": 7,
///      "progression": ["Fmaj7", "Dm7", "Gm7", "C7"],
///      "levels": {"piano": 1, "bass": 0.9, "brushes": 0.25}, "swing": 0.62,
///      "humanize": {"timing": 0.008, "velocity": 0.08},
///      "reverb": {"seconds": 2.4, "mix": 0.3}, "fadeIn": 0, "fadeOut": 0, "loop": true}
///
/// `tempo` is in beats per minute, one chord per bar cycling through `progression`,
/// `seed` drives every random choice (voicings, melody, humanisation). Everything
/// after `seed` is optional, with the defaults of `Score.init`.
package struct Score: Equatable, Sendable {
    struct Levels: Equatable, Sendable {
        var piano = 1.0
        var bass = 0.9
        var brushes = 0.25
        init() {}
    }

    package var tempo: Double
    package var bars: Int
    package var beatsPerBar = 3
    var key: MusicalKey
    var progression: [Chord]
    var seed: UInt64
    var levels = Levels()
    /// Where the off-beat eighth falls, as a fraction of the beat: 0.5 straight,
    /// 2/3 triplet swing.
    var swing = 0.6
    /// The largest timing offset of a note, in seconds, and of its velocity, as a fraction.
    var humanizeTiming = 0.008
    var humanizeVelocity = 0.08
    var reverbSeconds = 2.4
    var reverbMix = 0.3
    var fadeIn = 0.0
    var fadeOut = 0.0
    /// The track loops: its end runs into its start, the reverb tail folded into the
    /// first bars (no fades).
    package var loop = false

    init(tempo: Double, bars: Int, key: MusicalKey, progression: [Chord], seed: UInt64) {
        (self.tempo, self.bars, self.key, self.progression, self.seed) = (tempo, bars, key, progression, seed)
    }

    var beatSeconds: Double { 60 / tempo }
    var barSeconds: Double { Double(beatsPerBar) * beatSeconds }
    /// The music's own length: bars × beats per bar × 60 / tempo.
    var bodySeconds: Double { Double(bars) * barSeconds }
    /// The chord of bar `bar` (0-based).
    func chord(inBar bar: Int) -> Chord { progression[bar % progression.count] }

    /// The least bass level for a piano level of 1: a lower bass would leave the track
    /// without its low end (at least 15 % of the energy under 200 Hz, 4 % under 100 Hz).
    static let minimumBassToPiano = 0.9

    package static let folder = "music"
    /// The only meter the arrangement knows: it is a waltz.
    static let supportedMeters = ["3/4"]
    static let tempoRange = 30.0...240.0
    /// The longest track a score may ask for, reverb tail included: checked before
    /// any synthesis, so a typo cannot make the build render for hours.
    static let maxSeconds = 600.0
    /// The most scores an art folder may hold: each is up to minutes of synthesis, so
    /// the count bounds a build's time as `maxSeconds` bounds each track's.
    package static let maxCount = 16
}

extension Score {
    package static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> Score {
        let top = try JSONFields(
            parsing: bytes, file: file,
            known: ["tempo", "bars", "meter", "key", "progression", "seed", "levels", "swing", "humanize", "reverb", "fadeIn", "fadeOut", "loop"])
        // Field by field in this order, so a score with several faults is told of the same
        // one first every time.
        var score = try parseMusic(top)
        if top["levels"] != nil { score.levels = try parseLevels(top) }
        try parsePlaying(top, into: &score)
        try parseLoopAndFades(top, into: &score)
        try checkLength(score, top)
        return score
    }

    /// The fields every score has, which say what music it is: tempo, bars, meter, key,
    /// seed and progression.
    private static func parseMusic(_ top: JSONFields) throws(ArtFileError) -> Score {
        let tempo = try top.number("tempo", "beats per minute, 30–240", in: tempoRange)
        let bars = try top.required("bars", "a whole number of bars, at least 1") { $0.wholeNumber(in: 1...Int(Int32.max)) }
        let meter = try top.string("meter")
        guard supportedMeters.contains(meter) else {
            throw top.fail(
                "meter",
                """
                meter \(JSONWriter.quote(meter)) is not supported: expected \(supportedMeters.map(JSONWriter.quote).joined(separator: ", ")) (the arrangement \
                is a waltz)
                """
            )
        }
        let keyName = try top.string("key")
        guard let key = MusicalKey(keyName) else {
            throw top.fail("key", "\(JSONWriter.quote(keyName)) is not a key: expected a note name and optional \"m\" (\"F\", \"Bb\", \"F#m\")")
        }
        let seed = try top.required("seed", "a whole number 0–9007199254740991") { $0.wholeNumber(in: 0...(1 << 53) - 1) }
        let progression = try parseProgression(top, bars: bars)
        return Score(tempo: tempo, bars: bars, key: key, progression: progression, seed: UInt64(seed))
    }

    /// `levels`: each voice's level, the defaults' where it is not given, the bass never
    /// far under the piano.
    private static func parseLevels(_ top: JSONFields) throws(ArtFileError) -> Levels {
        let fields = try top.object("levels", known: ["piano", "bass", "brushes"])
        var levels = Levels()
        let range = 0.0...2.0, expected = "a level 0–2 (1 is the default balance)"
        if fields["piano"] != nil { levels.piano = try fields.number("piano", expected, in: range) }
        if fields["bass"] != nil { levels.bass = try fields.number("bass", "a level 0.1–2 (1 is the default balance)", in: 0.1...2) }
        if fields["brushes"] != nil { levels.brushes = try fields.number("brushes", expected, in: range) }
        // The bass carries the track's low end: it is never far under the piano.
        let least = minimumBassToPiano * levels.piano
        if levels.bass < least {
            throw fields.fail(
                fields["bass"] != nil ? "bass" : "piano",
                """
                the bass (\(Format.number(levels.bass))) is under \(Format.number(minimumBassToPiano)) × the piano \
                (\(Format.number(levels.piano))): the bass carries the low end, so it is at least \
                \(Format.number((least * 1000).rounded(.up) / 1000)) here
                """
            )
        }
        return levels
    }

    /// How the music is played, each optional: `swing`, `humanize` and `reverb`.
    private static func parsePlaying(_ top: JSONFields, into score: inout Score) throws(ArtFileError) {
        if top["swing"] != nil { score.swing = try top.number("swing", "0.5 (straight) to 0.75", in: 0.5...0.75) }
        if top["humanize"] != nil {
            let humanize = try top.object("humanize", known: ["timing", "velocity"])
            if humanize["timing"] != nil { score.humanizeTiming = try humanize.number("timing", "seconds, 0–0.05", in: 0...0.05) }
            if humanize["velocity"] != nil { score.humanizeVelocity = try humanize.number("velocity", "a fraction, 0–0.5", in: 0...0.5) }
        }
        if top["reverb"] != nil {
            let reverb = try top.object("reverb", known: ["seconds", "mix"])
            if reverb["seconds"] != nil { score.reverbSeconds = try reverb.number("seconds", "seconds, 0.1–8", in: 0.1...8) }
            if reverb["mix"] != nil { score.reverbMix = try reverb.number("mix", "a fraction, 0–1", in: 0...1) }
        }
    }

    /// How the track starts and ends, each optional: `loop`, or `fadeIn` and `fadeOut`
    /// (a looping track has no fades).
    private static func parseLoopAndFades(_ top: JSONFields, into score: inout Score) throws(ArtFileError) {
        if top["loop"] != nil { score.loop = try top.required("loop", "true or false", saysFound: true) { if case .bool(let flag) = $0 { flag } else { nil } } }
        for field in ["fadeIn", "fadeOut"] where top[field] != nil {
            let seconds = try top.number(field, "seconds, 0–30", in: 0...30)
            if score.loop && seconds > 0 {
                throw top.fail(field, "a looping track has no fades (they would be a level step at the seam); remove it or set \"loop\": false")
            }
            if field == "fadeIn" { score.fadeIn = seconds } else { score.fadeOut = seconds }
        }
    }

    /// The fades fit in the music, and the whole track, reverb tail included, is at most
    /// `maxSeconds`.
    private static func checkLength(_ score: Score, _ top: JSONFields) throws(ArtFileError) {
        guard score.fadeIn + score.fadeOut <= score.bodySeconds else {
            throw top.fail(
                "fadeOut", "the fades (\(Format.number(score.fadeIn + score.fadeOut)) s) are longer than the music (\(Format.number(score.bodySeconds)) s)")
        }
        // Bounded before synthesis: bars and tempo are each in range, but together
        // they may still ask for hours.
        let total = score.bodySeconds + (score.loop ? 0 : score.reverbSeconds)
        guard total <= maxSeconds else {
            throw top.fail(
                "bars",
                """
                \(score.bars) bars at \(Format.number(score.tempo)) beats per minute last \(Format.number((total / 60).rounded())) minutes; a track may \
                last at most \(Format.number(maxSeconds / 60)) minutes
                """
            )
        }
    }

    /// The chords, each checked; an unknown symbol is an error at its element that
    /// names the first bar that would play it.
    private static func parseProgression(_ top: JSONFields, bars: Int) throws(ArtFileError) -> [Chord] {
        let elements = try top.required("progression", "a non-empty array of chord symbols", saysFound: true) { $0.array.flatMap { $0.isEmpty ? nil : $0 } }
        var chords: [Chord] = []
        for (index, element) in elements.enumerated() {
            let name = "progression[\(index)]"
            guard let symbol = element.value.string else {
                throw ArtFileError(file: top.file, location: element.location, field: name, message: "expected a chord symbol, found \(element.value.typeName)")
            }
            guard let chord = Chord(symbol) else {
                let bar = index < bars ? "bar \(index + 1)" : "no bar (the score has \(bars))"
                throw ArtFileError(
                    file: top.file, location: element.location, field: name,
                    message:
                        """
                        unknown chord symbol \(JSONWriter.quote(symbol)) in \(bar): expected a root (C…B, with # or b) and a quality such as maj7, m7, 7, \
                        m7b5, dim7, 7sus4
                        """
                )
            }
            chords.append(chord)
        }
        return chords
    }
}
