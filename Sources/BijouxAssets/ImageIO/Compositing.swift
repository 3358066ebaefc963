/// Small raster operations shared by previews and renderers.
package enum Compositing {
    /// An opaque image filled with one colour.
    package static func filled(width: Int, height: Int, color: RGBA) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = color.r
            pixels[i + 1] = color.g
            pixels[i + 2] = color.b
            pixels[i + 3] = color.a
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Draws straight-alpha `top` over `base` (Porter–Duff over) at (x, y).
    package static func draw(_ top: RGBAImage, over base: inout RGBAImage, x: Int, y: Int) {
        for row in 0..<top.height where y + row >= 0 && y + row < base.height {
            for column in 0..<top.width where x + column >= 0 && x + column < base.width {
                let s = (row * top.width + column) * 4
                let alpha = Int(top.pixels[s + 3])
                if alpha == 0 { continue }
                let d = ((y + row) * base.width + x + column) * 4
                let baseAlpha = Int(base.pixels[d + 3])
                // Result alpha and premultiplied colour, in 0...255·255.
                let outAlpha = alpha * 255 + baseAlpha * (255 - alpha)
                for c in 0..<3 {
                    let premultiplied =
                        Int(top.pixels[s + c]) * alpha * 255
                        + Int(base.pixels[d + c]) * baseAlpha * (255 - alpha)
                    base.pixels[d + c] = outAlpha == 0 ? 0 : UInt8((premultiplied + outAlpha / 2) / outAlpha)
                }
                base.pixels[d + 3] = UInt8((outAlpha + 127) / 255)
            }
        }
    }

    /// Enlarges by a whole factor, each pixel a square block, so a designer can see
    /// the pixels of a tiny render.
    package static func magnified(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width * factor, height: image.height * factor)
        for y in 0..<out.height {
            for x in 0..<out.width { out[x, y] = image[x / factor, y / factor] }
        }
        return out
    }

    package static func crop(_ image: RGBAImage, to rect: PixelRect) -> RGBAImage {
        if rect == PixelRect(x: 0, y: 0, width: image.width, height: image.height) { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<rect.maxY {
            let start = (y * image.width + rect.x) * 4
            pixels += image.pixels[start..<(start + rect.width * 4)]
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: pixels)
    }

    /// Copies `image` into `canvas` with its top-left corner at (x, y), replacing pixels.
    package static func paste(_ image: RGBAImage, into canvas: inout RGBAImage, x: Int, y: Int) {
        for row in 0..<image.height where y + row >= 0 && y + row < canvas.height {
            let columns = max(0, -x)..<min(image.width, canvas.width - x)
            guard !columns.isEmpty else { continue }
            let from = (row * image.width + columns.lowerBound) * 4
            let to = ((y + row) * canvas.width + x + columns.lowerBound) * 4
            canvas.pixels.replaceSubrange(to..<(to + columns.count * 4), with: image.pixels[from..<(from + columns.count * 4)])
        }
    }
}
