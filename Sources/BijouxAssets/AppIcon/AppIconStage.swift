/// The app icon stage: reads appicon.json and the charm it names, checks the safe
/// zone on the geometry, renders the three variants, confirms the checks on their
/// pixels, and lays out the icon set and its contact-sheet pictures (its card on
/// `Preview/index.html` is this job's artifact). Any broken rule stops the build
/// before anything is committed.
public enum AppIconStage: ContactSheetStage {
    public static let name = "app icon"
    public static let iconSetFolder = AssetCatalog.folderName + "/AppIcon.appiconset"
    public static let safeZonePreviewPath = ContactSheetPage.folder + "/AppIcon-safe-zone.png"
    public static var ownedFolders: [String] { [iconSetFolder] }

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

    public static func applies(to art: ArtFolder) -> Bool { art.contains(AppIconParameters.fileName) }

    /// One job, made in a full build and by `charm <id>` of the charm hanging from the
    /// thread (a revised heart revises the icon).
    public static func plan(_ art: ArtFolder) throws -> StagePlan {
        let file = art.file(AppIconParameters.fileName)
        let source = try art.readJSON(AppIconParameters.fileName)
        let parameters = try AppIconParameters.parse(source, file: file)
        let id = parameters.charm.id
        let table = try art.requireTable(
            for: file, location: parameters.locations["charm.id"], field: "charm.id",
            "the icon hangs charm '\(id)', but there is no charms.json to find its art in")
        guard let entry = table.charms.first(where: { $0.id == id }) else {
            throw ArtFileError(file: file, location: parameters.locations["charm.id"], field: "charm.id",
                               message: "no charm '\(id)' in charms.json (known: \(table.charms.map(\.id).joined(separator: ", ")))")
        }
        let artHash = Locked<ContentHash?>(nil)
        let job = Job(name: "app icon", scope: .charm(id), charms: [id], key: {
            let hash = try art.artHash(of: entry)
            artHash.value = hash
            let key = CacheKey("app icon")
            key.add("appicon.json", source)
            key.add("art", hash)
            key.add("blackPoint", entry.blackPoint)
            return key.hash
        }, make: { recorder in
            let charm = try art.keyedCharm(entry, expected: artHash.value!)
            try make(parameters, charm: charm, file: file, recorder)
        })
        return StagePlan(jobs: [job])
    }

    static func make(_ parameters: AppIconParameters, charm: KeyedCharm, file: String, _ recorder: JobRecorder) throws {
        let renderer = try AppIconRenderer(parameters: parameters, keyed: charm.keyed, bounds: charm.bounds, file: file)
        let geometry = try SafeZone.check(renderer.layout, parameters: parameters, file: file)
        let renders = renderer.renderAll()
        let pixels = try SafeZone.confirm(
            threadCoverage: renderer.threadCoverage, renders: renders, layout: renderer.layout, parameters: parameters, file: file)

        try recorder.write(iconSetFolder + "/Contents.json", text: AssetCatalog.appIconSetContents(files.map { ($0.appearance, $0.filename) }))
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            try recorder.write(iconSetFolder + "/" + file.filename, PNGEncoder.encode(render.image, as: file.colorType, options: .init(jobs: recorder.threads)))
        }
        var sheet = ContactSheet()
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            let home = AppIconPreview.homeScreen(render)
            try recorder.write(homePreviewPath(file.variant), PNGEncoder.encode(home, options: .init(jobs: recorder.threads)))
            sheet.appIcon.append(ContactSheet.AppIconLook(
                variant: file.variant.rawValue,
                image: ContactSheet.Image(path: iconSetFolder + "/" + file.filename, width: render.image.width, height: render.image.height),
                home: ContactSheet.Image(path: homePreviewPath(file.variant), width: home.width, height: home.height),
                approximation: AppIconPreview.approximation(file.variant)))
        }
        let safeZone = AppIconPreview.safeZone(renders[0], layout: renderer.layout)
        try recorder.write(safeZonePreviewPath, PNGEncoder.encode(safeZone, as: .rgb, options: .init(jobs: recorder.threads)))
        sheet.appIconSafeZone = ContactSheet.Image(path: safeZonePreviewPath, width: safeZone.width, height: safeZone.height)
        recorder.note(summary(geometry, pixels, renderer.layout))
        recorder.leave(sheet)
    }

    /// One line with each rule's measure, from the geometry and from the pixels.
    static func summary(_ geometry: SafeZone.Geometry, _ pixels: SafeZone.Pixels, _ layout: AppIconLayout) -> String {
        let margin = IconMask.safeMargin(side: Double(layout.side))
        return "app icon: thread \(SafeZone.px(geometry.threadClearance)) from the mask's edge (pixels \(SafeZone.px(pixels.threadClearance)); safe margin \(SafeZone.px(margin))), "
            + "heart bottom margin \(SafeZone.percent(geometry.bottomMargin)) (pixels \(SafeZone.percent(pixels.bottomMargin)); at least \(SafeZone.percent(SafeZone.minimumBottomMargin))), "
            + "ring \(SafeZone.px(geometry.ringDistance)) from the squiggle (thread covers \(SafeZone.percent(pixels.coverageAtRingTop)) at its top; at most \(SafeZone.px(layout.strokeWidth / 2)))"
    }
}
