import BijouxCore

/// How two images are compared pixel by pixel.
package enum PixelComparison: Equatable, Sendable, CustomStringConvertible {
    /// Every pixel must be the same. For outputs of pure arithmetic (the key), where
    /// any change at all is a real change.
    case exact
    /// pixelmatch's rule, for rendered outputs: a pixel differs when its YIQ colour
    /// distance exceeds `threshold` (0...1, on the scale of `PixelComparer.distance`)
    /// and it is not an anti-aliased pixel.
    case perceptual(threshold: Double)

    /// pixelmatch's default per-pixel threshold.
    package static let defaultThreshold = 0.1

    /// The comparison as the summary line names it.
    package var description: String {
        switch self {
        case .exact: "exact"
        case .perceptual(let threshold): "threshold \(Format.number(threshold))"
        }
    }
}

/// What comparing two images of the same size found.
package struct ImageDifference: Sendable {
    /// What happened at each pixel, one byte per pixel in `classes`.
    enum PixelClass: UInt8, Sendable {
        case same = 0
        /// Changed, by less than the threshold.
        case belowThreshold = 1
        /// Changed beyond the threshold, but on an anti-aliased edge: ignored.
        case antiAliased = 2
        /// A real difference: counted.
        case differs = 3
    }

    var width: Int
    var height: Int
    var comparison: PixelComparison
    /// Pixels that count as different.
    var differingPixels = 0
    var antiAliasedPixels = 0
    var belowThresholdPixels = 0
    /// The largest colour distance of any pixel, counted or not (0...1, the scale of
    /// the threshold), so a tolerated change still shows how big it was.
    var worstDistance = 0.0
    /// The smallest rectangle holding every counted pixel; nil when none differ.
    var bounds: PixelRect?
    /// `PixelClass` raw values, row by row.
    var classes: [UInt8]

    /// No pixel differs under the comparison.
    package var matches: Bool { differingPixels == 0 }

    func pixelClass(x: Int, y: Int) -> PixelClass {
        PixelClass(rawValue: classes[y * width + x])!
    }

    /// One line for people: the count, the worst distance and the bounding box.
    package var summary: String {
        let total = width * height
        var text: String
        if differingPixels == 0 {
            text = "no pixel differs (\(comparison))"
        } else {
            let share = Double(differingPixels) / Double(max(1, total))
            text = "\(differingPixels) of \(total) pixels differ (\(Format.percent(share, decimals: 2)), \(comparison))"
            if let bounds { text += ", bounding box \(bounds)" }
        }
        text += ", worst distance \(Format.number(worstDistance, decimals: 3))"
        var tolerated: [String] = []
        if antiAliasedPixels > 0 { tolerated.append("\(antiAliasedPixels) anti-aliased") }
        if belowThresholdPixels > 0 { tolerated.append("\(belowThresholdPixels) below the threshold") }
        if !tolerated.isEmpty { text += "; ignored: " + tolerated.joined(separator: ", ") }
        return text
    }

    /// The same facts as JSON, for CI and scripts.
    package var summaryJSON: JSONOutput {
        var object: [String: JSONOutput] = [
            "width": .int(width), "height": .int(height),
            "comparison": .string(comparison.description),
            "differingPixels": .int(differingPixels),
            "antiAliasedPixels": .int(antiAliasedPixels),
            "belowThresholdPixels": .int(belowThresholdPixels),
            "worstDistance": .double((worstDistance * 1e6).rounded() / 1e6),
            "boundingBox": .null,
        ]
        if case .perceptual(let threshold) = comparison { object["threshold"] = .double(threshold) }
        if let bounds {
            object["boundingBox"] = ["x": .int(bounds.x), "y": .int(bounds.y), "width": .int(bounds.width), "height": .int(bounds.height)]
        }
        return .object(object)
    }
}

/// Two images that cannot be compared pixel by pixel.
struct ImageSizeMismatch: Error, Equatable, Sendable {
    var expected: (width: Int, height: Int)
    var actual: (width: Int, height: Int)

    static func == (a: Self, b: Self) -> Bool {
        a.expected == b.expected && a.actual == b.actual
    }
}

/// pixelmatch's algorithm (Mapbox), written for this package:
/// - colour distance: the YIQ-weighted squared difference of Kotsarenko and Ramos,
///   normalised by 35215, the largest value it takes between any two colours, so a
///   threshold of 0.1 means 1 % of the maximum squared distance;
/// - anti-aliasing: Vyšniauskas's rule as pixelmatch has it: a pixel is an edge pixel
///   when among its 8 neighbours it has both a darker and a brighter one, at most 2
///   equal ones, and the darkest or the brightest neighbour has 3+ identical
///   neighbours in both images (`hasManySiblings`).
///
/// Alpha, where this differs from pixelmatch: pixelmatch blends straight RGBA over
/// white only, so light ink on a transparent ground (our icons) compares as white on
/// white and its changes vanish. Here a pixel with alpha below 255 on either side is
/// blended over white *and* over black and the larger distance counts (the
/// anti-aliasing rule then looks at that same background). For opaque pixels this is
/// exactly pixelmatch. Consequences:
/// - colour under alpha 0 never counts: such pixels are treated as (0, 0, 0, 0) in
///   every comparison, including the sibling test;
/// - a pixel that is transparent on one side and painted on the other counts as its
///   painted colour against white and against black: it differs unless it is nearly
///   invisible on both (alpha ≲ 8 at the default threshold).
enum PixelComparer {
    /// The largest YIQ delta between any two colours: pixelmatch's normaliser.
    static let maxDelta = 35215.0

    /// Compares two images of the same size. Bands of rows are compared on `jobs`
    /// threads; the result does not depend on their number.
    static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, _ comparison: PixelComparison, jobs: Int = Parallel.defaultJobs
    ) throws(ImageSizeMismatch) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw ImageSizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let width = expected.width, height = expected.height
        var result = ImageDifference(
            width: width, height: height, comparison: comparison,
            classes: [UInt8](repeating: 0, count: width * height))
        let limit: Double =
            switch comparison {
            case .exact: -1
            case .perceptual(let threshold): maxDelta * threshold * threshold
            }
        let bandHeight = max(16, (height + 63) / 64)
        let bands = expected.withPixels { a in
            actual.withPixels { b in
                result.classes.withUnsafeMutableBufferPointer { classes in
                    let one = PixelGrid(pixels: a), two = PixelGrid(pixels: b)
                    return Parallel.map((height + bandHeight - 1) / bandHeight, jobs: jobs) { band in
                        compareRows(band * bandHeight..<min(height, (band + 1) * bandHeight), one, two, limit: limit, classes: classes)
                    }
                }
            }
        }
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        var worst = 0.0
        for band in bands {
            result.differingPixels += band.differing
            result.antiAliasedPixels += band.antiAliased
            result.belowThresholdPixels += band.belowThreshold
            worst = max(worst, band.worstDelta)
            if let box = band.bounds {
                bounds = bounds.map { (min($0.minX, box.minX), min($0.minY, box.minY), max($0.maxX, box.maxX), max($0.maxY, box.maxY)) } ?? box
            }
        }
        result.worstDistance = distance(worst)
        if let bounds {
            result.bounds = PixelRect(x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX + 1, height: bounds.maxY - bounds.minY + 1)
        }
        return result
    }

    /// What one band of rows found.
    struct BandResult {
        var differing = 0, antiAliased = 0, belowThreshold = 0
        var worstDelta = 0.0
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    }

    /// Classifies the pixels of `rows`, writing only their entries of `classes`.
    /// `limit` is the largest tolerated YIQ delta, negative for exact.
    private static func compareRows(
        _ rows: Range<Int>, _ one: PixelGrid, _ two: PixelGrid, limit: Double, classes: UnsafeMutableBufferPointer<UInt8>
    ) -> BandResult {
        var band = BandResult()
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let width = one.width
        for y in rows {
            for x in 0..<width {
                let i = y &* width &+ x
                let p = one[i], q = two[i]
                if p == q { continue }
                let (delta, background) = colorDelta(p, q)
                band.worstDelta = max(band.worstDelta, delta)
                let kind: ImageDifference.PixelClass
                if limit < 0 {
                    kind = .differs
                } else if delta <= limit {
                    kind = .belowThreshold
                } else if one.isAntiAliased(x, y, other: two, background: background)
                    || two.isAntiAliased(x, y, other: one, background: background)
                {
                    kind = .antiAliased
                } else {
                    kind = .differs
                }
                classes[i] = kind.rawValue
                switch kind {
                case .differs:
                    band.differing += 1
                    minX = min(minX, x); maxX = max(maxX, x)
                    minY = min(minY, y); maxY = max(maxY, y)
                case .antiAliased: band.antiAliased += 1
                case .belowThreshold: band.belowThreshold += 1
                case .same: break
                }
            }
        }
        if maxX >= 0 { band.bounds = (minX, minY, maxX, maxY) }
        return band
    }

    /// A YIQ delta on the 0...1 scale of the threshold.
    static func distance(_ delta: Double) -> Double {
        (delta / maxDelta).squareRoot()
    }

    /// The YIQ delta of two packed pixels (already different), and the background
    /// (255 white or 0 black) it was measured over.
    @inline(__always)
    static func colorDelta(_ p: UInt32, _ q: UInt32) -> (Double, Double) {
        if p >> 24 == 255 && q >> 24 == 255 { return (yiqDelta(p, q, background: 255), 255) }
        let overWhite = yiqDelta(p, q, background: 255)
        let overBlack = yiqDelta(p, q, background: 0)
        return overBlack > overWhite ? (overBlack, 0) : (overWhite, 255)
    }

    @inline(__always)
    static func yiqDelta(_ p: UInt32, _ q: UInt32, background: Double) -> Double {
        let (r1, g1, b1) = blended(p, over: background)
        let (r2, g2, b2) = blended(q, over: background)
        let y = brightness(r1, g1, b1) - brightness(r2, g2, b2)
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    @inline(__always)
    static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Straight-alpha colour composited over a grey level, as pixelmatch's `blend`
    /// does over white: background + (c - background) · α.
    @inline(__always)
    static func blended(_ p: UInt32, over background: Double) -> (Double, Double, Double) {
        let r = Double(p & 0xFF), g = Double(p >> 8 & 0xFF), b = Double(p >> 16 & 0xFF)
        let alpha = p >> 24
        if alpha == 255 { return (r, g, b) }
        let a = Double(alpha) / 255
        return (background + (r - background) * a, background + (g - background) * a, background + (b - background) * a)
    }
}

/// An image's pixels packed as R | G<<8 | B<<16 | A<<24, with colour under alpha 0
/// cleared, and pixelmatch's neighbourhood tests.
struct PixelGrid {
    let pixels: PixelView<UInt8>
    var width: Int { pixels.width }
    var height: Int { pixels.height }

    @inline(__always)
    subscript(_ index: Int) -> UInt32 {
        let p = pixels[index]
        return p.w == 0 ? 0 : UInt32(p.x) | UInt32(p.y) << 8 | UInt32(p.z) << 16 | UInt32(p.w) << 24
    }

    /// pixelmatch's `antialiased`: neighbours are visited column by column, as there,
    /// so ties between equally dark (or bright) neighbours resolve the same way.
    @inline(__always)
    func isAntiAliased(_ x1: Int, _ y1: Int, other: PixelGrid, background: Double) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = self[y1 * width + x1]
        let centerBrightness = brightness(center, over: background)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = self[y * width + x]
                let delta = neighbour == center ? 0 : centerBrightness - brightness(neighbour, over: background)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    minX = x; minY = y
                } else if delta > brightest {
                    brightest = delta
                    maxX = x; maxY = y
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(minX, minY) && other.hasManySiblings(minX, minY))
            || (hasManySiblings(maxX, maxY) && other.hasManySiblings(maxX, maxY))
    }

    /// Whether a pixel has 3+ identical neighbours (image borders count as one).
    @inline(__always)
    func hasManySiblings(_ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = self[y1 * width + x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if self[y * width + x] == value { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always)
    private func brightness(_ p: UInt32, over background: Double) -> Double {
        let (r, g, b) = PixelComparer.blended(p, over: background)
        return PixelComparer.brightness(r, g, b)
    }
}
