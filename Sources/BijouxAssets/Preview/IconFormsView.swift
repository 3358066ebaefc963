import BijouxCore
import BijouxSVG

/// The contact sheet's view of the icons' other forms: each symbol in a line of text at
/// several Dynamic Type sizes and in its three weights, placed on the text's baseline
/// with its cap height at the font's, as the system sets a symbol in a `Label`; and each
/// vector beside its bitmap at twice the icon's size, where a difference in the wobble
/// would show.
extension SheetViews {
    /// iOS's Dynamic Type sizes of body text, in points, the default (Large) among them.
    static let dynamicTypeSizes: [(name: String, points: Double)] = [
        ("xSmall", 14), ("Large", 17), ("xxxLarge", 23), ("AX2", 33), ("AX5", 53),
    ]
    /// The CSS weight of text beside each source of a symbol.
    static let symbolFontWeights = ["Ultralight": 200, "Regular": 400, "Black": 900]
    /// The font's cap height in ems (the page's sans-serif, as SF Pro's 0.7).
    static let capHeightEm = 0.7
    /// How far below the baseline and above the capline a glyph's box reaches, in cap heights.
    static let glyphReach = 0.35
    /// The most path data one glyph may bring into the page (it is inlined up to six
    /// times) and all of them together: past either, a glyph is drawn as its empty box,
    /// so icons at their caps cannot make a page of hundreds of megabytes.
    static let maxGlyphBytes = 64 << 10
    static let maxPageGlyphBytes = 16 << 20

    static func iconFormsView(_ icons: [ContactSheet.Icon]) -> String {
        let symbols = icons.filter { !$0.symbol.isEmpty }, vectors = icons.filter { $0.vector != nil }
        guard !symbols.isEmpty || !vectors.isEmpty else { return "" }
        var text = "<div class=\"view icon-forms\" data-view=\"icon-forms\">\n<h3>Icons as symbols and vectors</h3>\n"
        let shown = shownGlyphs(symbols)
        if !symbols.isEmpty {
            text += "<p>Each symbol in a line of text at \(dynamicTypeSizes.map(\.name).joined(separator: ", ")) (Dynamic Type), "
            text += "then its three weights beside text of the same weight: it should sit on the baseline and reach the capline.</p>\n"
            for size in dynamicTypeSizes {
                text += "<div class=\"strip symbol-line\" style=\"font-size:\(HTML.number(size.points))px\">"
                text += "<span class=\"caption\">\(size.name)</span>"
                for icon in symbols {
                    guard let regular = icon.symbol.first(where: { $0.weight == "Regular" }) else { continue }
                    text += "<span>\(glyph(regular, name: icon.name, shown: shown.contains(icon.name))) \(HTML.escape(icon.name))</span>"
                }
                text += "</div>\n"
            }
            text += "<div class=\"strip symbol-line\" style=\"font-size:28px\">"
            for icon in symbols {
                for source in icon.symbol {
                    let weight = symbolFontWeights[source.weight] ?? 400
                    text += "<span style=\"font-weight:\(weight)\">\(glyph(source, name: icon.name, shown: shown.contains(icon.name))) "
                    text += "\(HTML.escape(source.weight))</span>"
                }
            }
            text += "</div>\n"
            let hidden = symbols.count - shown.count
            if hidden > 0 { text += "<p>\(Format.count(hidden, "symbol")) drawn as empty boxes: too much path data to show here.</p>\n" }
        }
        if !vectors.isEmpty { text += vectorsBesideBitmaps(vectors) }
        return text + "</div>\n"
    }

    /// The names of the icons whose glyphs are shown, in order, while they stay within
    /// `maxGlyphBytes` each and `maxPageGlyphBytes` in all (Regular's counted six times).
    static func shownGlyphs(_ symbols: [ContactSheet.Icon]) -> Set<String> {
        var shown: Set<String> = [], total = 0
        for icon in symbols {
            let sizes = icon.symbol.map { $0.path.utf8.count }
            let bytes = zip(icon.symbol, sizes).reduce(0) { $0 + $1.1 * ($1.0.weight == "Regular" ? dynamicTypeSizes.count + 1 : 1) }
            guard sizes.allSatisfy({ $0 <= maxGlyphBytes }), total + bytes <= maxPageGlyphBytes else { continue }
            total += bytes
            shown.insert(icon.name)
        }
        return shown
    }

    /// A source of a symbol as an inline SVG in the text's colour, one em of the font
    /// being `capHeightEm / capHeight` glyph units, its baseline on the text's; its empty
    /// box when it is not `shown`.
    static func glyph(_ source: ContactSheet.SymbolGlyph, name: String, shown: Bool = true) -> String {
        let cap = SymbolTemplate.capHeight, em = capHeightEm / cap
        let top = -cap * (1 + glyphReach), height = cap * (1 + 2 * glyphReach)
        return """
            <svg class="symbol" role="img" aria-label="\(HTML.escape(name)) (\(HTML.escape(source.weight)))" \
            viewBox="0 \(HTML.number(top)) \(HTML.number(source.advance)) \(HTML.number(height))" \
            style="width:\(HTML.number(source.advance * em))em;height:\(HTML.number(height * em))em;\
            vertical-align:-\(HTML.number(cap * glyphReach * em))em">\(shown ? "<path fill=\"currentColor\" d=\"\(HTML.escape(source.path))\"/>" : "")</svg>
            """
    }

    /// Each vector and the @3x bitmap at twice the icon's size.
    static func vectorsBesideBitmaps(_ icons: [ContactSheet.Icon]) -> String {
        var text = "<p>Each vector (left) beside its bitmap (right) at twice the icon's size: the wobble should be the same line.</p>\n"
        text += "<div class=\"strip\">"
        for icon in icons {
            guard let vector = icon.vector, let bitmap = icon.images.last else { continue }
            let width = HTML.number(Double(icon.pointWidth) * 2), height = HTML.number(Double(icon.pointHeight) * 2)
            for (image, form) in [(vector, "vector"), (bitmap, "bitmap")] {
                text += """
                    <img class="icon-art" src="\(HTML.link(image.path))" width="\(width)" height="\(height)" alt="\(HTML.escape(icon.name)) (\(form))">
                    """
            }
        }
        return text + "</div>\n"
    }
}
