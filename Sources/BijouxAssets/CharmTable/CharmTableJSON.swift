import BijouxCore
import BijouxShared

/// Writes `charms.json`, the table's JSON twin, for readers that are not Swift code
/// compiled with the app (builds already on phones, tools, the server).
///
/// Schema evolution: builds already installed keep decoding every later file, because
/// a field, once written, keeps its name, type and meaning, and fields are only ever
/// added, as optional ones (a reader that does not know a field ignores it).
/// `schemaVersion` changes only for a break of that promise, and there has been none.
enum CharmTableJSON {
    static let schemaVersion = 1

    /// The image set a charm's art is written to (see `CharmsStage`): its id, with no
    /// namespace.
    static func imageName(for charm: CharmEntry) -> String { charm.id }

    /// `sounds` adds the optional `sounds` (tracks and playback policy) and
    /// `hapticPatterns` fields when the art has music or haptics.
    static func generate(_ table: CharmTableSource, sounds: SoundCatalog? = nil) -> String {
        JSONWriter.xcodeStyle(document(table, sounds: sounds))
    }

    static func document(_ table: CharmTableSource, sounds: SoundCatalog? = nil) -> JSONOutput {
        let p = CharmPhysics.self
        let physics: JSONOutput = [
            "dampingRatio": .double(p.dampingRatio),
            "maxRestAngle": .double(p.maxRestAngle),
            "kickGain": .double(p.kickGain),
            "hapticIntensity": .double(p.hapticIntensity),
            "tickRate": .double(p.tickRate),
            "referenceStiffness": .double(p.referenceStiffness),
            "stiffnessPerSecond": .double(p.stiffnessPerSecond),
            "referenceSwayDuration": .double(p.referenceSwayDuration),
        ]
        let limits: JSONOutput = [
            "dishCapacity": .int(CharmLimits.dishCapacity),
            "maxWorn": .int(CharmLimits.maxWorn),
            "maxNameLength": .int(CharmLimits.maxNameLength),
        ]
        let charms = table.charms.map { charm -> JSONOutput in
            let sway = CharmSway(duration: charm.swayDuration)
            return [
                "id": .string(charm.id),
                "displayName": .string(charm.displayName),
                "imageName": .string(imageName(for: charm)),
                "stockNote": .string(charm.note),
                "sway": [
                    "duration": .double(sway.duration),
                    "stiffness": .double(sway.stiffness),
                    "damping": .double(sway.damping),
                    "naturalFrequency": .double(sway.naturalFrequency),
                    "dampedPeriod": .double(sway.dampedPeriod),
                    "settlingTime": .double(toMicroseconds(sway.settlingTime)),
                ],
            ]
        }
        var document: [String: JSONOutput] = [
            "schemaVersion": .int(schemaVersion),
            "physics": physics,
            "limits": limits,
            "art": ["aspect": .double(CharmArt.aspect)],
            "charms": .array(charms),
        ]
        document.merge(sounds?.jsonFields ?? [:]) { own, _ in own }
        return .object(document)
    }

    /// The settling time is the one published value computed with libm's `log`, whose
    /// last bit may differ between glibc and macOS. Rounded to a microsecond, the file
    /// is the same on every platform (the app computes its own from the duration).
    static func toMicroseconds(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }
}
