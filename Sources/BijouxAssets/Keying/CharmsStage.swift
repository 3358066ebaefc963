/// The painted-charm stage: reads each charm's PNG, runs `PaintedCharm`, and lays the
/// results out as image sets and previews, one job per charm (run in parallel), then
/// the 22 px contact sheet from their island renders.
public enum CharmsStage: Stage {
    public static let name = "charms"
    public static let catalogFolder = AssetCatalog.folderName + "/Charms"
    public static let previewFolder = "Preview/Charms"
    public static let sheetPath = "Preview/charms-22px.png"
    public static var ownedFolders: [String] { [catalogFolder, previewFolder] }

    public static func applies(to art: ArtFolder) -> Bool { art.table != nil }

    public static func plan(_ art: ArtFolder) throws -> StagePlan {
        let table = art.table!
        let paper = art.palette.paper
        var jobs = [Job.constant(name: "Contents.json", scope: .anyCharm, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])]
        for entry in table.charms {
            let artHash = Locked<ContentHash?>(nil)
            jobs.append(Job(name: entry.id, scope: .charm(entry.id), charms: [entry.id], key: {
                let hash = try art.artHash(of: entry)
                artHash.value = hash
                return key(entry, artHash: hash, canvas: table.canvas, paper: paper).hash
            }, make: { recorder in
                try make(entry, keyed: try art.keyedCharm(entry, expected: artHash.value!), canvas: table.canvas, paper: paper, art: art, recorder)
            }))
        }
        return StagePlan(jobs: jobs, summary: Summary(name: "contact sheet") { artifacts, recorder in
            let islands = try artifacts.filter { !$0.isEmpty }.map { artifact in
                guard let images = ImageArtifact.decode(artifact), images.count == 1 else { throw ArtifactError(job: "a charm") }
                return images[0]
            }
            try recorder.write(sheetPath, PNGEncoder.encode(contactSheet(islands, paper: paper), options: .init(jobs: recorder.threads)))
        })
    }

    /// Everything that decides a charm's outputs: its id (it names the files), its
    /// art, its black point, the canvas, and the palette's paper its preview is drawn on.
    static func key(_ entry: CharmEntry, artHash: ContentHash, canvas: CharmCanvas, paper: RGBA) -> CacheKey {
        let key = CacheKey("charm")
        key.add("id", entry.id)
        key.add("art", artHash)
        key.add("blackPoint", entry.blackPoint)
        key.add("canvas.pointWidth", canvas.pointWidth)
        key.add("canvas.margin", canvas.marginPoints)
        key.add("paper", paper.description)
        return key
    }

    static func make(_ entry: CharmEntry, keyed: KeyedCharm, canvas: CharmCanvas, paper: RGBA, art: ArtFolder, _ recorder: JobRecorder) throws {
        let path = art.file(entry.art)
        let charm = PaintedCharm.make(id: entry.id, keyed: keyed, canvas: canvas)
        for output in charmOutputs(charm, paper: paper) { try recorder.write(output.path, output.bytes) }
        for warning in keyed.info.warnings + ColorChunkPolicy.warnings(for: keyed.info) {
            recorder.warn(path, warning)
        }
        if charm.matteFloor > 0 {
            let suggestion = PaintedCharm.suggestedBlackPoint(floor: charm.matteFloor, current: entry.blackPoint)
            recorder.warn(path, "charm '\(entry.id)': matte is not black: background floor \(charm.matteFloor)/255 would key into a haze over the whole canvas; set \"blackPoint\": \(suggestion) for it in charms.json")
        }
        if charm.legibility.nearlyVanishes {
            recorder.warn(path, "charm '\(entry.id)' nearly vanishes at 22 px: \(charm.legibility.summary) (needs \(Int(LegibilityReport.minimumSolidFraction * 100))% and \(Int(LegibilityReport.minimumRetention * 100))%); see \(previewFolder)/\(entry.id).png")
        }
        recorder.note("charm \(entry.id): painted \(charm.paintedBounds), 22 px: \(charm.legibility.summary)")
        recorder.artifact = ImageArtifact.encode([charm.island])
    }

    /// The image set and the preview of one charm.
    static func charmOutputs(_ charm: PaintedCharm, paper: RGBA) -> [BuildOutput] {
        let folder = "\(catalogFolder)/\(charm.id).imageset"
        // Painted art is never a template: without this, bar and tab items (and some
        // button labels) tint the charm into a flat silhouette.
        let contents = AssetCatalog.imageSetContents(
            name: charm.id, properties: ["template-rendering-intent": .string(IconSettings.RenderingIntent.original.rawValue)])
        var outputs = [BuildOutput(path: folder + "/Contents.json", text: contents)]
        for (scale, render) in zip(CharmCanvas.scales, charm.renders) {
            outputs.append(BuildOutput(
                path: folder + "/" + AssetCatalog.imageFileName(charm.id, scale: scale),
                bytes: PNGEncoder.encode(render, options: .init(jobs: 1))))
        }
        outputs.append(BuildOutput(path: "\(previewFolder)/\(charm.id).png", bytes: PNGEncoder.encode(preview(charm, paper: paper), options: .init(jobs: 1))))
        return outputs
    }

    /// A charm as a designer checks it: the @3x render, then the island render at
    /// actual size and magnified 4×, on the palette's paper.
    public static func preview(_ charm: PaintedCharm, paper: RGBA) -> RGBAImage {
        let large = charm.renders.last!
        let magnified = Compositing.magnified(charm.island, by: 4)
        let gap = 12
        let width = gap + large.width + gap + charm.island.width + gap + magnified.width + gap
        let height = gap + max(large.height, magnified.height) + gap
        var sheet = Compositing.filled(width: width, height: height, color: paper)
        Compositing.draw(large, over: &sheet, x: gap, y: gap)
        Compositing.draw(charm.island, over: &sheet, x: gap * 2 + large.width, y: gap)
        Compositing.draw(magnified, over: &sheet, x: gap * 3 + large.width + charm.island.width, y: gap)
        return sheet
    }

    /// Every charm at 22 px, actual size above and magnified 4× below, in dish order:
    /// the whole set at island size, at a glance.
    public static func contactSheet(_ islands: [RGBAImage], paper: RGBA) -> RGBAImage {
        let cell = Legibility.islandWidth * 4 + 12
        let width = max(1, islands.count) * cell + 12
        let height = 12 + Legibility.islandHeight + 12 + Legibility.islandHeight * 4 + 12
        var sheet = Compositing.filled(width: width, height: height, color: paper)
        for (i, island) in islands.enumerated() {
            let x = 12 + i * cell
            Compositing.draw(island, over: &sheet, x: x + (cell - 12 - island.width) / 2, y: 12)
            Compositing.draw(Compositing.magnified(island, by: 4), over: &sheet, x: x, y: 24 + Legibility.islandHeight)
        }
        return sheet
    }
}
