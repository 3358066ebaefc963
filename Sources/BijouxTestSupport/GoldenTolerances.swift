import BijouxAssets

/// How closely one output must match its golden, and why.
package struct GoldenTolerance: Equatable, Sendable {
    package var comparison: PixelComparison
    /// Counted differing pixels allowed before the golden fails.
    package var budget: Int
    /// The system library that draws this output, if any. Such outputs may differ
    /// between platforms' library versions, so a platform may keep its own golden
    /// (see `GoldenStore`); outputs of this package's own arithmetic never do.
    package var renderer: String?
    package var reason: String

    /// Any change is a real change.
    package static func exact(reason: String) -> GoldenTolerance {
        GoldenTolerance(comparison: .exact, budget: 0, renderer: nil, reason: reason)
    }

    /// pixelmatch's rule with `threshold`, plus `budget` other pixels.
    package static func perceptual(
        threshold: Double = PixelComparison.defaultThreshold, budget: Int = 0, renderer: String, reason: String
    ) -> GoldenTolerance {
        GoldenTolerance(comparison: .perceptual(threshold: threshold), budget: budget, renderer: renderer, reason: reason)
    }
}

/// Every golden tolerance, in this one place: images by output path (relative to the
/// output folder) and prefix, the longest prefix winning, with the reason for each;
/// every other file is text and compared exactly.
package struct GoldenTolerances: Sendable {
    package struct Rule: Sendable {
        package var prefix: String
        package var tolerance: GoldenTolerance
    }

    package var rules: [Rule]
    package var fallback: GoldenTolerance

    package static let text = GoldenTolerance.exact(
        reason: "generated text (Swift, JSON, Contents.json) is the same on every machine and read by code: compared byte for byte")

    /// Encoded audio: FFmpeg's AAC encoder writes the same bytes for the same samples
    /// with one FFmpeg build (bit-exact flags, no date; see `AACCodec`), so any change
    /// is real on the reference platform; Homebrew's FFmpeg (and the Mac's libm in
    /// the synthesis) may encode otherwise, so a platform may keep its own.
    package static let encodedAudio = GoldenTolerance(
        comparison: .exact, budget: 0, renderer: "FFmpeg (aac encoder, ipod muxer)",
        reason: "AAC encoded by FFmpeg from PCM synthesised with libm: byte for byte with one FFmpeg build and libm")

    package static func isImage(_ path: String) -> Bool { path.hasSuffix(".png") }
    /// Neither an image nor text: compared as bytes, shown by size.
    package static func isBinary(_ path: String) -> Bool { path.hasSuffix("." + SoundCatalog.audioExtension) }

    package func tolerance(for path: String) -> GoldenTolerance {
        if Self.isBinary(path) { return Self.encodedAudio }
        guard Self.isImage(path) else { return Self.text }
        return rules.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.tolerance ?? fallback
    }

    package static let standard = GoldenTolerances(
        rules: [
            Rule(
                prefix: CharmsStage.catalogFolder + "/",
                tolerance: .exact(
                    reason:
                        "the luminance key is integer arithmetic and the resampling plain IEEE double arithmetic in this package, with no library in between: the same on every machine, so any change is real"
                )),
            Rule(
                prefix: AssetCatalog.folderName + "/Icons/",
                tolerance: .perceptual(
                    renderer: "librsvg + cairo",
                    reason:
                        "rasterised by librsvg and cairo, whose anti-aliasing can move by a shade between library builds; the anti-aliasing rule absorbs moved edge pixels, and no other pixel may change"
                )),
            Rule(
                prefix: AssetCatalog.folderName + "/AppIcon.appiconset/",
                tolerance: .perceptual(
                    renderer: "cairo",
                    reason:
                        "drawn with cairo (thread, ring, heart): edges are anti-aliased by the library; the anti-aliasing rule absorbs moved edge pixels, and no other pixel may change"
                )),
        ],
        fallback: .exact(reason: "an output of this package's own arithmetic until a rule here says otherwise: exact is the safe default"))
}
