import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("charms.json parsing and validation")
struct CharmTableSourceTests {
    static func parse(_ text: String) throws(ArtFileError) -> CharmTableSource {
        try CharmTableSource.parse(Array(text.utf8), file: "art/charms.json")
    }

    @Test func parsesTheTableInDishOrderWithDefaults() throws {
        let table = try Self.parse(
            """
            {"charms": [
              {"id": "star", "displayName": "Star", "note": "shine on", "swayDuration": 2.4},
              {"id": "coffee-cup", "displayName": "Coffee Cup", "note": "a warm one", "swayDuration": 4.5,
               "art": "painted/cup.png", "blackPoint": 6}
            ], "canvas": {"pointWidth": 84, "margin": 3}}
            """)
        #expect(table.charms.map(\.id) == ["star", "coffee-cup"])
        #expect(table.charms[0].art == "charms/star.png" && table.charms[0].blackPoint == 0)
        #expect(table.charms[1].art == "painted/cup.png" && table.charms[1].blackPoint == 6)
        #expect(table.canvas == CharmCanvas(pointWidth: 84, marginPoints: 3))
        #expect(table.canvas.pointHeight == 77)
    }

    @Test(arguments: [
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3}, {"id": "a", "displayName": "B", "note": "n", "swayDuration": 3}]}"#,
            "art/charms.json:1:78: charm 'a', field 'id': duplicate id (first defined at 1:13)"
        ),
        (
            #"{"charms": [{"id": "a", "note": "n", "swayDuration": 3}]}"#,
            "art/charms.json:1:13: charm 'a', field 'displayName': missing required field"
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "An Exceedingly Long Charm Name", "note": "n", "swayDuration": 3}]}"#,
            "art/charms.json:1:40: charm 'a', field 'displayName': \"An Exceedingly Long Charm Name\" is 30 characters; at most 26 fit three-up on the island"
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": -1}]}"#,
            """
            art/charms.json:1:74: charm 'a', field 'swayDuration': -1 s is out of range: it must be more than 0 and less than 6.43 s (5 + 20/14), where the \
            spring constant k = 20 + 14·(5 − duration) stays positive and the 60 Hz step stays stable
            """
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 6.5}]}"#,
            """
            art/charms.json:1:74: charm 'a', field 'swayDuration': 6.5 s is out of range: it must be more than 0 and less than 6.43 s (5 + 20/14), where the \
            spring constant k = 20 + 14·(5 − duration) stays positive and the 60 Hz step stays stable
            """
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": "3s"}]}"#,
            "art/charms.json:1:74: charm 'a', field 'swayDuration': expected a number of seconds, found a string"
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3, "art": "../secret.png"}]}"#,
            "art/charms.json:1:84: charm 'a', field 'art': \"../secret.png\" must not leave the art folder ('..')"
        ),
        (
            #"{"charms": [{"id": "a/b", "displayName": "A", "note": "n", "swayDuration": 3}]}"#,
            """
            art/charms.json:1:20: charm 'a/b', field 'id': \"a/b\" is not a valid id (ASCII letters, digits, '-' and '_', starting with a letter or digit, at \
            most 64)
            """
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3, "weight": 2}]}"#,
            "art/charms.json:1:77: charm 'a', field 'weight': unknown field (expected one of: art, blackPoint, displayName, id, note, swayDuration)"
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3,}]}"#,
            "art/charms.json:1:75: invalid JSON: trailing comma before '}' (JSON allows none)"
        ),
        (#"{"charms": {}}"#, "art/charms.json:1:12: field 'charms': expected an array, found an object"),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3, "blackPoint": 300}]}"#,
            "art/charms.json:1:91: charm 'a', field 'blackPoint': expected a whole number from 0 to 254"
        ),
        (
            #"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 3, "blackPoint": 1e300}]}"#,
            "art/charms.json:1:91: charm 'a', field 'blackPoint': expected a whole number from 0 to 254"
        ),
        (
            #"{"charms": [{"id": "a", "id": "b", "displayName": "A", "note": "n", "swayDuration": 3}]}"#,
            "art/charms.json:1:25: charm 'a', field 'id': repeated field"
        ),
        (#"{"charms": [], "charms": []}"#, "art/charms.json:1:16: field 'charms': repeated field"),
    ])
    func rejectsBadTablesNamingFileLineAndField(text: String, message: String) {
        #expect(throws: ArtFileError.self) { _ = try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.description == message) }
    }

    @Test func acceptsTheWholeValidSwayRange() throws {
        for duration in [0.01, 2.4, 5, 6.4] {
            let table = try Self.parse(#"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": \#(duration)}]}"#)
            #expect(table.charms[0].swayDuration == duration)
        }
        #expect(throws: ArtFileError.self) {
            _ = try Self.parse(#"{"charms": [{"id": "a", "displayName": "A", "note": "n", "swayDuration": 6.5}]}"#)
        }
    }

    /// One check for every stage: the file, where the path is (or the charm, for the
    /// default path), and what is wrong.
    @Test func missingArtIsReportedAtTheCharmAndField() throws {
        let folder = TestPaths.temporaryFolder("art-check")
        let json = """
            {"charms": [
              {"id": "cat", "displayName": "Cat", "note": "n", "swayDuration": 4.4},
              {"id": "star", "displayName": "Star", "note": "n", "swayDuration": 2.4, "art": "painted/star.png"},
              {"id": "moon", "displayName": "Moon", "note": "n", "swayDuration": 3}
            ]}
            """
        let file = folder.path + "/art/charms.json"
        folder.write("art/charms.json", json)
        func problem(only: Set<String>? = nil) -> String? {
            do {
                let art = try ArtFolder(folder.path + "/art")
                for entry in art.table!.charms where only?.contains(entry.id) ?? true { try art.checkArtFile(entry) }
            } catch { return "\(error)" }
            return nil
        }
        #expect(problem() == "\(file):2:3: charm 'cat', field 'art': file charms/cat.png not found (the default path for this id; set \"art\" for another)")
        folder.write("art/charms/cat.png", "x")
        #expect(problem() == "\(file):3:82: charm 'star', field 'art': file painted/star.png not found")
        folder.write("art/Painted/star.png", "x")
        #expect(problem() == "\(file):3:82: charm 'star', field 'art': file painted/star.png not found: the art folder has Painted, which differs in case")
        folder.write("art/painted/star.png/inner", "x")
        #expect(problem() == "\(file):3:82: charm 'star', field 'art': painted/star.png is a folder, not a file")
        // Only the charms asked for are checked.
        #expect(problem(only: ["cat"]) == nil)
        #expect(problem(only: ["cat", "moon"])?.hasPrefix("\(file):4:3: charm 'moon', field 'art': file charms/moon.png not found") == true)
    }
}
