import BijouxCore

/// A custom symbol made from one drawn icon: an SF Symbols template 3.0 (the form the
/// SF Symbols app exports and Xcode 13 and later import as a `.symbolset`), "variable"
/// as Apple's documentation calls it: the three sources `Ultralight-S`, `Regular-S` and
/// `Black-S`, each with its own margins, from which the system interpolates the other
/// weights and scales.
///
/// Each weight is the icon's wobbled drawing (`VectorIcon`) at the weight's width
/// (`SymbolWeights`): strokes expanded to outlines, fills without a stroke moved out or in.
/// Each weight's paths have the same structure, so the three sources have the same paths
/// with the same commands in the same order, point for point, as interpolation needs.
///
/// Placement follows Apple's template: the glyph's coordinates are relative to its
/// left margin and the Small scale's baseline, where the capline is 70.459 units up (SF
/// Pro's cap height at the template's 100 pt). The icon's canvas spans 1.2 cap heights,
/// centred on the middle of the cap height, so a family of icons keeps its sizes, and
/// Regular's ink is then moved (or, taller than the cap height, shrunk) to lie between
/// the baseline and the capline, as a symbol beside text does (`vertical`). Each weight's margins stand `sideBearing` clear of its
/// glyph on both sides, and the margins are centred on the weight's column.
package struct SymbolTemplate: Equatable, Sendable {
    package enum Weight: String, CaseIterable, Sendable {
        case ultralight = "Ultralight"
        case regular = "Regular"
        case black = "Black"

        /// The stroke width relative to the drawing's own (Regular's).
        var strokeScale: Double {
            switch self {
            case .ultralight: 0.35
            case .regular: 1
            case .black: 1.8
            }
        }

        /// The x of the middle of the weight's column in the template.
        var column: Double { SymbolTemplate.columns.first { $0.name == rawValue }?.x ?? 0 }

        var variant: String { rawValue + "-S" }
    }

    /// One source: a path per shape and paint (a fill, an expanded stroke), in glyph
    /// coordinates (x from the left margin, y from the baseline, up negative), and the
    /// distance between its margins.
    package struct Source: Equatable, Sendable {
        package var weight: Weight
        var paths: [[Contour]]
        package var advance: Double
        /// How the icon's points became glyph units: glyph = (point − origin) · unit.
        var unit: Double
        var origin: VectorPoint
        /// Each path's data as the template writes it.
        var pathTexts: [String] = []
        /// The x of the left margin in the template.
        var left: Double { weight.column - advance / 2 }

        /// The source's paths as one path's data, as the template writes them.
        package var pathData: String { pathTexts.filter { !$0.isEmpty }.joined(separator: " ") }
    }

    static let width = 3300.0, height = 2200.0
    package static let capHeight = 70.459
    /// The baselines of the Small, Medium and Large scales.
    static let baselines: [(scale: String, y: Double)] = [("S", 696), ("M", 1126), ("L", 1556)]
    static let canvasToCapHeight = 1.2
    static let sideBearing = 7.0
    /// How far a margin line reaches above and below its baseline.
    static let marginReach = (above: 95.216, below: 24.121)

    var name: String
    /// Black, Regular, Ultralight: the order the SF Symbols app writes them in.
    package var sources: [Source]

    /// The places of decimals the template writes: a thousandth of a unit.
    static let decimals = 3

    /// The template of the icon's weights (`VectorIcon.make` with the symbol), refused when
    /// its path data passes the forms' cap (`FormBudget.maxPathBytes`); `file` names the
    /// icon in that error.
    package init(name: String, icon: VectorIcon, file: String) throws(ArtFileError) {
        precondition(icon.weights.count == Weight.allCases.count, "a symbol template of an icon made without its symbol")
        self.name = name
        let outlines = icon.weights
        let regular = outlines[Weight.allCases.firstIndex(of: .regular)!].flatMap { $0 }.bounds ?? VectorBounds.around(.zero)
        let (unit, baseline) = Self.vertical(regular, pointHeight: Double(icon.pointHeight))
        sources = zip(Weight.allCases, outlines).reversed().map { weight, paths in
            let box = paths.flatMap { $0 }.bounds ?? VectorBounds.around(.zero)
            // The icon's point that lands on the left margin and the baseline.
            let origin = VectorPoint(x: box.minX - Self.sideBearing / unit, y: baseline)
            let placed = paths.map { path in path.map { contour in contour.moved { ($0 - origin) * unit } } }
            return Source(
                weight: weight, paths: placed, advance: (box.maxX - box.minX) * unit + 2 * Self.sideBearing, unit: unit, origin: origin)
        }
        let texts = try FormBudget.pathData(sources.flatMap(\.paths), decimals: Self.decimals, file: file, form: "symbol")
        var next = 0
        for index in sources.indices {
            sources[index].pathTexts = Array(texts[next..<next + sources[index].paths.count])
            next += sources[index].paths.count
        }
    }

    /// The glyph units a point and the icon's y that lands on the baseline, the same for
    /// every weight: the canvas spans `canvasToCapHeight` cap heights centred on the middle
    /// of the cap height, unless Regular's ink (`regular`, in points) would then reach past
    /// the baseline or the capline; then it is moved (and if taller than the cap height,
    /// shrunk) to lie between them.
    static func vertical(_ regular: VectorBounds, pointHeight: Double) -> (unit: Double, baseline: Double) {
        let inkHeight = regular.maxY - regular.minY
        let unit = min(capHeight / (pointHeight / canvasToCapHeight), inkHeight > 0 ? capHeight / inkHeight : .infinity)
        var baseline = pointHeight / 2 + capHeight / 2 / unit
        if regular.maxY > baseline { baseline = regular.maxY }
        if regular.minY < baseline - capHeight / unit { baseline = regular.minY + capHeight / unit }
        return (unit, baseline)
    }

    func source(_ weight: Weight) -> Source? { sources.first { $0.weight == weight } }
}

extension Stroker.Cap {
    init(svg: String) { self = svg == "round" ? .round : svg == "square" ? .square : .butt }
}

extension Stroker.Join {
    init(svg: String) { self = svg == "round" ? .round : svg == "bevel" ? .bevel : .miter }
}
