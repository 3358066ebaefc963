import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// `bijoux-assets strings`, run as a person or CI runs it.
@Suite("Command line: strings", .tags(.slow), .notInFastRun)
struct StringsCommandTests {
    @Test func itUpdatesTheCatalogOnceAndASecondRunChangesNothing() throws {
        let folder = TestPaths.temporaryFolder("strings-command")
        _ = StringsStageTests.art(folder)
        let first = try CLI.run(["strings", "--art", "art"], in: folder.path)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(
            first.stdout
                == "art/Localizable.xcstrings: 2 keys added, 1 marked stale, 1 source text changed, 3 translations to review (de, fr, ja), 1 comment changed\n")
        let expected = try CatalogUpdateTests.update(StringFixtures.before).0.text
        #expect(folder.read("art/Localizable.xcstrings") == Array(expected.utf8))
        let second = try CLI.run(["strings", "--art", "art"], in: folder.path)
        #expect(second.status == 0 && second.stdout == "art/Localizable.xcstrings is up to date\n")
        #expect(folder.read("art/Localizable.xcstrings") == Array(expected.utf8))
    }

    @Test func itMakesACatalogInTheLanguageTheTableIsWrittenIn() throws {
        let folder = TestPaths.temporaryFolder("strings-new")
        folder.write("art/charms.json", StringFixtures.tableJSON)
        let bad = try CLI.run(["strings", "--art", "art", "--source-language", "fr_FR"], in: folder.path)
        #expect(bad.status == 1)
        #expect(
            bad.stderr
                == """
                art/Localizable.xcstrings: error: field 'sourceLanguage': \"fr_FR\" is not a BCP 47 language tag such as en, fr, zh-Hans or pt-BR: its subtags \
                are joined by '-', not '_' (fr-FR)\n
                """
        )
        #expect(!folder.exists("art/Localizable.xcstrings"))
        let made = try CLI.run(["strings", "--art", "art", "--source-language", "fr"], in: folder.path)
        #expect(made.status == 0 && made.stdout == "art/Localizable.xcstrings: made, 6 keys added\n", "\(made.stderr)")
        let catalog = try StringCatalog.parse(try #require(folder.read("art/Localizable.xcstrings")), file: "c")
        #expect(catalog.sourceLanguage == "fr" && catalog.entries["charm.cat.displayName"]?.unit("fr")?.value == "Cat")
    }

    /// Bad input: one `PATH:LINE:COL: error:` line, exit status 1, the file as it was.
    @Test(arguments: [
        BadCatalog("{\"sourceLanguage\" : \"en\",", "art/Localizable.xcstrings:1:26: error: invalid JSON: expected a member name in quotes, found end of file"),
        BadCatalog(
            """
            {\"sourceLanguage\" : \"en\", \"strings\" : {\"a\" : {\"localizations\" : {\"fr\" : {\"stringUnit\" : {\"state\" : \"new\"}}}}}, \"version\" : \
            \"1.0\"}
            """,
            "art/Localizable.xcstrings:1:89: error: key 'a', field 'localizations.fr.stringUnit.value': missing required field"
        ),
        BadCatalog(String(repeating: "[", count: 5000), "art/Localizable.xcstrings:1:65: error: invalid JSON: nesting deeper than 64 levels"),
        BadCatalog(
            String(repeating: "\n", count: StringCatalog.maxFileSize + 1),
            "art/Localizable.xcstrings:1:1: error: the catalog is 4194305 bytes; a String Catalog is read up to 4 MiB"
        ),
    ])
    func badInputIsOneLineAndWritesNothing(_ bad: BadCatalog) throws {
        let (catalog, message) = (bad.catalog, bad.message)
        let folder = TestPaths.temporaryFolder("strings-bad")
        folder.write("art/charms.json", StringFixtures.tableJSON)
        folder.write("art/Localizable.xcstrings", catalog)
        let run = try CLI.run(["strings", "--art", "art"], in: folder.path)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == message + "\n")
        #expect(folder.read("art/Localizable.xcstrings") == Array(catalog.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/art").sorted() == ["Localizable.xcstrings", "charms.json"])
    }

    @Test func helpAndMisuse() throws {
        let help = try CLI.run(["strings", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: bijoux-assets strings [--art <DIR>] [--source-language <TAG>]"))
        let misuse = try CLI.run(["strings", "--out", "x"])
        #expect(misuse.status == 2 && misuse.stderr.split(separator: "\n").count == 1)
    }
}

/// A bad catalog and the one line it must give: named in the test log by its start and
/// size, not printed whole (one is 4 MiB of newlines).
struct BadCatalog: CustomTestStringConvertible, Sendable {
    var catalog: String
    var message: String

    init(_ catalog: String, _ message: String) { (self.catalog, self.message) = (catalog, message) }

    var testDescription: String { "\(catalog.prefix(24).debugDescription)… (\(catalog.utf8.count) bytes)" }
}
