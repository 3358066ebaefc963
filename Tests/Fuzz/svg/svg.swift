// The SVG safety check: libxml2 through SVGSafety. Any input must be accepted or
// refused with a position inside it.
@Sendable func fuzzSVG(_ bytes: [UInt8]) {
    checkInside(SVGSafety.problem(in: bytes)?.location, bytes)
}
