/// The one way the tool writes a number as text: in messages, reports and the contact
/// sheet, and in what it generates (JSON, Swift, SVG coordinates). One spelling each:
/// the shortest decimal that reads back as the same Double, integral values without
/// ".0"; a percentage with a space before "%" ("42 %"); pixels as "12.5 px".
package enum Format {
    /// The shortest text that reads back as the same Double; integral values without
    /// a trailing ".0"; "inf", "-inf" and "nan" for the values that are not finite (in a
    /// message about such a value).
    package static func number(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// `number` rounded to at most `decimals` decimals, trailing zeros dropped: the one
    /// fixed-precision form.
    package static func number(_ number: Double, decimals: Int) -> String {
        // With up to four decimals and fifteen digits the shortest text of the rounded
        // number is its fixed text without trailing zeros (two such decimals are never one
        // Double), which is cheaper to write: path data is thousands of such numbers.
        guard decimals <= 4, (number * Self.scale(decimals)).rounded().magnitude < 1e15 else {
            return Self.number(rounded(number, decimals: decimals))
        }
        var text = fixed(number, decimals: decimals)
        guard decimals > 0 else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// `number` rounded to `decimals` decimals, as the text `number(_:decimals:)`
    /// writes reads back (so a check can measure what was written). A number too large
    /// to have such decimals (2⁵³ or more once scaled, where scaling could overflow) is
    /// itself.
    package static func rounded(_ number: Double, decimals: Int) -> Double {
        let scale = Self.scale(decimals)
        let scaled = number * scale
        guard scaled.magnitude < 9_007_199_254_740_992 else { return number }
        return scaled.rounded() / scale
    }

    /// `number` rounded to exactly `decimals` decimals, trailing zeros kept: "1.000",
    /// "0.502" (how Xcode writes a colour set's components).
    package static func fixed(_ number: Double, decimals: Int) -> String {
        let scale = Int(Self.scale(decimals))
        let units = Int((abs(number) * Double(scale)).rounded())
        let fraction = String(units % scale)
        let sign = number < 0 && units != 0 ? "-" : ""
        return sign + String(units / scale) + (decimals == 0 ? "" : "." + String(repeating: "0", count: decimals - fraction.count) + fraction)
    }

    /// 10 to the power `decimals`, by multiplication, so exact.
    private static func scale(_ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return scale
    }

    /// A share (0...1) as a percentage to at most `decimals` decimals: "42 %", "17.3 %".
    package static func percent(_ share: Double, decimals: Int = 0) -> String {
        number(share * 100, decimals: decimals) + " %"
    }

    /// A count and what it counts: "1 warning", "2 warnings" (`plural` for words that
    /// do not take an "s").
    package static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }

    /// A limit in bytes as the tool's messages name it: whole MiB from 1 MiB up, else whole KiB.
    package static func limit(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB" }

    /// A length in pixels to one decimal at most: "12.5 px".
    package static func pixels(_ value: Double) -> String { number(value, decimals: 1) + " px" }
}
