/// The palette stage: every colour of palette.json becomes
/// `Assets.xcassets/Colors/<Name>.colorset`, and the accent colour also
/// `Assets.xcassets/AccentColor.colorset` (the name Xcode's app template and its
/// default `ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME` use). It owns both: with
/// a palette, the accent is the palette's (none without `accent`), never a hand-made one.
/// One job per colour set, keyed by its colour, so a changed colour rewrites its own
/// colour set (and the accent, when it is the accent) and nothing else.
enum PaletteStage: Stage {
    static let name = "palette"
    static let catalogFolder = AssetCatalog.folderName + "/Colors"
    static let accentFolder = AssetCatalog.folderName + "/AccentColor.colorset"
    static var ownedFolders: [String] { [catalogFolder, accentFolder] }

    /// palette.json is parsed (and checked) once, with the art folder.
    static func applies(to art: ArtFolder) -> Bool { !art.palette.colors.isEmpty }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let palette = art.palette
        let dark = palette.colors.filter { $0.dark != nil }.count, high = palette.colors.filter { $0.highContrast != nil }.count
        let p3 = palette.colors.filter { $0.paletteColor.appearances.contains { $0.components.colorSpace == .displayP3 } }.count
        let note =
            "palette: \(palette.colors.count) colours (\(dark) with a dark appearance, \(high) with high contrast, \(p3) in Display P3)"
            + (palette.accent.map { ", accent \($0)" } ?? "")
        // The folder's job also reports the palette.
        var jobs = [
            Job.constant(
                name: "Contents.json", scope: .whole, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())], note: note)
        ]
        let source = art.file(Palette.fileName)
        for color in palette.colors {
            jobs.append(colorSetJob(name: color.name, path: "\(catalogFolder)/\(color.colorSetName).colorset/Contents.json", color: color, source: source))
        }
        if let accent = palette.accent.flatMap({ palette[$0] }) {
            jobs.append(colorSetJob(name: "AccentColor.colorset", path: accentFolder + "/Contents.json", color: accent, source: source))
        }
        return StagePlan(jobs: jobs)
    }

    /// One colour set; its text is all that decides it.
    static func colorSetJob(name: String, path: String, color: Palette.Color, source: String) -> Job {
        .constant(name: name, scope: .whole, [BuildOutput(path: path, text: AssetCatalog.colorSetContents(color.paletteColor))], source: source)
    }
}
