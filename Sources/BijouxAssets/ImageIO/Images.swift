/// An 8-bit RGBA raster, rows packed top to bottom, straight (not premultiplied)
/// alpha. The currency of the pipeline: stages take one and return one.
package struct RGBAImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// width * height * 4 bytes: R, G, B, A.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent black image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    package subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }
}

/// A 16-bit RGBA raster (native-endian samples), for keying 16-bit art at full
/// precision before the single rounding to 8 bits.
package struct RGBA16Image: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var samples: [UInt16]

    package init(width: Int, height: Int, samples: [UInt16]) {
        precondition(samples.count == width * height * 4)
        self.width = width
        self.height = height
        self.samples = samples
    }
}

package struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    package init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    package var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// RGBA with colour premultiplied by alpha, 8 bits a channel: what cairo draws, and
/// what interpolation and averaging need (straight colour would bleed the colour of
/// transparent pixels into edges).
package struct PremultipliedImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Straight RGBA: colour divided by alpha, rounded to nearest; a fully
    /// transparent pixel is (0, 0, 0, 0). Opaque pixels are exact.
    package func straightened() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { out in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let a = source[i + 3]
                    guard a > 0 else { continue }
                    for c in 0..<3 { out[i + c] = Alpha.unpremultiply(source[i + c], a) }
                    out[i + 3] = a
                }
            }
        }
        return image
    }

    /// Averages each factor × factor block into one pixel and returns straight RGBA.
    /// With a whole factor this is exact area sampling: the antialiasing of a render
    /// made `factor` times larger.
    package func boxDownsampled(by factor: Int) -> RGBAImage {
        precondition(factor >= 1 && width % factor == 0 && height % factor == 0)
        let outWidth = width / factor, outHeight = height / factor
        var sums = [Float](repeating: 0, count: outWidth * outHeight * 4)
        let weight = 1 / Float(factor * factor)
        pixels.withUnsafeBufferPointer { source in
            sums.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let outRow = (y / factor) * outWidth
                    for x in 0..<width {
                        let s = (y * width + x) * 4
                        let o = (outRow + x / factor) * 4
                        out[o] += Float(source[s]) * weight
                        out[o + 1] += Float(source[s + 1]) * weight
                        out[o + 2] += Float(source[s + 2]) * weight
                        out[o + 3] += Float(source[s + 3]) * weight
                    }
                }
            }
        }
        return Resample.unpremultiply(sums, width: outWidth, height: outHeight)
    }
}

/// A rectangle of pixels: origin and size in whole pixels.
package struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
