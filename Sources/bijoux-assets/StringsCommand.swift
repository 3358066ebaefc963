import BijouxAssets

let sourceLanguageOption = Option.text(
    "--source-language", "TAG", default: "en", help: "The language charms.json is written in, for a new catalog (a BCP 47 tag)")

let stringsCommand = CommandSpec(
    name: "strings",
    abstract: "Bring the String Catalog (art/Localizable.xcstrings) up to date with the charm table.",
    options: [artOption, sourceLanguageOption],
    discussion: """
        Keeps the translators' file in step with charms.json, as Xcode does with the
        strings it extracts from code: each charm's name and note (keys
        charm.<id>.displayName and charm.<id>.note) and BijouxKit's spoken phrases
        (bijoux.spoken.*) get a comment for translators and their text in the source
        language; a new key is added; a charm's key no charm has any more is marked
        stale (its translations are kept); a translation whose source text changed is
        marked needs_review. Everything else is kept as it is, and the file is written
        as Xcode writes it, so a second run changes nothing. Makes the catalog when
        there is none. The only command that writes into the art folder: build only
        warns when the catalog is behind.

        EXAMPLE: bijoux-assets strings --art art
        """,
    run: { arguments in
        let outcome = try CatalogFile.update(artFolder: arguments[artOption], sourceLanguage: arguments[sourceLanguageOption])
        let what = outcome.changes.summary
        switch (outcome.created, outcome.written) {
        case (true, _): print("\(outcome.path): made, \(what ?? "no keys")")
        case (false, true): print("\(outcome.path): \(what ?? "written as Xcode writes it")")
        case (false, false): print("\(outcome.path) is up to date")
        }
        return 0
    })
