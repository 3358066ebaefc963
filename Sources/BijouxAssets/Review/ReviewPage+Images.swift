import BijouxCore

/// The review page's pictures: before, after and the diff picture of an image change
/// side by side (with the flip control and the comparison's figures), before and after
/// of a resized one, the one side of an added or removed one. Each is its PNG inline
/// as a `data:` URI, enlarged pixel for pixel when small (icons are 24–72 px).
extension ReviewPage {
    /// A PNG to show, with its size in pixels.
    struct Picture: Sendable {
        var png: [UInt8]
        var width: Int
        var height: Int
    }

    /// Pictures up to this many pixels on their longer side are enlarged by a whole
    /// factor towards it, at most `maxZoom` times: a 24 px icon shows at 144 px, a 72 px
    /// one at 144 px too.
    static let enlargedSide = 144
    static let maxZoom = 8
    /// Larger pictures (the 1024 px app icon) are shrunk to this, so two changes of
    /// three pictures each fit side by side on a laptop's screen.
    static let largestSide = 192

    // MARK: Bodies

    /// Before, after and the diff picture, the flip control, and the figures of the
    /// comparison with its tolerance.
    static func imageComparison(_ change: Review.Change, _ difference: ImageDifference, _ tolerance: GoldenTolerance) -> String {
        let picture = { (png: [UInt8]) in Picture(png: png, width: difference.width, height: difference.height) }
        let before = change.before.map(picture), after = change.after.map(picture)
        let diff = change.before.flatMap { diffPicture($0, difference) }
        return comparison(before, after, diff: diff, path: change.path) + facts(difference, tolerance)
    }

    /// One picture of a vector or a symbol drawn (`ReviewDrawing`): its label, before,
    /// after and the diff, with the flip, the figures, and why a side is missing.
    static func drawing(_ panel: ReviewDrawing.Panel, path: String) -> String {
        var text = "<div class=\"drawn\" data-drawn=\"\(HTML.escape(panel.label))\">\n<h4>\(HTML.escape(panel.label))</h4>\n"
        let diff = panel.difference.flatMap { difference in
            panel.before.flatMap { diffPicture($0.png, difference) }
        }
        text += comparison(panel.before, panel.after, diff: diff, path: path, zoom: 1)
        if let difference = panel.difference { text += facts(difference, nil) }
        text += panel.problems.map { "<p class=\"reason\">\(HTML.escape($0))</p>\n" }.joined()
        return text + "</div>\n"
    }

    /// Before and after (the flip between them when both are there) and the diff, at one
    /// scale (`zoom`, else `scale(for:)`).
    static func comparison(_ before: Picture?, _ after: Picture?, diff: Picture?, path: String, zoom: Double? = nil) -> String {
        let zoom = zoom ?? scale(for: [before, after, diff].compactMap { $0 })
        var text = "<div class=\"comparison\">\n"
        if before != nil || after != nil {
            text += "<div class=\"images\">\n<div class=\"pair\">\n"
            if let before { text += figure(before, role: "before", path: path, zoom: zoom) }
            if let after { text += figure(after, role: "after", path: path, zoom: zoom) }
            text += "</div>\n"
            if let diff { text += figure(diff, role: "diff", path: path, zoom: zoom, caption: "diff: red differs, orange tolerated") }
            text += "</div>\n"
        }
        if before != nil && after != nil {
            text += "<p class=\"flip\"><button type=\"button\" data-flip aria-pressed=\"false\">Flip: after over before</button>"
            text += " <label>before <input type=\"range\" min=\"0\" max=\"100\" value=\"100\" data-mix disabled> after</label></p>\n"
        }
        return text + "</div>\n"
    }

    /// The figures of a comparison: counted pixels, the worst distance, the bounding box
    /// (also as data attributes), what was tolerated, and the tolerance with its reason
    /// (none for a drawing, which is judged as text).
    static func facts(_ difference: ImageDifference, _ tolerance: GoldenTolerance?) -> String {
        let total = difference.width * difference.height
        let share = Format.percent(Double(difference.differingPixels) / Double(max(1, total)), decimals: 2)
        let box = difference.bounds.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? ""
        var text = "<dl class=\"facts\" data-differing=\"\(difference.differingPixels)\" data-bounds=\"\(box)\">\n"
        text += "<dt>pixels differing</dt><dd>\(difference.differingPixels) of \(total) (\(share))</dd>\n"
        text += "<dt>worst distance</dt><dd>\(Format.number(difference.worstDistance, decimals: 3))</dd>\n"
        text += "<dt>bounding box</dt><dd>\(difference.bounds.map(\.description) ?? "none")</dd>\n"
        let tolerated = [("anti-aliased", difference.antiAliasedPixels), ("below the threshold", difference.belowThresholdPixels)]
            .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
        if !tolerated.isEmpty { text += "<dt>tolerated</dt><dd>\(tolerated.joined(separator: ", "))</dd>\n" }
        if let tolerance {
            text += "<dt>tolerance</dt><dd>\(HTML.escape(tolerance.comparison.description)), "
            text += "\(Format.count(tolerance.budget, "pixel")) allowed — \(HTML.escape(tolerance.reason))</dd>\n"
        }
        return text + "</dl>\n"
    }

    /// Two pictures of different sizes: before and after only, at one scale so the
    /// change of size shows.
    static func resizedImage(_ change: Review.Change, before: PixelSize, after: PixelSize) -> String {
        let shown = [
            change.before.map { (Picture(png: $0, width: before.width, height: before.height), "before") },
            change.after.map { (Picture(png: $0, width: after.width, height: after.height), "after") },
        ].compactMap { $0 }
        return row(shown, path: change.path)
    }

    /// The one side of an added (after) or removed (before) picture, or both sides of
    /// a change the review has no figures for; a side that is not a readable PNG is
    /// named with the decoder's reason instead.
    static func loneImages(_ change: Review.Change) -> String {
        var shown: [(Picture, String)] = [], problems: [String] = []
        for (role, bytes) in [("before", change.before), ("after", change.after)] {
            guard let bytes else { continue }
            do {
                let decoded = try PNGDecoder.decode(bytes, path: role)
                shown.append((Picture(png: bytes, width: decoded.width, height: decoded.height), role))
            } catch {
                problems.append(error.description)
            }
        }
        return row(shown, path: change.path) + problems.map { "<p class=\"reason\">\(HTML.escape($0))</p>\n" }.joined()
    }

    static func row(_ pictures: [(Picture, String)], path: String, zoom: Double? = nil) -> String {
        guard !pictures.isEmpty else { return "" }
        let zoom = zoom ?? scale(for: pictures.map(\.0))
        return "<div class=\"images\">\n" + pictures.map { figure($0.0, role: $0.1, path: path, zoom: zoom) }.joined() + "</div>\n"
    }

    // MARK: Pictures

    /// The diff picture (`DiffImage`) over the picture before, or nil when the bytes
    /// before do not decode to the compared size.
    static func diffPicture(_ before: [UInt8], _ difference: ImageDifference) -> Picture? {
        guard let decoded = try? PNGDecoder.decode(before, path: "before") else { return nil }
        let expected = ImageFileComparison.eightBit(decoded)
        guard expected.width == difference.width && expected.height == difference.height else { return nil }
        let png = PNGEncoder.encode(DiffImage.render(expected: expected, difference: difference), as: .rgb)
        return Picture(png: png, width: difference.width, height: difference.height)
    }

    /// One scale for the pictures of one change: small ones enlarged by a whole factor,
    /// large ones shrunk, so before, after and diff line up pixel for pixel.
    static func scale(for pictures: [Picture]) -> Double {
        let side = pictures.map { max($0.width, $0.height) }.max() ?? 0
        guard side > 0 else { return 1 }
        if side > largestSide { return Double(largestSide) / Double(side) }
        return Double(max(1, min(maxZoom, enlargedSide / side)))
    }

    /// A picture in a checkerboard well with its caption. The `img` has `alt`,
    /// `data-role` (before, after, diff) and the output's `data-path`.
    static func figure(_ picture: Picture, role: String, path: String, zoom: Double, caption: String? = nil) -> String {
        let width = HTML.number(Double(picture.width) * zoom), height = HTML.number(Double(picture.height) * zoom)
        let enlarged = zoom > 1 ? " class=\"enlarged\"" : ""
        var text = "<figure class=\"\(role)\"><div class=\"well\"><img src=\"data:image/png;base64,\(base64(picture.png))\""
        text += " width=\"\(width)\" height=\"\(height)\"\(enlarged) alt=\"\(role): \(HTML.escape(path))\""
        text += " data-role=\"\(role)\" data-path=\"\(HTML.escape(path))\"></div>"
        return text + "<figcaption>\(caption ?? role) · \(picture.width)×\(picture.height) px</figcaption></figure>\n"
    }

    /// The 64 characters of base64 (RFC 4648), in the order of their values.
    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Bytes as base64 with padding, for `data:` URIs (the library does not import
    /// Foundation, whose `Data` has the same).
    static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var word = 0
            for offset in 0..<3 { word = word << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for position in 0..<4 {
                out.append(position <= count ? base64Alphabet[(word >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
