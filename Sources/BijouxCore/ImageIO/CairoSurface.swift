import CCairo

/// A cairo image surface with a drawing context: where vector drawing happens, and
/// the one bridge between cairo's pixels and `RGBAImage`.
///
/// `.argb32` is cairo's colour format: one native-endian 32-bit word per pixel,
/// alpha in the top byte, colour premultiplied by alpha, rows `stride` bytes apart.
/// `.a8` holds coverage only (one byte per pixel), for shapes that are drawn once
/// and then both inked into a picture and measured.
package final class CairoSurface {
    package enum Format: Sendable {
        case argb32, a8
    }

    let width: Int
    let height: Int
    let format: Format
    let surface: OpaquePointer
    let context: OpaquePointer

    /// Curves are flattened to within this many pixels. Set explicitly rather than
    /// left to cairo's default (0.1 px) so that every machine draws the same
    /// polygons, and fine enough that a curve's facets never show.
    static let tolerance = 0.02

    /// A cleared (transparent) surface, or nil when cairo cannot allocate it.
    package init?(allocating width: Int, _ height: Int, format: Format = .argb32) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        self.format = format
        surface = cairo_image_surface_create(format == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        context = cairo_create(surface)
        cairo_set_tolerance(context, Self.tolerance)
    }

    /// A cleared (transparent) surface of a size the caller has already bounded.
    package convenience init(width: Int, height: Int, format: Format = .argb32) {
        self.init(allocating: width, height, format: format)!
    }

    /// A colour surface holding `image` (premultiplied on the way in).
    package convenience init(_ image: RGBAImage) {
        self.init(width: image.width, height: image.height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        image.withPixels { p in
            for y in 0..<height {
                for x in 0..<width {
                    let i = p.pixel(x: x, y: y)
                    let a = p[i, .alpha]
                    @inline(__always) func premultiplied(_ c: Channel) -> UInt32 { UInt32(Alpha.premultiply(p[i, c], a)) }
                    let word = UInt32(a) << 24 | premultiplied(.red) << 16 | premultiplied(.green) << 8 | premultiplied(.blue)
                    data.storeBytes(of: word, toByteOffset: Self.offset(x: x, y: y, stride: stride), as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Where an ARGB32 pixel's native-endian word starts: cairo pads its rows to `stride` bytes.
    private static func offset(x: Int, y: Int, stride: Int) -> Int { y * stride + x * MemoryLayout<UInt32>.size }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Draws with the context; its state (source, line width, transform) is restored
    /// afterwards.
    @discardableResult
    package func draw<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        cairo_save(context)
        defer { cairo_restore(context) }
        return body(context)
    }

    /// Paints `ink` wherever `layer` (an `.a8` surface of the same size) has coverage.
    package func fill(_ ink: RGBA, through layer: CairoSurface) {
        precondition(layer.format == .a8 && layer.width == width && layer.height == height)
        cairo_surface_flush(layer.surface)
        draw { cr in
            cairo_set_source_rgba(cr, Double(ink.r) / 255, Double(ink.g) / 255, Double(ink.b) / 255, Double(ink.a) / 255)
            cairo_mask_surface(cr, layer.surface, 0, 0)
        }
    }

    /// Paints another colour surface with its top-left corner at (x, y).
    package func paint(_ other: CairoSurface, x: Double, y: Double) {
        draw { cr in
            cairo_set_source_surface(cr, other.surface, x, y)
            cairo_paint(cr)
        }
    }

    /// The colour surface as straight-alpha RGBA: colour is divided by alpha and
    /// rounded; a fully transparent pixel is (0, 0, 0, 0). Opaque pixels are exact.
    package func image() -> RGBAImage {
        premultipliedImage().straightened()
    }

    /// The colour surface as premultiplied R, G, B, A bytes: the native-endian words
    /// reordered, nothing divided, so nothing lost.
    package func premultipliedImage() -> PremultipliedImage {
        precondition(format == .argb32)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        var image = PremultipliedImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * Channel.count))
        image.withMutablePixels { out in
            for y in 0..<height {
                for x in 0..<width {
                    let word = data.load(fromByteOffset: Self.offset(x: x, y: y, stride: stride), as: UInt32.self)
                    let o = out.pixel(x: x, y: y)
                    out[o, .red] = UInt8(truncatingIfNeeded: word >> 16)
                    out[o, .green] = UInt8(truncatingIfNeeded: word >> 8)
                    out[o, .blue] = UInt8(truncatingIfNeeded: word)
                    out[o, .alpha] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
        return image
    }

    /// The coverage surface as one byte per pixel, rows packed.
    package func coverage() -> [UInt8] {
        precondition(format == .a8)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt8.self)
        var packed = [UInt8](repeating: 0, count: width * height)
        packed.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                (out.baseAddress! + y * width).update(from: data + y * stride, count: width)
            }
        }
        return packed
    }
}
