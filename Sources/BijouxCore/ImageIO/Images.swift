import BijouxHelperKit

/// An 8-bit RGBA raster, rows packed top to bottom, straight (not premultiplied)
/// alpha. The currency of the pipeline: stages take one and return one.
package struct RGBAImage: PixelBuffer, Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// R, G, B, A bytes, read and written through `withPixels` and `withMutablePixels`.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * Channel.count)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent black image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * Channel.count))
    }

    package subscript(x: Int, y: Int) -> RGBA {
        get { withPixels { $0[rgba: $0.pixel(x: x, y: y)] } }
        set { withMutablePixels { $0[rgba: $0.pixel(x: x, y: y)] = newValue } }
    }

    /// The image with each pixel replaced by `transform` of it.
    package func mapPixels(_ transform: (RGBA) -> RGBA) -> RGBAImage {
        var out = self
        out.withMutablePixels { p in
            for i in 0..<p.pixelCount { p[rgba: i] = transform(p[rgba: i]) }
        }
        return out
    }
}

/// A 16-bit RGBA raster (native-endian samples), for keying 16-bit art at full
/// precision before the single rounding to 8 bits.
package struct RGBA16Image: PixelBuffer, Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt16]

    init(width: Int, height: Int, pixels: [UInt16]) {
        precondition(pixels.count == width * height * Channel.count)
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// One 8-bit colour with its alpha, straight (not premultiplied) unless a name says so.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, 0 to 255.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// The colour of these four samples.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// "(r, g, b, a)", as messages and test failures show a colour.
    public var description: String { "(\(r), \(g), \(b), \(a))" }

    /// "rrggbb", as CSS and SVG write the colour after the "#" (alpha left out).
    package var hexDigits: String { HexColour.digits(r, g, b) }

    /// The opaque colour six hex digits ("rrggbb") write, or nil.
    package init?(hexDigits: String) {
        guard let (r, g, b) = HexColour.channels(hexDigits) else { return nil }
        self.init(r, g, b, 255)
    }
}

/// RGBA with colour premultiplied by alpha, 8 bits a channel: what cairo draws, and
/// what interpolation and averaging need (straight colour would bleed the colour of
/// transparent pixels into edges).
package struct PremultipliedImage: PixelBuffer, Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * Channel.count)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Straight RGBA: colour divided by alpha, rounded to nearest; a fully
    /// transparent pixel is (0, 0, 0, 0). Opaque pixels are exact.
    package func straightened() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        withPixels { source in
            image.withMutablePixels { out in
                for i in 0..<source.pixelCount {
                    let a = source[i, .alpha]
                    guard a > 0 else { continue }
                    for c in Channel.colour { out[i, c] = Alpha.unpremultiply(source[i, c], a) }
                    out[i, .alpha] = a
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
        var sums = FloatPixels(width: width / factor, height: height / factor)
        let weight = 1 / Float(factor * factor)
        withPixels { source in
            sums.withMutablePixels { out in
                for y in 0..<height {
                    for x in 0..<width {
                        let s = source[source.pixel(x: x, y: y)]
                        out[out.pixel(x: x / factor, y: y / factor)] += SIMD4<Float>(s) * weight
                    }
                }
            }
        }
        return Resample.unpremultiply(sums)
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
    var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
