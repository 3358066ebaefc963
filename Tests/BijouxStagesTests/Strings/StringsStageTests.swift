import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("The strings stage: the catalog and .lproj files shipped, checked where they show")
struct StringsStageTests {
    /// An art folder with the fixture's table and catalog (and, with `paintings`, the
    /// charms' PNGs, for a whole build).
    static func art(_ folder: TemporaryFolder, catalog: String = StringFixtures.before, paintings: Bool = false) -> String {
        folder.write("art/charms.json", StringFixtures.tableJSON)
        folder.write("art/Localizable.xcstrings", catalog)
        if paintings {
            for id in ["cat", "moon"] {
                folder.write(
                    "art/charms/\(id).png",
                    PNGEncoder.encode(
                        Synthetic.paintedDisc(width: 120, height: 110, center: (60, 55), radius: 40, softness: 3, color: (220, 180, 90)), as: .rgb))
            }
        }
        return folder.path + "/art"
    }

    static func run(_ art: String) throws -> BuildEngine.StageRun {
        try BuildEngine.run(StringsStage.self, art: ArtFolder(art))
    }

    static func text(_ run: BuildEngine.StageRun, _ path: String) -> String? {
        run.outputs.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func aBuildShipsTheUpdatedCatalogAndEachLanguagesStrings() throws {
        let folder = TestPaths.temporaryFolder("strings-stage")
        let art = Self.art(folder)
        let run = try Self.run(art)
        #expect(
            run.outputs.map(\.path).sorted() == [
                "Strings/Localizable.xcstrings", "Strings/de.lproj/Localizable.strings", "Strings/en.lproj/Localizable.strings",
                "Strings/fr.lproj/Localizable.strings", "Strings/ja.lproj/Localizable.strings",
            ])
        // The catalog as `strings` would write it; the art's own is left as it was.
        let (updated, _) = try CatalogUpdateTests.update(StringFixtures.before)
        #expect(Self.text(run, "Strings/Localizable.xcstrings") == updated.text)
        #expect(folder.read("art/Localizable.xcstrings") == Array(StringFixtures.before.utf8))
        // Each language's texts that ship: translations, and those to review since the
        // source changed; never a stale key's.
        #expect(
            Self.text(run, "Strings/fr.lproj/Localizable.strings") == """
                /* Generated from art/Localizable.xcstrings by bijoux-assets. Do not edit. */
                "charm.cat.displayName" = "Chaton";
                "charm.cat.note" = "je ronronne parce que tu existes";
                "charm.moon.displayName" = "Lune";
                "charm.moon.note" = "bonne nuit, je pense à toi";
                "Settings" = "Réglages";

                """)
        #expect(
            Self.text(run, "Strings/en.lproj/Localizable.strings") == """
                /* Generated from art/Localizable.xcstrings by bijoux-assets. Do not edit. */
                "bijoux.spoken.handDrawn" = "hand-drawn bijou";
                "bijoux.spoken.typeKind" = "%@ bijou";
                "charm.cat.displayName" = "Cat";
                "charm.cat.note" = "purring because you exist";
                "charm.moon.displayName" = "Moon";
                "charm.moon.note" = "goodnight, thinking of you";
                "Settings" = "Settings";

                """)
        let japanese = try #require(Self.text(run, "Strings/ja.lproj/Localizable.strings"))
        #expect(japanese.contains("\"charm.moon.displayName\" = \"おつきさまのチャームとおまもり\";\n") && !japanese.contains("charm.moon.note"))
    }

    /// Each check's message and place, in the form the command line prints with
    /// `warning:` after the place.
    @Test func eachCheckSaysWhatAndWhere() throws {
        let folder = TestPaths.temporaryFolder("strings-checks")
        let art = Self.art(folder)
        let file = art + "/Localizable.xcstrings"
        let warnings = try Self.run(art).warnings.map { $0.description.replacingOccurrences(of: file, with: "art/Localizable.xcstrings") }
        #expect(
            warnings == [
                """
                art/Localizable.xcstrings: the catalog is behind the charm table (2 keys added, 1 marked stale, 1 source text changed, 3 translations to \
                review (de, fr, ja), 1 comment changed); run 'bijoux-assets strings' to bring it up to date
                """,
                """
                art/Localizable.xcstrings:11:23: charm 'cat', 'de': the name \"Schnurrende Samtpfotenfreundin\" is 30 characters; at most 26 fit three-up on \
                the island
                """,
                """
                art/Localizable.xcstrings:107:23: charm 'moon', 'ja': the name \"おつきさまのチャームとおまもり\" is 30 characters wide (a wide character counts two); at \
                most 26 fit three-up on the island
                """,
                """
                art/Localizable.xcstrings: 'de': 3 of 7 keys untranslated (bijoux.spoken.handDrawn, bijoux.spoken.typeKind, Settings); the app shows them in \
                'en'; 1 translation to review since the source changed (charm.cat.displayName)
                """,
                """
                art/Localizable.xcstrings: 'fr': 2 of 7 keys untranslated (bijoux.spoken.handDrawn, bijoux.spoken.typeKind); the app shows them in 'en'; 1 \
                translation to review since the source changed (charm.cat.displayName)
                """,
                """
                art/Localizable.xcstrings: 'ja': 4 of 7 keys untranslated (bijoux.spoken.handDrawn, bijoux.spoken.typeKind, charm.moon.note, Settings); the \
                app shows them in 'en'; 1 translation to review since the source changed (charm.cat.displayName)
                """,
            ])
        // Up to date, the catalog has only the translation warnings left.
        folder.write("art/Localizable.xcstrings", try CatalogUpdateTests.update(StringFixtures.before).0.text)
        #expect(try Self.run(art).warnings.count == 5)
    }

    @Test func aTranslationWithOtherFormatSpecifiersIsAnError() throws {
        let folder = TestPaths.temporaryFolder("strings-format")
        var (catalog, _) = try CatalogUpdateTests.update(StringFixtures.before)
        catalog.entries[SpokenWords.typeKindKey]?.localizations?["fr"] = StringCatalog.Localization(
            stringUnit: StringCatalog.StringUnit(state: .translated, value: "bijou %d"))
        let art = Self.art(folder, catalog: catalog.text)
        let place = StringFixtures.place(ofValue: "bijou %d", in: catalog.text)
        #expect {
            _ = try Self.run(art)
        } throws: { error in
            (error as? ArtFileError)?.description.replacingOccurrences(of: art, with: "art")
                == """
                art/Localizable.xcstrings:\(place): key 'bijoux.spoken.typeKind', 'fr': the translation's format specifiers (%d) are not the source's (%@): \
                each argument must appear, with the same type
                """
        }
    }

    @Test func aCatalogPastItsCapIsRefusedBeforeItIsRead() throws {
        let folder = TestPaths.temporaryFolder("strings-huge")
        let art = Self.art(folder, catalog: String(repeating: " ", count: StringCatalog.maxFileSize + 1))
        #expect {
            _ = try Self.run(art)
        } throws: { error in
            "\(error)" == "\(art)/Localizable.xcstrings:1:1: the catalog is 4194305 bytes; a String Catalog is read up to 4 MiB"
        }
    }

    /// The contact sheet's languages: every language of the catalog and the
    /// double-length one, each charm's words as the app shows them in it.
    @Test func theSheetGetsEveryLanguageAndTheDoubleLengthOne() throws {
        let (catalog, _) = try CatalogUpdateTests.update(StringFixtures.before)
        let languages = StringsStage.sheetLanguages(catalog, table: TableStrings(StringFixtures.table))
        #expect(languages.map(\.code) == ["en", "de", "fr", "ja", DoubleLength.code])
        let japanese = languages[3]
        #expect(japanese.texts["charm.moon.displayName"] == "おつきさまのチャームとおまもり")
        #expect(japanese.texts["charm.moon.note"] == "goodnight, thinking of you" && japanese.fallback == ["charm.moon.note"])
        #expect(
            japanese.tooWide == [
                "charm.moon.displayName":
                    "the name \"おつきさまのチャームとおまもり\" is 30 characters wide (a wide character counts two); at most 26 fit three-up on the island"
            ])
        #expect(Array(languages[1].tooWide.keys) == ["charm.cat.displayName"])
        let doubled = languages[4]
        #expect(doubled.texts["charm.cat.displayName"] == "Cat Cat" && doubled.tooWide.isEmpty)
        #expect(doubled.texts["charm.moon.note"] == "goodnight, thinking of you goodnight, thinking of you")
    }

    /// The command line prints the warning as compilers do, and `--strict` makes it an
    /// error: the build fails and writes nothing.
    @Test(.tags(.slow), .notInFastRun) func theCommandLinePrintsTheWarningsAndStrictFails() throws {
        let folder = TestPaths.temporaryFolder("strings-cli")
        let catalog = try CatalogUpdateTests.update(StringFixtures.before).0.text
        let art = Self.art(folder, catalog: catalog, paintings: true)
        let strict = try CLI.run(["build", "--art", "art", "--out", "strict", "--strict"], in: folder.path)
        #expect(strict.status == 1)
        // Each warning an error at its place, then the summary (issue 22's strict form).
        let failed = strict.stderr.split(separator: "\n").map(String.init)
        #expect(failed.count == 6 && failed.dropLast().allSatisfy { $0.hasPrefix("art/Localizable.xcstrings:") && $0.contains(": error: ") })
        #expect(failed.last == "error: strict build failed on 5 warnings (--strict)")
        #expect(!folder.exists("strict"))
        let built = try CLI.run(["build", "--art", "art", "--out", "out"], in: folder.path)
        #expect(built.status == 0, "\(built.stderr)")
        let lines = built.stderr.split(separator: "\n").map(String.init)
        let german = StringFixtures.place(ofValue: "Schnurrende Samtpfotenfreundin", in: catalog)
        #expect(lines.contains { $0.hasPrefix("art/Localizable.xcstrings:\(german): warning: charm 'cat', 'de': the name \"Schnurrende") })
        let japanese = StringFixtures.place(ofValue: "おつきさまのチャームとおまもり", in: catalog)
        #expect(
            lines.contains(
                """
                art/Localizable.xcstrings:\(japanese): warning: charm 'moon', 'ja': the name \"おつきさまのチャームとおまもり\" is 30 characters wide (a wide character \
                counts two); at most 26 fit three-up on the island
                """
            ))
        #expect(
            folder.read("out/Strings/de.lproj/Localizable.strings").map { String(decoding: $0, as: UTF8.self) }?.contains(
                "\"charm.cat.displayName\" = \"Schnurrende Samtpfotenfreundin\";") == true)
        _ = art
    }
}
