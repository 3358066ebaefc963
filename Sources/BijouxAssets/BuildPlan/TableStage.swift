/// The charm-table stage: generates `Generated/CharmTable.swift` and its JSON twin
/// `Generated/charms.json` from charms.json. It owns `Generated/`.
public enum TableStage {
    public static let folder = "Generated"
    public static let swiftPath = folder + "/CharmTable.swift"
    public static let jsonPath = folder + "/charms.json"

    /// `sounds`: the sound stage's tracks and patterns, for the JSON twin's optional
    /// `sounds` and `hapticPatterns` fields.
    public static func run(table: CharmTableSource, artFolder: String, sounds: SoundCatalog? = nil) throws -> StageProduct {
        // The art files are checked once, by the charms stage that reads them; the
        // table's own outputs do not depend on them.
        let tableFile = artFolder + "/" + Builder.charmTableFile
        let swift = try CharmTableSwift.generate(table, source: sourceName(artFolder: artFolder), file: tableFile)
        return StageProduct(
            outputs: [
                BuildOutput(path: swiftPath, text: swift),
                BuildOutput(path: jsonPath, text: CharmTableJSON.generate(table, sounds: sounds)),
            ],
            ownedFolders: [folder],
            notes: ["charm table: \(table.charms.count) charms → \(swiftPath), \(jsonPath)"])
    }

    /// How the generated header names the table: the art folder's own name and
    /// charms.json (`art/charms.json`), never the path it was reached by, so the output
    /// is the same on every machine and from every working directory.
    public static func sourceName(artFolder: String, file: String = Builder.charmTableFile) -> String {
        var folder = artFolder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var name = folder.split(separator: "/").last.map(String.init) ?? ""
        if name.isEmpty || name == "." || name == ".." {
            name = FileIO.realPath(folder).split(separator: "/").last.map(String.init) ?? "art"
        }
        return name + "/" + file
    }
}
