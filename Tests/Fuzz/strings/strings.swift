import BijouxShared

@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

// The String Catalog (art/Localizable.xcstrings). A catalog it accepts has BCP 47
// languages, writes as Xcode does and reads back to the same bytes; brought up to date
// with a table, it writes and reads back, and a second update changes nothing; its
// checks end in warnings or an error inside the input; each language's strings file is
// made.
@Sendable func fuzzStringCatalog(_ bytes: [UInt8]) {
    guard let catalog = readArtFile(bytes, StringCatalog.parse) else { return }
    precondition(catalog.languages.allSatisfy(LanguageTag.isWellFormed), "a language is not a BCP 47 tag")
    let text = catalog.text
    precondition(reread(text).text == text, "written and read back, the catalog changes")
    let table = TableStrings(
        CharmTableSource(charms: [
            CharmEntry(id: "cat", displayName: "Cat", note: "purring", swayDuration: 4.4),
            CharmEntry(id: "a", displayName: "猫", note: "%@", swayDuration: 1),
        ]))
    let updated: StringCatalog
    do {
        updated = try CatalogUpdate.apply(table, to: catalog, file: "fuzz.json").0
    } catch {
        checkInside(error.location, bytes)
        return
    }
    do {
        let (again, changes) = try CatalogUpdate.apply(table, to: reread(updated.text), file: "again.json")
        precondition(changes.isEmpty && again.text == updated.text, "a second update changes the catalog")
    } catch {
        preconditionFailure("the updated catalog cannot be updated again: \(error)")
    }
    do {
        _ = try StringChecks.run(updated, file: "fuzz.json")
    } catch {
        checkInside(error.location, bytes)
    }
    for language in updated.languages {
        let strings = StringsTable.text(StringsTable.texts(updated, language: language), source: "art/Localizable.xcstrings")
        precondition(strings.hasSuffix("\n"))
    }
}

/// A catalog the tool wrote, read again: it must be accepted.
private func reread(_ text: String) -> StringCatalog {
    do {
        return try StringCatalog.parse(Array(text.utf8), file: "again.json")
    } catch {
        preconditionFailure("written back, it is refused: \(error)\n\(text)")
    }
}
