/// An opaque colour as six hex digits, "rrggbb", as CSS and SVG write it after "#": the one
/// way the package writes and reads one, for the render protocol's ink and the core's `RGBA`.
package enum HexColour {
    /// "rrggbb", lower case.
    package static func digits(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> String {
        [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The red, green and blue six hex digits write, or nil.
    package static func channels(_ text: some StringProtocol) -> (UInt8, UInt8, UInt8)? {
        let digits = Array(text.utf8)
        guard digits.count == 6 else { return nil }
        let channels = (0..<3).compactMap { UInt8(String(decoding: digits[$0 * 2..<$0 * 2 + 2], as: UTF8.self), radix: 16) }
        guard channels.count == 3 else { return nil }
        return (channels[0], channels[1], channels[2])
    }
}
