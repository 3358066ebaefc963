import BijouxCore
import BijouxHelperKit
import BijouxSVG

/// The review's pictures of a changed vector image set or symbol, which a person cannot
/// judge from its path data: each side drawn to pixels by the tool's own renderer
/// (`RenderSession`: the `bijoux-render` helper, bounded in time and memory, after the
/// SVG safety check, as every SVG it draws), and the two compared pixel by pixel under
/// the icons' tolerance, so the diff picture is a real one. A vector is drawn at
/// `vectorDensity` pixels per point (the wobble is a fraction of a point); a symbol
/// template's three sources (Ultralight, Regular and Black, at the Small scale) each
/// in a window around its margins, at `symbolDensity` pixels per template unit (its cap
/// height is 70 units). A side that cannot be drawn is named with the reason.
package enum ReviewDrawing {
    enum Form: Sendable { case vector, symbol }

    /// One picture of a change: before and after drawn (nil: that side is absent or
    /// could not be drawn, `problems` says why), and their comparison.
    package struct Panel: Sendable {
        var label: String
        var before: ReviewPage.Picture?
        var after: ReviewPage.Picture?
        var difference: ImageDifference?
        var problems: [String] = []
    }

    static let vectorDensity = 8
    /// The largest side a vector is drawn at, in pixels: a large icon gets fewer pixels per point.
    static let maxVectorSide = 512
    static let symbolDensity = 2
    /// The sources a symbol template holds, by their guides' names.
    static let symbolWeights = ["Ultralight", "Regular", "Black"]
    /// The Small scale's baseline, the cap height and how far a window reaches past a
    /// source's margins, in template units (`SymbolTemplate`).
    static let smallBaseline = 696.0, capHeight = SymbolTemplate.capHeight, margin = 12.0
    /// The widest window drawn, in template units: three times a square icon's glyph.
    static let maxWindow = 300.0

    /// Which form an output is, by its path; nil for any other output.
    static func form(of path: String) -> Form? {
        guard path.hasPrefix(IconsStage.catalogFolder + "/"), path.hasSuffix(".svg") else { return nil }
        if path.contains(".symbolset/") { return .symbol }
        return path.contains(IconsStage.vectorSuffix + ".imageset/") ? .vector : nil
    }

    /// The pictures of every drawable change of `review`, by output path, drawn by
    /// `renders` and compared under the icons' tolerance of `tolerances` (the art folder's).
    package static func make(_ review: Review, tolerances: GoldenTolerances, renders: RenderSession = RenderSession()) -> [String: [Panel]] {
        let tolerance = tolerances.tolerance(for: IconsStage.catalogFolder + "/icon.png")
        var drawings: [String: [Panel]] = [:]
        for change in review.changes {
            guard let form = form(of: change.path), change.before != nil || change.after != nil else { continue }
            let sides = (change.before.map { String(decoding: $0, as: UTF8.self) }, change.after.map { String(decoding: $0, as: UTF8.self) })
            let windows = form == .vector ? [("vector, \(vectorDensity)× its points", nil)] : symbolWindows(sides.0, sides.1)
            drawings[change.path] = windows.map { label, window in
                panel(label, sides, window: window, file: change.path, renders: renders, tolerance: tolerance)
            }
        }
        return drawings
    }

    /// Draws both sides (in `window`, a symbol's; the whole vector without) and compares them.
    static func panel(
        _ label: String, _ sides: (String?, String?), window: Window?, file: String, renders: RenderSession, tolerance: GoldenTolerance
    ) -> Panel {
        var panel = Panel(label: label)
        var images: [RGBAImage?] = [nil, nil]
        for (index, (side, text)) in [("before", sides.0), ("after", sides.1)].enumerated() {
            guard let text else { continue }
            do {
                images[index] = try draw(text, window: window, file: file, renders: renders)
            } catch {
                panel.problems.append("\(side): cannot be drawn: \(error.diagnostic.message)")
            }
        }
        func picture(_ image: RGBAImage?) -> ReviewPage.Picture? {
            image.map { ReviewPage.Picture(png: PNGEncoder.encode($0), width: $0.width, height: $0.height) }
        }
        (panel.before, panel.after) = (picture(images[0]), picture(images[1]))
        if let old = images[0], let new = images[1] { panel.difference = try? PixelComparer.compare(old, new, tolerance.comparison) }
        return panel
    }

    /// An SVG drawn by the renderer: the whole of it, or the template's `window`.
    static func draw(_ text: String, window: Window?, file: String, renders: RenderSession) throws(ArtFileError) -> RGBAImage {
        guard let root = rootTag(text) else { throw ArtFileError(file: file, message: "no <svg> element") }
        var document = text, size = RenderRequest.Size.density(vectorDensity), maxSide = maxVectorSide
        if let window {
            let box = "\(Format.number(window.x)) \(Format.number(window.y)) \(Format.number(window.width)) \(Format.number(window.height))"
            let tag = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Format.number(window.width))\" "
            document = String(text[..<root.lowerBound]) + tag + "height=\"\(Format.number(window.height))\" viewBox=\"\(box)\">" + text[root.upperBound...]
            (size, maxSide) = (.density(symbolDensity), Int(maxWindow) + 1)
        } else if let side = number("width", in: text[root]).flatMap({ width in number("height", in: text[root]).map { max(width, $0) } }), side > 0 {
            size = .density(max(1, min(vectorDensity, Int(Double(maxVectorSide) / side))))
        }
        let bytes = Array(document.utf8)
        if let problem = SVGSafety.problem(in: bytes) { throw ArtFileError(file: file, location: problem.location, message: problem.message) }
        return try renders.render(bytes, size: size, ink: DrawnIcon.ink, maxSide: maxSide, file: file).image.straightened()
    }

    /// A window of a symbol template, in its units.
    struct Window: Sendable {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// Each source's window: around its margins on either side (the wider of the two),
    /// from a cap height and a half above the Small baseline to half of one below it.
    static func symbolWindows(_ before: String?, _ after: String?) -> [(String, Window?)] {
        symbolWeights.compactMap { weight in
            let found = [before, after].compactMap { $0 }.compactMap { Self.margins(of: weight, in: $0) }
            guard let left = found.map(\.left).min(), let right = found.map(\.right).max(), right > left else { return nil }
            // Whole units: the renderer draws only whole points a side.
            let x = (left - margin).rounded(.down), y = (smallBaseline - 1.5 * capHeight).rounded(.down)
            let width = min(maxWindow, (right + margin - x).rounded(.up)), height = (smallBaseline + 0.5 * capHeight - y).rounded(.up)
            return (weight, Window(x: x, y: y, width: width, height: height))
        }
    }

    /// Where a source's margin guides stand (`left-margin-Regular-S`), read from the
    /// template's text; nil when it has none.
    static func margins(of weight: String, in text: String) -> (left: Double, right: Double)? {
        func x(_ side: String) -> Double? {
            guard let found = text.firstRange(of: "id=\"\(side)-margin-\(weight)-S\"") else { return nil }
            let tag = text[found.upperBound...].prefix { $0 != ">" }
            return number("x1", in: tag)
        }
        guard let left = x("left"), let right = x("right") else { return nil }
        return (left, right)
    }

    /// The root element's start tag, `<svg …>`.
    static func rootTag(_ text: String) -> Range<String.Index>? {
        guard let open = text.firstRange(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        return open.lowerBound..<text.index(after: close)
    }

    /// A finite number attribute `name="…"` of a start tag.
    static func number(_ name: String, in tag: Substring) -> Double? {
        guard let found = tag.firstRange(of: " \(name)=\"") else { return nil }
        return Double(tag[found.upperBound...].prefix { $0 != "\"" }).flatMap { $0.isFinite ? $0 : nil }
    }
}
