/// The drawn-icon stage: every `art/icons/<name>.svg` becomes
/// `Assets.xcassets/Icons/<name>.imageset` (@1x, @2x, @3x with the wobble baked in),
/// with per-icon settings from the optional `art/icons.json`. Icons are rendered in
/// parallel, in process; outputs are in name order whatever the number of jobs.
public enum IconsStage {
    /// The folder of SVGs, relative to the art folder.
    public static let sourceFolder = "icons"
    public static let catalogFolder = AssetCatalog.folderName + "/Icons"

    public static func run(artFolder: String, jobs: Int = Parallel.defaultJobs) throws -> StageProduct {
        let folder = artFolder + "/" + sourceFolder
        var product = StageProduct()
        var names: [String] = []
        // Hidden files (.DS_Store, an editor's swap file) are not art.
        for file in FileIO.list(folder) where !file.hasPrefix(".") {
            guard file.hasSuffix(".svg") else {
                let warning = BuildWarning(subject: folder + "/" + file, message: "not an .svg file; ignored")
                product.warnings.append(warning)
                product.sheet.otherWarnings.append(warning.description)
                continue
            }
            let name = String(file.dropLast(4))
            guard CharmTableRules.isValidID(name) else {
                throw ArtFileError(file: folder + "/" + file, message: "\"\(name)\" is not a valid icon name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the image set")
            }
            // A link could make the build read (and quote in an error) a file outside the art folder.
            guard !FileIO.isSymbolicLink(folder + "/" + file) else {
                throw ArtFileError(file: folder + "/" + file, message: "is a symbolic link; an icon must be a file in the art folder itself")
            }
            names.append(name)
        }

        var settings = IconSettings()
        let settingsPath = artFolder + "/" + IconSettings.fileName
        if FileIO.exists(settingsPath) {
            settings = try IconSettings.parse(try FileIO.read(settingsPath), file: settingsPath)
            for (name, overrides) in settings.icons.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
                throw ArtFileError(file: settingsPath, location: overrides.location, subject: "icon '\(name)'", message: "there is no \(sourceFolder)/\(name).svg")
            }
        }

        let icons = try Parallel.map(names.count, jobs: jobs) { index throws in
            let name = names[index]
            let path = "\(folder)/\(name).svg"
            let svg = try FileIO.read(path, limit: SVGSafety.maxFileSize)
            return try DrawnIcon.make(name: name, file: path, svg: svg, wobble: settings.wobble(for: name))
        }

        product.outputs.append(BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents()))
        for icon in icons {
            let intent = settings.renderingIntent(for: icon.name)
            product.outputs += imageSet(icon, renderingIntent: intent)
            var warnings: [String] = []
            if icon.inkNearEdge {
                warnings.append("ink comes within the wobble's amplitude (\(JSONWriter.formatNumber(icon.wobble.amplitude)) pt) of the edge, where the wobble can clip it; leave that margin inside the viewBox")
            }
            product.warnings += warnings.map { BuildWarning(subject: "\(folder)/\(icon.name).svg", message: $0) }
            product.sheet.icons.append(ContactSheet.Icon(
                name: icon.name, pointWidth: icon.pointWidth, pointHeight: icon.pointHeight,
                images: zip(DrawnIcon.scales, icon.renders).map { scale, render in
                    ContactSheet.Image(path: imagePath(icon.name, scale: scale), width: render.width, height: render.height)
                },
                renderingIntent: intent.rawValue, warnings: warnings))
            product.notes.append("icon \(icon.name): \(icon.pointWidth)×\(icon.pointHeight) pt, \(icon.wobble), \(intent.rawValue)")
        }
        product.ownedFolders.append(catalogFolder)
        return product
    }

    static func imagePath(_ name: String, scale: Int) -> String {
        "\(catalogFolder)/\(name).imageset/" + AssetCatalog.imageFileName(name, scale: scale)
    }

    /// Contents.json (with the rendering intent) and the three PNGs.
    static func imageSet(_ icon: DrawnIcon, renderingIntent: IconSettings.RenderingIntent) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(icon.name).imageset"
        let contents = AssetCatalog.imageSetContents(
            name: icon.name, scales: DrawnIcon.scales, properties: ["template-rendering-intent": .string(renderingIntent.rawValue)])
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: contents)]
        for (scale, render) in zip(DrawnIcon.scales, icon.renders) {
            outputs.append(BuildOutput(path: imagePath(icon.name, scale: scale), bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        return outputs
    }
}
