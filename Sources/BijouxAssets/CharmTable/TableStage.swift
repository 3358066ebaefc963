import BijouxCore

/// The charm-table stage: generates `Generated/CharmTable.swift` and its JSON twin
/// `Generated/charms.json` from charms.json. It owns `Generated/` (where the sounds
/// stage writes `Sounds.swift` too). The twin lists the sounds' facts: its job takes
/// the sounds stage's artifacts as inputs, so it is keyed with the sounds' keys.
enum TableStage: Stage {
    static let name = "table"
    static let folder = "Generated"
    static let swiftPath = folder + "/CharmTable.swift"
    static let jsonPath = folder + "/charms.json"
    static var ownedFolders: [String] { [folder] }

    static func applies(to art: ArtFolder) -> Bool { art.table != nil }

    /// The art files are checked by the stages that read them; the table's own
    /// outputs do not depend on them.
    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let table = art.table!
        let source = sourceName(artFolder: art.path)
        // Generated before any charm is painted: a table that cannot become Swift
        // stops the build first.
        let swift = try CharmTableSwift.generate(table, source: source, file: art.tablePath)
        let job = Job(name: "charm table", scope: .whole, inputs: .artifacts(SoundArtifact.self, from: [SoundsStage.self]), source: art.tablePath) {
            let key = CacheKey("table")
            key.add("swift", swift)
            key.add("json", CharmTableJSON.generate(table))
            return Job.Prepared(key: key.hash) { recorder in
                // Without sounds, no `sounds` and `hapticPatterns` fields at all.
                let sounds = recorder.inputs.isEmpty ? nil : SoundCatalog(recorder.taken(SoundArtifact.self))
                try recorder.write(swiftPath, text: swift)
                try recorder.write(jsonPath, text: CharmTableJSON.generate(table, sounds: sounds))
                recorder.note("charm table: \(table.charms.count) charms → \(swiftPath), \(jsonPath)")
            }
        }
        return StagePlan(jobs: [job])
    }

    /// How the generated header names the table: the art folder's own name and
    /// charms.json (`art/charms.json`), never the path it was reached by, so the output
    /// is the same on every machine and from every working directory.
    static func sourceName(artFolder: String, file: String = ArtFolder.charmTableFile) -> String {
        var folder = artFolder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var name = folder.split(separator: "/").last.map(String.init) ?? ""
        if name.isEmpty || name == "." || name == ".." {
            name = FileIO.realPath(folder).split(separator: "/").last.map(String.init) ?? "art"
        }
        return name + "/" + file
    }
}
