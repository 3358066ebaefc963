// Scores (art/music/*.json) and the chord symbols in them. A score it accepts is in
// range and no longer than a track may be; every chord reads back from its symbol.
// The input as a bare chord symbol or key exercises those readers directly.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzScore(_ bytes: [UInt8]) {
    if let score = readArtFile(bytes, Score.parse) {
        precondition(Score.tempoRange.contains(score.tempo) && score.bars >= 1 && !score.progression.isEmpty)
        precondition(score.bodySeconds + (score.loop ? 0 : score.reverbSeconds) <= Score.maxSeconds)
        precondition(score.fadeIn + score.fadeOut <= score.bodySeconds)
        score.progression.forEach(checkChord)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let chord = Chord(text) { checkChord(chord) }
    if let key = MusicalKey(text) { precondition(key.scale.count == 7 && key.scale.allSatisfy((0..<12).contains)) }
}

func checkChord(_ chord: Chord) {
    precondition(Chord(chord.symbol) == chord, "\(chord.symbol) does not read back")
    precondition(chord.intervals.first == 0 && chord.pitchClasses.allSatisfy((0..<12).contains))
}
