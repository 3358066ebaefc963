@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

/// What every vector image and symbol template must hold, whatever the icon: checked on
/// the sample icons and on every icon of the Lucide corpus. Each check returns what it
/// found wrong, one line each (none: it holds).
enum FormChecks {
    /// The vector image's curves lie within `allowed` (the canvas, or the drawing where it
    /// reaches past it, grown by the wobble's amplitude and the fit's tolerance), and its
    /// control points within that box widened by half its size, where the fit puts them.
    static func vectorProblems(_ vector: VectorIcon, allowed: VectorBounds) -> [String] {
        var problems: [String] = []
        for contour in vector.image.flatMap(\.contours) {
            if let box = contour.bounds, !allowed.contains(VectorPoint(box.minX, box.minY)) || !allowed.contains(VectorPoint(box.maxX, box.maxY)) {
                problems.append("a curve reaches \(box) past \(allowed)")
            }
            if let stray = contour.points.first(where: { !allowed.widened.contains($0) }) {
                problems.append("a control point at \(stray) stands past \(allowed.widened)")
            }
        }
        return problems
    }

    /// The template's three sources, read back from the text it writes: one structure,
    /// no segment without length, no contour that turns inside out between Ultralight and
    /// Black (its signed area of one sign at each weight and halfway between them), every
    /// curve within its margins and the margin lines' height, its control points within
    /// that box widened by half.
    static func symbolProblems(_ template: SymbolTemplate) -> [String] {
        var problems: [String] = []
        let written = template.sources.map { source in source.pathTexts.map { (try? PathData.parse($0)) ?? [] } }
        let structures = written.map { paths in paths.map { path in path.map { [$0.segments.count, $0.isClosed ? 1 : 0] } } }
        if structures.contains(where: { $0 != structures[0] }) { return ["the sources differ in structure"] }
        for (source, paths) in zip(template.sources, written) {
            let glyph = VectorBounds(minX: 0, minY: -SymbolTemplate.marginReach.above, maxX: source.advance, maxY: SymbolTemplate.marginReach.below)
            for contour in paths.flatMap({ $0 }) {
                let zero = contour.segments.filter { s in [s.control1, s.control2, s.to].allSatisfy { $0 == s.from } }.count
                if zero > 0 { problems.append("\(source.weight): \(zero) segments of no length") }
                if let box = contour.bounds, !glyph.contains(VectorPoint(box.minX, box.minY)) || !glyph.contains(VectorPoint(box.maxX, box.maxY)) {
                    problems.append("\(source.weight): a curve reaches \(box), past the glyph's area")
                }
                if let stray = contour.points.first(where: { !glyph.widened.contains($0) }) {
                    problems.append("\(source.weight): a control point at \(stray) stands far past the glyph's area")
                }
            }
        }
        // Black, Regular, Ultralight, as written; each contour's area there and halfway between.
        let black = written[0].flatMap { $0 }, regular = written[1].flatMap { $0 }, ultralight = written[2].flatMap { $0 }
        for index in black.indices {
            let steps = [ultralight[index], between(ultralight[index], regular[index]), regular[index], between(regular[index], black[index]), black[index]]
            let areas = steps.map(\.signedArea)
            if areas.contains(where: { $0 > 1e-3 }) && areas.contains(where: { $0 < -1e-3 }) {
                problems.append("contour \(index) turns inside out: areas \(areas.map { Format.number($0, decimals: 2) }) from Ultralight to Black")
            }
        }
        return problems
    }

    /// The contour halfway between two of one structure, point by point.
    static func between(_ a: Contour, _ b: Contour) -> Contour {
        let segments = zip(a.segments, b.segments).map { s, t in
            CubicSegment(
                from: s.from.lerp(t.from, 0.5), control1: s.control1.lerp(t.control1, 0.5), control2: s.control2.lerp(t.control2, 0.5),
                to: s.to.lerp(t.to, 0.5))
        }
        return Contour(segments: segments, isClosed: a.isClosed)
    }

    /// Where a vector may draw: the canvas, and the drawing's own outline (made without a
    /// wobble) where it reaches past it, grown by the amplitude and the fit's tolerance.
    static func allowedBox(_ plain: VectorIcon, amplitude: Double) -> VectorBounds {
        var box = VectorBounds(minX: 0, minY: 0, maxX: Double(plain.pointWidth), maxY: Double(plain.pointHeight))
        if let drawn = plain.image.flatMap(\.contours).bounds {
            box.include(VectorPoint(drawn.minX, drawn.minY))
            box.include(VectorPoint(drawn.maxX, drawn.maxY))
        }
        return box.grown(by: amplitude + VectorIcon.fitTolerance)
    }
}

extension VectorBounds {
    func grown(by margin: Double) -> VectorBounds {
        VectorBounds(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }
}
