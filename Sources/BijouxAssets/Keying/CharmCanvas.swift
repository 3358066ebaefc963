import BijouxCore
import BijouxShared

/// The fixed canvas every charm is drawn on: width:height = 120:110 (SPEC B,
/// BijouxKit's `CharmArt.ratio`), with a uniform margin, at the app's three scales.
struct CharmCanvas: Equatable, Sendable {
    /// Width in points; the height follows from the fixed aspect. A multiple of 12, so
    /// the height (width · 110 / 120) is a whole number of points.
    var pointWidth: Int
    /// Empty space kept on every side, in points.
    var marginPoints: Double

    static let standard = CharmCanvas(pointWidth: 120, marginPoints: 4)
    static let scales = [1, 2, 3]

    init(pointWidth: Int, marginPoints: Double) {
        self.pointWidth = pointWidth
        self.marginPoints = marginPoints
    }

    var pointHeight: Int { pointWidth * CharmArt.ratio.height / CharmArt.ratio.width }

    func pixelSize(scale: Int) -> (width: Int, height: Int) {
        (pointWidth * scale, pointHeight * scale)
    }

    /// Trims a keyed charm to its painted bounds and places it, scaled to fit inside
    /// the margin and centred, on a canvas of `width` × `height` pixels with the given
    /// margin in pixels. Resampled in premultiplied space.
    static func place(
        _ keyed: RGBAImage, bounds: PixelRect, width: Int, height: Int, margin: Double
    ) -> RGBAImage {
        place(painted(keyed, bounds: bounds), width: width, height: height, margin: margin)
    }

    /// The painted part of a keyed charm (nil when nothing is painted), premultiplied
    /// once for every size it is placed at.
    static func painted(_ keyed: RGBAImage, bounds: PixelRect, threads: Int = 1) -> Resample.Source? {
        bounds.isEmpty ? nil : Resample.Source(keyed, rect: bounds, threads: threads)
    }

    /// `place` from the painted part; `threads` share the resampling.
    static func place(
        _ painted: Resample.Source?, width: Int, height: Int, margin: Double, threads: Int = 1
    ) -> RGBAImage {
        var canvas = RGBAImage(width: width, height: height)
        guard let painted else { return canvas }
        let boxWidth = max(1, Double(width) - 2 * margin)
        let boxHeight = max(1, Double(height) - 2 * margin)
        let scale = min(boxWidth / Double(painted.width), boxHeight / Double(painted.height))
        let targetWidth = max(1, min(width, Int((Double(painted.width) * scale).rounded())))
        let targetHeight = max(1, min(height, Int((Double(painted.height) * scale).rounded())))
        let resized = Resample.resize(painted, width: targetWidth, height: targetHeight, threads: threads)
        Compositing.paste(resized, into: &canvas, x: (width - targetWidth) / 2, y: (height - targetHeight) / 2)
        return canvas
    }

    /// The charm at one scale of this canvas.
    func render(_ keyed: RGBAImage, bounds: PixelRect, scale: Int) -> RGBAImage {
        render(Self.painted(keyed, bounds: bounds), scale: scale)
    }

    /// The same from the painted part (`painted(_:bounds:)`).
    func render(_ painted: Resample.Source?, scale: Int, threads: Int = 1) -> RGBAImage {
        let size = pixelSize(scale: scale)
        return Self.place(painted, width: size.width, height: size.height, margin: marginPoints * Double(scale), threads: threads)
    }
}

enum PaintedBounds {
    /// Alpha at or below 2/255 is not paint: flecks that faint are invisible on any
    /// ground, and counting them would let one stray speck stretch the trim.
    static let alphaThreshold: UInt8 = 2

    /// The smallest rectangle holding every pixel whose alpha is above `threshold`.
    /// Empty when nothing is painted.
    static func of(_ image: RGBAImage, threshold: UInt8 = alphaThreshold) -> PixelRect {
        var minX = image.width, minY = image.height, maxX = -1, maxY = -1
        image.withPixels { p in
            for y in 0..<image.height {
                var rowMin = -1, rowMax = -1
                for x in 0..<image.width where p[x: x, y: y, .alpha] > threshold {
                    if rowMin < 0 { rowMin = x }
                    rowMax = x
                }
                if rowMin >= 0 {
                    minX = min(minX, rowMin)
                    maxX = max(maxX, rowMax)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        if maxX < 0 { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
