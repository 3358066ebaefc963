import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

@Suite("The String Catalog brought up to date with the table")
struct CatalogUpdateTests {
    static let file = "art/Localizable.xcstrings"

    static func update(_ text: String, table: CharmTableSource? = StringFixtures.table) throws -> (StringCatalog, CatalogUpdate.Changes) {
        try CatalogUpdate.apply(TableStrings(table), to: StringCatalog.parse(Array(text.utf8), file: file), file: file)
    }

    /// `text` with `old` (which must occur exactly once) replaced by `new`.
    static func replacing(_ old: String, with new: String, in text: String) -> String {
        let parts = text.components(separatedBy: old)
        #expect(parts.count == 2, "\(old) occurs \(parts.count - 1) times")
        return parts.joined(separator: new)
    }

    /// The scenario: one run changes only what moved, byte for byte everywhere
    /// else, and a second run changes nothing.
    @Test func oneRunMovesOnlyWhatChangedAndASecondChangesNothing() throws {
        let (catalog, changes) = try Self.update(StringFixtures.before)
        #expect(changes.added == [SpokenWords.handDrawnKey, SpokenWords.typeKindKey])
        #expect(changes.markedStale == ["charm.heart.displayName"])
        #expect(changes.sourceChanged == ["charm.cat.displayName"])
        #expect(changes.toReview == ["de": ["charm.cat.displayName"], "fr": ["charm.cat.displayName"], "ja": ["charm.cat.displayName"]])
        #expect(changes.commentsChanged == ["charm.cat.displayName"])
        #expect(changes.revived.isEmpty)
        #expect(changes.summary == "2 keys added, 1 marked stale, 1 source text changed, 3 translations to review (de, fr, ja), 1 comment changed")

        // What Xcode would have written: the file as it was, plus exactly these edits.
        var expected = StringFixtures.before
        let phrases = SpokenWords.phrases.map { phrase in
            """
                "\(phrase.key)" : {
                  "comment" : \(JSONWriter.quote(phrase.comment)),
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "\(phrase.english)"
                      }
                    }
                  }
                },

            """
        }
        expected = Self.replacing("  \"strings\" : {\n", with: "  \"strings\" : {\n" + phrases.joined(), in: expected)
        expected = Self.replacing(
            "\"comment\" : \"A charm's name.\"", with: "\"comment\" : \(JSONWriter.quote(TableStrings.displayNameComment))", in: expected)
        expected = Self.replacing("\"value\" : \"Kitty\"", with: "\"value\" : \"Cat\"", in: expected)
        for translation in ["Schnurrende Samtpfotenfreundin", "Chaton", "ねこ"] {
            expected = Self.replacing(
                "\"state\" : \"translated\",\n            \"value\" : \"\(translation)\"",
                with: "\"state\" : \"needs_review\",\n            \"value\" : \"\(translation)\"", in: expected)
        }
        let heart = try #require(expected.range(of: "\"charm.heart.displayName\" : {"))
        let state = try #require(expected.range(of: "\"extractionState\" : \"extracted_with_value\"", range: heart.upperBound..<expected.endIndex))
        expected.replaceSubrange(state, with: "\"extractionState\" : \"stale\"")
        #expect(catalog.text == expected)

        // A second run: the same bytes, nothing to report.
        let (again, none) = try Self.update(catalog.text)
        #expect(again.text == catalog.text)
        #expect(none.isEmpty && none.summary == nil)
    }

    @Test func aStaleKeyComesBackWithItsTranslationsWhenItsCharmDoes() throws {
        let (stale, _) = try Self.update(StringFixtures.before)
        var table = StringFixtures.table
        table.charms.append(CharmEntry(id: "heart", displayName: "Heart", note: "you have my whole heart", swayDuration: 3.2))
        let (revived, changes) = try Self.update(stale.text, table: table)
        #expect(changes.revived == ["charm.heart.displayName"])
        #expect(changes.added == ["charm.heart.note"])
        #expect(revived.entries["charm.heart.displayName"]?.extractionState == .extractedWithValue)
        #expect(revived.entries["charm.heart.displayName"]?.unit("fr")?.value == "Cœur")
    }

    @Test func aNewCatalogHoldsEveryKeyOfTheTableInItsSourceLanguage() throws {
        let (catalog, changes) = try CatalogUpdate.apply(TableStrings(StringFixtures.table), to: StringCatalog(sourceLanguage: "en"), file: Self.file)
        #expect(
            catalog.sortedKeys == [
                "bijoux.spoken.handDrawn", "bijoux.spoken.typeKind", "charm.cat.displayName", "charm.cat.note", "charm.moon.displayName",
                "charm.moon.note",
            ])
        #expect(changes.added.count == 6)
        let cat = try #require(catalog.entries["charm.cat.displayName"])
        #expect(cat.comment == TableStrings.displayNameComment && cat.extractionState == .extractedWithValue)
        #expect(cat.unit("en") == StringCatalog.StringUnit(state: .new, value: "Cat"))
        #expect(catalog.languages == ["en"])
        #expect(
            catalog.text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n") && catalog.text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}"))
    }

    @Test func aKeyOfTheTableThatVariesIsAnErrorAtItsLanguage() throws {
        let text = Self.replacing(
            """
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Lune"
                      }
                    },
            """,
            with: """
                        "fr" : {
                          "variations" : {
                            "device" : {
                              "other" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "Lune"
                                }
                              }
                            }
                          }
                        },
                """, in: StringFixtures.before)
        #expect {
            _ = try Self.update(text)
        } throws: { error in
            "\(error)"
                == """
                art/Localizable.xcstrings:98:9: key 'charm.moon.displayName', field 'localizations.fr': a charm's name and note, and BijouxKit's phrases, are \
                one text per language: a stringUnit, not variations or substitutions
                """
        }
    }
}
