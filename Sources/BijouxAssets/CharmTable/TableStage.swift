/// The charm-table stage: generates `Generated/CharmTable.swift` and its JSON twin
/// `Generated/charms.json` from charms.json. It owns `Generated/`.
public enum TableStage: Stage {
    public static let name = "table"
    public static let folder = "Generated"
    public static let swiftPath = folder + "/CharmTable.swift"
    public static let jsonPath = folder + "/charms.json"
    public static var ownedFolders: [String] { [folder] }

    public static func applies(to art: ArtFolder) -> Bool { art.table != nil }

    /// The art files are checked by the stages that read them; the table's own
    /// outputs do not depend on them.
    public static func plan(_ art: ArtFolder) throws -> StagePlan {
        let table = art.table!
        let source = sourceName(artFolder: art.path)
        // Generated before any charm is painted: a table that cannot become Swift
        // stops the build first.
        let swift = try CharmTableSwift.generate(table, source: source, file: art.tablePath)
        let json = CharmTableJSON.generate(table)
        let job = Job(name: "charm table", scope: .whole, key: {
            let key = CacheKey("table")
            key.add("swift", swift)
            key.add("json", json)
            return key.hash
        }, make: { recorder in
            try recorder.write(swiftPath, text: swift)
            try recorder.write(jsonPath, text: json)
            recorder.note("charm table: \(table.charms.count) charms → \(swiftPath), \(jsonPath)")
        })
        return StagePlan(jobs: [job])
    }

    /// How the generated header names the table: the art folder's own name and
    /// charms.json (`art/charms.json`), never the path it was reached by, so the output
    /// is the same on every machine and from every working directory.
    public static func sourceName(artFolder: String) -> String {
        var folder = artFolder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var name = folder.split(separator: "/").last.map(String.init) ?? ""
        if name.isEmpty || name == "." || name == ".." {
            name = FileIO.realPath(folder).split(separator: "/").last.map(String.init) ?? "art"
        }
        return name + "/" + ArtFolder.charmTableFile
    }
}
