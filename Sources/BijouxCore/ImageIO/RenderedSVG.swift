import BijouxHelperKit

extension RGBA {
    /// The opaque colour of a request's ink.
    package init(_ ink: RenderRequest.Ink) { self.init(ink.red, ink.green, ink.blue, 255) }
}

/// An SVG drawn, and its intrinsic size in points: the tool's image of a
/// `RenderReply.Drawing`.
package struct RenderedSVG: Equatable, Sendable {
    package var pointWidth: Int
    package var pointHeight: Int
    package var image: PremultipliedImage

    package init(pointWidth: Int, pointHeight: Int, image: PremultipliedImage) {
        (self.pointWidth, self.pointHeight, self.image) = (pointWidth, pointHeight, image)
    }

    package init(_ drawing: RenderReply.Drawing) {
        let image = PremultipliedImage(width: drawing.width, height: drawing.height, pixels: drawing.pixels)
        self.init(pointWidth: drawing.pointWidth, pointHeight: drawing.pointHeight, image: image)
    }

    /// The drawing as the helper answers it.
    package var drawing: RenderReply.Drawing {
        RenderReply.Drawing(width: image.width, height: image.height, pointWidth: pointWidth, pointHeight: pointHeight, pixels: image.pixels)
    }
}
