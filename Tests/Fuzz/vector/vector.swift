// The vector and symbol forms of an icon: an SVG read as a drawing (SVGDrawing), moved by
// the standard wobble, fitted (VectorIcon) and written as a vector image and a symbol
// template (SymbolTemplate). Any input must be refused with a position inside it, or
// give outputs that the icons' own check reads back without a problem, with path data
// that parses, and three symbol sources of one structure; past the icons' size cap an
// output is not read back.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzVector(_ bytes: [UInt8]) {
    let report = SVGSafety.check(bytes, readingDrawing: true)
    guard report.problem == nil, let read = report.drawing else { return }
    for (problem, _) in read.problems(symbol: true) { checkInside(problem.location, bytes) }
    guard read.problems.isEmpty else { return }
    let vector: VectorIcon
    do {
        vector = try VectorIcon.make(read, pointWidth: 24, pointHeight: 24, wobble: .standard(seed: 7), file: "icon.svg")
    } catch {
        checkInside(error.location, bytes)
        return
    }
    let template = SymbolTemplate(name: "icon", icon: vector)
    // (An output past the icons' size cap is not an icon to read back.)
    for output in [vector.svg(ink: DrawnIcon.ink), template.svg] where output.utf8.count <= SVGSafety.maxFileSize {
        let check = SVGSafety.check(Array(output.utf8))
        precondition(check.problem == nil, "an output the check refuses: \(String(describing: check.problem))")
    }
    let structures = template.sources.map { source in source.paths.map { path in path.map { [$0.segments.count, $0.isClosed ? 1 : 0] } } }
    precondition(structures.allSatisfy { $0 == structures[0] }, "symbol sources of different structures")
    for source in template.sources {
        for path in source.paths where !path.isEmpty {
            precondition((try? PathData.parse(PathData.text(path))) != nil, "path data written that does not parse")
        }
    }
}
