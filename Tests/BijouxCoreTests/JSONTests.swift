import Testing

@testable import BijouxCore

@Suite("JSON parser and writer")
struct JSONTests {
    @Test func parsesValuesWithTheirPositions() throws {
        let text = "{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"é\\u00e9\\n\"\n}"
        let root = try JSONParser.parse(Array(text.utf8))
        #expect(root.location == SourceLocation(line: 1, column: 1))
        guard case .array(let items) = root["a"]?.value else { Issue.record("a is not an array"); return }
        #expect(items.count == 4)
        #expect(items[1].value == .number(-25, "-2.5e1"))
        #expect(items[1].location == SourceLocation(line: 2, column: 12))
        #expect(root["b"]?.value == .string("éé\n"))
        #expect(root["b"]?.location == SourceLocation(line: 3, column: 8))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 8, "trailing comma before '}'"),
        ("{\"a\": 1, 2}", 1, 10, "expected a member name"),
        ("{\n  \"a\": tru\n}", 2, 8, "invalid literal"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\": 01}", 1, 8, "leading zero"),
        ("{\"a\": \"x", 1, 9, "unterminated string"),
        ("\n\n   {\"é\": \"\\q\"}", 3, 11, "invalid escape"),
        ("{} x", 1, 4, "after the top-level value"),
        ("", 1, 1, "found end of file"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(text: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("parsed invalid JSON: \(text)")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(Array(deep.utf8)) }
    }

    @Test func writesXcodeStyle() {
        let text = JSONWriter.xcodeStyle(["b": [1, "x"], "a": ["z": true, "y": .double(0.1)], "c": .array([])])
        #expect(
            text == """
                {
                  "a" : {
                    "y" : 0.1,
                    "z" : true
                  },
                  "b" : [
                    1,
                    "x"
                  ],
                  "c" : [

                  ]
                }

                """)
    }

    @Test func formatsNumbersAsTheShortestRoundTrip() {
        #expect(Format.number(3) == "3")
        #expect(Format.number(0.42) == "0.42")
        #expect(Format.number(1.0 / 3) == "0.3333333333333333")
        #expect(Format.number(-2.5) == "-2.5")
        for value in [0.1, 1e-7, 123.456, 6.02e23] { #expect(Double(Format.number(value)) == value) }
        #expect(JSONWriter.quote("a\"b\\c\u{1}") == "\"a\\\"b\\\\c\\u0001\"")
    }
}
