/// The drawn-icon stage: every `art/icons/<name>.svg` becomes
/// `Assets.xcassets/Icons/<name>.imageset` (@1x, @2x, @3x with the wobble baked in),
/// with per-icon settings from the optional `art/icons.json`. Icons are rendered in
/// parallel, in process; outputs are in name order whatever the number of jobs. Icons
/// are drawn in the palette's ink and their contact sheet is on its paper.
public enum IconsStage: Stage {
    public static let name = "icons"
    /// The folder of SVGs, relative to the art folder.
    public static let sourceFolder = "icons"
    public static let catalogFolder = AssetCatalog.folderName + "/Icons"
    public static let sheetPath = "Preview/icons.png"
    public static var ownedFolders: [String] { [catalogFolder] }

    public static func applies(to art: ArtFolder) -> Bool { art.hasFolder(sourceFolder) }

    /// The icons' names (their SVG files' names), in name order: the image sets this
    /// stage makes (hidden files and files that are not SVGs aside).
    public static func iconNames(_ art: ArtFolder) -> [String] {
        art.names(in: sourceFolder).filter { isIcon($0) }.map { String($0.dropLast(4)) }
    }

    /// Hidden files (.DS_Store, an editor's swap file) are not art; other files than SVGs
    /// are warned about.
    static func isIcon(_ file: String) -> Bool { !file.hasPrefix(".") && file.hasSuffix(".svg") }

    public static func plan(_ art: ArtFolder) throws -> StagePlan {
        var warnings: [BuildWarning] = []
        var names: [String] = []
        for file in art.names(in: sourceFolder) where !file.hasPrefix(".") {
            let path = art.file(sourceFolder + "/" + file)
            guard isIcon(file) else {
                warnings.append(BuildWarning(subject: path, message: "not an .svg file; ignored"))
                continue
            }
            let name = String(file.dropLast(4))
            guard CharmTableRules.isValidID(name) else {
                throw ArtFileError(file: path, message: "\"\(name)\" is not a valid icon name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the image set")
            }
            // (A symbolic link never gets here: `ArtFolder` refuses it.)
            if let other = names.first(where: { CharmTableRules.caseFolded($0) == CharmTableRules.caseFolded(name) }),
                let clash = CharmTableRules.caseClash(name, with: other) {
                throw ArtFileError(file: path, message: "icon names \(clash)")
            }
            names.append(name)
        }

        var settings = IconSettings()
        if art.contains(IconSettings.fileName) {
            let settingsPath = art.file(IconSettings.fileName)
            settings = try IconSettings.parse(try art.readJSON(IconSettings.fileName), file: settingsPath)
            for (name, overrides) in settings.icons.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
                throw ArtFileError(file: settingsPath, location: overrides.location, subject: "icon '\(name)'", message: "there is no \(sourceFolder)/\(name).svg")
            }
        }

        var jobs = [Job.constant(name: "Contents.json", scope: .whole, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])]
        let ink = art.palette.ink, paper = art.palette.paper
        for name in names {
            let relative = "\(sourceFolder)/\(name).svg"
            let wobble = settings.wobble(for: name), intent = settings.renderingIntent(for: name)
            let svg = Locked<[UInt8]>([])
            jobs.append(Job(name: name, scope: .whole, key: {
                svg.value = try art.read(relative, limit: SVGSafety.maxFileSize)
                let key = CacheKey("icon")
                key.add("name", name)
                key.add("svg", svg.value)
                key.add("amplitude", wobble.amplitude)
                key.add("wavelength", wobble.wavelength)
                key.add("octaves", wobble.octaves)
                key.add("seed", Int(wobble.seed))
                key.add("renderingIntent", intent.rawValue)
                key.add("ink", ink.description)
                return key.hash
            }, make: { recorder in
                let path = art.file(relative)
                let icon = try DrawnIcon.make(name: name, file: path, svg: svg.value, wobble: wobble, ink: ink)
                for output in imageSet(icon, renderingIntent: intent) { try recorder.write(output.path, output.bytes) }
                if icon.inkNearEdge {
                    recorder.warn(path, "ink comes within the wobble's amplitude (\(JSONWriter.formatNumber(icon.wobble.amplitude)) pt) of the edge, where the wobble can clip it; leave that margin inside the viewBox")
                }
                recorder.note("icon \(icon.name): \(icon.pointWidth)×\(icon.pointHeight) pt, \(icon.wobble), \(intent.rawValue)")
                recorder.artifact = ImageArtifact.encode([icon.renders[0], icon.renders[2]])
            }))
        }
        let summary = Summary(name: "contact sheet", key: {
            let key = CacheKey("icon sheet")
            key.add("paper", paper.description)
            return key.hash
        }) { artifacts, recorder in
            let renders = try artifacts.filter { !$0.isEmpty }.map { artifact in
                guard let images = ImageArtifact.decode(artifact), images.count == 2 else { throw ArtifactError(job: "an icon") }
                return (small: images[0], large: images[1])
            }
            try recorder.write(sheetPath, PNGEncoder.encode(contactSheet(renders, paper: paper), options: .init(jobs: recorder.threads)))
        }
        return StagePlan(jobs: jobs, summary: summary, warnings: warnings)
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

    /// Every icon on the palette's paper, in name order: @1x above (its size on a 1x
    /// screen) and @3x below (the pixels a phone shows), so a designer sees at once
    /// how the set reads, and how the wobble looks, side by side.
    public static func contactSheet(_ icons: [(small: RGBAImage, large: RGBAImage)], paper: RGBA) -> RGBAImage {
        let gap = 12
        let cell = icons.map { $0.large.width }.max() ?? 0
        let rowHeights = [icons.map { $0.small.height }.max() ?? 0, icons.map { $0.large.height }.max() ?? 0]
        let width = gap + icons.count * (cell + gap)
        let height = gap + rowHeights.reduce(0) { $0 + $1 + gap }
        var sheet = Compositing.filled(width: max(width, 1), height: height, color: paper)
        for (i, icon) in icons.enumerated() {
            let x = gap + i * (cell + gap)
            var y = gap
            for (render, rowHeight) in zip([icon.small, icon.large], rowHeights) {
                Compositing.draw(render, over: &sheet, x: x + (cell - render.width) / 2, y: y)
                y += rowHeight + gap
            }
        }
        return sheet
    }
}
