import BijouxCore

/// The template's text, laid out as the SF Symbols app lays out its exports (one space
/// of indent a level, attributes in name order, the groups `Notes`, `Guides` and
/// `Symbols` in that order). `Notes` holds what SF Symbols and Xcode read (the
/// `template-version` text) and the labels a designer opening the file expects;
/// `Guides` the reference glyph, baseline and capline of each scale and the margins of
/// each source;
/// `Symbols` the three sources, each placed at its left margin and the Small baseline.
extension SymbolTemplate {
    static let templateVersion = "Template v.3.0"
    static let guideStyle = "fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;"
    static let marginStyle = "fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;"
    static let ruleStyle = "fill:none;stroke:black;opacity:1;stroke-width:0.5;"
    static let textStyle = "stroke:none;fill:black;font-family:sans-serif;font-size:13;"
    /// The reference glyph the SF Symbols app draws on each scale's baseline at x 339, in a
    /// group named `H-reference` (a capital A from the baseline to the capline), as in
    /// every export: this one as SF Symbols 3 writes it (template writer 65.1).
    static let hReference =
        "M0.993347 0L3.6377 0L29.3282-67.1326L30.0301-67.1326L30.0301-70.459L28.1227-70.459Z"
        + "M11.6882-24.4797L46.9818-24.4797L46.2311-26.7288L12.4382-26.7288Z"
        + "M55.1193 0L57.7637 0L30.6381-70.459L29.4327-70.459L29.4327-67.1326Z"
    static let hReferenceX = 339.0
    /// The left and right ends of the guides and rules.
    static let rule = (from: 263.0, to: 3036.0)
    /// The weights' columns the header names, Ultralight to Black.
    static let columns: [(name: String, x: Double)] = [
        ("Ultralight", 559.711), ("Thin", 856.422), ("Light", 1153.13), ("Regular", 1449.84), ("Medium", 1746.56),
        ("Semibold", 2043.27), ("Bold", 2339.98), ("Heavy", 2636.69), ("Black", 2933.4),
    ]

    /// The template file.
    package var svg: String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(Self.width))\" height=\"\(Self.n(Self.height))\">\n"
        text += notes + guides + symbols
        return text + "</svg>\n"
    }

    static func n(_ value: Double) -> String { Format.number(value, decimals: 3) }

    static func text(_ content: String, x: Double, y: Double, id: String? = nil, style: String = textStyle) -> String {
        let identifier = id.map { "id=\"\($0)\" " } ?? ""
        return "  <text \(identifier)style=\"\(style)\" transform=\"matrix(1 0 0 1 \(n(x)) \(n(y)))\">\(content)</text>\n"
    }

    static func line(id: String?, style: String, x1: Double, x2: Double, y1: Double, y2: Double) -> String {
        let identifier = id.map { "id=\"\($0)\" " } ?? ""
        return "  <line \(identifier)style=\"\(style)\" x1=\"\(n(x1))\" x2=\"\(n(x2))\" y1=\"\(n(y1))\" y2=\"\(n(y2))\"/>\n"
    }

    var notes: String {
        var text = " <g id=\"Notes\">\n"
        text += "  <rect height=\"\(Self.n(Self.height))\" id=\"artboard\" style=\"fill:white;opacity:1\" width=\"\(Self.n(Self.width))\" x=\"0\" y=\"0\"/>\n"
        text += Self.line(id: nil, style: Self.ruleStyle, x1: Self.rule.from, x2: Self.rule.to, y1: 292, y2: 292)
        text += Self.text("Weight/Scale Variations", x: Self.rule.from, y: 322, style: Self.textStyle + "font-weight:bold;")
        for column in Self.columns {
            text += Self.text(column.name, x: column.x, y: 322, style: Self.textStyle + "text-anchor:middle;")
        }
        text += Self.line(id: nil, style: Self.ruleStyle, x1: Self.rule.from, x2: Self.rule.to, y1: 1903, y2: 1903)
        let end = Self.textStyle + "text-anchor:end;"
        text += Self.text(Self.templateVersion, x: Self.rule.to, y: 1933, id: "template-version", style: end)
        text += Self.text("Requires Xcode 13 or greater", x: Self.rule.to, y: 1951, style: end)
        // The name is an asset name (letters, digits, '-' and '_'): nothing to escape.
        text += Self.text("Generated from \(name)", x: Self.rule.to, y: 1969, id: "descriptive-name", style: end)
        text += Self.text("Typeset at 100 points", x: Self.rule.to, y: 1987, style: end)
        for (label, baseline) in zip(["Small", "Medium", "Large"], Self.baselines) {
            text += Self.text(label, x: Self.rule.from, y: baseline.y + 30)
        }
        return text + " </g>\n"
    }

    var guides: String {
        var text = " <g id=\"Guides\">\n"
        for (scale, baseline) in Self.baselines {
            let place = "matrix(1 0 0 1 \(Self.n(Self.hReferenceX)) \(Self.n(baseline)))"
            text += "  <g id=\"H-reference\" style=\"fill:#27AAE1;stroke:none;\" transform=\"\(place)\">\n"
            text += "   <path d=\"\(Self.hReference)\"/>\n  </g>\n"
            text += Self.line(id: "Baseline-\(scale)", style: Self.guideStyle, x1: Self.rule.from, x2: Self.rule.to, y1: baseline, y2: baseline)
            let capline = baseline - Self.capHeight
            text += Self.line(id: "Capline-\(scale)", style: Self.guideStyle, x1: Self.rule.from, x2: Self.rule.to, y1: capline, y2: capline)
        }
        let baseline = Self.baselines[0].y
        for source in sources.reversed() {
            for (side, x) in [("left", source.left), ("right", source.left + source.advance)] {
                text += Self.line(
                    id: "\(side)-margin-\(source.weight.variant)", style: Self.marginStyle, x1: x, x2: x,
                    y1: baseline - Self.marginReach.above, y2: baseline + Self.marginReach.below)
            }
        }
        return text + " </g>\n"
    }

    var symbols: String {
        var text = " <g id=\"Symbols\">\n"
        for source in sources {
            text += "  <g id=\"\(source.weight.variant)\" transform=\"matrix(1 0 0 1 \(Self.n(source.left)) \(Self.n(Self.baselines[0].y)))\">\n"
            for path in source.pathTexts {
                text += "   <path d=\"\(path)\"/>\n"
            }
            text += "  </g>\n"
        }
        return text + " </g>\n"
    }
}
