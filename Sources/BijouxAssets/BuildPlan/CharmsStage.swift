/// The painted-charm stage: reads each charm's PNG, runs `PaintedCharm`, and lays the
/// results out as image sets and contact-sheet cards. Charms are processed in parallel; the
/// outputs are in table order whatever the number of jobs.
public enum CharmsStage {
    public static let catalogFolder = AssetCatalog.folderName + "/Charms"
    /// The charms at 22 pt, for the contact sheet.
    public static let previewFolder = ContactSheetPage.folder + "/Charms"

    /// `only`: build just these charm ids (an art revision of one charm), touching no
    /// other output and removing nothing.
    public static func run(
        table: CharmTableSource, artFolder: String, only: Set<String>? = nil, jobs: Int = Parallel.defaultJobs
    ) throws -> StageProduct {
        try table.checkArtFiles(artFolder: artFolder, tableFile: artFolder + "/" + Builder.charmTableFile, only: only)
        let entries = table.charms.filter { only?.contains($0.id) ?? true }
        let results = try Parallel.map(entries.count, jobs: jobs) { index throws(ImageIOError) in
            let entry = entries[index]
            let path = artFolder + "/" + entry.art
            let decoded = try PNGDecoder.decodeFile(path)
            let info = decoded.info
            let charm = PaintedCharm.make(id: entry.id, art: decoded, blackPoint: entry.blackPoint, canvas: table.canvas)
            return (entry, path, info, charm, charmOutputs(charm, canvas: table.canvas))
        }

        var product = StageProduct()
        product.outputs.append(BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents()))
        for (entry, path, info, charm, outputs) in results {
            product.outputs += outputs
            var warnings: [String] = info.warnings + ColorChunkPolicy.warnings(for: info)
            if charm.matteFloor > 0 {
                let suggestion = PaintedCharm.suggestedBlackPoint(floor: charm.matteFloor, current: entry.blackPoint)
                warnings.append("charm '\(entry.id)': matte is not black: background floor \(charm.matteFloor)/255 would key into a haze over the whole canvas; set \"blackPoint\": \(suggestion) for it in charms.json")
            }
            if charm.legibility.nearlyVanishes {
                warnings.append("charm '\(entry.id)' nearly vanishes at 22 px: \(charm.legibility.verdict) (\(charm.legibility.summary); needs \(Int(LegibilityReport.minimumSolidFraction * 100))% and \(Int(LegibilityReport.minimumRetention * 100))%); see \(ContactSheetPage.path)#charm-\(entry.id)")
            }
            product.warnings += warnings.map { BuildWarning(subject: path, message: $0) }
            product.sheet.charms.append(card(charm, entry: entry, canvas: table.canvas, warnings: warnings))
            product.notes.append("charm \(entry.id): painted \(charm.paintedBounds) of the art, 22 pt @3x: \(charm.phoneLegibility.verdict); @1x: \(charm.legibility.verdict)")
        }
        if only == nil {
            product.ownedFolders += [catalogFolder, previewFolder]
        }
        return product
    }

    static func imagePath(_ id: String, scale: Int) -> String {
        "\(catalogFolder)/\(id).imageset/" + AssetCatalog.imageFileName(id, scale: scale)
    }

    /// The charm at 22 pt at one scale, for the contact sheet.
    static func islandPath(_ id: String, scale: Int) -> String { "\(previewFolder)/\(id)-22pt@\(scale)x.png" }

    /// The image set, and the charm at 22 pt at @1x and @3x for the contact sheet.
    static func charmOutputs(_ charm: PaintedCharm, canvas: CharmCanvas) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(charm.id).imageset"
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: AssetCatalog.imageSetContents(name: charm.id))]
        for (scale, render) in zip(CharmCanvas.scales, charm.renders) {
            outputs.append(BuildOutput(path: imagePath(charm.id, scale: scale), bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        for (scale, render) in [(1, charm.island), (Legibility.phoneScale, charm.phoneIsland)] {
            outputs.append(BuildOutput(path: islandPath(charm.id, scale: scale), bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        return outputs
    }

    /// The charm's card on the contact sheet.
    static func card(_ charm: PaintedCharm, entry: CharmEntry, canvas: CharmCanvas, warnings: [String]) -> ContactSheet.Charm {
        let images = zip(CharmCanvas.scales, charm.renders).map { scale, render in
            ContactSheet.Image(path: imagePath(charm.id, scale: scale), width: render.width, height: render.height)
        }
        let largest = charm.renders.last!
        let scale = Double(CharmCanvas.scales.last!)
        let paint = PaintedBounds.of(largest)
        let readings = [(Legibility.phoneScale, charm.phoneIsland, charm.phoneLegibility), (1, charm.island, charm.legibility)].map { scale, image, legibility in
            ContactSheet.IslandReading(
                scale: scale, image: ContactSheet.Image(path: islandPath(charm.id, scale: scale), width: image.width, height: image.height),
                legibility: legibility)
        }
        return ContactSheet.Charm(
            id: entry.id, displayName: entry.displayName, note: entry.note, images: images,
            pointWidth: canvas.pointWidth, pointHeight: canvas.pointHeight,
            paintedBox: ContactSheet.Box(x: Double(paint.x) / scale, y: Double(paint.y) / scale, width: Double(paint.width) / scale, height: Double(paint.height) / scale),
            readings: readings, warnings: warnings)
    }
}
