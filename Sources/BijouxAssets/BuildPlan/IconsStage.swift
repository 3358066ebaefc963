/// The drawn-icon stage: every `art/icons/<name>.svg` becomes
/// `Assets.xcassets/Icons/<name>.imageset` (@1x, @2x, @3x with the wobble baked in),
/// with per-icon settings from the optional `art/icons.json`. Icons are rendered in
/// parallel, in process; outputs are in name order whatever the number of jobs.
public enum IconsStage {
    /// The folder of SVGs, relative to the art folder.
    public static let sourceFolder = "icons"
    public static let catalogFolder = AssetCatalog.folderName + "/Icons"
    public static let sheetPath = "Preview/icons.png"

    public static func run(artFolder: String, jobs: Int = Parallel.defaultJobs) throws -> StageProduct {
        let folder = artFolder + "/" + sourceFolder
        var product = StageProduct()
        var names: [String] = []
        // Hidden files (.DS_Store, an editor's swap file) are not art.
        for file in try FileIO.list(folder, below: artFolder) where !file.hasPrefix(".") {
            guard file.hasSuffix(".svg") else {
                product.warnings.append(BuildWarning(subject: folder + "/" + file, message: "not an .svg file; ignored"))
                continue
            }
            let name = String(file.dropLast(4))
            guard CharmTableRules.isValidID(name) else {
                throw ArtFileError(file: folder + "/" + file, message: "\"\(name)\" is not a valid icon name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the image set")
            }
            if let other = names.first(where: { CharmTableRules.caseFolded($0) == CharmTableRules.caseFolded(name) }),
                let clash = CharmTableRules.caseClash(name, with: other) {
                throw ArtFileError(file: folder + "/" + file, message: "icon names \(clash)")
            }
            names.append(name)
        }

        var settings = IconSettings()
        let settingsPath = artFolder + "/" + IconSettings.fileName
        if try FileIO.kind(of: settingsPath, below: artFolder) != nil {
            settings = try IconSettings.parse(try JSONFields.read(settingsPath, below: artFolder), file: settingsPath)
            for (name, overrides) in settings.icons.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
                throw ArtFileError(file: settingsPath, location: overrides.location, subject: "icon '\(name)'", message: "there is no \(sourceFolder)/\(name).svg")
            }
        }

        let icons = try Parallel.map(names.count, jobs: jobs) { index throws in
            let name = names[index]
            let path = "\(folder)/\(name).svg"
            let svg = try FileIO.read(path, limit: SVGSafety.maxFileSize, below: artFolder)
            return try DrawnIcon.make(name: name, file: path, svg: svg, wobble: settings.wobble(for: name))
        }

        product.outputs.append(BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents()))
        for icon in icons {
            let intent = settings.renderingIntent(for: icon.name)
            product.outputs += imageSet(icon, renderingIntent: intent)
            if icon.inkNearEdge {
                product.warnings.append(BuildWarning(
                    subject: "\(folder)/\(icon.name).svg",
                    message: "ink comes within the wobble's amplitude (\(JSONWriter.formatNumber(icon.wobble.amplitude)) pt) of the edge, where the wobble can clip it; leave that margin inside the viewBox"))
            }
            product.notes.append("icon \(icon.name): \(icon.pointWidth)×\(icon.pointHeight) pt, \(icon.wobble), \(intent.rawValue)")
        }
        product.outputs.append(BuildOutput(path: sheetPath, bytes: PNGEncoder.encode(contactSheet(icons))))
        product.ownedFolders.append(catalogFolder)
        return product
    }

    /// Contents.json (with the rendering intent) and the three PNGs.
    static func imageSet(_ icon: DrawnIcon, renderingIntent: IconSettings.RenderingIntent) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(icon.name).imageset"
        let contents = AssetCatalog.imageSetContents(
            name: icon.name, scales: DrawnIcon.scales, properties: ["template-rendering-intent": .string(renderingIntent.rawValue)])
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: contents)]
        for (scale, render) in zip(DrawnIcon.scales, icon.renders) {
            outputs.append(BuildOutput(
                path: folder + "/" + AssetCatalog.imageFileName(icon.name, scale: scale),
                bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        return outputs
    }

    /// Every icon on the app's paper, in name order: @1x above (its size on a 1x
    /// screen) and @3x below (the pixels a phone shows), so a designer sees at once
    /// how the set reads, and how the wobble looks, side by side.
    public static func contactSheet(_ icons: [DrawnIcon]) -> RGBAImage {
        let gap = 12
        let cell = icons.map { $0.renders[2].width }.max() ?? 0
        let rowHeights = [0, 2].map { scale in icons.map { $0.renders[scale].height }.max() ?? 0 }
        let width = gap + icons.count * (cell + gap)
        let height = gap + rowHeights.reduce(0) { $0 + $1 + gap }
        var sheet = Compositing.filled(width: max(width, 1), height: height, color: Palette.paper)
        for (i, icon) in icons.enumerated() {
            let x = gap + i * (cell + gap)
            var y = gap
            for (render, rowHeight) in zip([icon.renders[0], icon.renders[2]], rowHeights) {
                Compositing.draw(render, over: &sheet, x: x + (cell - render.width) / 2, y: y)
                y += rowHeight + gap
            }
        }
        return sheet
    }
}
