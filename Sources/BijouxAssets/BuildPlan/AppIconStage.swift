/// The app icon stage: reads appicon.json and the charm it names, checks the safe
/// zone on the geometry, renders the three variants, confirms the checks on their
/// pixels, and lays out the icon set and its contact-sheet pictures. Any broken rule stops the
/// build before anything is written.
public enum AppIconStage {
    public static let iconSetFolder = AssetCatalog.folderName + "/AppIcon.appiconset"
    public static let safeZonePreviewPath = ContactSheetPage.folder + "/AppIcon-safe-zone.png"

    /// A variant as the home screen shows it, at 60 pt @3x, for the contact sheet.
    public static func homePreviewPath(_ variant: AppIconParameters.Variant) -> String {
        "\(ContactSheetPage.folder)/AppIcon/home-\(variant.rawValue).png"
    }

    /// Each variant's file in the icon set, the appearance that marks it, and its
    /// PNG colour type: the default has no alpha channel (App Store validation
    /// rejects one, error 90717), the dark one keeps its transparent background,
    /// the tinted one is grey on black.
    static let files: [(variant: AppIconParameters.Variant, filename: String, appearance: String?, colorType: PNGEncoder.ColorType)] = [
        (.default, "AppIcon.png", nil, .rgb),
        (.dark, "AppIcon-dark.png", "dark", .rgba),
        (.tinted, "AppIcon-tinted.png", "tinted", .grey),
    ]

    /// `only`: a one-charm rebuild; the icon is remade only when that charm is the
    /// one hanging from the thread (a revised heart revises the icon).
    public static func run(
        artFolder: String, table: CharmTableSource?, only: Set<String>? = nil, jobs: Int = Parallel.defaultJobs
    ) throws -> StageProduct {
        let file = artFolder + "/" + AppIconParameters.fileName
        let parameters = try AppIconParameters.parse(try FileIO.read(file), file: file)
        if let only, !only.contains(parameters.charm.id) { return StageProduct() }

        let id = parameters.charm.id
        guard let table else {
            throw ArtFileError(file: file, location: parameters.locations["charm.id"], field: "charm.id",
                               message: "the icon hangs charm '\(id)', but there is no charms.json to find its art in")
        }
        guard let entry = table.charms.first(where: { $0.id == id }) else {
            throw ArtFileError(file: file, location: parameters.locations["charm.id"], field: "charm.id",
                               message: "no charm '\(id)' in charms.json (known: \(table.charms.map(\.id).joined(separator: ", ")))")
        }
        let art = try PNGDecoder.decodeFile(artFolder + "/" + entry.art)
        let (keyed, bounds, _) = PaintedCharm.keyAndTrim(art, blackPoint: entry.blackPoint)
        let renderer = try AppIconRenderer(parameters: parameters, keyed: keyed, bounds: bounds, file: file)
        let geometry = try SafeZone.check(renderer.layout, parameters: parameters, file: file)
        let renders = renderer.renderAll()
        let pixels = try SafeZone.confirm(
            threadCoverage: renderer.threadCoverage, renders: renders, layout: renderer.layout, parameters: parameters, file: file)

        var product = StageProduct(ownedFolders: [iconSetFolder])
        product.outputs.append(BuildOutput(
            path: iconSetFolder + "/Contents.json",
            text: AssetCatalog.appIconSetContents(files.map { ($0.appearance, $0.filename) })))
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            product.outputs.append(BuildOutput(
                path: iconSetFolder + "/" + file.filename,
                bytes: PNGEncoder.encode(render.image, as: file.colorType, options: .init(jobs: jobs))))
        }
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            let home = AppIconPreview.homeScreen(render)
            product.outputs.append(BuildOutput(path: homePreviewPath(file.variant), bytes: PNGEncoder.encode(home, options: .init(jobs: jobs))))
            product.sheet.appIcon.append(ContactSheet.AppIconLook(
                variant: file.variant.rawValue,
                image: ContactSheet.Image(path: iconSetFolder + "/" + file.filename, width: render.image.width, height: render.image.height),
                home: ContactSheet.Image(path: homePreviewPath(file.variant), width: home.width, height: home.height),
                approximation: AppIconPreview.approximation(file.variant)))
        }
        let safeZone = AppIconPreview.safeZone(renders[0], layout: renderer.layout)
        product.outputs.append(BuildOutput(path: safeZonePreviewPath, bytes: PNGEncoder.encode(safeZone, as: .rgb, options: .init(jobs: jobs))))
        product.sheet.appIconSafeZone = ContactSheet.Image(path: safeZonePreviewPath, width: safeZone.width, height: safeZone.height)
        product.notes.append(summary(geometry, pixels, renderer.layout))
        return product
    }

    /// One line with each rule's measure, from the geometry and from the pixels.
    static func summary(_ geometry: SafeZone.Geometry, _ pixels: SafeZone.Pixels, _ layout: AppIconLayout) -> String {
        let margin = IconMask.safeMargin(side: Double(layout.side))
        return "app icon: thread \(SafeZone.px(geometry.threadClearance)) from the mask's edge (pixels \(SafeZone.px(pixels.threadClearance)); safe margin \(SafeZone.px(margin))), "
            + "heart bottom margin \(SafeZone.percent(geometry.bottomMargin)) (pixels \(SafeZone.percent(pixels.bottomMargin)); at least \(SafeZone.percent(SafeZone.minimumBottomMargin))), "
            + "ring \(SafeZone.px(geometry.ringDistance)) from the squiggle (thread covers \(SafeZone.percent(pixels.coverageAtRingTop)) at its top; at most \(SafeZone.px(layout.strokeWidth / 2)))"
    }
}
