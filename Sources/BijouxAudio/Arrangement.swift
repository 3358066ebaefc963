import BijouxCore

/// One note to play: when (seconds from the start), for how long, its MIDI pitch,
/// velocity 0…1 and pan −1 (left) … 1 (right).
struct Note: Equatable, Sendable {
    var start: Double
    var duration: Double
    var pitch: Int
    var velocity: Double
    var pan: Double = 0
}

/// What each voice plays, decided from the score before any sound is made: the
/// waltz's ONE-two-three (bass on the downbeat, piano on two and three), voicings
/// led smoothly from bar to bar, a melody on chord tones, a gentle swing.
struct Arrangement: Equatable, Sendable {
    var piano: [Note] = []
    var bass: [Note] = []
    /// Brush strokes: start, length, strength and whether it is a sweep (long) or a tap.
    var brushes: [Note] = []

    /// MIDI ranges: the bass plays in the double bass's register, E1–G2 (41–98 Hz), so
    /// its fundamentals, and its second partials, are under 200 Hz.
    static let bassRange = 28...43
    static let compRange = 52...72
    static let melodyRange = 67...81

    init(_ score: Score) {
        var comp = SeededRandom(seed: score.seed, stream: 1)
        var melodyRandom = SeededRandom(seed: score.seed, stream: 2)
        var bassRandom = SeededRandom(seed: score.seed, stream: 3)
        var feel = Feel(score, random: SeededRandom(seed: score.seed, stream: 4))

        // Each voice is led from where it was in the bar before; the voices are played bar
        // by bar in this order, which is the order they draw on `feel`.
        var voicing: [Int] = []
        var melodyPitch = 72
        var bassPitch = 0
        for bar in 0..<score.bars {
            let chord = score.chord(inBar: bar)
            let next = score.chord(inBar: bar + 1)
            bassPitch = playBass(bar, chord: chord, next: next, after: bassPitch, random: &bassRandom, feel: &feel)
            voicing = playComping(bar, chord: chord, after: voicing, random: &comp, feel: &feel)
            melodyPitch = playMelody(bar, chord: chord, in: score.key, after: melodyPitch, random: &melodyRandom, feel: &feel)
            playBrushes(bar, feel: &feel)
        }
    }

    /// The player's touch, shared by every voice: where each eighth of a bar falls (the
    /// off-beats swung), and each note's time and velocity nudged at random by the score's
    /// `humanize`, from one generator that the voices draw on in the order they play.
    private struct Feel {
        let score: Score
        var random: SeededRandom

        init(_ score: Score, random: SeededRandom) {
            self.score = score
            self.random = random
        }

        var beat: Double { score.beatSeconds }

        /// The time of eighth `eighth` (0…5) of bar `bar`, the off-beats swung.
        func at(_ bar: Int, eighth: Int) -> Double {
            Double(bar) * score.barSeconds + (Double(eighth / 2) + (eighth % 2 == 1 ? score.swing : 0)) * beat
        }

        mutating func human(_ time: Double) -> Double { max(0, time + random.triangular() * score.humanizeTiming) }
        mutating func velocity(_ base: Double) -> Double { min(1, max(0.05, base * (1 + random.triangular() * score.humanizeVelocity))) }
    }

    /// Bass: the root on ONE, a chord tone (fifth or third) on three, now and then on two
    /// as well; the last bar of a phrase may lean into the next root. Gives the root, near
    /// which the next bar's is played (`last` is 0 before the first bar).
    private mutating func playBass(
        _ bar: Int, chord: Chord, next: Chord, after last: Int, random: inout SeededRandom, feel: inout Feel
    ) -> Int {
        let beat = feel.beat
        let root = Self.nearest(chord.root, to: last == 0 ? 36 : last, in: Self.bassRange)
        bass.append(Note(start: feel.human(feel.at(bar, eighth: 0)), duration: beat * 1.9, pitch: root, velocity: feel.velocity(0.9)))
        if random.chance(0.3) {
            let third = Self.nearest(chord.pitchClasses[1], to: root + 4, in: Self.bassRange)
            bass.append(Note(start: feel.human(feel.at(bar, eighth: 2)), duration: beat * 0.9, pitch: third, velocity: feel.velocity(0.6)))
        }
        let onThree: Int
        if random.chance(0.25) {
            // A semitone from the next root, from the side that stays in the register.
            let target = Self.nearest(next.root, to: root, in: Self.bassRange)
            let below = random.chance(0.5)
            onThree = Self.bassRange.contains(target + (below ? -1 : 1)) ? target + (below ? -1 : 1) : target + (below ? 1 : -1)
        } else {
            let fifth = chord.pitchClasses.count > 2 ? chord.pitchClasses[2] : chord.root
            onThree = Self.nearest(fifth, to: random.chance(0.5) ? root + 7 : root - 5, in: Self.bassRange)
        }
        bass.append(Note(start: feel.human(feel.at(bar, eighth: 4)), duration: beat * 0.95, pitch: onThree, velocity: feel.velocity(0.7)))
        return root
    }

    /// Piano comping: a voicing without the root (the bass has it), led from the last,
    /// on two and three or a swung "two-and". Gives the voicing, which the next bar's is
    /// led from.
    private mutating func playComping(_ bar: Int, chord: Chord, after last: [Int], random: inout SeededRandom, feel: inout Feel) -> [Int] {
        let voicing = Self.voicing(chord, near: last, random: &random)
        let patterns: [[(eighth: Int, beats: Double, weight: Double)]] = [
            [(2, 0.9, 0.5), (4, 0.8, 0.42)],
            [(2, 0.45, 0.48), (3, 1.3, 0.44)],
            [(0, 2.6, 0.4)],
            [(1, 1.2, 0.42), (4, 0.9, 0.38)],
        ]
        for hit in patterns[random.index(patterns.count)] {
            let start = feel.human(feel.at(bar, eighth: hit.eighth))
            let strength = feel.velocity(hit.weight)
            for (i, pitch) in voicing.enumerated() {
                // A rolled chord: each voice a few milliseconds after the one below.
                piano.append(
                    Note(
                        start: start + Double(i) * 0.006, duration: hit.beats * feel.beat, pitch: pitch, velocity: strength,
                        pan: Double(pitch - 62) / 30))
            }
        }
        return voicing
    }

    /// Melody: a chord tone near the last on ONE; sometimes a scale step on three; every
    /// fourth bar or so it rests. Gives the melody's pitch at the end of the bar, near
    /// which the next bar's is played.
    private mutating func playMelody(
        _ bar: Int, chord: Chord, in key: MusicalKey, after last: Int, random: inout SeededRandom, feel: inout Feel
    ) -> Int {
        guard !random.chance(0.22) else { return last }
        let beat = feel.beat
        let tones = chord.pitchClasses.dropFirst()
        let candidates = tones.map { Self.nearest($0, to: last + random.index(5) - 2, in: Self.melodyRange) }
        let onOne = candidates.min { abs($0 - last) < abs($1 - last) } ?? last
        let long = random.chance(0.5)
        piano.append(
            Note(start: feel.human(feel.at(bar, eighth: 0)), duration: beat * (long ? 2.8 : 1.8), pitch: onOne, velocity: feel.velocity(0.62), pan: 0.2))
        guard !long else { return onOne }
        let scale = key.scale
        let step = random.chance(0.5) ? 1 : -1
        var pitch = onOne + step
        while !scale.contains(((pitch % 12) + 12) % 12) { pitch += step }
        guard Self.melodyRange.contains(pitch) else { return onOne }
        piano.append(Note(start: feel.human(feel.at(bar, eighth: 4)), duration: beat * 0.95, pitch: pitch, velocity: feel.velocity(0.5), pan: 0.2))
        return pitch
    }

    /// Brushes: a sweep through ONE, taps on two and three.
    private mutating func playBrushes(_ bar: Int, feel: inout Feel) {
        let beat = feel.beat
        brushes.append(Note(start: feel.human(feel.at(bar, eighth: 0)), duration: beat * 0.9, pitch: 1, velocity: feel.velocity(0.8)))
        brushes.append(Note(start: feel.human(feel.at(bar, eighth: 2)), duration: beat * 0.3, pitch: 0, velocity: feel.velocity(0.5)))
        brushes.append(Note(start: feel.human(feel.at(bar, eighth: 4)), duration: beat * 0.3, pitch: 0, velocity: feel.velocity(0.55)))
    }

    /// The pitch of class `pitchClass` nearest `target` inside `range`.
    static func nearest(_ pitchClass: Int, to target: Int, in range: ClosedRange<Int>) -> Int {
        var best = range.lowerBound
        for pitch in range where ((pitch % 12) + 12) % 12 == pitchClass {
            if best % 12 != pitchClass || abs(pitch - target) < abs(best - target) { best = pitch }
        }
        return best
    }

    /// Three or four chord tones above the bass, without the root, each voice as
    /// near the previous voicing's as the chord allows.
    static func voicing(_ chord: Chord, near previous: [Int], random: inout SeededRandom) -> [Int] {
        var classes = Array(chord.pitchClasses.dropFirst())
        if classes.count > 4 { classes.remove(at: 1) }  // a ninth chord drops its fifth
        let centre = previous.isEmpty ? 62 : previous.reduce(0, +) / previous.count
        let lowest = nearest(classes[random.index(classes.count)], to: centre - 5, in: compRange)
        var voicing = [lowest]
        var pitch = lowest
        for _ in 1..<classes.count {
            // The next chord tone above.
            repeat { pitch += 1 } while !classes.contains(pitch % 12) || voicing.contains(where: { $0 % 12 == pitch % 12 })
            voicing.append(pitch)
        }
        return voicing
    }
}
