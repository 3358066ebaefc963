import BijouxCore

/// The sets one drawn icon becomes in `Assets.xcassets/Icons/`, and their names.
///
/// Xcode finds an image by its set's name alone, whatever kind of set holds it, so each
/// form has a name of its own: a symbol is the icon's own name (`give.symbolset`:
/// `Image(.give)` is the symbol, which sits on the text's baseline and follows Dynamic
/// Type and weight), and its bitmaps then take `<name>-bitmap`; without a symbol the
/// bitmaps keep the icon's name. The vector is `<name>-vector`.
extension IconsStage {
    static let bitmapSuffix = "-bitmap"
    static let vectorSuffix = "-vector"

    /// The name of the icon's bitmap image set.
    static func bitmapName(_ name: String, _ forms: IconForms) -> String { forms.symbol ? name + bitmapSuffix : name }

    /// The name of the icon's vector image set.
    static func vectorName(_ name: String) -> String { name + vectorSuffix }

    /// Every set the icon becomes, for the build's one rule on names (`CatalogSet`).
    static func catalogSets(name: String, forms: IconForms) -> [CatalogSet] {
        var sets = [CatalogSet(.image, name: bitmapName(name, forms), in: catalogFolder)]
        if forms.vector { sets.append(CatalogSet(.image, name: vectorName(name), in: catalogFolder)) }
        if forms.symbol { sets.append(CatalogSet(.symbol, name: name, in: catalogFolder)) }
        return sets
    }

    static func imagePath(_ name: String, _ forms: IconForms, scale: Int) -> String {
        let set = bitmapName(name, forms)
        return "\(catalogFolder)/\(set).imageset/" + AssetCatalog.imageFileName(set, scale: scale)
    }

    static func vectorPath(_ name: String) -> String {
        "\(catalogFolder)/\(vectorName(name)).imageset/\(vectorName(name)).svg"
    }

    static func symbolPath(_ name: String) -> String { "\(catalogFolder)/\(name).symbolset/\(name).svg" }

    /// Contents.json (with the rendering intent) and the three PNGs.
    static func imageSet(_ icon: DrawnIcon, forms: IconForms, renderingIntent: IconSettings.RenderingIntent) -> [BuildOutput] {
        let set = bitmapName(icon.name, forms)
        let contents = AssetCatalog.imageSetContents(
            name: set, scales: DrawnIcon.scales, properties: ["template-rendering-intent": .string(renderingIntent.rawValue)])
        var outputs = [BuildOutput(path: "\(catalogFolder)/\(set).imageset/Contents.json", text: contents)]
        for (scale, render) in zip(DrawnIcon.scales, icon.renders) {
            outputs.append(
                BuildOutput(path: imagePath(icon.name, forms, scale: scale), bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        return outputs
    }

    /// The vector image set: one SVG for every scale, its vector data kept.
    static func vectorSet(_ name: String, svg: String, renderingIntent: IconSettings.RenderingIntent) -> [BuildOutput] {
        let set = vectorName(name)
        let contents = AssetCatalog.vectorSetContents(
            filename: set + ".svg",
            properties: ["preserves-vector-representation": .bool(true), "template-rendering-intent": .string(renderingIntent.rawValue)])
        return [
            BuildOutput(path: "\(catalogFolder)/\(set).imageset/Contents.json", text: contents),
            BuildOutput(path: vectorPath(name), text: svg),
        ]
    }

    /// The symbol set: its template.
    static func symbolSet(_ name: String, template: String) -> [BuildOutput] {
        [
            BuildOutput(path: "\(catalogFolder)/\(name).symbolset/Contents.json", text: AssetCatalog.symbolSetContents(filename: name + ".svg")),
            BuildOutput(path: symbolPath(name), text: template),
        ]
    }
}
