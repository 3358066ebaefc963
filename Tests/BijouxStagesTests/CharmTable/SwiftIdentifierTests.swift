import Testing

@testable import BijouxAssets

@Suite("Charm ids as Swift identifiers")
struct SwiftIdentifierTests {
    @Test(arguments: [
        ("cat", "cat"), ("coffee-cup", "coffeeCup"), ("four-leaf-clover", "fourLeafClover"),
        ("Cat", "cat"), ("URL-box", "urlBox"), ("ABC", "abc"), ("top-10", "top10"),
        ("8-ball", "_8Ball"), ("24k", "_24k"), ("snake_case", "snake_case"), ("a--b-", "aB"),
        ("default", "`default`"), ("self", "`self`"), ("Self", "`self`"), ("in", "`in`"),
        ("Type", "type"), ("Protocol", "`protocol`"), ("get", "get"), ("async", "async"),
        ("allCases", "allCases_"), ("init", "init_"), ("sway", "sway_"), ("bundle", "bundle_"), ("all-cases", "allCases_"),
    ])
    func caseNames(id: String, expected: String) {
        #expect(SwiftIdentifier.caseName(for: id) == expected)
    }

    @Test func twoIdsWithOneCaseNameAreAnErrorNamingBoth() throws {
        let table = try CharmTableSource.parse(
            Array(
                """
                {"charms": [
                  {"id": "coffeeCup", "displayName": "Cup", "note": "n", "swayDuration": 3},
                  {"id": "star", "displayName": "Star", "note": "n", "swayDuration": 3},
                  {"id": "coffee-cup", "displayName": "Cup", "note": "n", "swayDuration": 3}
                ]}
                """.utf8), file: "art/charms.json")
        #expect {
            _ = try SwiftIdentifier.caseNames(for: table.charms, file: "art/charms.json")
        } throws: { error in
            "\(error)"
                == "art/charms.json:4:3: charm 'coffee-cup', field 'id': becomes the Swift name coffeeCup, as does charm 'coffeeCup' at 2:3; rename one of them"
        }
        #expect(try SwiftIdentifier.caseNames(for: Array(table.charms.prefix(2)), file: "x") == ["coffeeCup", "star"])
    }

    @Test func stringLiteralsEscapeWhatWouldBreakOrHideSource() {
        #expect(SwiftIdentifier.stringLiteral("plain é 💛") == #""plain é 💛""#)
        #expect(SwiftIdentifier.stringLiteral(#"say "hi" \(x)"#) == #""say \"hi\" \\(x)""#)
        #expect(SwiftIdentifier.stringLiteral("a\nb\tc\r\u{0}") == #""a\nb\tc\r\u{0}""#)
        #expect(SwiftIdentifier.stringLiteral("\u{202E}evil\u{2028}") == #""\u{202E}evil\u{2028}""#)
        #expect(SwiftIdentifier.stringLiteral("\u{7F}\u{85}") == #""\u{7F}\u{85}""#)
    }
}
