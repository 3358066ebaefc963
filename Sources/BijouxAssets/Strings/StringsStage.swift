import BijouxCore
import BijouxShared

/// The strings stage, when the art has a String Catalog (`Localizable.xcstrings`): the
/// catalog brought up to date with the table (in memory: a build never writes into the
/// art folder) is written as `Strings/Localizable.xcstrings`, for Xcode targets, and as
/// `Strings/<language>.lproj/Localizable.strings` for every language in it, for SwiftPM
/// targets and Linux. While planning it checks the catalog (`StringChecks`) and warns
/// when the art's catalog is behind the table, naming the command that brings it up to
/// date. Its job leaves the languages for the contact sheet's switch.
enum StringsStage: ContactSheetStage {
    static let name = "strings"
    static let folder = "Strings"
    static let catalogPath = folder + "/" + StringCatalog.fileName
    static var ownedFolders: [String] { [folder] }

    /// `Strings/<language>.lproj/Localizable.strings`.
    static func tablePath(_ language: String) -> String { "\(folder)/\(language).lproj/\(CharmStrings.table).strings" }

    static func applies(to art: ArtFolder) -> Bool { art.contains(StringCatalog.fileName) }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let file = art.file(StringCatalog.fileName)
        let read = try StringCatalog.parse(try readCatalog(art), file: file)
        let table = TableStrings(art.table)
        let (catalog, changes) = try CatalogUpdate.apply(table, to: read, file: file)
        var warnings = try StringChecks.run(catalog, file: file)
        if let summary = changes.summary {
            warnings.insert(
                BuildWarning(
                    subject: file, message: "the catalog is behind the charm table (\(summary)); run 'bijoux-assets strings' to bring it up to date"),
                at: 0)
        }
        let source = TableStage.sourceName(artFolder: art.path, file: StringCatalog.fileName)
        let languages = catalog.languages
        let outputs =
            [BuildOutput(path: catalogPath, text: catalog.text)]
            + languages.map { language in
                BuildOutput(path: tablePath(language), text: StringsTable.text(StringsTable.texts(catalog, language: language), source: source))
            }
        let sheet = ContactSheet(languages: sheetLanguages(catalog, table: table))
        let note = "strings: \(languages.count) languages, \(catalog.entries.count) keys → \(catalogPath), \(folder)/<language>.lproj/"
        let job = Job(name: "catalog", scope: .whole, source: art.file(StringCatalog.fileName)) {
            let key = CacheKey("strings")
            for output in outputs { key.add(output.path, output.bytes) }
            key.add("sheet", sheet.encoded)
            return Job.Prepared(key: key.hash) { recorder in
                for output in outputs { try recorder.write(output.path, output.bytes) }
                recorder.leave(sheet)
                recorder.note(note)
            }
        }
        return StagePlan(jobs: [job], warnings: warnings)
    }

    /// The art's catalog, refused past `StringCatalog.maxFileSize` before it is read.
    static func readCatalog(_ art: ArtFolder) throws -> [UInt8] {
        let file = art.file(StringCatalog.fileName)
        if let size = FileIO.fingerprint(file)?.size, size > StringCatalog.maxFileSize {
            throw ArtFileError(
                file: file, location: SourceLocation(line: 1, column: 1),
                message: "the catalog is \(size) bytes; a String Catalog is read up to \(StringCatalog.maxFileSize >> 20) MiB")
        }
        return try art.read(StringCatalog.fileName, limit: StringCatalog.maxFileSize)
    }

    /// Every language of the catalog, then the double-length pseudolanguage, with each
    /// charm's name and note as the app shows them: the translation that ships, else the
    /// source language's text; and the names too wide for the island, with the words of
    /// the build's warning.
    static func sheetLanguages(_ catalog: StringCatalog, table: TableStrings) -> [ContactSheet.Language] {
        let items = table.items.filter { $0.charm != nil }
        func language(_ code: String, _ label: String, text: (TableStrings.Item) -> (String, fallback: Bool)) -> ContactSheet.Language {
            var language = ContactSheet.Language(code: code, label: label, texts: [:], fallback: [], tooWide: [:])
            for item in items {
                let (shown, fallback) = text(item)
                language.texts[item.key] = shown
                if fallback { language.fallback.append(item.key) }
                if item.isDisplayName, let problem = StringChecks.nameProblem(shown) { language.tooWide[item.key] = problem }
            }
            return language
        }
        return catalog.languages.map { code in
            language(code, code) { item in
                if let unit = catalog.entries[item.key]?.unit(code), catalog.ships(unit, in: code) { return (unit.value, false) }
                return (catalog.entries[item.key]?.unit(catalog.sourceLanguage)?.value ?? item.value, true)
            }
        } + [language(DoubleLength.code, DoubleLength.label) { (DoubleLength.text($0.value), false) }]
    }
}
