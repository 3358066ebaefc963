/// The catalog-symbols stage: writes `Generated/CatalogSymbols.swift`
/// (`CatalogSymbolsSwift`) from the charm table, the icons' names and the palette, so
/// the app gets typed images and colours; the Xcode asset symbols it leaves out are its
/// warnings. It shares `Generated/` with the table stage:
/// both own it, so a file there that neither made is stale, and neither removes the
/// other's. It runs before the app icon, so a name clash stops the build before the
/// icon is rendered; like the table, the text is made while planning.
enum SymbolsStage: Stage {
    static let name = "symbols"
    static let swiftPath = TableStage.folder + "/CatalogSymbols.swift"
    static var ownedFolders: [String] { [TableStage.folder] }

    static func applies(to art: ArtFolder) -> Bool {
        art.table != nil || art.hasFolder(IconsStage.sourceFolder) || !art.palette.colors.isEmpty || art.hasFolder(ImagesStage.sourceFolder)
            || art.hasFolder(DataStage.sourceFolder)
    }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let icons = IconsStage.iconNames(art).map { ($0, art.file("\(IconsStage.sourceFolder)/\($0).svg")) }
        let input = CatalogSymbolsSwift.Input(
            charms: art.table?.charms ?? [], charmsFile: art.tablePath, icons: icons, palette: art.palette, paletteFile: art.palettePath,
            assetSymbols: art.configuration.assetSymbols,
            iconForms: Dictionary(uniqueKeysWithValues: icons.map { ($0.0, art.iconSettings.forms(for: $0.0)) }),
            images: ImagesStage.imageNames(art).map { ($0, art.file(ImagesStage.sourceFolder)) },
            data: DataStage.dataNames(art).map { ($0, art.file(DataStage.sourceFolder)) })
        let source = String(TableStage.sourceName(artFolder: art.path).dropLast(ArtFolder.charmTableFile.count))
        let swift = try CatalogSymbolsSwift.generate(input, source: source)
        let note = "catalog symbols: \(icons.count) icons, \(art.palette.colors.count) colours → \(swiftPath)"
        // Keyed by its text, which holds every colour's value and every name it uses; the
        // warnings are the plan's, so every build repeats them.
        return StagePlan(
            jobs: [.constant(name: "catalog symbols", scope: .whole, [BuildOutput(path: swiftPath, text: swift.text)], note: note)],
            warnings: swift.warnings)
    }
}
