/// The sound and touch stage: every `art/music/<name>.json` score becomes
/// `Audio/<name>.m4a` and every `art/haptics/<name>.json` recipe
/// `Haptics/<name>.ahap`; `Generated/Sounds.swift` names them, with the tracks' facts
/// and the playback policy, and the catalog goes on to the table stage for the JSON
/// twin. Scores are all read and checked before any is synthesised; tracks are made
/// in parallel, outputs in name order.
public enum SoundsStage {
    public static let audioFolder = "Audio"
    public static let hapticsFolder = "Haptics"
    public static let swiftPath = TableStage.folder + "/Sounds.swift"

    /// Whether the art folder has anything for this stage.
    public static func hasInputs(artFolder: String) -> Bool {
        FileIO.isDirectory(artFolder + "/" + Score.folder) || FileIO.isDirectory(artFolder + "/" + HapticRecipe.folder)
    }

    public static func run(artFolder: String, jobs: Int = Parallel.defaultJobs) throws -> (StageProduct, SoundCatalog) {
        var product = StageProduct()
        let musicFolder = artFolder + "/" + Score.folder
        let scores = try sources(in: musicFolder, kind: "score", product: &product)
        let parsed = try scores.map { name, path throws in (name, path, try Score.parse(try FileIO.read(path), file: path)) }
        let tracks = try Parallel.map(parsed.count, jobs: jobs) { index throws in
            let (name, path, score) = parsed[index]
            let track = AmbientTrack(score: score, name: name)
            return (track.facts, try track.encoded(file: path))
        }
        for (facts, bytes) in tracks {
            product.outputs.append(BuildOutput(path: "\(audioFolder)/\(facts.name).\(SoundCatalog.audioExtension)", bytes: bytes))
            product.notes.append("track \(facts.name): \(JSONWriter.formatNumber(CharmTableJSON.toMicroseconds(facts.duration))) s, \(JSONWriter.formatNumber(facts.loudness)) LUFS, true peak \(JSONWriter.formatNumber(facts.truePeak)) dBTP\(facts.loop == nil ? "" : ", loops")")
        }

        let hapticFolder = artFolder + "/" + HapticRecipe.folder
        var patterns: [String] = []
        for (name, path) in try sources(in: hapticFolder, kind: "haptic pattern", product: &product) {
            let pattern = AHAPPattern(try HapticRecipe.parse(try FileIO.read(path), file: path))
            product.outputs.append(BuildOutput(path: "\(hapticsFolder)/\(name).\(AHAPPattern.fileExtension)", text: pattern.json))
            patterns.append(name)
        }

        let catalog = SoundCatalog(tracks: tracks.map(\.0), patterns: patterns)
        let source = [Score.folder, HapticRecipe.folder].map { TableStage.sourceName(artFolder: artFolder, file: $0) }.joined(separator: " and ")
        product.outputs.append(BuildOutput(path: swiftPath, text: try SoundsSwift.generate(catalog, source: source, file: artFolder)))
        // Generated/ too: without a charm table no other stage owns it, and a stale
        // CharmTable.swift must not outlive its table.
        product.ownedFolders += [audioFolder, hapticsFolder, TableStage.folder]
        return (product, catalog)
    }

    /// The `.json` files of `folder` (none when it does not exist), by name; other
    /// files are warned about, hidden ones ignored.
    static func sources(in folder: String, kind: String, product: inout StageProduct) throws(ArtFileError) -> [(name: String, path: String)] {
        guard FileIO.isDirectory(folder) else { return [] }
        var found: [(String, String)] = []
        for file in FileIO.list(folder).sorted() where !file.hasPrefix(".") {
            let path = folder + "/" + file
            guard file.hasSuffix(".json") else {
                product.warnings.append(BuildWarning(subject: path, message: "not a .json file; ignored"))
                continue
            }
            let name = String(file.dropLast(5))
            guard CharmTableRules.isValidID(name) else {
                throw ArtFileError(file: path, message: "\"\(name)\" is not a valid \(kind) name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the bundle's resource")
            }
            guard !FileIO.isSymbolicLink(path) else {
                throw ArtFileError(file: path, message: "is a symbolic link; a \(kind) must be a file in the art folder itself")
            }
            found.append((name, path))
        }
        return found
    }
}
