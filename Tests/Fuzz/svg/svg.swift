// The SVG safety check: libxml2 through SVGSafety. Any input must be accepted or
// refused with a position inside it; each warning (an attribute librsvg does not know,
// a value it would ignore) is at a position inside it too, and a refused input has no
// warnings.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzSVG(_ bytes: [UInt8]) {
    let report = SVGSafety.check(bytes)
    checkInside(report.problem?.location, bytes)
    precondition(report.problem == nil || report.warnings.isEmpty, "a refused SVG with warnings")
    for warning in report.warnings {
        precondition(warning.location != nil, "a warning with no position")
        checkInside(warning.location, bytes)
    }
}
