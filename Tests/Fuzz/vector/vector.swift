// The vector and symbol forms of an icon: an SVG read as a drawing (SVGDrawing), moved by
// a wobble (VectorIcon) and written as a vector image and a symbol template
// (SymbolTemplate). The wobble is picked by the input's length: the standard one, none,
// or the documented extremes (amplitude 8, wavelength 1, 5 octaves), so each input meets
// the budget whether or not points move. Any input must be refused with a position
// inside it (or, for a form's path data past its cap, naming the file), never trap, or
// give outputs that the icons' own check reads back without a problem, with path data
// that parses, every number finite, and three symbol sources of one structure; past the
// icons' size cap an output is not read back.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

let fuzzWobbles = [
    WobbleParameters.standard(seed: 7), WobbleParameters(amplitude: 0, wavelength: 8, octaves: 2, seed: 7),
    WobbleParameters(amplitude: 8, wavelength: 1, octaves: 5, seed: 7),
]

@Sendable func fuzzVector(_ bytes: [UInt8]) {
    let report = SVGSafety.check(bytes, readingDrawing: true)
    guard report.problem == nil, let read = report.drawing else { return }
    for (problem, _) in read.problems(symbol: true) { checkInside(problem.location, bytes) }
    guard read.problems.isEmpty else { return }
    let vector: VectorIcon, template: SymbolTemplate
    do {
        vector = try VectorIcon.make(read, pointWidth: 24, pointHeight: 24, wobble: fuzzWobbles[bytes.count % fuzzWobbles.count], file: "icon.svg")
        template = try SymbolTemplate(name: "icon", icon: vector, file: "icon.svg")
    } catch {
        checkInside(error.location, bytes)
        return
    }
    // (An output past the icons' size cap is not an icon to read back.)
    for output in [vector.svg(ink: DrawnIcon.ink), template.svg] where output.utf8.count <= SVGSafety.maxFileSize {
        let check = SVGSafety.check(Array(output.utf8))
        precondition(check.problem == nil, "an output the check refuses: \(String(describing: check.problem))")
    }
    let structures = template.sources.map { source in source.paths.map { path in path.map { [$0.segments.count, $0.isClosed ? 1 : 0] } } }
    precondition(structures.allSatisfy { $0 == structures[0] }, "symbol sources of different structures")
    for text in vector.imagePathData + template.sources.flatMap(\.pathTexts) where !text.isEmpty {
        precondition(!text.contains("inf") && !text.contains("nan"), "a number that is not finite in path data")
        precondition((try? PathData.parse(text)) != nil, "path data written that does not parse")
    }
}
