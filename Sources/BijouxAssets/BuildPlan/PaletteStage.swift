/// The palette stage: every colour of palette.json becomes
/// `Assets.xcassets/Colors/<Name>.colorset`, and the accent colour also
/// `Assets.xcassets/AccentColor.colorset` (the name Xcode's app template and its
/// default `ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME` use). It owns both: with
/// a palette, the accent is the palette's (none without `accent`), never a hand-made one.
public enum PaletteStage {
    public static let catalogFolder = AssetCatalog.folderName + "/Colors"
    public static let accentFolder = AssetCatalog.folderName + "/AccentColor.colorset"

    public static func run(palette: Palette) -> StageProduct {
        var product = StageProduct(ownedFolders: [catalogFolder, accentFolder])
        product.outputs.append(BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents()))
        for color in palette.colors {
            product.outputs.append(BuildOutput(
                path: "\(catalogFolder)/\(color.colorSetName).colorset/Contents.json",
                text: AssetCatalog.colorSetContents(any: color.any, dark: color.dark)))
        }
        if let accent = palette.accent.flatMap({ palette[$0] }) {
            product.outputs.append(BuildOutput(
                path: accentFolder + "/Contents.json", text: AssetCatalog.colorSetContents(any: accent.any, dark: accent.dark)))
        }
        let dark = palette.colors.filter { $0.dark != nil }.count
        product.notes.append("palette: \(palette.colors.count) colours (\(dark) with a dark appearance)"
            + (palette.accent.map { ", accent \($0)" } ?? ""))
        return product
    }
}
