import BijouxCore
import BijouxShared

/// Where everything in the icon goes, worked out once from the parameters: the
/// renderer draws it, the safe-zone checks measure it, the previews annotate it.
struct AppIconLayout: Sendable {
    var side: Int
    /// The thread (BijouxKit's, with the icon's stretch), and its samples as drawn.
    var thread: GoldThread
    var samples: [GoldThread.Sample]
    /// The squiggle the renderer strokes: the samples' points.
    var points: [CanvasPoint]
    var strokeWidth: Double
    /// The top of the ring's centre line: the point that rests on the thread.
    var ringTop: CanvasPoint
    var ringRadius: Double
    var ringStrokeWidth: Double
    /// Where the painted charm goes (its painted bounds, scaled, in whole pixels).
    var charmBox: PixelRect

    /// Samples this far apart on average (pixels of the 1024 px icon) keep the polyline
    /// within a hundredth of a pixel of the true squiggle.
    static let sampleSpacing = 1.0

    /// `charmSize` is the charm's box (see `charmSize(height:aspect:)`), `attachDepth`
    /// how far below the box's top its paint starts on its centre line: the point
    /// that hangs `hang` below the base curve, and that the ring passes through.
    init(_ parameters: AppIconParameters, charmSize: (width: Int, height: Int), attachDepth: Int, file: String) throws(ArtFileError) {
        side = AppIconParameters.side
        thread = parameters.curve
        samples = thread.samples(spacing: Self.sampleSpacing)
        points = samples.map(\.point)
        strokeWidth = parameters.thread.strokeWidth
        let charm = parameters.charm
        // The charm hangs from the base curve at its own x; the ring sits where the
        // squiggle crosses that x, so it can never float free of the line.
        guard let squiggleY = thread.squiggleY(atX: charm.x, spacing: Self.sampleSpacing) else {
            throw ArtFileError(
                file: file, location: parameters.locations["charm"], field: "charm.x",
                message: "the thread's squiggle does not pass x = \(Format.number(charm.x)) (it is too close to an end), so the ring has nothing to rest on")
        }
        ringTop = CanvasPoint(charm.x, squiggleY + parameters.ring.offset)
        ringRadius = parameters.ring.radius
        ringStrokeWidth = parameters.ring.strokeWidth
        charmBox = PixelRect(
            x: Int((charm.x - Double(charmSize.width) / 2).rounded()),
            y: Int((thread.baseY(atX: charm.x) + charm.hang).rounded()) - attachDepth,
            width: charmSize.width, height: charmSize.height)
    }

    /// The charm's box: `height` tall (rounded to whole pixels) and as wide as the
    /// painted bounds' aspect makes it.
    static func charmSize(height: Double, aspect: Double) -> (width: Int, height: Int) {
        let whole = max(1, Int(height.rounded()))
        return (max(1, Int((Double(whole) * aspect).rounded())), whole)
    }

    var ringCenter: CanvasPoint { CanvasPoint(ringTop.x, ringTop.y + ringRadius) }
}
