/// The asset catalog's root `Contents.json`, which Xcode needs beside the groups the
/// other stages write (Charms/, Icons/, the app icon set). It runs only beside them.
enum CatalogStage: Stage {
    static let name = "catalog"
    static let contentsPath = AssetCatalog.folderName + "/Contents.json"
    static var isAuxiliary: Bool { true }

    static func applies(to art: ArtFolder) -> Bool { true }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        StagePlan(jobs: [.constant(name: "Contents.json", scope: .anyCharm, [BuildOutput(path: contentsPath, text: AssetCatalog.folderContents())])])
    }
}
