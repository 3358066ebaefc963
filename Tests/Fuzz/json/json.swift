// The JSON parser every art file is read with. Any input must parse or be refused
// with a position inside the input.
@Sendable func fuzzJSON(_ bytes: [UInt8]) {
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        checkInside(error.location, bytes)
    }
}
