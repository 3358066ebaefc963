/// The painted-charm stage: reads each charm's PNG, runs `PaintedCharm`, and lays the
/// results out as image sets and previews. Charms are processed in parallel; the
/// outputs are in table order whatever the number of jobs.
public enum CharmsStage {
    public static let catalogFolder = AssetCatalog.folderName + "/Charms"
    public static let previewFolder = "Preview/Charms"
    public static let sheetPath = "Preview/charms-22px.png"

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
            let decoded = try PNGDecoder.decodeFile(path, below: artFolder)
            let info = decoded.info
            let charm = PaintedCharm.make(id: entry.id, art: decoded, blackPoint: entry.blackPoint, canvas: table.canvas)
            return (entry, path, info, charm, charmOutputs(charm, canvas: table.canvas))
        }

        var product = StageProduct()
        product.outputs.append(BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents()))
        for (entry, path, info, charm, outputs) in results {
            product.outputs += outputs
            for warning in info.warnings + ColorChunkPolicy.warnings(for: info) {
                product.warnings.append(BuildWarning(subject: path, message: warning))
            }
            if charm.matteFloor > 0 {
                let suggestion = PaintedCharm.suggestedBlackPoint(floor: charm.matteFloor, current: entry.blackPoint)
                product.warnings.append(BuildWarning(
                    subject: path,
                    message: "charm '\(entry.id)': matte is not black: background floor \(charm.matteFloor)/255 would key into a haze over the whole canvas; set \"blackPoint\": \(suggestion) for it in charms.json"))
            }
            if charm.legibility.nearlyVanishes {
                product.warnings.append(BuildWarning(
                    subject: path,
                    message: "charm '\(entry.id)' nearly vanishes at 22 px: \(charm.legibility.summary) (needs \(Int(LegibilityReport.minimumSolidFraction * 100))% and \(Int(LegibilityReport.minimumRetention * 100))%); see \(previewFolder)/\(entry.id).png"))
            }
            product.notes.append("charm \(entry.id): painted \(charm.paintedBounds), 22 px: \(charm.legibility.summary)")
        }
        if only == nil {
            product.ownedFolders += [catalogFolder, previewFolder]
            product.outputs.append(BuildOutput(path: sheetPath, bytes: PNGEncoder.encode(contactSheet(results.map(\.3)))))
        }
        return product
    }

    /// The image set and the preview of one charm.
    static func charmOutputs(_ charm: PaintedCharm, canvas: CharmCanvas) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(charm.id).imageset"
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: AssetCatalog.imageSetContents(name: charm.id))]
        for (scale, render) in zip(CharmCanvas.scales, charm.renders) {
            outputs.append(BuildOutput(
                path: folder + "/" + AssetCatalog.imageFileName(charm.id, scale: scale),
                bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        outputs.append(BuildOutput(path: "\(previewFolder)/\(charm.id).png", bytes: PNGEncoder.encode(preview(charm), options: .init(jobs: 1))))
        return outputs
    }

    /// A charm as a designer checks it: the @3x render, then the island render at
    /// actual size and magnified 4×, on the app's paper.
    public static func preview(_ charm: PaintedCharm) -> RGBAImage {
        let large = charm.renders.last!
        let magnified = Compositing.magnified(charm.island, by: 4)
        let gap = 12
        let width = gap + large.width + gap + charm.island.width + gap + magnified.width + gap
        let height = gap + max(large.height, magnified.height) + gap
        var sheet = Compositing.filled(width: width, height: height, color: Palette.paper)
        Compositing.draw(large, over: &sheet, x: gap, y: gap)
        Compositing.draw(charm.island, over: &sheet, x: gap * 2 + large.width, y: gap)
        Compositing.draw(magnified, over: &sheet, x: gap * 3 + large.width + charm.island.width, y: gap)
        return sheet
    }

    /// Every charm at 22 px, actual size above and magnified 4× below, in dish order:
    /// the whole set at island size, at a glance.
    public static func contactSheet(_ charms: [PaintedCharm]) -> RGBAImage {
        let cell = Legibility.islandWidth * 4 + 12
        let width = max(1, charms.count) * cell + 12
        let height = 12 + Legibility.islandHeight + 12 + Legibility.islandHeight * 4 + 12
        var sheet = Compositing.filled(width: width, height: height, color: Palette.paper)
        for (i, charm) in charms.enumerated() {
            let x = 12 + i * cell
            Compositing.draw(charm.island, over: &sheet, x: x + (cell - 12 - charm.island.width) / 2, y: 12)
            Compositing.draw(Compositing.magnified(charm.island, by: 4), over: &sheet, x: x, y: 24 + Legibility.islandHeight)
        }
        return sheet
    }
}
