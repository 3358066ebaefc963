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
        var bytes: [UInt8] = []
        append(number, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `number(number, decimals:)` to `bytes` as UTF-8: what path data, thousands
    /// of such numbers, is written with, without a String for each.
    package static func append(_ number: Double, decimals: Int, to bytes: inout [UInt8]) {
        // With up to four decimals and fifteen digits the shortest text of the rounded
        // number is its fixed text without trailing zeros (two such decimals are never one
        // Double); past that, the shortest text of the rounded number itself.
        guard decimals <= 4, (number * Self.scale(decimals)).rounded().magnitude < 1e15 else {
            bytes += Self.number(rounded(number, decimals: decimals)).utf8
            return
        }
        appendFixed(number, decimals: decimals, trimmed: true, to: &bytes)
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
        var bytes: [UInt8] = []
        appendFixed(number, decimals: decimals, trimmed: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The digits of `number` rounded to `decimals` decimals (at most 18 digits in all):
    /// a "-" when the rounded number is below zero, the whole part, then the point and
    /// the decimals, `trimmed` of trailing zeros (and of the point when none are left).
    /// Written back to front into a buffer on the stack and appended at once: path data
    /// is thousands of such numbers.
    private static func appendFixed(_ number: Double, decimals: Int, trimmed: Bool, to bytes: inout [UInt8]) {
        let scale = Int(Self.scale(decimals))
        let units = Int((number.magnitude * Double(scale)).rounded())
        var whole = units / scale, fraction = units % scale, places = decimals
        if trimmed {
            if fraction == 0 { places = 0 }
            while places > 0 && fraction % 10 == 0 { (fraction, places) = (fraction / 10, places - 1) }
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            if places > 0 {
                for _ in 0..<places {
                    put(UInt8(ascii: "0") + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if number < 0 && units != 0 { put(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
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
