/// The element and attribute names librsvg 2.54 knows (the version the goldens are
/// drawn with, Debian 12's 2.54.7), so a name it would pass over in silence is found
/// before the icon is drawn: librsvg turns an SVG element it does not know into one
/// that draws nothing, not even its children (`<pth d="…"/>` loses the stroke), and
/// ignores an attribute it does not know (`stoke="red"`).
///
/// Read from librsvg 2.54.7's source: the element table is `ELEMENT_CREATORS` in
/// src/element.rs, the properties are `make_properties!` in src/properties.rs, and the
/// other attributes are those its elements' `set_attributes` read (src/*.rs,
/// src/filters/*.rs). A later librsvg knows more (`feDropShadow` since 2.56).
enum SVGNames {
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// What librsvg does with an element of the SVG namespace.
    enum ElementKind: Equatable {
        /// In librsvg's element table: drawn, or used by what is drawn (`defs`, `style`,
        /// gradients, filter primitives).
        case known
        /// Read by people and tools, never drawn by any renderer (`title`, `desc`,
        /// `metadata`): fine, and what is inside is not checked.
        case documentation
        /// An SVG element librsvg 2.54 does not draw (`textPath`, `foreignObject`,
        /// `animate`): it and what is inside it are left out.
        case notDrawn
        /// Not an SVG element librsvg knows of: it and what is inside it are left out.
        case unknown
    }

    /// librsvg 2.54's element table.
    static let knownElements: [String] = [
        "a", "circle", "clipPath", "defs", "ellipse", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
        "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feFlood", "feFuncA", "feFuncB",
        "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset",
        "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "filter", "g", "image", "line",
        "linearGradient", "marker", "mask", "path", "pattern", "polygon", "polyline", "radialGradient", "rect", "stop",
        "style", "svg", "switch", "symbol", "text", "tref", "tspan", "use",
    ]

    /// Elements no renderer draws, which editors write for people and tools.
    static let documentationElements: [String] = ["desc", "metadata", "title"]

    /// SVG elements librsvg 2.54 does not draw: the lines commented out of its table (SVG
    /// 1.1's fonts, animation, scripts, `foreignObject`, `textPath`, `view`), SVG 2's and
    /// Filter Effects' additions, and the SVG 1.2 draft's flowed text that Inkscape writes.
    static let notDrawnElements: [String] = [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animate", "animateColor", "animateMotion", "animateTransform",
        "color-profile", "cursor", "discard", "feDropShadow", "flowDiv", "flowImage", "flowLine", "flowPara", "flowRef",
        "flowRegion", "flowRegionExclude", "flowRoot", "flowSpan", "font", "font-face", "font-face-format", "font-face-name",
        "font-face-src", "font-face-uri", "foreignObject", "glyph", "glyphRef", "hatch", "hatchpath", "hkern", "mesh",
        "meshgradient", "meshpatch", "meshrow", "missing-glyph", "mpath", "multiImage", "script", "set", "solidcolor",
        "subImage", "subImageRef", "textPath", "view", "vkern",
    ]

    /// Attributes librsvg 2.54's elements read, beside the properties: geometry, units,
    /// references, filter primitives' parameters, conditional processing, `id`, `class`
    /// and `style`. A name here is known whichever element it is on.
    static let elementAttributes: [String] = [
        "amplitude", "azimuth", "baseFrequency", "bias", "class", "clipPathUnits", "cx", "cy", "d", "diffuseConstant",
        "divisor", "dx", "dy", "edgeMode", "elevation", "exponent", "filterUnits", "fr", "fx", "fy", "gradientTransform",
        "gradientUnits", "height", "href", "id", "in", "in2", "intercept", "k1", "k2", "k3", "k4", "kernelMatrix",
        "kernelUnitLength", "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "mode", "numOctaves", "offset", "operator", "order", "orient", "path", "patternContentUnits", "patternTransform",
        "patternUnits", "points", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio",
        "primitiveUnits", "r", "radius", "refX", "refY", "requiredExtensions", "requiredFeatures", "result", "rx", "ry",
        "scale", "seed", "slope", "specularConstant", "specularExponent", "spreadMethod", "stdDeviation", "stitchTiles",
        "style", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY", "transform", "type", "values",
        "viewBox", "width", "x", "x1", "x2", "xChannelSelector", "y", "y1", "y2", "yChannelSelector", "z",
    ]

    /// The properties librsvg 2.54 reads as presentation attributes too.
    static let presentationAttributes: [String] = [
        "baseline-shift", "clip-path", "clip-rule", "color", "color-interpolation-filters", "cx", "cy", "direction",
        "display", "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity",
        "font-family", "font-size", "font-stretch", "font-style", "font-variant", "font-weight", "glyph-orientation-vertical",
        "height", "letter-spacing", "lighting-color", "marker-end", "marker-mid", "marker-start", "mask", "mask-type",
        "opacity", "overflow", "paint-order", "r", "rx", "ry", "shape-rendering", "stop-color", "stop-opacity", "stroke",
        "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-opacity",
        "stroke-width", "text-anchor", "text-decoration", "text-rendering", "unicode-bidi", "visibility", "width",
        "writing-mode", "x", "y",
    ]

    /// Properties librsvg 2.54 reads in a style only, never as an attribute.
    static let styleOnlyProperties: [String] = ["font", "isolation", "line-height", "marker", "mix-blend-mode", "text-orientation"]

    /// SVG presentation attributes librsvg 2.54 does not implement: those commented out
    /// of its property table, and SVG 1.1's that it never had. Each changes a drawing in
    /// a renderer that has it.
    static let unimplementedAttributes: [String] = [
        "alignment-baseline", "clip", "color-interpolation", "color-profile", "color-rendering", "dominant-baseline",
        "font-size-adjust", "glyph-orientation-horizontal", "image-rendering", "kerning", "text-overflow", "transform-box",
        "transform-origin", "vector-effect", "white-space", "word-spacing",
    ]

    /// Attributes that change no pixel in any renderer (a document's version, focus,
    /// pointer behaviour and tooltip, scripting metadata), so they pass unremarked, as do `data-…`
    /// and `aria-…` attributes and every attribute with a namespace prefix.
    static let inertAttributes: [String] = [
        "baseProfile", "contentScriptType", "contentStyleType", "cursor", "externalResourcesRequired", "focusable",
        "pointer-events", "role", "tabindex", "title", "version", "zoomAndPan",
    ]
    static let inertPrefixes = ["data-", "aria-"]

    static let knownElementSet = Set(knownElements)
    static let documentationElementSet = Set(documentationElements)
    static let notDrawnElementSet = Set(notDrawnElements)
    /// The attributes librsvg reads, in order: the candidates for a did-you-mean.
    static let knownAttributes: [String] = Array(Set(elementAttributes + presentationAttributes)).sorted()
    static let knownAttributeSet = Set(knownAttributes)
    static let styleOnlySet = Set(styleOnlyProperties)
    static let unimplementedSet = Set(unimplementedAttributes)
    static let inertSet = Set(inertAttributes)

    static func kind(ofElement name: String) -> ElementKind {
        if knownElementSet.contains(name) { return .known }
        if documentationElementSet.contains(name) { return .documentation }
        return notDrawnElementSet.contains(name) ? .notDrawn : .unknown
    }

    /// Why librsvg would not draw the SVG element `name` (its local name; `written` with
    /// its prefix), or nil when it would, or when it is documentation.
    static func elementProblem(_ name: String, written: String) -> String? {
        let prefix = String(written.dropLast(name.count)), shown = SVGSafety.TreeChecker.shown(written)
        switch kind(ofElement: name) {
        case .known, .documentation: return nil
        case .notDrawn: return "<\(shown)>: librsvg 2.54 does not draw this SVG element, so it and everything in it would be left out of the icon"
        case .unknown:
            let suggestion = nearest(name, in: knownElements + documentationElements).map { "; did you mean <\(prefix)\($0)>?" } ?? ""
            return "<\(shown)>: not an SVG element librsvg knows, so it and everything in it would be left out of the icon\(suggestion)"
        }
    }

    /// Why librsvg would pass over the attribute `name` (one without a namespace prefix)
    /// of an element it knows, or nil when it reads it or it changes nothing anyway.
    static func attributeProblem(_ name: String) -> String? {
        if knownAttributeSet.contains(name) || inertSet.contains(name) || inertPrefixes.contains(where: name.hasPrefix) { return nil }
        if styleOnlySet.contains(name) {
            return "librsvg reads \(name) only in a style (style=\"\(name): …\"), so the attribute has no effect"
        }
        if unimplementedSet.contains(name) { return "librsvg 2.54 does not implement \(name), so it has no effect" }
        let suggestion = nearest(name, in: knownAttributes).map { "; did you mean \($0)?" } ?? ""
        return "not an attribute librsvg knows, so it has no effect\(suggestion)"
    }

    /// The candidate nearest to `name` when it is near enough to be what was meant: at
    /// most one edit per three characters of `name`, and three at most (an edit is a
    /// character added, removed or changed, or two neighbours swapped), letter case not
    /// counted, so `pth` finds `path`, `viewbox` finds `viewBox`, `blob` finds nothing
    /// (`stop` is three edits away) and a name of one or two characters finds only its
    /// own name in another case. Ties go to the first candidate.
    static func nearest(_ name: String, in candidates: [String]) -> String? {
        let typed = folded(name), allowed = min(3, typed.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, foldedNames[candidate] ?? folded(candidate), limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// A name as `nearest` compares it: lower-cased, as Unicode scalars.
    static func folded(_ name: String) -> [Unicode.Scalar] { Array(name.lowercased().unicodeScalars) }

    /// The candidates' names folded once, not once for each name looked up.
    static let foldedNames: [String: [Unicode.Scalar]] = Dictionary(
        (knownElements + documentationElements + knownAttributes).map { ($0, folded($0)) }, uniquingKeysWith: { first, _ in first })

    /// The optimal string alignment distance between `a` and `b` (Levenshtein's, with a
    /// swap of two neighbours as one edit) when it is at most `limit`, else `limit + 1`.
    /// Only the cells within `limit` of the diagonal are computed, so a long name costs
    /// its length times `2 × limit + 1`, whatever it is compared with.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let over = limit + 1
        guard abs(a.count - b.count) <= limit else { return over }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // Three rows, reused in turn; a cell outside a row's band reads as `over` (every
        // cell the band of row i reads outside it is reset, or was never written).
        var twoBack = [Int](repeating: over, count: b.count + 1)
        var previous = (0...b.count).map { min($0, over) }
        var current = [Int](repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            for j in (low - 1)...high { current[j] = over }
            current[0] = min(i, over)
            var rowBest = current[0]
            for j in stride(from: low, through: high, by: 1) {
                var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cell = min(cell, twoBack[j - 2] + 1) }
                current[j] = min(cell, over)
                rowBest = min(rowBest, current[j])
            }
            if rowBest >= over { return over }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
