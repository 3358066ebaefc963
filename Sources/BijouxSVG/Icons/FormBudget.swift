import BijouxCore

/// The caps on one icon's vector and symbol forms, each checked before the work it bounds,
/// so that whatever a drawing holds, its forms cost bounded time, memory and output, and
/// nothing in them traps: a shape past a cap is one error at its line and column.
struct FormBudget {
    /// Points the forms of one icon may hold, counted shape by shape before the work: the
    /// points the wobble moves (each contour flattened and divided, the vector image's
    /// outlines included) or, with the wobble off, the segments kept; and the segments of
    /// the symbol's three weights. The sample icons hold 1,000 to 2,500 (a test holds them
    /// under 5,000).
    static let maxPoints = 100_000
    /// The largest coordinate and stroke width a form takes, in points once the viewBox is
    /// placed: far past any canvas (512 pt at most), and small enough that no arithmetic of
    /// the forms overflows.
    static let maxCoordinate = 1_000_000.0
    /// The most path data one form writes (the vector image; the symbol's three weights):
    /// the sample icons write 3 to 6 KB and 10 to 23 KB.
    static let maxPathBytes = 1 << 20

    let file: String
    let field: DisplacementField?
    var left = maxPoints

    mutating func charge(_ points: Int, at shape: SVGDrawing.Shape) throws(ArtFileError) {
        left -= points
        guard left < 0 else { return }
        var message = "the drawing is too detailed to carry into a vector or symbol: its forms would hold over \(Self.maxPoints) points"
        message += " (an icon holds a few thousand)"
        if let field { message += "; with this wobble a line is cut every \(Format.number(VectorIcon.divisionStep(field), decimals: 4)) pt" }
        throw ArtFileError(file: file, location: shape.location, message: message)
    }

    /// What keeping the contours costs: with the wobble, the most points it moves (each
    /// segment's flattening steps and the divisions of its control polygon's length, which
    /// is longer than the curve); without it, their segments.
    func cost(_ contours: [Contour]) -> Int {
        guard let field else { return contours.reduce(0) { $0 + $1.segments.count } }
        let step = VectorIcon.divisionStep(field)
        return contours.reduce(0) { total, contour in
            contour.segments.reduce(total) { total, segment in
                let length =
                    segment.from.distance(to: segment.control1) + segment.control1.distance(to: segment.control2)
                    + segment.control2.distance(to: segment.to)
                let divisions = min(Double(Self.maxPoints), (length / step).rounded(.up))
                return total + Contour.flatteningSteps(segment, tolerance: VectorIcon.flatness) + Int(divisions) + 1
            }
        }
    }

    /// Refuses a shape whose coordinates (control points included) or stroke width, placed
    /// in points, are not finite numbers within `maxCoordinate`.
    func checkRange(_ contours: [Contour], _ paint: SVGDrawing.Paint, at shape: SVGDrawing.Shape) throws(ArtFileError) {
        func inRange(_ value: Double) -> Bool { value.magnitude <= Self.maxCoordinate }
        let limit = "±\(Format.number(Self.maxCoordinate)) pt once placed"
        if paint.stroke != nil && !inRange(paint.strokeWidth) {
            throw ArtFileError(
                file: file, location: shape.location,
                message: "a stroke width of \(Format.number(paint.strokeWidth)) pt is out of range for a vector or symbol (\(limit))")
        }
        for contour in contours {
            for segment in contour.segments {
                for p in [segment.from, segment.to, segment.control1, segment.control2] where !inRange(p.x) || !inRange(p.y) {
                    throw ArtFileError(
                        file: file, location: shape.location,
                        message: "a point at (\(Format.number(p.x)), \(Format.number(p.y))) pt is out of range for a vector or symbol (\(limit))")
                }
            }
        }
    }

    /// Each list of contours as path data (`PathData.text`), refused once the form's path
    /// data, added up, passes `maxPathBytes`.
    static func pathData(_ paths: [[Contour]], decimals: Int, file: String, form: String) throws(ArtFileError) -> [String] {
        var texts: [String] = [], total = 0
        for path in paths {
            let text = PathData.text(path, decimals: decimals)
            total += text.utf8.count
            guard total <= maxPathBytes else {
                throw ArtFileError(
                    file: file,
                    message: "the \(form) would hold over \(maxPathBytes / 1024) KiB of path data (an icon's is tens of kilobytes): simplify the drawing")
            }
            texts.append(text)
        }
        return texts
    }
}
