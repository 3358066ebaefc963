// The SVG safety check: libxml2 through SVGSafety, and the drawing's passes (styles,
// transforms, clips, opacities, shapes, holes: SVGDrawing). Any input must be accepted or
// refused with a position inside it; each warning (an attribute librsvg does not know,
// a value it would ignore) and each problem of the drawing is at a position inside it
// too, and a refused input has no warnings.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzSVG(_ bytes: [UInt8]) {
    let report = SVGSafety.check(bytes, readingDrawing: true)
    checkInside(report.problem?.location, bytes)
    precondition(report.problem == nil || report.warnings.isEmpty, "a refused SVG with warnings")
    for warning in report.warnings {
        precondition(warning.location != nil, "a warning with no position")
        checkInside(warning.location, bytes)
    }
    for (problem, _) in report.drawing?.problems(symbol: true) ?? [] {
        precondition(problem.location != nil, "a problem of the drawing with no position")
        checkInside(problem.location, bytes)
    }
}
