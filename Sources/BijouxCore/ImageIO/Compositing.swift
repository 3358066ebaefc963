/// Small raster operations shared by previews and renderers.
package enum Compositing {
    /// An opaque image filled with one colour.
    package static func filled(width: Int, height: Int, color: RGBA) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        image.withMutablePixels { out in
            for i in 0..<out.pixelCount { out[rgba: i] = color }
        }
        return image
    }

    /// Draws straight-alpha `top` over `base` (`Alpha.over`) at (x, y).
    package static func draw(_ top: RGBAImage, over base: inout RGBAImage, x: Int, y: Int) {
        top.withPixels { top in
            base.withMutablePixels { base in
                for row in 0..<top.height where y + row >= 0 && y + row < base.height {
                    for column in 0..<top.width where x + column >= 0 && x + column < base.width {
                        let d = base.pixel(x: x + column, y: y + row)
                        base[rgba: d] = Alpha.over(top[rgba: top.pixel(x: column, y: row)], base[rgba: d])
                    }
                }
            }
        }
    }

    /// Enlarges by a whole factor, each pixel a square block, so a designer can see
    /// the pixels of a tiny render.
    static func magnified(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width * factor, height: image.height * factor)
        for y in 0..<out.height {
            for x in 0..<out.width { out[x, y] = image[x / factor, y / factor] }
        }
        return out
    }

    static func crop(_ image: RGBAImage, to rect: PixelRect) -> RGBAImage {
        if rect == PixelRect(x: 0, y: 0, width: image.width, height: image.height) { return image }
        var cropped = RGBAImage(width: rect.width, height: rect.height)
        paste(image, into: &cropped, x: -rect.x, y: -rect.y)
        return cropped
    }

    /// Copies `image` into `canvas` with its top-left corner at (x, y), replacing pixels.
    package static func paste(_ image: RGBAImage, into canvas: inout RGBAImage, x: Int, y: Int) {
        let columns = max(0, -x)..<min(image.width, canvas.width - x)
        guard !columns.isEmpty else { return }
        image.withPixels { image in
            canvas.withMutablePixels { canvas in
                for row in 0..<image.height where y + row >= 0 && y + row < canvas.height {
                    let from = image.pixel(x: columns.lowerBound, y: row)
                    let to = canvas.pixel(x: x + columns.lowerBound, y: y + row)
                    let source = image.samples(from..<(from + columns.count))
                    let target = canvas.samples(to..<(to + columns.count))
                    _ = UnsafeMutableBufferPointer(rebasing: target).update(fromContentsOf: source)
                }
            }
        }
    }
}
