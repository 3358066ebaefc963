// The text diff `check` shows of generated files, whose two sides a pull request can
// shape (the baseline folder and the art). The input is the two texts, split at its
// first NUL byte. The hunks are empty exactly when the texts are equal; every line they
// show is a context, removed or added line, a hunk header or a count of lines left out,
// and none is longer than the cut; a removed line is a line of the first text and an
// added one a line of the second.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzTextDiff(_ bytes: [UInt8]) {
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    let expected = String(decoding: bytes[..<cut], as: UTF8.self)
    let actual = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self)
    let hunks = TextDiff.hunks(expected: expected, actual: actual)
    let equal = expected == actual || TextDiff.lines(expected) == TextDiff.lines(actual)
    precondition(hunks.isEmpty == equal, "hunks for equal texts, or none for different ones")
    guard !hunks.isEmpty else { return }
    let old = Set(TextDiff.lines(expected)), new = Set(TextDiff.lines(actual))
    for line in hunks.split(separator: "\n", omittingEmptySubsequences: false) {
        precondition(line.count <= TextDiff.maxLineLength + 48, "a line past the cut")
        if line.hasPrefix("@@ line ") || line.hasPrefix("… ") { continue }
        // The mark is one scalar: a line that starts with a combining mark joins it in one character.
        let text = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst()))
        guard !text.hasSuffix(" more characters)") else { continue }
        switch line.unicodeScalars.first {
        case "-": precondition(old.contains(text), "a removed line that the first text does not have")
        case "+": precondition(new.contains(text), "an added line that the second text does not have")
        case " ": precondition(old.contains(text) || new.contains(text), "a context line of neither text")
        default: preconditionFailure("a line that is not part of a hunk: \(line.prefix(40))")
        }
    }
}
