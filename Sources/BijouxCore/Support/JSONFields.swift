/// One object of an art-folder JSON file, read field by field: the one way the
/// parsers of those files check types, ranges and presence, so each problem is an
/// `ArtFileError` at the value's line:column with the field's dotted path.
package struct JSONFields {
    /// The largest art-folder JSON file read (charms.json, icons.json, appicon.json):
    /// hundreds of charms take a few tens of kilobytes. Checked before the file is
    /// read (`ArtFolder.readJSON`), so a huge one costs no memory.
    package static let maxFileSize = 1 << 20

    package let node: JSONNode
    package let file: String
    /// Where the object stands ("variants.dark"), prefixed to its fields' names; nil
    /// where fields are named alone.
    let path: String?
    package let subject: String?

    /// Reads `node` as an object whose members are all in `known`, each at most once.
    /// `notAnObject` and `unknown` word those two errors where a file says them its own way.
    package init(
        _ node: JSONNode, file: String, path: String? = nil, subject: String? = nil, known: [String],
        notAnObject: String = "expected an object", unknown: String? = nil
    ) throws(ArtFileError) {
        (self.node, self.file, self.path, self.subject) = (node, file, path, subject)
        guard let members = node.value.members else {
            throw fail(nil, "\(notAnObject), found \(node.value.typeName)")
        }
        var seen: Set<String> = []
        for member in members {
            guard known.contains(member.key) else {
                let message = unknown ?? "unknown field (expected one of: \(known.joined(separator: ", ")))"
                throw fail(member.key, message, at: member.keyLocation)
            }
            guard seen.insert(member.key).inserted else { throw fail(member.key, "repeated field", at: member.keyLocation) }
        }
    }

    /// The top-level object of the JSON file `bytes`, read as `init(_:…)` does; a
    /// syntax error is "invalid JSON: …" at its line:column.
    package init(
        parsing bytes: [UInt8], file: String, known: [String], notAnObject: String = "expected an object",
        unknown: String? = nil
    ) throws(ArtFileError) {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw ArtFileError(file: file, location: error.location, message: "invalid JSON: \(error.message)")
        }
        try self.init(root, file: file, known: known, notAnObject: notAnObject, unknown: unknown)
    }

    /// `field`'s dotted name; the object's own path when `field` is nil.
    package func name(_ field: String?) -> String? {
        guard let field else { return path }
        return path.map { "\($0).\(field)" } ?? field
    }

    /// An error about `field` (nil: the object), at `location`, by default the field's
    /// value or, when it is absent, the object.
    package func fail(_ field: String?, _ message: String, at location: SourceLocation? = nil) -> ArtFileError {
        let location = location ?? field.flatMap { node[$0]?.location } ?? node.location
        return ArtFileError(file: file, location: location, subject: subject, field: name(field), message: message)
    }

    package subscript(field: String) -> JSONNode? { node[field] }

    package func required(_ field: String) throws(ArtFileError) -> JSONNode {
        guard let value = node[field] else { throw fail(field, "missing required field") }
        return value
    }

    /// `field`'s value as `take` reads it, nil when the field is absent. A value `take`
    /// refuses is "expected <expected>", and with `saysFound` also ", found <its type>"
    /// (for a wrong type; leave it off where `expected` says all).
    package func optional<T>(
        _ field: String, _ expected: String, saysFound: Bool = false, _ take: (JSONValue) -> T?
    ) throws(ArtFileError) -> T? {
        guard node[field] != nil else { return nil }
        return try required(field, expected, saysFound: saysFound, take)
    }

    /// As `optional`, for a field that must be present.
    package func required<T>(
        _ field: String, _ expected: String, saysFound: Bool = false, _ take: (JSONValue) -> T?
    ) throws(ArtFileError) -> T {
        let value = try required(field).value
        guard let taken = take(value) else {
            throw fail(field, "expected \(expected)" + (saysFound ? ", found \(value.typeName)" : ""))
        }
        return taken
    }

    package func string(_ field: String) throws(ArtFileError) -> String {
        try required(field, "a string", saysFound: true, \.string)
    }

    /// A number in `range`: `open` excludes both ends, `openBelow` the lower one. A
    /// number outside is "<number> is out of range: expected <expected>".
    package func number(
        _ field: String, _ expected: String, in range: ClosedRange<Double> = -.infinity ... .infinity,
        open: Bool = false, openBelow: Bool = false
    ) throws(ArtFileError) -> Double {
        let number = try required(field, expected, saysFound: true, \.number)
        let aboveLower = open || openBelow ? number > range.lowerBound : number >= range.lowerBound
        let belowUpper = open ? number < range.upperBound : number <= range.upperBound
        guard aboveLower && belowUpper else {
            throw fail(field, "\(Format.number(number)) is out of range: expected \(expected)")
        }
        return number
    }

    /// The object in `field`, its fields named under this one's path.
    package func object(_ field: String, known: [String], unknown: String? = nil) throws(ArtFileError) -> JSONFields {
        try JSONFields(required(field), file: file, path: name(field), subject: subject, known: known, unknown: unknown)
    }
}

extension JSONValue {
    package var string: String? { if case .string(let text) = self { text } else { nil } }
    package var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    package var number: Double? { if case .number(let number, _) = self { number } else { nil } }
    package var array: [JSONNode]? { if case .array(let elements) = self { elements } else { nil } }
    package var members: [JSONMember]? { if case .object(let members) = self { members } else { nil } }

    package func number(in range: ClosedRange<Double>) -> Double? { number.flatMap { range.contains($0) ? $0 : nil } }

    /// A number without a fractional part in `range`.
    package func wholeNumber(in range: ClosedRange<Int>) -> Int? {
        number.flatMap { Int(exactly: $0) }.flatMap { range.contains($0) ? $0 : nil }
    }
}
