/// The asset catalog's root `Contents.json`, which Xcode needs beside the groups the
/// other stages write (Charms/, Icons/, the app icon set). It runs only beside them.
public enum CatalogStage: Stage {
    public static let name = "catalog"
    public static let contentsPath = AssetCatalog.folderName + "/Contents.json"
    public static var isAuxiliary: Bool { true }

    public static func applies(to art: ArtFolder) -> Bool { true }

    public static func plan(_ art: ArtFolder) throws -> StagePlan {
        StagePlan(jobs: [.constant(name: "Contents.json", scope: .anyCharm, [BuildOutput(path: contentsPath, text: AssetCatalog.folderContents())])])
    }
}
