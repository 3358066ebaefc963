import BijouxAssets

/// `diff` answers "did anything move?", so its exit status is the answer: 0 same,
/// 1 different, 2 could not compare (a missing file, different sizes) — like diff(1).
let diffCommand = CommandSpec(
    name: "diff",
    abstract: "Compare two PNGs pixel by pixel, as the golden tests do.",
    positionals: [
        .init(name: "A.png", help: "The expected image."),
        .init(name: "B.png", help: "The actual image."),
    ],
    options: [
        .init(name: "--out", valueName: "DIFF.png", help: "Write the diff picture: differing pixels red, tolerated ones orange, over a faded A."),
        .init(name: "--threshold", valueName: "T", help: "Per-pixel colour distance to tolerate, 0-1 (default 0.1, pixelmatch's)."),
        .init(name: "--exact", valueName: nil, help: "Every pixel must be identical: no threshold, no anti-aliasing allowance."),
    ],
    discussion: """
        Compares decoded pixels, not file bytes: the same pixels in differently encoded
        files match. By default a pixel differs when its YIQ colour distance exceeds the
        threshold and it is not an anti-aliased edge pixel (pixelmatch's rule);
        translucent pixels are judged over white and over black, and colour under
        alpha 0 never counts. Exit status: 0 the images match, 1 they differ, 2 error.

        EXAMPLE: bijoux-assets diff Tests/Goldens/Assets.xcassets/Charms/cat.imageset/cat.png build/Assets.xcassets/Charms/cat.imageset/cat.png --out /tmp/cat-diff.png
        """,
    run: { arguments in
        if arguments.has("--exact") && arguments.value("--threshold") != nil {
            throw UsageError(message: "--exact and --threshold cannot be combined", command: "diff")
        }
        var comparison = PixelComparison.perceptual(threshold: PixelComparison.defaultThreshold)
        if let threshold = try arguments.double("--threshold") {
            guard (0...1).contains(threshold) else {
                throw UsageError(message: "--threshold expects a number from 0 to 1, got '\(arguments.value("--threshold")!)'", command: "diff")
            }
            comparison = .perceptual(threshold: threshold)
        }
        if arguments.has("--exact") { comparison = .exact }
        let (a, b) = (arguments.positionals[0], arguments.positionals[1])
        do {
            let (expected, _, difference) = try ImageFileComparison.compare(expected: a, actual: b, comparison)
            if let out = arguments.value("--out") {
                try FileIO.writeAtomically(PNGEncoder.encode(DiffImage.render(expected: expected, difference: difference), as: .rgb), to: out)
            }
            print("\(difference.matches ? "same" : "differ"): \(difference.summary)")
            return difference.matches ? 0 : 1
        } catch let error as any UserFacingError {
            printError(error.diagnostic.line(.error))
            return 2
        }
    })
