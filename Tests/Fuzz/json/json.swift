// The JSON parser every art file is read with. Any input must parse or be refused
// with a position inside the input.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzJSON(_ bytes: [UInt8]) {
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        checkInside(error.location, bytes)
    }
}
