/// A chord symbol as jazz charts write it: a root (`C`…`B`, with `#` or `b`) and a
/// quality (`maj7`, `m7`, `7`, `m7b5`, `dim7`, `7sus4`, …), read into the pitch
/// classes the voices play.
struct Chord: Equatable, Sendable {
    var symbol: String
    /// The root's pitch class, 0 = C … 11 = B.
    var root: Int
    /// Semitones above the root, ascending, the root (0) first.
    var intervals: [Int]

    /// Every quality this reader knows, by suffix. Aliases spell the same chord.
    static let qualities: [String: [Int]] = [
        "": [0, 4, 7], "maj": [0, 4, 7], "m": [0, 3, 7], "-": [0, 3, 7], "min": [0, 3, 7],
        "6": [0, 4, 7, 9], "m6": [0, 3, 7, 9],
        "maj7": [0, 4, 7, 11], "M7": [0, 4, 7, 11],
        "m7": [0, 3, 7, 10], "-7": [0, 3, 7, 10], "min7": [0, 3, 7, 10],
        "mmaj7": [0, 3, 7, 11], "m(maj7)": [0, 3, 7, 11],
        "7": [0, 4, 7, 10],
        "m7b5": [0, 3, 6, 10], "ø": [0, 3, 6, 10], "ø7": [0, 3, 6, 10],
        "dim": [0, 3, 6], "o": [0, 3, 6], "dim7": [0, 3, 6, 9], "o7": [0, 3, 6, 9],
        "aug": [0, 4, 8], "+": [0, 4, 8], "7#5": [0, 4, 8, 10], "7b5": [0, 4, 6, 10],
        "sus2": [0, 2, 7], "sus4": [0, 5, 7], "sus": [0, 5, 7], "7sus4": [0, 5, 7, 10], "7sus": [0, 5, 7, 10],
        "add9": [0, 4, 7, 14], "9": [0, 4, 7, 10, 14], "maj9": [0, 4, 7, 11, 14], "m9": [0, 3, 7, 10, 14],
        "7b9": [0, 4, 7, 10, 13], "7#9": [0, 4, 7, 10, 15], "13": [0, 4, 7, 10, 14, 21],
    ]

    /// The chord `symbol` names, nil when it is not one this reader knows.
    init?(_ symbol: String) {
        guard let (root, rest) = Self.pitchClass(prefixOf: symbol), let intervals = Self.qualities[String(rest)] else { return nil }
        (self.symbol, self.root, self.intervals) = (symbol, root, intervals)
    }

    /// The pitch class of the note name at the start of `text` (`F`, `Bb`, `F#`) and
    /// what follows it.
    static func pitchClass(prefixOf text: String) -> (Int, Substring)? {
        let naturals: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
        guard let first = text.first, let natural = naturals[first] else { return nil }
        var rest = text.dropFirst()
        var pitch = natural
        if rest.first == "#" {
            pitch += 1
            rest = rest.dropFirst()
        } else if rest.first == "b" {
            pitch -= 1
            rest = rest.dropFirst()
        }
        return ((pitch + 12) % 12, rest)
    }

    /// The chord's pitch classes (0…11), root first.
    var pitchClasses: [Int] { intervals.map { ($0 + root) % 12 } }
}

/// The key a score is in: a tonic and major or minor (`F`, `Bb`, `F#m`). The melody
/// passes through its scale between chord tones.
struct MusicalKey: Equatable, Sendable {
    var tonic: Int
    var minor: Bool

    init?(_ name: String) {
        guard let (tonic, rest) = Chord.pitchClass(prefixOf: name), rest.isEmpty || rest == "m" else { return nil }
        (self.tonic, self.minor) = (tonic, rest == "m")
    }

    /// The scale's pitch classes, tonic first (natural minor for a minor key).
    var scale: [Int] {
        (minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11]).map { ($0 + tonic) % 12 }
    }
}
