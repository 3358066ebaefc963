import BijouxAudio
import BijouxCore

/// The sound and touch stage: every `art/music/<name>.json` score becomes
/// `Audio/<name>.m4a` and every `art/haptics/<name>.json` recipe
/// `Haptics/<name>.ahap`, one job each; a last job writes `Generated/Sounds.swift`,
/// which names them, with the tracks' facts and the playback policy.
///
/// The facts (frames, loop, loudness and true peak as mastered) are known only once a
/// track is synthesised, so each job leaves them as its artifact (`SoundArtifact`):
/// the Sounds.swift job reads them, and so does the table's JSON twin, whose job takes this
/// stage's artifacts as inputs and is keyed with these jobs' keys. Nothing is read
/// while planning: a score is read and checked by its job's key, so every score is
/// checked before any is synthesised, and `charm <id>`, which selects none of these
/// jobs, never reads one.
enum SoundsStage: Stage {
    static let name = "sounds"
    static let audioFolder = "Audio"
    static let hapticsFolder = "Haptics"
    static let swiftPath = TableStage.folder + "/Sounds.swift"
    /// Generated/ is the table's; Sounds.swift there is this stage's last job's.
    static var ownedFolders: [String] { [audioFolder, hapticsFolder] }
    /// A track takes seconds of synthesis and encoding: it is made beside the images.
    static var isLong: Bool { true }
    static let artifact: (any ArtifactCoding.Type)? = SoundArtifact.self

    static func applies(to art: ArtFolder) -> Bool {
        art.hasFolder(Score.folder) || art.hasFolder(HapticRecipe.folder)
    }

    /// The tracks' keys name FFmpeg's library files (`LinkedLibraries`).
    static func helpers(_ art: ArtFolder) -> [HelperExecutable] { art.hasFolder(Score.folder) ? [AACCodec.executable] : [] }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        var warnings: [BuildWarning] = []
        var jobs: [Job] = []
        for name in try sources(in: Score.folder, kind: "scores", atMost: Score.maxCount, art: art, warnings: &warnings) {
            jobs.append(
                job(name, kind: "score", from: Score.folder, to: audioFolder, SoundCatalog.audioExtension, art: art) {
                    try Score.parse($0, file: $1)
                } key: { bytes in
                    try trackKey(name: name, score: bytes, file: art.file(Score.folder + "/" + name + ".json"), libraries: art.libraries)
                } make: { score, path, recorder in
                    let (facts, bytes) = try AmbientTrack.encode(
                        score: score, name: name, file: art.file(Score.folder + "/" + name + ".json"), threads: recorder.threads, cancel: art.cancel)
                    try recorder.write(path, bytes)
                    recorder.note(
                        """
                        track \(name): \(Format.number(CharmTableJSON.toMicroseconds(facts.duration))) s, \(Format.number(facts.loudness)) LUFS, true peak \
                        \(Format.number(facts.truePeak)) dBTP\(facts.loop == nil ? "" : ", loops")
                        """
                    )
                    recorder.leave(SoundArtifact.track(facts))
                })
        }
        for name in try sources(in: HapticRecipe.folder, kind: "haptic recipes", atMost: HapticRecipe.maxCount, art: art, warnings: &warnings) {
            jobs.append(
                job(name, kind: "haptic pattern", from: HapticRecipe.folder, to: hapticsFolder, AHAPPattern.fileExtension, art: art, isLight: true) {
                    try HapticRecipe.parse($0, file: $1)
                } key: { bytes in
                    let key = CacheKey("haptic pattern")
                    key.add("name", name)
                    key.add("recipe", bytes)
                    return key
                } make: { recipe, path, recorder in
                    try recorder.write(path, text: AHAPPattern(recipe).json)
                    recorder.leave(SoundArtifact.pattern(name))
                })
        }
        let source = [Score.folder, HapticRecipe.folder].map { TableStage.sourceName(artFolder: art.path, file: $0) }.joined(separator: " and ")
        // Sounds.swift names what the other jobs made: it takes their artifacts.
        jobs.append(
            Job(name: "Sounds.swift", scope: .whole, inputs: .artifacts(SoundArtifact.self, from: [SoundsStage.self]), isLight: true) {
                let key = CacheKey("sounds swift")
                key.add("source", source)
                return Job.Prepared(key: key.hash) { recorder in
                    let catalog = SoundCatalog(recorder.taken(SoundArtifact.self))
                    try recorder.write(swiftPath, text: try SoundsSwift.generate(catalog, source: source, file: art.path))
                }
            })
        return StagePlan(jobs: jobs, warnings: warnings)
    }

    /// Everything that decides a track: its name (it names the file and the facts),
    /// the score's bytes, and what makes it beside the tool's own build and libraries
    /// (libebur128, whose measure sets the mastering gain, and KISS FFT: the cache's
    /// identity): the AAC encoder helper, identified by its executable and the
    /// FFmpeg library files it loads, without being run (see `AACCodec`). Every other
    /// setting (sample rate, bit rate, loudness target, the voices) is a constant of
    /// the tool. `file` (the score) names a missing helper.
    static func trackKey(name: String, score: [UInt8], file: String, libraries: LinkedLibraries) throws(ArtFileError) -> CacheKey {
        let encoder = try AACCodec.executable.identity(file: file, libraries: libraries)
        let key = CacheKey("track")
        key.add("name", name)
        key.add("score", score)
        key.add("encoder", encoder)
        return key
    }

    /// The job that makes `<to>/<name>.<ext>` from `<from>/<name>.json`: its key reads
    /// the source (with the checks every source gets) and parses it, so a bad one stops
    /// the build before anything is made; `make` gets the parsed value and the output's path.
    private static func job<Source: Sendable>(
        _ name: String, kind: String, from folder: String, to output: String, _ ext: String, art: ArtFolder, isLight: Bool = false,
        parse: @escaping @Sendable ([UInt8], String) throws -> Source, key: @escaping @Sendable ([UInt8]) throws -> CacheKey,
        make: @escaping @Sendable (Source, String, JobRecorder) throws -> Void
    ) -> Job {
        let relative = folder + "/" + name + ".json"
        return Job(name: name + "." + ext, scope: .whole, isLight: isLight, source: art.file(relative)) {
            let bytes = try read(relative, name: name, kind: kind, art: art)
            let source = try parse(bytes, art.file(relative))
            return Job.Prepared(key: try key(bytes).hash) { recorder in try make(source, "\(output)/\(name).\(ext)", recorder) }
        }
    }

    private static func read(_ relative: String, name: String, kind: String, art: ArtFolder) throws -> [UInt8] {
        let path = art.file(relative)
        guard AssetName.isValid(name) else {
            throw ArtFileError(
                file: path,
                message:
                    """
                    \"\(name)\" is not a valid \(kind) name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the bundle's \
                    resource
                    """
            )
        }
        return try art.readJSON(relative)
    }

    /// The names of the `.json` files of `folder` (none when there is none), sorted;
    /// other files are warned about (the listing has no hidden ones, and `ArtFolder`
    /// refuses a symbolic link). More than `limit` of them is an error.
    static func sources(
        in folder: String, kind: String, atMost limit: Int, art: ArtFolder, warnings: inout [BuildWarning]
    ) throws(ArtFileError) -> [String] {
        var names: [String] = []
        for file in art.names(in: folder) {
            guard file.hasSuffix(".json") else {
                warnings.append(BuildWarning(subject: art.file(folder + "/" + file), message: "not a .json file; ignored"))
                continue
            }
            names.append(String(file.dropLast(5)))
        }
        if names.count > limit {
            throw ArtFileError(file: art.file(folder), message: "\(names.count) \(kind), more than the \(limit) a build takes; merge or remove some")
        }
        return names
    }
}

/// What a sounds job leaves for the Sounds.swift job and the table's JSON twin: a
/// track's facts or a pattern's name (`ArtifactCoding`: numbers exact, a Double bit for bit).
enum SoundArtifact: Equatable, ArtifactCoding {
    case track(AmbientTrack.Facts)
    case pattern(String)

    func write(to writer: inout ByteWriter) {
        switch self {
        case .track(let facts):
            writer.number(0)
            writer.string(facts.name)
            for value in [facts.sampleRate, facts.frames, facts.bars, facts.beatsPerBar] { writer.integer(value) }
            writer.bool(facts.loop != nil)
            if let loop = facts.loop {
                writer.integer(loop.lowerBound)
                writer.integer(loop.upperBound)
            }
            for value in [facts.tempo, facts.loudness, facts.truePeak] { writer.double(value) }
        case .pattern(let name):
            writer.number(1)
            writer.string(name)
        }
    }

    init?(reading reader: inout ByteReader) {
        switch reader.number() {
        case 0:
            guard let name = reader.string(), let sampleRate = reader.integer(), let frames = reader.integer(), let bars = reader.integer(),
                let beatsPerBar = reader.integer(), let looped = reader.bool()
            else { return nil }
            var loop: Range<Int>?
            if looped {
                guard let lower = reader.integer(), let upper = reader.integer(), lower <= upper else { return nil }
                loop = lower..<upper
            }
            guard let tempo = reader.double(), let loudness = reader.double(), let truePeak = reader.double() else { return nil }
            self = .track(
                AmbientTrack.Facts(
                    name: name, sampleRate: sampleRate, frames: frames, loop: loop, tempo: tempo, bars: bars, beatsPerBar: beatsPerBar,
                    loudness: loudness, truePeak: truePeak))
        case 1:
            guard let name = reader.string() else { return nil }
            self = .pattern(name)
        default:
            return nil
        }
    }
}

extension SoundCatalog {
    /// The catalog the sounds stage's jobs left, in their order.
    init(_ artifacts: [SoundArtifact]) {
        self.init()
        for artifact in artifacts {
            switch artifact {
            case .track(let facts): tracks.append(facts)
            case .pattern(let name): patterns.append(name)
            }
        }
    }
}
