import BijouxCore

/// The app icon stage: reads appicon.json and the charm it names, checks the safe
/// zone on the geometry, renders the three variants, confirms the checks on their
/// pixels, and lays out the icon set and its contact-sheet pictures; then does the
/// same for the Icon Composer document (`AppIcon.icon`, iOS 26) made from the same
/// layout. Each job's cards on `Preview/index.html` are its artifact. Any broken rule
/// stops the build before anything is committed.
enum AppIconStage: ContactSheetStage {
    static let name = "app icon"
    static let iconSetFolder = AssetCatalog.folderName + "/AppIcon.appiconset"
    static let safeZonePreviewPath = ContactSheetPage.folder + "/AppIcon-safe-zone.png"
    static var ownedFolders: [String] { [iconSetFolder, LeFilDocument.folder] }

    /// A variant as the home screen shows it, at 60 pt @3x, for the contact sheet.
    static func homePreviewPath(_ variant: AppIconParameters.Variant) -> String {
        "\(ContactSheetPage.folder)/AppIcon/home-\(variant.rawValue).png"
    }

    /// Each variant's file in the icon set, the appearance that marks it, and its
    /// PNG colour type: the default has no alpha channel (App Store validation
    /// rejects one, error 90717), the dark one keeps its transparent background,
    /// the tinted one is grey on black written as RGB with equal channels, as every
    /// tinted icon Xcode-made apps ship is (IceCubesApp, NetNewsWire, mastodon-ios and
    /// home-assistant's are colour type 2 or 6), not as a greyscale PNG.
    static let files: [(variant: AppIconParameters.Variant, filename: String, appearance: String?, colorType: PNGEncoder.ColorType)] = [
        (.default, "AppIcon.png", nil, .rgb),
        (.dark, "AppIcon-dark.png", "dark", .rgba),
        (.tinted, "AppIcon-tinted.png", "tinted", .rgb),
    ]

    static func applies(to art: ArtFolder) -> Bool { art.contains(AppIconParameters.fileName) }

    /// The icon set's key names the renderer's libraries, which draw its SVG layers.
    static func helpers(_ art: ArtFolder) -> [HelperExecutable] { [IconRenderer.executable] }

    /// Two jobs, the icon set (iOS 18) and the Icon Composer document (iOS 26), each
    /// made in a full build and by `charm <id>` of the charm hanging from the thread
    /// (a revised heart revises both). They run side by side and share the charm,
    /// keyed once through the art folder.
    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let file = art.file(AppIconParameters.fileName)
        let source = try art.readJSON(AppIconParameters.fileName)
        let parameters = try AppIconParameters.parse(source, file: file, palette: art.palette)
        let id = parameters.charm.id
        let table = try art.requireTable(
            for: file, location: parameters.locations["charm.id"], field: "charm.id",
            "the icon hangs charm '\(id)', but there is no charms.json to find its art in")
        guard let entry = table.charms.first(where: { $0.id == id }) else {
            throw ArtFileError(
                file: file, location: parameters.locations["charm.id"], field: "charm.id",
                message: "no charm '\(id)' in charms.json (known: \(table.charms.map(\.id).joined(separator: ", ")))")
        }
        /// A job drawing from the icon's renderer. Its outputs are decided by
        /// appicon.json, the charm's art and the table field its keying takes, the
        /// colours the previews and the read-back use, and, when it reads SVG layers
        /// back, the SVG renderer (`IconRenderer`).
        func job(
            _ name: String, readsSVG: Bool = false, _ make: @escaping @Sendable (AppIconRenderer, JobRecorder) throws -> Void
        ) -> Job {
            Job(name: name, scope: .charm(id), charms: [id], source: file) {
                let hash = try art.artHash(of: entry)
                let key = CacheKey(name)
                key.add("appicon.json", source)
                key.add("art", hash)
                key.add("blackPoint", entry.blackPoint)
                for (label, colour) in keyedColours { key.add(label, colour.description) }
                if readsSVG { key.add("renderer", try IconRenderer.executable.identity(file: file, libraries: art.libraries)) }
                // The inks as resolved: a palette colour appicon.json names is in the
                // key, the others are not.
                for variant in AppIconParameters.Variant.allCases {
                    let inks = parameters.inks[variant]!
                    for (name, ink) in [("paper", inks.paper), ("thread", inks.thread), ("highlight", inks.highlight), ("ring", inks.ring)] {
                        key.add("\(variant.rawValue).\(name)", ink?.description ?? "none")
                    }
                }
                // The document's SVG layers are read back by a renderer: started once it is known to be needed.
                return Job.Prepared(key: key.hash, ahead: readsSVG ? art.renders.warmUp : nil) { recorder in
                    let charm = try art.keyedCharm(entry, expected: hash, threads: recorder.threads)
                    try make(try AppIconRenderer(parameters: parameters, keyed: charm.keyed, gamut: charm.gamut, bounds: charm.bounds, file: file), recorder)
                }
            }
        }
        return StagePlan(jobs: [
            job("app icon") { try makeIconSet($0, file: file, $1) },
            job(LeFilDocument.folder, readsSVG: true) { try makeDocument($0, file: file, art.renders, $1) },
        ])
    }

    /// The colours of the tool (not of appicon.json) in the outputs: the previews'
    /// wallpaper, dark backdrop and tint, and the ink the document's SVG layers are
    /// read back with.
    static let keyedColours: [(String, RGBA)] = [
        ("wallpaper", AppIconPreview.wallpaper), ("darkBackdropTop", AppIconPreview.darkBackdropTop),
        ("darkBackdropBottom", AppIconPreview.darkBackdropBottom), ("sampleTint", AppIconPreview.sampleTint),
        ("readBackInk", DrawnIcon.ink),
    ]

    /// The icon set and its previews, once the rules hold on the geometry and on
    /// the variants' pixels.
    static func makeIconSet(_ renderer: AppIconRenderer, file: String, _ recorder: JobRecorder) throws {
        let parameters = renderer.parameters
        let geometry = try SafeZone.check(renderer.layout, parameters: parameters, file: file)
        let renders = renderer.renderAll()
        let pixels = try SafeZone.confirm(
            threadCoverage: renderer.threadCoverage, drawn: renders.map(\.drawn), layout: renderer.layout, parameters: parameters, file: file)

        try recorder.write(iconSetFolder + "/Contents.json", text: AssetCatalog.appIconSetContents(files.map { ($0.appearance, $0.filename) }))
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            try recorder.write(
                iconSetFolder + "/" + file.filename,
                PNGEncoder.encode(render.image, as: file.colorType, options: .init(jobs: recorder.threads, colour: .init(render.gamut))))
        }
        var sheet = ContactSheet()
        for file in files {
            let render = renders.first { $0.variant == file.variant }!
            let home = AppIconPreview.homeScreen(render.inSRGB)
            try recorder.write(homePreviewPath(file.variant), PNGEncoder.encode(home, options: .init(jobs: recorder.threads)))
            sheet.appIcon.append(
                ContactSheet.AppIconLook(
                    variant: file.variant.rawValue,
                    image: ContactSheet.Image(path: iconSetFolder + "/" + file.filename, width: render.image.width, height: render.image.height),
                    home: ContactSheet.Image(path: homePreviewPath(file.variant), width: home.width, height: home.height),
                    approximation: AppIconPreview.approximation(file.variant)))
        }
        let safeZone = AppIconPreview.safeZone(renders[0].inSRGB, layout: renderer.layout)
        try recorder.write(safeZonePreviewPath, PNGEncoder.encode(safeZone, as: .rgb, options: .init(jobs: recorder.threads)))
        sheet.appIconSafeZone = ContactSheet.Image(path: safeZonePreviewPath, width: safeZone.width, height: safeZone.height)
        recorder.note(summary("app icon", geometry, pixels, renderer.layout))
        recorder.leave(sheet)
    }

    /// The Icon Composer document (`AppIcon.icon/`) and its looks on the home screen,
    /// once the rules hold on its layers' geometry and on its composited looks.
    static func makeDocument(_ renderer: AppIconRenderer, file: String, _ renders: RenderSession, _ recorder: JobRecorder) throws {
        let document = try LeFilDocument.Checked(renderer, file: file, jobs: recorder.threads, renders: renders)
        for output in document.outputs { try recorder.write(output.path, output.bytes) }
        recorder.leave(
            ContactSheet(
                appIcon: document.homes.map { home in
                    ContactSheet.AppIconLook(
                        kind: "iconcomposer", variant: home.look.rawValue, image: nil,
                        home: ContactSheet.Image(path: home.path, width: home.side, height: home.side),
                        approximation: LeFilDocument.Checked.approximation)
                }))
        recorder.note(summary(LeFilDocument.folder, document.geometry, document.pixels, document.icon.layout))
    }

    /// One line with each rule's measure, from the geometry and from the pixels.
    static func summary(_ label: String, _ geometry: SafeZone.Geometry, _ pixels: SafeZone.Pixels, _ layout: AppIconLayout) -> String {
        let margin = IconMask.safeMargin(side: Double(layout.side))
        let thread =
            "\(label): thread \(Format.pixels(geometry.threadClearance)) from the mask's edge (pixels \(Format.pixels(pixels.threadClearance)); "
            + "safe margin \(Format.pixels(margin))), "
        let heart =
            "heart bottom margin \(SafeZone.percent(geometry.bottomMargin)) (pixels \(SafeZone.percent(pixels.bottomMargin)); "
            + "at least \(SafeZone.percent(SafeZone.minimumBottomMargin))), "
        let ring =
            "ring \(Format.pixels(geometry.ringDistance)) from the squiggle (thread covers \(SafeZone.percent(pixels.coverageAtRingTop)) at its top; "
            + "at most \(Format.pixels(layout.strokeWidth / 2)))"
        return thread + heart + ring
    }
}
