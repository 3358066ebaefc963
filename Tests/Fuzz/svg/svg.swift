// The SVG safety check: libxml2 through SVGSafety. Any input must be accepted or
// refused with a position inside it; each value it warns librsvg would ignore is at a
// position inside it too, and a refused input has no such warnings.
@Sendable func fuzzSVG(_ bytes: [UInt8]) {
    let report = SVGSafety.check(bytes)
    checkInside(report.problem?.location, bytes)
    precondition(report.problem == nil || report.ignoredValues.isEmpty, "a refused SVG with warnings")
    for ignored in report.ignoredValues {
        precondition(ignored.location != nil, "a warning with no position")
        checkInside(ignored.location, bytes)
    }
}
