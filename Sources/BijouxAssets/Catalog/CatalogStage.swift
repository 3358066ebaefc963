/// The asset catalog's root `Contents.json`, which Xcode needs beside the groups the
/// other stages write (Charms/, Icons/, the app icon set). It runs only beside them.
package enum CatalogStage: Stage {
    package static let name = "catalog"
    package static let contentsPath = AssetCatalog.folderName + "/Contents.json"
    package static var isAuxiliary: Bool { true }

    package static func applies(to art: ArtFolder) -> Bool { true }

    package static func plan(_ art: ArtFolder) throws -> StagePlan {
        StagePlan(jobs: [.constant(name: "Contents.json", scope: .anyCharm, [BuildOutput(path: contentsPath, text: AssetCatalog.folderContents())])])
    }
}
