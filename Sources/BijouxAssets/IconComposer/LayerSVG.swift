import BijouxCore
import BijouxShared

/// The SVG of a vector layer: one element on a square canvas of the icon's size in
/// points (user units), nothing outside the document, colours as `#rrggbb`.
///
/// Every coordinate and length goes through `rounded` and is written by `number`,
/// so the text is the same on every machine and what the checks measure (the
/// rounded values) is exactly what the file says.
enum LayerSVG {
    /// Hundredths of a point: at most 0.005 pt from the recipe, far under a pixel of
    /// the largest render (1024 px).
    static let decimals = 2

    static func rounded(_ value: Double) -> Double { Format.rounded(value, decimals: decimals) }
    static func rounded(_ point: CanvasPoint) -> CanvasPoint { CanvasPoint(rounded(point.x), rounded(point.y)) }
    static func number(_ value: Double) -> String { Format.number(value, decimals: decimals) }

    /// A stroked polyline through `points` with round caps and joins, as cairo
    /// strokes the thread: `M x y L x y x y …`.
    static func polyline(_ points: [CanvasPoint], stroke: RGBA, width: Double) -> String {
        var d = ""
        for (i, point) in points.enumerated() {
            d += i == 0 ? "M" : i == 1 ? "L" : " "
            d += number(point.x) + " " + number(point.y)
        }
        return element(
            "path",
            [
                ("d", d), ("fill", "none"), ("stroke", "#" + stroke.hexDigits), ("stroke-width", number(width)),
                ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
            ])
    }

    /// A stroked circle (the jump ring).
    static func ring(center: CanvasPoint, radius: Double, stroke: RGBA, width: Double) -> String {
        element(
            "circle",
            [
                ("cx", number(center.x)), ("cy", number(center.y)), ("r", number(radius)), ("fill", "none"),
                ("stroke", "#" + stroke.hexDigits), ("stroke-width", number(width)),
            ])
    }

    /// The document around one element, `side` points square.
    static func document(side: Int, _ element: String) -> String {
        let s = String(side)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(s)\" height=\"\(s)\" viewBox=\"0 0 \(s) \(s)\">\n  \(element)\n</svg>\n"
    }

    /// Attribute values here are numbers, names and path data: nothing to escape.
    static func element(_ name: String, _ attributes: [(String, String)]) -> String {
        "<" + name + attributes.map { " \($0.0)=\"\($0.1)\"" }.joined() + "/>"
    }
}
