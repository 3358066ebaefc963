import Testing

@testable import BijouxCore

/// `Format.number(_:decimals:)` writes the digits of a rounded number itself; its text must
/// be the shortest text of the rounded Double, as `Format.number(_:)` writes it.
@Suite("Format: numbers to a few decimals")
struct FormatNumberTests {
    @Test func theDigitsAreTheShortestTextOfTheRoundedNumber() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Double] = [
            0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 1, -1, 0.1, 1.25, -2.5, 999.9995, 1e11 + 0.5, -123456.789, 9e14, 1e15, 3e16, .infinity,
        ]
        var values = edges
        for _ in 0..<20_000 {
            let magnitude = [1.0, 30, 3300, 1e6, 1e12][Int.random(in: 0..<5, using: &generator)]
            values.append(Double.random(in: -magnitude...magnitude, using: &generator))
        }
        for decimals in 0...5 {
            for value in values {
                #expect(Format.number(value, decimals: decimals) == Format.number(Format.rounded(value, decimals: decimals)), "\(value), \(decimals)")
            }
        }
    }
}
