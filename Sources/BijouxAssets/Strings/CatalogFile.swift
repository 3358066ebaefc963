import BijouxCore

/// `bijoux-assets strings`: the art folder's String Catalog brought up to date with its
/// charm table (`CatalogUpdate`) and written back in place, as Xcode writes it, only
/// when that changes its bytes; made, with the table's keys, when the folder has none.
/// The one command that writes into the art folder.
package enum CatalogFile {
    package struct Outcome: Equatable, Sendable {
        /// The catalog, as messages name it (`art/Localizable.xcstrings`).
        package var path: String
        package var created: Bool
        /// Whether the file's bytes changed (a catalog only re-spaced is written too).
        package var written: Bool
        package var changes: CatalogUpdate.Changes
    }

    /// Updates `artFolder`'s catalog. `sourceLanguage` is a new catalog's, the language
    /// the table is written in. Throws, writing nothing, on a bad catalog or table.
    package static func update(artFolder: String, sourceLanguage: String = "en") throws -> Outcome {
        let art = try ArtFolder(artFolder)
        let path = art.file(StringCatalog.fileName)
        let created = !art.contains(StringCatalog.fileName)
        let before = created ? nil : try StringsStage.readCatalog(art)
        let catalog: StringCatalog
        if let before {
            catalog = try StringCatalog.parse(before, file: path)
        } else {
            if let problem = LanguageTag.problem(with: sourceLanguage) { throw ArtFileError(file: path, field: "sourceLanguage", message: problem) }
            catalog = StringCatalog(sourceLanguage: sourceLanguage)
        }
        let (updated, changes) = try CatalogUpdate.apply(TableStrings(art.table), to: catalog, file: path)
        let after = Array(updated.text.utf8)
        if after != before { try FileIO.writeAtomically(after, to: path) }
        return Outcome(path: path, created: created, written: after != before, changes: changes)
    }
}
