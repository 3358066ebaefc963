import BijouxAssets
import BijouxCore

/// `diff` answers "did anything move?", so its exit status is the answer: 0 same,
/// 1 different, 2 could not compare (a missing file, different sizes) — like diff(1).
let diffCommand = CommandSpec(
    name: "diff",
    abstract: "Compare two PNGs pixel by pixel, as the golden tests do.",
    positionals: [diffExpected, diffActual],
    options: [diffOutOption, thresholdOption, exactFlag],
    discussion: """
        Compares decoded pixels, not file bytes: the same pixels in differently encoded
        files match. By default a pixel differs when its YIQ colour distance exceeds the
        threshold and it is not an anti-aliased edge pixel (pixelmatch's rule);
        translucent pixels are judged over white and over black, and colour under
        alpha 0 never counts. Exit status: 0 the images match, 1 they differ, 2 error.

        EXAMPLE: bijoux-assets diff Tests/Goldens/Assets.xcassets/Charms/cat.imageset/cat.png build/Assets.xcassets/Charms/cat.imageset/cat.png --out \
        /tmp/cat-diff.png
        """,
    run: { arguments in
        if arguments[exactFlag] && arguments.given(thresholdOption) {
            throw UsageError(message: "\(exactFlag.name) and \(thresholdOption.name) cannot be combined", command: "diff")
        }
        let comparison: PixelComparison = arguments[exactFlag] ? .exact : .perceptual(threshold: arguments[thresholdOption])
        let (a, b) = (arguments[diffExpected], arguments[diffActual])
        do {
            let difference = try ImageFileComparison.compare(expected: a, actual: b, comparison, picture: arguments[diffOutOption])
            print("\(difference.matches ? "same" : "differ"): \(difference.summary)")
            return difference.matches ? 0 : 1
        } catch let error as any UserFacingError {
            printError(error.diagnostic.line(.error))
            return 2
        }
    })

let diffExpected = Positional(name: "A.png", help: "The expected image.")
let diffActual = Positional(name: "B.png", help: "The actual image.")
let diffOutOption = Option.text(
    "--out", "DIFF.png", help: "Write the diff picture: differing pixels red, tolerated ones orange, over a faded A.")
let thresholdOption = Option(
    name: "--threshold", valueName: "T",
    help: "Per-pixel colour distance to tolerate, 0-1 (default \(Format.number(PixelComparison.defaultThreshold)), pixelmatch's).",
    defaultValue: PixelComparison.defaultThreshold, expectation: "a number from 0 to 1",
    parse: { Double($0).flatMap { $0.isFinite && (0...1).contains($0) ? $0 : nil } })
let exactFlag = Flag("--exact", help: "Every pixel must be identical: no threshold, no anti-aliasing allowance.")
