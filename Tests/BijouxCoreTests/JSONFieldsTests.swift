import Testing

@testable import BijouxCore

@Suite("JSON field reader and art-file errors")
struct JSONFieldsTests {
    /// Reads `json` as an object of `known` fields with `read`: the error's text, or "no error".
    static func problem(
        _ json: String, known: [String] = ["a", "b", "c"], _ read: (JSONFields) throws -> Void = { _ in }
    ) -> String {
        do {
            try read(JSONFields(parsing: Array(json.utf8), file: "art/x.json", known: known))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func unknownFieldIsNamedAtItsKeyWithTheKnownOnesInOrder() {
        #expect(Self.problem(#"{"a": 1, "d": 2}"#) == "art/x.json:1:10: field 'd': unknown field (expected one of: a, b, c)")
        #expect(Self.problem(#"{"b": {"z": 1}}"#) { _ = try $0.object("b", known: ["y"]) } == "art/x.json:1:8: field 'b.z': unknown field (expected one of: y)")
        let worded = Self.problem(#"{"b": {"z": 1}}"#) { _ = try $0.object("b", known: ["y"], unknown: "unknown field (expected y)") }
        #expect(worded == "art/x.json:1:8: field 'b.z': unknown field (expected y)")
    }

    @Test func repeatedFieldIsNamedAtItsSecondKey() {
        #expect(Self.problem(#"{"a": 1,"a": 1}"#) == "art/x.json:1:9: field 'a': repeated field")
        #expect(Self.problem("{\"a\": {\"c\": 1,\n \"c\": 2}}") { _ = try $0.object("a", known: ["c"]) } == "art/x.json:2:2: field 'a.c': repeated field")
    }

    @Test func missingRequiredFieldIsReportedAtItsObject() throws {
        #expect(Self.problem(#"{"b": 1}"#) { _ = try $0.required("a") } == "art/x.json:1:1: field 'a': missing required field")
        #expect(
            Self.problem(#"{"a": {"b": {}}}"#) { _ = try $0.object("a", known: ["b"]).object("b", known: ["c"]).string("c") }
                == "art/x.json:1:13: field 'a.b.c': missing required field")
        #expect(
            Self.problem(#"{"a": {}}"#) { _ = try $0.object("a", known: ["b"]).number("b", "a count") } == "art/x.json:1:7: field 'a.b': missing required field"
        )
        // An absent optional field is nil, not an error.
        let empty = try JSONFields(JSONNode(.object([]), at: SourceLocation(line: 1, column: 1)), file: "f", known: ["a"])
        #expect(try empty.optional("a", "a string", \.string) == nil)
    }

    @Test func wrongTypeSaysWhatWasFoundOnlyWhenAsked() {
        #expect(Self.problem(#"{"a": 3}"#) { _ = try $0.string("a") } == "art/x.json:1:7: field 'a': expected a string, found a number")
        #expect(Self.problem(#"{"a": [1]}"#) { _ = try $0.number("a", "a count") } == "art/x.json:1:7: field 'a': expected a count, found an array")
        #expect(
            Self.problem(#"{"a": null}"#) { _ = try $0.optional("a", "a list", saysFound: true, \.array) }
                == "art/x.json:1:7: field 'a': expected a list, found null")
        let terse = Self.problem(#"{"a": "x"}"#) { _ = try $0.optional("a", "a whole number from 1 to 3") { $0.wholeNumber(in: 1...3) } }
        #expect(terse == "art/x.json:1:7: field 'a': expected a whole number from 1 to 3")
    }

    @Test func notAnObjectNamesItsPathOrTheFilesOwnWording() {
        #expect(Self.problem("[]") == "art/x.json:1:1: expected an object, found an array")
        #expect(Self.problem(#"{"c": true}"#) { _ = try $0.object("c", known: []) } == "art/x.json:1:7: field 'c': expected an object, found a boolean")
        let root = JSONNode(.string("x"), at: SourceLocation(line: 2, column: 3))
        #expect(throws: ArtFileError(file: "f", location: root.location, message: "each thing must be an object, found a string")) {
            _ = try JSONFields(root, file: "f", known: [], notAnObject: "each thing must be an object")
        }
    }

    @Test func rangeEndsAreClosedOpenOrOpenBelow() {
        func read(_ value: String, open: Bool = false, openBelow: Bool = false) -> String {
            Self.problem(#"{"a": \#(value)}"#) { fields in
                let number = try fields.number("a", "points from 0 to 8", in: 0...8, open: open, openBelow: openBelow)
                #expect(number == Double(value))
            }
        }
        #expect(read("0") == "no error" && read("8") == "no error")
        #expect(read("8.5") == "art/x.json:1:7: field 'a': 8.5 is out of range: expected points from 0 to 8")
        #expect(read("-0.25") == "art/x.json:1:7: field 'a': -0.25 is out of range: expected points from 0 to 8")
        #expect(read("0", open: true) == "art/x.json:1:7: field 'a': 0 is out of range: expected points from 0 to 8")
        #expect(read("8", open: true) == "art/x.json:1:7: field 'a': 8 is out of range: expected points from 0 to 8")
        #expect(read("0.001", open: true) == "no error")
        #expect(read("0", openBelow: true) == "art/x.json:1:7: field 'a': 0 is out of range: expected points from 0 to 8")
        #expect(read("8", openBelow: true) == "no error")
        // Without a range any number will do.
        #expect(Self.problem(#"{"a": -1e300}"#) { _ = try $0.number("a", "seconds") } == "no error")
    }

    @Test func wholeNumbersRefuseFractionsAndHugeValuesWithoutTrapping() {
        #expect(JSONValue.number(254, "254").wholeNumber(in: 0...254) == 254)
        #expect(JSONValue.number(2.5, "2.5").wholeNumber(in: 0...254) == nil)
        #expect(JSONValue.number(1e300, "1e300").wholeNumber(in: 0...254) == nil)
        #expect(JSONValue.number(-1, "-1").wholeNumber(in: 0...254) == nil)
        #expect(JSONValue.string("3").wholeNumber(in: 0...254) == nil)
    }

    @Test func errorsCarryTheSubjectBeforeTheField() {
        let cat = Self.problem(#"{"a": {"b": 1, "z": 2}}"#) { fields in
            _ = try JSONFields(fields.required("a"), file: "art/x.json", path: "a", subject: "charm 'cat'", known: ["b"])
        }
        #expect(cat == "art/x.json:1:16: charm 'cat', field 'a.z': unknown field (expected one of: b)")
        let give = Self.problem(#"{"b": {"c": []}}"#) { fields in
            _ = try JSONFields(fields.required("b"), file: "art/x.json", subject: "icon 'give'", known: ["c"]).object("c", known: [])
        }
        #expect(give == "art/x.json:1:13: icon 'give', field 'c': expected an object, found an array")
        let fields = try? JSONFields(JSONNode(.object([]), at: SourceLocation(line: 4, column: 5)), file: "f", subject: "icon 'give'", known: [])
        #expect(fields?.fail(nil, "listed twice").description == "f:4:5: icon 'give': listed twice")
        #expect(ArtFileError(file: "f", field: "charms", message: "none").description == "f: field 'charms': none")
        #expect(ArtFileError(file: "f", message: "empty").description == "f: empty")
    }

    @Test func syntaxErrorsAreInvalidJSONAtTheirLineAndColumn() {
        #expect(Self.problem("{\n  \"a\": 1 }}") == "art/x.json:2:11: invalid JSON: unexpected '}' after the top-level value")
    }

    /// A trailing comma, in an object or an array, is reported at the comma and named,
    /// not at the closer after it (which is where the parse notices it), whatever is
    /// between them.
    @Test(arguments: [
        ("{\n  \"a\": 1,}", "art/x.json:2:9: invalid JSON: trailing comma before '}' (JSON allows none)"),
        ("{\"charms\": [\n  {\"id\": \"a\"},\n  {\"id\": \"b\"},\n]}", "art/x.json:3:14: invalid JSON: trailing comma before ']' (JSON allows none)"),
        ("[1, 2 ,  \t\n ]", "art/x.json:1:7: invalid JSON: trailing comma before ']' (JSON allows none)"),
        ("{\"a\": [1,,2]}", "art/x.json:1:10: invalid JSON: expected a value, found ','"),
    ])
    func aTrailingCommaIsReportedAtTheComma(text: String, message: String) {
        #expect(Self.problem(text) == message)
    }
}
