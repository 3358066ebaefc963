/// How closely one output must match its baseline (a golden, or the output `check`
/// compares with), and why.
package struct GoldenTolerance: Equatable, Sendable {
    package var comparison: PixelComparison
    /// Counted differing pixels allowed before the output fails.
    package var budget: Int
    /// The system library that draws this output, if any. Such outputs may differ
    /// between platforms' library versions, so a platform may keep its own golden
    /// (see `GoldenStore`); outputs of this package's own arithmetic never do.
    package var renderer: String?
    package var reason: String

    /// Any change is a real change.
    static func exact(reason: String) -> GoldenTolerance {
        GoldenTolerance(comparison: .exact, budget: 0, renderer: nil, reason: reason)
    }

    /// pixelmatch's rule with `threshold`, plus `budget` other pixels.
    static func perceptual(
        threshold: Double = PixelComparison.defaultThreshold, budget: Int = 0, renderer: String, reason: String
    ) -> GoldenTolerance {
        GoldenTolerance(comparison: .perceptual(threshold: threshold), budget: budget, renderer: renderer, reason: reason)
    }

    /// Whether an image difference found under `comparison` is within the tolerance.
    func passes(_ difference: ImageDifference) -> Bool { difference.differingPixels <= budget }
}

/// The tolerance table: how each output is compared with its baseline, by kind, in this
/// one place, used by `check` and by this repository's golden tests alike. Images by
/// output path (relative to the output folder) and prefix, the longest prefix winning,
/// each rule a named kind an art folder can tighten or loosen (`bijoux-assets.json`'s
/// `tolerances`); encoded audio by its decoded signal (`audio`); every other file is
/// text, compared exactly and shown as a text diff.
package struct GoldenTolerances: Equatable, Sendable {
    struct Rule: Equatable, Sendable {
        /// The name `bijoux-assets.json` gives it ("icons").
        var kind: String
        var prefix: String
        var tolerance: GoldenTolerance
    }

    var rules: [Rule]
    var fallback: GoldenTolerance
    package var audio: AudioTolerance

    static let text = GoldenTolerance.exact(
        reason: "generated text (Swift, JSON, Contents.json) is the same on every machine and read by code: compared byte for byte")

    static func isImage(_ path: String) -> Bool { path.hasSuffix(".png") }
    /// Encoded audio: compared by its decoded signal (`AudioTolerance`).
    static func isAudio(_ path: String) -> Bool { path.hasSuffix("." + SoundCatalog.audioExtension) }

    package func tolerance(for path: String) -> GoldenTolerance {
        guard Self.isImage(path) else { return Self.text }
        return rules.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.tolerance ?? fallback
    }

    /// The rule's kind for an image output, "text" or "audio" for the others.
    func kind(of path: String) -> String {
        if Self.isAudio(path) { return AudioTolerance.kind }
        guard Self.isImage(path) else { return "text" }
        return rules.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.kind ?? Self.fallbackKind
    }

    static let fallbackKind = "images"
    static let edgeRule = "the anti-aliasing rule absorbs moved edge pixels, and no other pixel may change"
    static let librsvgReason = "rasterised by librsvg and cairo, whose anti-aliasing can move by a shade between library builds; " + edgeRule
    static let cairoReason = "drawn with cairo (thread, ring, heart): edges are anti-aliased by the library; " + edgeRule

    package static let standard = GoldenTolerances(
        rules: [
            Rule(
                kind: "charms", prefix: CharmsStage.catalogFolder + "/",
                tolerance: .exact(
                    reason: "the luminance key is integer arithmetic and the resampling plain IEEE double arithmetic in this package, "
                        + "with no library in between: the same on every machine, so any change is real")),
            Rule(kind: "icons", prefix: AssetCatalog.folderName + "/Icons/", tolerance: .perceptual(renderer: "librsvg + cairo", reason: librsvgReason)),
            Rule(kind: "appIcon", prefix: AppIconStage.iconSetFolder + "/", tolerance: .perceptual(renderer: "cairo", reason: cairoReason)),
            Rule(kind: "appIcon", prefix: LeFilDocument.folder + "/", tolerance: .perceptual(renderer: "cairo", reason: cairoReason)),
            Rule(kind: "appIcon", prefix: ContactSheetPage.folder + "/AppIcon", tolerance: .perceptual(renderer: "cairo", reason: cairoReason)),
        ],
        fallback: .exact(reason: "an output of this package's own arithmetic until a rule here says otherwise: exact is the safe default"),
        audio: .standard)

    /// Every kind an art folder may name, in table order.
    var kinds: [String] {
        var seen: [String] = []
        for kind in rules.map(\.kind) + [Self.fallbackKind, AudioTolerance.kind] where !seen.contains(kind) { seen.append(kind) }
        return seen
    }
}

/// How far a decoded sound may move before it counts as changed: its duration, its
/// integrated loudness, and the energy of the difference between the two signals
/// relative to the baseline's. AAC encoders (another FFmpeg build) and libm (another
/// platform's synthesis) move samples by far less than a listener hears; a changed
/// score moves all three.
package struct AudioTolerance: Equatable, Sendable {
    static let kind = "audio"
    /// Seconds the durations may differ by.
    var seconds: Double
    /// LU the integrated loudnesses may differ by.
    var loudness: Double
    /// The largest allowed energy of the difference signal relative to the baseline's,
    /// in dB (−40: a difference at 1 % of the signal's amplitude).
    var differenceDB: Double

    static let standard = AudioTolerance(seconds: 0.001, loudness: 0.1, differenceDB: -40)
}
