/// A JSON document to write. Objects are written with sorted keys, so the same
/// content always gives the same bytes.
package indirect enum JSONOutput: Equatable, Sendable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONOutput])
    case object([String: JSONOutput])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONOutput...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONOutput)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// Writes JSON the way Xcode writes an asset catalog's Contents.json: two-space
/// indent, `"key" : value`, sorted keys, a trailing newline. The same writer serves
/// the charm table's JSON twin and Icon Composer's icon.json (the same style, as
/// Icon Composer writes it: without the trailing newline), so there is one JSON
/// style in the build. Keys are sorted by their UTF-8 bytes, or as `sortingKeys` sorts
/// them (a String Catalog's, `XcodeKeyOrder.sorted`).
package enum JSONWriter {
    package static func xcodeStyle(
        _ value: JSONOutput, trailingNewline: Bool = true,
        sortingKeys: ([String]) -> [String] = { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
    ) -> String {
        var text = ""
        write(value, indent: 0, keyOrder: sortingKeys, into: &text)
        if trailingNewline { text += "\n" }
        return text
    }

    private static func write(_ value: JSONOutput, indent: Int, keyOrder: ([String]) -> [String], into text: inout String) {
        let pad = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + 2)
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += Format.number(number)
        case .string(let string): text += quote(string)
        case .array(let elements):
            if elements.isEmpty { text += "[\n\n\(pad)]"; return }
            text += "[\n"
            for (i, element) in elements.enumerated() {
                text += inner
                write(element, indent: indent + 2, keyOrder: keyOrder, into: &text)
                text += i == elements.count - 1 ? "\n" : ",\n"
            }
            text += pad + "]"
        case .object(let members):
            if members.isEmpty { text += "{\n\n\(pad)}"; return }
            text += "{\n"
            let keys = keyOrder(Array(members.keys))
            for (i, key) in keys.enumerated() {
                text += inner + quote(key) + " : "
                write(members[key]!, indent: indent + 2, keyOrder: keyOrder, into: &text)
                text += i == keys.count - 1 ? "\n" : ",\n"
            }
            text += pad + "}"
        }
    }

    package static func quote(_ string: String) -> String {
        quoted(string) { scalar in
            guard scalar.value < 0x20 else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// `string` in double quotes, with `"`, `\`, newline, return and tab escaped by a
    /// backslash (the same in JSON and Swift), and any other scalar as `escape` says
    /// (nil: as it is). One escaper for JSON here and Swift literals (SwiftIdentifier).
    package static func quoted(_ string: String, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
