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
        let beat = score.beatSeconds
        var comp = SeededRandom(seed: score.seed, stream: 1)
        var melodyRandom = SeededRandom(seed: score.seed, stream: 2)
        var bassRandom = SeededRandom(seed: score.seed, stream: 3)
        var feel = SeededRandom(seed: score.seed, stream: 4)
        func human(_ time: Double) -> Double { max(0, time + feel.triangular() * score.humanizeTiming) }
        func velocity(_ base: Double) -> Double { min(1, max(0.05, base * (1 + feel.triangular() * score.humanizeVelocity))) }
        /// The time of eighth `eighth` (0…5) of bar `bar`, the off-beats swung.
        func at(_ bar: Int, eighth: Int) -> Double {
            Double(bar) * score.barSeconds + (Double(eighth / 2) + (eighth % 2 == 1 ? score.swing : 0)) * beat
        }

        var voicing: [Int] = []
        var melodyPitch = 72
        var bassPitch = 0
        for bar in 0..<score.bars {
            let chord = score.chord(inBar: bar)
            let next = score.chord(inBar: bar + 1)

            // Bass: the root on ONE, a chord tone (fifth or third) on three, now and
            // then on two as well; the last bar of a phrase may lean into the next root.
            let root = Self.nearest(chord.root, to: bassPitch == 0 ? 36 : bassPitch, in: Self.bassRange)
            bassPitch = root
            bass.append(Note(start: human(at(bar, eighth: 0)), duration: beat * 1.9, pitch: root, velocity: velocity(0.9)))
            if bassRandom.chance(0.3) {
                let third = Self.nearest(chord.pitchClasses[1], to: root + 4, in: Self.bassRange)
                bass.append(Note(start: human(at(bar, eighth: 2)), duration: beat * 0.9, pitch: third, velocity: velocity(0.6)))
            }
            let onThree: Int
            if bassRandom.chance(0.25) {
                // A semitone from the next root, from the side that stays in the register.
                let target = Self.nearest(next.root, to: root, in: Self.bassRange)
                let below = bassRandom.chance(0.5)
                onThree = Self.bassRange.contains(target + (below ? -1 : 1)) ? target + (below ? -1 : 1) : target + (below ? 1 : -1)
            } else {
                let fifth = chord.pitchClasses.count > 2 ? chord.pitchClasses[2] : chord.root
                onThree = Self.nearest(fifth, to: bassRandom.chance(0.5) ? root + 7 : root - 5, in: Self.bassRange)
            }
            bass.append(Note(start: human(at(bar, eighth: 4)), duration: beat * 0.95, pitch: onThree, velocity: velocity(0.7)))

            // Piano comping: a voicing without the root (the bass has it), led from
            // the last, on two and three or a swung "two-and".
            voicing = Self.voicing(chord, near: voicing, random: &comp)
            let patterns: [[(eighth: Int, beats: Double, weight: Double)]] = [
                [(2, 0.9, 0.5), (4, 0.8, 0.42)],
                [(2, 0.45, 0.48), (3, 1.3, 0.44)],
                [(0, 2.6, 0.4)],
                [(1, 1.2, 0.42), (4, 0.9, 0.38)],
            ]
            for hit in patterns[comp.index(patterns.count)] {
                let start = human(at(bar, eighth: hit.eighth))
                let strength = velocity(hit.weight)
                for (i, pitch) in voicing.enumerated() {
                    // A rolled chord: each voice a few milliseconds after the one below.
                    piano.append(
                        Note(start: start + Double(i) * 0.006, duration: hit.beats * beat, pitch: pitch, velocity: strength, pan: Double(pitch - 62) / 30))
                }
            }

            // Melody: a chord tone near the last on ONE; sometimes a scale step on
            // three; every fourth bar or so it rests.
            if !melodyRandom.chance(0.22) {
                let tones = chord.pitchClasses.dropFirst()
                let candidates = tones.map { Self.nearest($0, to: melodyPitch + melodyRandom.index(5) - 2, in: Self.melodyRange) }
                melodyPitch = candidates.min { abs($0 - melodyPitch) < abs($1 - melodyPitch) } ?? melodyPitch
                let long = melodyRandom.chance(0.5)
                piano.append(
                    Note(start: human(at(bar, eighth: 0)), duration: beat * (long ? 2.8 : 1.8), pitch: melodyPitch, velocity: velocity(0.62), pan: 0.2))
                if !long {
                    let scale = score.key.scale
                    let step = melodyRandom.chance(0.5) ? 1 : -1
                    var pitch = melodyPitch + step
                    while !scale.contains(((pitch % 12) + 12) % 12) { pitch += step }
                    if Self.melodyRange.contains(pitch) {
                        melodyPitch = pitch
                        piano.append(Note(start: human(at(bar, eighth: 4)), duration: beat * 0.95, pitch: pitch, velocity: velocity(0.5), pan: 0.2))
                    }
                }
            }

            // Brushes: a sweep through ONE, taps on two and three.
            brushes.append(Note(start: human(at(bar, eighth: 0)), duration: beat * 0.9, pitch: 1, velocity: velocity(0.8)))
            brushes.append(Note(start: human(at(bar, eighth: 2)), duration: beat * 0.3, pitch: 0, velocity: velocity(0.5)))
            brushes.append(Note(start: human(at(bar, eighth: 4)), duration: beat * 0.3, pitch: 0, velocity: velocity(0.55)))
        }
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
