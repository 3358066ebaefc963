import BijouxCore
import CRsvg

/// An SVG parsed by librsvg, ready to be drawn by cairo at any size: in the icon
/// renderer `bijoux-render` only (`RenderHelper`), so the tool itself never loads
/// librsvg and its GLib stack.
///
/// It is given the bytes only, never a file name or base URL: librsvg then refuses
/// to load anything outside the document (it needs a base to resolve a file against),
/// which backs up `SVGSafety`'s scan. One SVG user unit (CSS px) is one point; other
/// units convert at 96 per inch, as in CSS.
final class SVGDocument {
    /// The file the bytes came from, for messages.
    let file: String
    /// The intrinsic size, in whole points: from width and height, else the viewBox.
    let pointWidth: Int
    let pointHeight: Int
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses `bytes`; `currentColor` in the SVG paints in `ink`. `maxSide` is the
    /// largest side accepted, in points (`DrawnIcon.maxPointSide` for an icon; the app
    /// icon's layers are 1024 pt).
    init(bytes: [UInt8], file: String, ink: RGBA, maxSide: Int) throws(ArtFileError) {
        self.file = file
        var error: UnsafeMutablePointer<GError>?
        let parsed = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let parsed else { throw ArtFileError(file: file, message: "not a valid SVG: \(Self.consume(error))") }
        rsvg_handle_set_dpi(parsed, 96)
        let sheet = Array("svg { color: #\(ink.hexDigits) }".utf8)
        if sheet.withUnsafeBufferPointer({ rsvg_handle_set_stylesheet(parsed, $0.baseAddress, gsize($0.count), &error) }) == 0 {
            let reason = Self.consume(error)
            g_object_unref(parsed)
            throw ArtFileError(file: file, message: "cannot set the ink colour: \(reason)")
        }
        do throws(ArtFileError) {
            (pointWidth, pointHeight) = try Self.intrinsicSize(parsed, file: file, maxSide: maxSide)
        } catch {
            g_object_unref(parsed)
            throw error
        }
        handle = parsed
    }

    deinit { g_object_unref(handle) }

    /// The whole document fitted to width × height pixels (its viewBox and
    /// preserveAspectRatio decide how), premultiplied.
    func render(width: Int, height: Int) throws(ArtFileError) -> PremultipliedImage {
        guard let surface = CairoSurface(allocating: width, height) else {
            throw ArtFileError(file: file, message: "cannot allocate a \(width)×\(height) raster")
        }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        let rendered = surface.draw { context in rsvg_handle_render_document(handle, context, &viewport, &error) != 0 }
        guard rendered else {
            throw ArtFileError(file: file, message: "librsvg cannot render it: \(Self.consume(error))")
        }
        return surface.premultipliedImage()
    }

    /// Checked before anything is allocated for drawing, so `width="1e9"` costs
    /// nothing but this message.
    private static func intrinsicSize(_ handle: UnsafeMutablePointer<RsvgHandle>, file: String, maxSide: Int) throws(ArtFileError) -> (Int, Int) {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var lengthWidth = RsvgLength(), lengthHeight = RsvgLength(), viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthWidth, &hasHeight, &lengthHeight, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw ArtFileError(file: file, message: "the SVG has no size: give its <svg> element width and height in points, or a viewBox")
            }
            width = viewBox.width
            height = viewBox.height
        }
        let shown = "\(Format.number(width))×\(Format.number(height)) pt"
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw ArtFileError(file: file, message: "the SVG's size is \(shown); it must be positive")
        }
        let limit = Double(maxSide)
        guard width <= limit, height <= limit else {
            throw ArtFileError(file: file, message: "the SVG is \(shown), over the limit of \(maxSide) pt a side for an icon")
        }
        let whole = (width.rounded(), height.rounded())
        guard abs(width - whole.0) < 1e-6, abs(height - whole.1) < 1e-6 else {
            throw ArtFileError(
                file: file, message: "the SVG is \(shown); an icon must be a whole number of points a side so its @1x, @2x and @3x renders agree")
        }
        return (Int(whole.0), Int(whole.1))
    }

    /// The message of a GError, which it frees.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
