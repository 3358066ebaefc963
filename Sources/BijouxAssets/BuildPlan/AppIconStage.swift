/// The app icon stage: reads appicon.json and the charm it names, checks the safe
/// zone on the geometry, renders the three variants, confirms the checks on their
/// pixels, and lays out the icon set and its previews; then does the same for the
/// Icon Composer document (`AppIcon.icon`, iOS 26) made from the same layout. Any
/// broken rule stops the build before anything is written.
public enum AppIconStage {
    public static let iconSetFolder = AssetCatalog.folderName + "/AppIcon.appiconset"
    public static let variantsPreviewPath = "Preview/AppIcon-variants.png"
    public static let safeZonePreviewPath = "Preview/AppIcon-safe-zone.png"

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
            threadCoverage: renderer.threadCoverage, drawn: renders.map(\.drawn), layout: renderer.layout, parameters: parameters, file: file)

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
        product.outputs.append(BuildOutput(
            path: variantsPreviewPath, bytes: PNGEncoder.encode(AppIconPreview.variants(renders), as: .rgb, options: .init(jobs: jobs))))
        product.outputs.append(BuildOutput(
            path: safeZonePreviewPath,
            bytes: PNGEncoder.encode(AppIconPreview.safeZone(renders[0], layout: renderer.layout), as: .rgb, options: .init(jobs: jobs))))
        product.notes.append(summary("app icon", geometry, pixels, renderer.layout))
        product.merge(try iconDocument(renderer, file: file, jobs: jobs))
        return product
    }

    /// The Icon Composer document (iOS 26) from the same renderer's layout and charm:
    /// the same three rules checked on the geometry its layers write, then on the
    /// layers rendered back from their files and composited in every look.
    static func iconDocument(_ renderer: AppIconRenderer, file: String, jobs: Int) throws -> StageProduct {
        let parameters = renderer.parameters
        let icon = LeFilDocument(parameters: parameters, layout: renderer.layout, charm: renderer.charm)
        let geometry = try SafeZone.check(icon.layout, parameters: parameters, file: file)
        let assets = icon.assets(pngOptions: .init(jobs: jobs))
        let looks = try LeFilLooks(document: icon.document, assets: assets, side: icon.layout.side)
        let composites = looks.compositeAll()
        let pixels = try SafeZone.confirm(
            threadCoverage: looks.coverage(LeFilDocument.threadFile), drawn: composites.map(\.drawn), layout: icon.layout,
            parameters: parameters, file: file)
        var product = StageProduct(outputs: icon.outputs(assets), ownedFolders: [LeFilDocument.folder])
        product.outputs.append(BuildOutput(
            path: iconLooksPreview.path,
            bytes: PNGEncoder.encode(AppIconPreview.row(composites.map(LeFilLooks.asShown)), as: .rgb, options: .init(jobs: jobs))))
        product.notes.append(summary(LeFilDocument.folder, geometry, pixels, icon.layout))
        return product
    }

    /// The Icon Composer document's looks, and the caption that must go with them
    /// wherever they are shown (the contact sheet): its layers composited flat, not
    /// the glass. Each look alone is `LeFilLooks.asShown` of its composite.
    public static let iconLooksPreview = (
        path: "Preview/AppIcon-icon-looks.png",
        caption: "AppIcon.icon (iOS 26): default, dark, tinted and clear looks, an approximation: the layers composited flat as icon.json inks them; the real Liquid Glass (light, refraction, shadows, frosting) is drawn by the system")

    /// One line with each rule's measure, from the geometry and from the pixels.
    static func summary(_ label: String, _ geometry: SafeZone.Geometry, _ pixels: SafeZone.Pixels, _ layout: AppIconLayout) -> String {
        let margin = IconMask.safeMargin(side: Double(layout.side))
        return "\(label): thread \(SafeZone.px(geometry.threadClearance)) from the mask's edge (pixels \(SafeZone.px(pixels.threadClearance)); safe margin \(SafeZone.px(margin))), "
            + "heart bottom margin \(SafeZone.percent(geometry.bottomMargin)) (pixels \(SafeZone.percent(pixels.bottomMargin)); at least \(SafeZone.percent(SafeZone.minimumBottomMargin))), "
            + "ring \(SafeZone.px(geometry.ringDistance)) from the squiggle (thread covers \(SafeZone.percent(pixels.coverageAtRingTop)) at its top; at most \(SafeZone.px(layout.strokeWidth / 2)))"
    }
}
