import BijouxCore

/// The symbol's three weights, made from the icon's wobbled shapes (`VectorIcon.shapes`)
/// so they interpolate point for point. A stroke is expanded to its outline
/// (`Stroker.outlines`) at the drawing's own width times the weight's factor. A fill
/// without a stroke is moved out (Black) or in (Ultralight) by as much as a stroke's edge
/// moves (`Stroker.parallels`): half the difference between the weight's width and
/// Regular's, of the drawing's widest stroke or, in a drawing without strokes, of a
/// twelfth of the canvas's shorter side (2 pt on a 24 pt icon, as Lucide draws). A fill
/// with a stroke keeps its shape, its stroke carrying the weight. A fill that would turn
/// inside out at a weight (a part thinner than the move) is the same in every weight,
/// with a warning at its element.
enum SymbolWeights {
    static func make(_ shapes: [VectorIcon.Shape], pointWidth: Int, pointHeight: Int) -> (weights: [[[Contour]]], warnings: [SVGSafety.Problem]) {
        let weights = SymbolTemplate.Weight.allCases, reference = weights.firstIndex(of: .regular)!
        let widths = shapes.filter { $0.paint.stroke != nil }.map(\.paint.strokeWidth).filter { $0 > 0 }
        let nominal = widths.max() ?? Double(min(pointWidth, pointHeight)) / 12
        var paths = weights.map { _ in [[Contour]]() }, warnings: [SVGSafety.Problem] = []
        for shape in shapes where !shape.contours.isEmpty {
            let paint = shape.paint, stroked = paint.stroke != nil && paint.strokeWidth > 0
            if paint.fill != nil {
                let fills =
                    stroked
                    ? weights.map { _ in shape.contours } : filled(shape, weights.map { ($0.strokeScale - 1) * nominal / 2 }, &warnings)
                for k in weights.indices { paths[k].append(fills[k]) }
            }
            guard stroked else { continue }
            var outlines = weights.map { _ in [Contour]() }
            for contour in shape.contours {
                let sides = Stroker.outlines(
                    contour, halfWidths: weights.map { paint.strokeWidth * $0.strokeScale / 2 }, reference: reference,
                    cap: Stroker.Cap(svg: paint.lineCap), join: Stroker.Join(svg: paint.lineJoin), miterLimit: paint.miterLimit)
                for k in weights.indices { outlines[k] += sides[k] }
            }
            for k in weights.indices { paths[k].append(outlines[k]) }
        }
        return (paths, warnings)
    }

    /// The fill at each weight, its ink grown by `grow` points (negative: shrunk). The ink
    /// of a clockwise outer contour lies on its right, and holes wind the other way, so the
    /// largest contour's direction tells which side every contour grows to.
    static func filled(_ shape: VectorIcon.Shape, _ grow: [Double], _ warnings: inout [SVGSafety.Problem]) -> [[Contour]] {
        let largest = shape.contours.map(\.signedArea).max { abs($0) < abs($1) } ?? 0
        let outwards: Double = largest < 0 ? -1 : 1
        var moved = grow.map { _ in [Contour]() }
        for contour in shape.contours {
            let (contours, holds) = Stroker.parallels(contour, distances: grow.map { $0 * outwards })
            if let failed = holds.firstIndex(of: false) {
                let weight = SymbolTemplate.Weight.allCases[failed], by = Format.number(abs(grow[failed]), decimals: 3)
                let message =
                    "a filled shape too thin to take the symbol's weights: moved \(grow[failed] < 0 ? "in" : "out") by \(by) pt for "
                    + "\(weight.rawValue), it turns inside out, so it is the same in every weight"
                warnings.append(SVGSafety.Problem(message: message, location: shape.location))
                return grow.map { _ in shape.contours }
            }
            for k in grow.indices { moved[k].append(contours[k]) }
        }
        return moved
    }

    /// The most segments the shape adds to the three weights, for the forms' budget.
    static func cost(_ shape: VectorIcon.Shape) -> Int {
        var perWeight = 0
        if shape.paint.fill != nil { perWeight += shape.contours.reduce(0) { $0 + Stroker.pieceCount($1) + 1 } }
        if shape.paint.stroke != nil && shape.paint.strokeWidth > 0 { perWeight += shape.contours.reduce(0) { $0 + Stroker.segmentCount($1) } }
        return SymbolTemplate.Weight.allCases.count * perWeight
    }
}
