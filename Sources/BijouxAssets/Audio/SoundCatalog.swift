import BijouxCore

/// How the app plays its music, the one place these decisions live (the generated
/// Swift and the JSON twin both print them): in `AVAudioSession.Category.ambient`,
/// mixing with whatever else plays, and not at all when other audio is already
/// playing (`isOtherAudioPlaying`): the app never interrupts what the user chose.
enum PlaybackPolicy {
    static let category = "ambient"
    static let mixesWithOthers = true
    static let skipsWhenOtherAudioIsPlaying = true
}

/// The sound and touch assets of a build: the tracks' facts and the haptic
/// patterns' names, for the generated `Sounds.swift` and the table's JSON twin.
struct SoundCatalog: Equatable, Sendable {
    var tracks: [AmbientTrack.Facts]
    /// Pattern names, each the resource `<name>.ahap`.
    var patterns: [String]

    init(tracks: [AmbientTrack.Facts] = [], patterns: [String] = []) {
        (self.tracks, self.patterns) = (tracks, patterns)
    }

    static let audioExtension = "m4a"

    /// The JSON twin's `sounds` and `hapticPatterns` fields (optional, added under
    /// the schema's add-only rule; see `CharmTableJSON`).
    var jsonFields: [String: JSONOutput] {
        let tracks = tracks.map { track -> JSONOutput in
            var fields: [String: JSONOutput] = [
                "name": .string(track.name), "file": .string(track.name + "." + Self.audioExtension),
                "sampleRate": .int(track.sampleRate), "frames": .int(track.frames),
                "duration": .double(CharmTableJSON.toMicroseconds(track.duration)),
                "tempo": .double(track.tempo), "bars": .int(track.bars), "beatsPerBar": .int(track.beatsPerBar),
                "loudness": .double(track.loudness), "truePeak": .double(track.truePeak),
            ]
            if let loop = track.loop {
                fields["loopStartFrame"] = .int(loop.lowerBound)
                fields["loopEndFrame"] = .int(loop.upperBound)
            }
            return .object(fields)
        }
        return [
            "sounds": [
                "playback": [
                    "category": .string(PlaybackPolicy.category),
                    "mixesWithOthers": .bool(PlaybackPolicy.mixesWithOthers),
                    "skipsWhenOtherAudioIsPlaying": .bool(PlaybackPolicy.skipsWhenOtherAudioIsPlaying),
                ],
                "tracks": .array(tracks),
            ],
            "hapticPatterns": .array(patterns.map { ["name": .string($0), "file": .string($0 + "." + AHAPPattern.fileExtension)] }),
        ]
    }
}

/// Writes `Generated/Sounds.swift`: the tracks and haptic patterns as enums whose raw
/// values are their resource names, each track's facts, and the playback policy.
/// A file of its own beside `CharmTable.swift`, so either can change without the
/// other. The enums conform to BijouxKit's `BundledTrack` and `BundledHapticPattern`,
/// which find their files (`url`) and make players and patterns on Apple platforms; the
/// file gives them only their folder and the bundle its target was built into. The
/// touch's own intensity is BijouxKit's `CharmPhysics.hapticIntensity`, which the
/// pattern enum's comment names.
enum SoundsSwift {
    static func generate(_ catalog: SoundCatalog, source: String, file: String) throws(ArtFileError) -> String {
        var text = CharmTableSwift.header(source: source) + "\n// swiftlint:disable all\n\nimport BijouxKit\nimport Foundation\n"
        text += """

            /// How the app plays its music: `AVAudioSession.Category.ambient`, mixing with other
            /// audio, and skipped when other audio is already playing.
            public enum AudioPlaybackPolicy {
                public static let category = \(SwiftIdentifier.stringLiteral(PlaybackPolicy.category))
                public static let mixesWithOthers = \(PlaybackPolicy.mixesWithOthers)
                public static let skipsWhenOtherAudioIsPlaying = \(PlaybackPolicy.skipsWhenOtherAudioIsPlaying)
            }

            """
        if !catalog.tracks.isEmpty {
            let names = try caseNames(catalog.tracks.map(\.name), file: file, kind: "track")
            let cases = zip(catalog.tracks, names)
            func property(_ declaration: String, _ value: (AmbientTrack.Facts) -> String) -> String {
                var text = "\n    \(declaration) {\n        switch self {\n"
                for (track, name) in cases { text += "        case .\(name): return \(value(track))\n" }
                return text + "        }\n    }\n"
            }
            text += "\n/// The background music (AAC-LC, 44.1 kHz stereo), each `\(SoundsStage.audioFolder)/<rawValue>.\(SoundCatalog.audioExtension)`\n"
            text += "/// in the bundle: `url`, and `player()` where AVFoundation is (BijouxKit's `BundledTrack`).\n"
            text += SwiftIdentifier.stringEnumOpening("AmbientTrack", conformance: "BundledTrack", names: names, values: catalog.tracks.map(\.name))
            text += "\n    public static let fileExtension = \(SwiftIdentifier.stringLiteral(SoundCatalog.audioExtension))\n"
            text += "    public static let folder = \(SwiftIdentifier.stringLiteral(SoundsStage.audioFolder))\n"
            text += "    public static var bundle: Bundle { soundsBundle }\n"
            text += "\n    /// Frames per second."
            text += property("public var sampleRate: Int") { String($0.sampleRate) }
            text += "\n    /// The file's length in frames."
            text += property("public var frames: Int") { String($0.frames) }
            text += "\n    /// Seconds."
            text += property("public var duration: Double") { number(CharmTableJSON.toMicroseconds($0.duration)) }
            text += "\n    /// The frames that loop (the whole file for a seamless loop), nil for a track that plays once."
            text += property("public var loopFrames: Range<Int>?") { $0.loop.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil" }
            text += "\n    /// Beats per minute, and beats in a bar."
            text += property("public var tempo: Double") { number($0.tempo) }
            text += property("public var beatsPerBar: Int") { String($0.beatsPerBar) }
            text += "\n    /// EBU R 128 integrated loudness (LUFS) and true peak (dBTP), as mastered."
            text += property("public var loudness: Double") { number($0.loudness) }
            text += property("public var truePeak: Double") { number($0.truePeak) }
            text += "}\n"
        }
        if !catalog.patterns.isEmpty {
            let names = try caseNames(catalog.patterns, file: file, kind: "haptic pattern")
            text += "\n/// Core Haptics patterns, each `\(SoundsStage.hapticsFolder)/<rawValue>.\(AHAPPattern.fileExtension)` in the bundle: `url`, and\n"
            text += "/// `pattern()` where Core Haptics is (BijouxKit's `BundledHapticPattern`). A charm's touch is a\n"
            text += "/// plain impact at `CharmPhysics.hapticIntensity` (BijouxKit).\n"
            text += SwiftIdentifier.stringEnumOpening("HapticPattern", conformance: "BundledHapticPattern", names: names, values: catalog.patterns)
            text += "\n    public static let fileExtension = \(SwiftIdentifier.stringLiteral(AHAPPattern.fileExtension))\n"
            text += "    public static let folder = \(SwiftIdentifier.stringLiteral(SoundsStage.hapticsFolder))\n"
            text += "    public static var bundle: Bundle { soundsBundle }\n}\n"
        }
        if !catalog.tracks.isEmpty || !catalog.patterns.isEmpty {
            text += "\n" + GeneratedBundle.declaration(name: "soundsBundle", token: "SoundsBundleToken")
        }
        return text
    }

    /// What the generated enums have besides their cases.
    private static let members: Set<String> = [
        "allCases", "rawValue", "hashValue", "init", "fileExtension", "sampleRate", "frames", "duration", "loopFrames",
        "tempo", "beatsPerBar", "loudness", "truePeak", "folder", "bundle", "fileName", "url", "locate", "pattern", "player",
    ]

    private static func number(_ value: Double) -> String { Format.number(value) }

    private static func caseNames(_ names: [String], file: String, kind: String) throws(ArtFileError) -> [String] {
        var seen: [String: String] = [:]
        return try names.map { name throws(ArtFileError) in
            var identifier = SwiftIdentifier.caseName(for: name)
            if members.contains(identifier) { identifier += "_" }
            if let other = seen[identifier] {
                throw ArtFileError(file: file, message: "the \(kind)s '\(other)' and '\(name)' would both be `.\(identifier)` in Swift; rename one")
            }
            seen[identifier] = name
            return identifier
        }
    }
}
