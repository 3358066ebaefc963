import BijouxCore

/// The painted-charm stage: reads each charm's PNG, runs `PaintedCharm`, and lays the
/// results out as image sets and its renders at 22 pt for the contact sheet, one job
/// per charm (run in parallel); each job's artifact is the charm's card on the sheet.
enum CharmsStage: ContactSheetStage {
    static let name = "charms"
    static let catalogFolder = AssetCatalog.folderName + "/Charms"
    /// The charms at 22 pt, for the contact sheet.
    static let previewFolder = ContactSheetPage.folder + "/Charms"
    static var ownedFolders: [String] { [catalogFolder, previewFolder] }

    static func applies(to art: ArtFolder) -> Bool { art.table != nil }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let table = art.table!
        var jobs = [
            Job.constant(name: "Contents.json", scope: .anyCharm, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])
        ]
        for entry in table.charms {
            jobs.append(
                Job(name: entry.id, scope: .charm(entry.id), charms: [entry.id], source: art.file(entry.art)) {
                    let hash = try art.artHash(of: entry)
                    return Job.Prepared(key: key(entry, artHash: hash, canvas: table.canvas).hash) { recorder in
                        try make(entry, keyed: try art.keyedCharm(entry, expected: hash, threads: recorder.threads), canvas: table.canvas, art: art, recorder)
                    }
                })
        }
        return StagePlan(jobs: jobs)
    }

    /// Everything that decides a charm's outputs: its id (it names the files), its
    /// art, its black point, the canvas, and its display name and note (on its card).
    static func key(_ entry: CharmEntry, artHash: ContentHash, canvas: CharmCanvas) -> CacheKey {
        let key = CacheKey("charm")
        key.add("id", entry.id)
        key.add("art", artHash)
        key.add("blackPoint", entry.blackPoint)
        key.add("canvas.pointWidth", canvas.pointWidth)
        key.add("canvas.margin", canvas.marginPoints)
        key.add("displayName", entry.displayName)
        key.add("note", entry.note)
        return key
    }

    static func make(_ entry: CharmEntry, keyed: KeyedCharm, canvas: CharmCanvas, art: ArtFolder, _ recorder: JobRecorder) throws {
        let path = art.file(entry.art)
        let charm = PaintedCharm.make(id: entry.id, keyed: keyed, canvas: canvas, threads: recorder.threads)
        for output in charmOutputs(charm, canvas: canvas) { try recorder.write(output.path, output.bytes) }
        var warnings: [String] = keyed.info.warnings
        if charm.matteFloor > 0 {
            let suggestion = PaintedCharm.suggestedBlackPoint(floor: charm.matteFloor, current: entry.blackPoint)
            warnings.append(
                """
                charm '\(entry.id)': matte is not black: background floor \(charm.matteFloor)/255 would key into a haze over the whole canvas; set \
                \"blackPoint\": \(suggestion) for it in charms.json
                """
            )
        }
        if charm.legibility.nearlyVanishes {
            warnings.append(
                """
                charm '\(entry.id)' nearly vanishes at 22 px: \(charm.legibility.verdict) (\(charm.legibility.summary); needs \
                \(Format.percent(LegibilityReport.minimumSolidFraction)) and \(Format.percent(LegibilityReport.minimumRetention))); see \
                \(ContactSheetPage.path)#charm-\(entry.id)
                """
            )
        }
        for warning in warnings { recorder.warn(path, warning) }
        let colour = colourNote(keyed)
        let painted = "painted \(charm.paintedBounds) of the art" + (colour.isEmpty ? "" : ", " + colour)
        recorder.note("charm \(entry.id): \(painted), 22 pt @3x: \(charm.phoneLegibility.verdict); @1x: \(charm.legibility.verdict)")
        var card = card(charm, entry: entry, canvas: canvas, warnings: warnings)
        card.colour = colour
        card.isWide = keyed.gamut == .displayP3
        recorder.leave(ContactSheet(charms: [card]))
    }

    /// How the art's colours were read, for the report and the card: empty for sRGB art.
    static func colourNote(_ keyed: KeyedCharm) -> String {
        if keyed.gamut == .displayP3 { return "read as \(keyed.colourName), wide: shipped as Display P3 and sRGB" }
        return keyed.colourName.hasPrefix("sRGB") ? "" : "read as \(keyed.colourName), within sRGB: shipped as sRGB"
    }

    static func imagePath(_ id: String, scale: Int, gamut: Gamut = .sRGB) -> String {
        "\(catalogFolder)/\(id).imageset/" + AssetCatalog.imageFileName(id, scale: scale, gamut: gamut)
    }

    /// The charm at 22 pt at one scale, for the contact sheet.
    static func islandPath(_ id: String, scale: Int) -> String { "\(previewFolder)/\(id)-22pt@\(scale)x.png" }

    /// The image set, and the charm at 22 pt at @1x and @3x for the contact sheet.
    static func charmOutputs(_ charm: PaintedCharm, canvas: CharmCanvas) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(charm.id).imageset"
        // Painted art is never a template: without this, bar and tab items (and some
        // button labels) tint the charm into a flat silhouette.
        // A wide charm has an sRGB and a Display P3 image at each scale, as Xcode writes
        // gamut variants; any other has the sRGB images alone.
        let gamuts: [Gamut] = charm.gamut == .sRGB ? [.sRGB] : [.sRGB, .displayP3]
        let contents = AssetCatalog.imageSetContents(
            name: charm.id, gamuts: charm.gamut == .sRGB ? nil : gamuts,
            properties: ["template-rendering-intent": .string(IconSettings.RenderingIntent.original.rawValue)])
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: contents)]
        for gamut in gamuts {
            let renders = gamut == charm.gamut ? charm.renders : charm.sRGBRenders
            for (scale, render) in zip(CharmCanvas.scales, renders) {
                let png = PNGEncoder.encode(render, options: .init(jobs: 1, colour: .init(gamut)))
                outputs.append(BuildOutput(path: imagePath(charm.id, scale: scale, gamut: gamut), bytes: png))
            }
        }
        for (scale, render) in [(1, charm.island), (Legibility.phoneScale, charm.phoneIsland)] {
            let png = PNGEncoder.encode(render, options: .init(jobs: 1, colour: .init(charm.gamut)))
            outputs.append(BuildOutput(path: islandPath(charm.id, scale: scale), bytes: png))
        }
        return outputs
    }

    /// The charm's card on the contact sheet.
    static func card(_ charm: PaintedCharm, entry: CharmEntry, canvas: CharmCanvas, warnings: [String]) -> ContactSheet.Charm {
        let images = zip(CharmCanvas.scales, charm.renders).map { scale, render in
            ContactSheet.Image(path: imagePath(charm.id, scale: scale, gamut: charm.gamut), width: render.width, height: render.height)
        }
        let largest = charm.renders.last!
        let scale = Double(CharmCanvas.scales.last!)
        let paint = PaintedBounds.of(largest)
        let readings = [(Legibility.phoneScale, charm.phoneIsland, charm.phoneLegibility), (1, charm.island, charm.legibility)].map {
            scale, image, legibility in
            ContactSheet.IslandReading(
                scale: scale, image: ContactSheet.Image(path: islandPath(charm.id, scale: scale), width: image.width, height: image.height),
                legibility: legibility)
        }
        return ContactSheet.Charm(
            id: entry.id, displayName: entry.displayName, note: entry.note, images: images,
            pointWidth: canvas.pointWidth, pointHeight: canvas.pointHeight,
            paintedBox: ContactSheet.Box(
                x: Double(paint.x) / scale, y: Double(paint.y) / scale, width: Double(paint.width) / scale, height: Double(paint.height) / scale),
            readings: readings, warnings: warnings)
    }
}
