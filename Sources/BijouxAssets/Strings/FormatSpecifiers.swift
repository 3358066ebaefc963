/// The format specifiers of a localized text (`%@`, `%lld`, `%1$@`), as
/// `String(format:)` reads them: a translation must take the same arguments as its
/// source, each the same type, though it may put them in another order (`%2$@ … %1$@`).
///
/// A specifier is `%`, an optional argument position (`1$`), flags (`-+#0'`), a width
/// and a precision in digits, a length (`hh h l ll q L z t j`) and a conversion (`@ d
/// D i u U o O x X f F e E g G a A c C s S p`); `%%` is a percent sign. A `%` that
/// starts none of these is text ("100 % pur"): the space flag is left out, so "100%
/// sure" does not read as `% s`.
struct FormatSpecifiers: Equatable, Sendable {
    /// Each argument's position (1-based) and its length and conversion ("lld", "@").
    var arguments: [Int: String]
    /// The specifiers as written, in order, for messages.
    var written: [String]

    init(_ text: String) {
        arguments = [:]
        written = []
        let scalars = Array(text.unicodeScalars)
        var index = 0, next = 1
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                index += 2
                continue
            }
            guard let (end, position, conversion) = Self.specifier(scalars, from: index + 1) else {
                index += 1
                continue
            }
            let argument = position ?? next
            if position == nil { next += 1 }
            arguments[argument] = conversion
            written.append("%" + String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
            index = end
        }
    }

    /// Reads a specifier after its `%`: where it ends, its explicit position, its
    /// length and conversion; nil when there is none.
    private static func specifier(_ scalars: [Unicode.Scalar], from start: Int) -> (end: Int, position: Int?, conversion: String)? {
        var index = start
        func digits() -> Int? {
            var value: Int?
            while index < scalars.count, ("0"..."9").contains(scalars[index]), (value ?? 0) < 1_000_000 {
                value = (value ?? 0) * 10 + Int(scalars[index].value - 0x30)
                index += 1
            }
            return value
        }
        var position: Int?
        if let number = digits() {
            if index < scalars.count, scalars[index] == "$", number > 0 {
                position = number
                index += 1
            } else {
                index = start
            }
        }
        while index < scalars.count, "-+#0'".unicodeScalars.contains(scalars[index]) { index += 1 }
        _ = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            _ = digits()
        }
        var length = ""
        for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] where Self.matches(candidate, scalars, at: index) {
            length = candidate
            index += candidate.unicodeScalars.count
            break
        }
        guard index < scalars.count, "@dDiuUoOxXfFeEgGaAcCsSp".unicodeScalars.contains(scalars[index]) else { return nil }
        return (index + 1, position, length + String(scalars[index]))
    }

    private static func matches(_ word: String, _ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let wanted = Array(word.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    /// "%@, %lld", or "none".
    var described: String { written.isEmpty ? "none" : written.joined(separator: ", ") }
}
