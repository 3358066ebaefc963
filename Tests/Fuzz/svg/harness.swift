// libFuzzer harness for the SVG safety check (`make fuzz`): libxml2 through
// SVGSafety. Any input must be accepted or refused with a position inside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let problem = SVGSafety.problem(in: bytes), let location = problem.location else { return 0 }
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    precondition(location.line >= 1 && location.line <= lines, "line \(location.line) outside the input")
    precondition(location.column >= 1 && location.column <= size + 1, "column \(location.column) outside the input")
    return 0
}
