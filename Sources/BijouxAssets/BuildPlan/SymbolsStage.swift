/// The catalog-symbols stage: writes `Generated/CatalogSymbols.swift`
/// (`CatalogSymbolsSwift`) from the charm table, the icons' names and the palette, so
/// the app gets typed images and colours. It shares `Generated/` with the table stage.
public enum SymbolsStage {
    public static let swiftPath = TableStage.folder + "/CatalogSymbols.swift"

    public static func run(artFolder: String, hasTable: Bool, palette: Palette) throws -> StageProduct {
        let icons = IconsStage.iconNames(artFolder: artFolder).map { ($0, "\(artFolder)/\(IconsStage.sourceFolder)/\($0).svg") }
        let input = CatalogSymbolsSwift.Input(
            charms: hasTable, icons: icons, palette: palette, paletteFile: artFolder + "/" + Palette.fileName)
        let source = String(TableStage.sourceName(artFolder: artFolder).dropLast(Builder.charmTableFile.count))
        let swift = try CatalogSymbolsSwift.generate(input, source: source)
        return StageProduct(
            outputs: [BuildOutput(path: swiftPath, text: swift)], ownedFolders: [TableStage.folder],
            notes: ["catalog symbols: \(icons.count) icons, \(palette.colors.count) colours → \(swiftPath)"])
    }
}
