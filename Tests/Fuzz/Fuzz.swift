// The one libFuzzer executable (`make fuzz`, `make fuzz-smoke`): every target is a
// function of the input's bytes, linked with the package's library targets so there is
// one compile, and BIJOUX_FUZZ_TARGET picks the one a run exercises. Each target's
// function is in Tests/Fuzz/<target>/, beside its seed corpus. A crash, a hang, a
// sanitizer report or a failed precondition is a finding.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// By the name BIJOUX_FUZZ_TARGET gives and the folder Tests/Fuzz/<name>/ holds.
let fuzzTargets: [String: @Sendable ([UInt8]) -> Void] = [
    "png": fuzzPNG, "svg": fuzzSVG, "json": fuzzJSON,
    "charms": fuzzCharmTable, "score": fuzzScore, "haptics": fuzzHaptics, "palette": fuzzPalette,
    "appicon": fuzzAppIcon, "icons": fuzzIconSettings, "cache": fuzzBuildCache, "request": fuzzRequestHead,
    "strings": fuzzStringCatalog, "profile": fuzzProfile, "textdiff": fuzzTextDiff, "jpeg": fuzzJPEGHeader, "pdf": fuzzPDFHeader,
    "vector": fuzzVector,
]

nonisolated(unsafe) private var selected: (@Sendable ([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = getenv("BIJOUX_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = fuzzTargets[name] else {
        fputs("set BIJOUX_FUZZ_TARGET to one of: \(fuzzTargets.keys.sorted().joined(separator: " "))\n", stderr)
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected?(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// A position a parser reported must be inside the input: a line it has, a column at
/// most one past its end.
func checkInside(_ location: SourceLocation?, _ bytes: [UInt8]) {
    guard let location else { return }
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    precondition(location.line >= 1 && location.line <= lines, "line \(location.line) outside the input")
    precondition(location.column >= 1 && location.column <= bytes.count + 1, "column \(location.column) outside the input")
}

/// Runs one of the art folder's JSON readers: the input is read or refused with an
/// `ArtFileError` (the type its `throws` names) about the file it was given, with a
/// message and a position inside the input.
func readArtFile<Value>(_ bytes: [UInt8], _ parse: ([UInt8], String) throws(ArtFileError) -> Value) -> Value? {
    let file = "fuzz.json"
    do {
        return try parse(bytes, file)
    } catch {
        precondition(error.file == file && !error.message.isEmpty, "malformed error: \(error)")
        checkInside(error.location, bytes)
        return nil
    }
}

/// What a reader accepted, written back as JSON the way the build writes it, must be
/// accepted again: `document` is the value's fields.
func reread<Value>(_ document: JSONOutput, _ parse: ([UInt8], String) throws(ArtFileError) -> Value) -> Value {
    let text = JSONWriter.xcodeStyle(document)
    do {
        return try parse(Array(text.utf8), "again.json")
    } catch {
        preconditionFailure("written back, it is refused: \(error)\n\(text)")
    }
}

/// JSON a stage writes from what it read must parse.
func checkWritesJSON(_ text: String) {
    do {
        _ = try JSONParser.parse(Array(text.utf8))
    } catch {
        preconditionFailure("wrote JSON that does not parse: \(error)\n\(text)")
    }
}
