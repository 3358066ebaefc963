// libFuzzer harness for the JSON parser (`make fuzz`). Any input must parse or be
// refused with a position inside the input; a crash, hang or sanitizer report is a
// finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        precondition(error.location.line >= 1 && error.location.line <= lines, "line \(error.location.line) outside the input")
        precondition(error.location.column >= 1 && error.location.column <= size + 1, "column \(error.location.column) outside the input")
    }
    return 0
}
