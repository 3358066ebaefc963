import BijouxCore
import BijouxSVG

/// One drawn icon, rendered at @1x, @2x and @3x with its wobble baked in.
///
/// The SVG is drawn once, at `density` pixels per point (twice @3x), the wobble
/// displaces that master, and each scale is an exact box average of it (6×6 pixels
/// for @1x, 3×3 for @2x, 2×2 for @3x). So all three scales are the same wobbled
/// drawing, antialiased by area at their own resolution, and the wobble is the same
/// size in points at every scale by construction.
///
/// The icon is drawn in the palette's ink (`currentColor` in the SVG), with alpha.
/// With the default template rendering intent the app tints it with its own ink and
/// only the alpha matters; with `original` the colours are the SVG's own.
struct DrawnIcon: Sendable {
    static let scales = [1, 2, 3]
    /// Pixels per point of the master render: a multiple of every scale.
    static let density = 6
    /// The ink of a palette without one.
    static let ink = Palette.rgba(Palette().ink)
    /// The largest icon side accepted, in points: icons are read at 22–44 pt, and the
    /// largest raster this allows (at `density` px per point) stays at tens of megabytes.
    static let maxPointSide = 512

    var name: String
    var pointWidth: Int
    var pointHeight: Int
    var wobble: WobbleParameters
    /// @1x, @2x, @3x.
    var renders: [RGBAImage]
    /// Whether ink comes within the wobble's amplitude of the canvas edge, where the
    /// wobble can push it off the canvas.
    var inkNearEdge: Bool
    /// What librsvg passes over (`SVGSafety.Report.warnings`): attributes it does not
    /// know, values it cannot read; then what the vector forms cannot carry as drawn.
    var warnings: [SVGSafety.Problem] = []
    /// The drawing as wobbled vector geometry, when the icon ships as a vector or a
    /// symbol.
    var vector: VectorIcon?

    /// An icon's SVG as its job's `prepare` checks it, before anything is drawn: it may be
    /// drawn (`SVGSafety`), and, when a form asks for it, its drawing normalised for the
    /// vector and symbol forms (`SVGDrawing`), which can carry it whole.
    struct Checked: Sendable {
        var svg: [UInt8]
        /// What librsvg passes over (`SVGSafety.Report.warnings`).
        var warnings: [SVGSafety.Problem]
        var drawing: SVGDrawing?
    }

    /// Problems one icon reports at most; past them, one line says how many more there are.
    static let maxProblems = 10

    /// Checks the SVG for drawing and, with `forms` asking for either, reads its drawing:
    /// every problem is an error at its line and column (`ArtProblems` when there are
    /// several), each one a form cannot carry naming the switch in icons.json that ships
    /// the icon without that form. `file` names the icon in errors.
    static func check(name: String, file: String, svg: [UInt8], forms: IconForms) throws -> Checked {
        let safety = SVGSafety.check(svg, readingDrawing: forms.vector || forms.symbol)
        if let problem = safety.problem { throw ArtFileError(file: file, location: problem.location, message: problem.message) }
        guard let drawing = safety.drawing else { return Checked(svg: svg, warnings: safety.warnings, drawing: nil) }
        let both = [forms.vector ? "\"vector\": false" : nil, forms.symbol ? "\"symbol\": false" : nil].compactMap { $0 }.joined(separator: ", ")
        let bitmapAlone = "; to ship \(name) as a bitmap alone, set \"icons\": {\"\(name)\": {\(both)}} in icons.json"
        let noSymbol = "; to ship \(name) without a symbol, set \"icons\": {\"\(name)\": {\"symbol\": false}} in icons.json"
        let errors = drawing.problems(symbol: forms.symbol).map { problem, symbolOnly in
            ArtFileError(file: file, location: problem.location, message: problem.message + (symbolOnly ? noSymbol : bitmapAlone))
        }
        guard let first = errors.first else { return Checked(svg: svg, warnings: safety.warnings, drawing: drawing) }
        guard errors.count > 1 else { throw first }
        let more = errors.count - maxProblems
        throw ArtProblems(
            errors: errors.prefix(maxProblems) + (more > 0 ? [ArtFileError(file: file, message: "and \(more) more problems of its vector or symbol form")] : [])
        )
    }

    /// `check`, then `make` of what it found.
    static func make(
        name: String, file: String, svg: [UInt8], wobble: WobbleParameters, ink: RGBA = ink, renders: RenderSession = RenderSession(),
        forms: IconForms = IconForms()
    ) throws -> DrawnIcon {
        let checked = try check(name: name, file: file, svg: svg, forms: forms)
        return try make(name: name, file: file, checked: checked, wobble: wobble, ink: ink, renders: renders, forms: forms)
    }

    /// Has the helper process parse the checked SVG and render it at its own size within
    /// the limits of `renders` (the build's `RenderSession`: a render past them is killed
    /// and reported), and wobbles it. `file` names the icon in errors; `ink` is
    /// `currentColor`. With `forms` asking for either, the checked drawing is wobbled too
    /// (`VectorIcon`, its image only for a vector).
    static func make(
        name: String, file: String, checked: Checked, wobble: WobbleParameters, ink: RGBA = ink, renders: RenderSession = RenderSession(),
        forms: IconForms = IconForms()
    ) throws(ArtFileError) -> DrawnIcon {
        let drawn = try renders.render(checked.svg, size: .density(density), ink: ink, file: file)
        let master = drawn.image
        let wobbled = wobble.isOff ? master : Wobble.apply(DisplacementField(wobble), to: master, density: density)
        var icon = DrawnIcon(
            name: name, pointWidth: drawn.pointWidth, pointHeight: drawn.pointHeight, wobble: wobble,
            renders: scales.map { wobbled.boxDownsampled(by: density / $0) },
            inkNearEdge: hasInk(master, within: Int((wobble.amplitude * Double(density)).rounded(.up))), warnings: checked.warnings)
        if let drawing = checked.drawing {
            let vector = try VectorIcon.make(
                drawing, pointWidth: drawn.pointWidth, pointHeight: drawn.pointHeight, wobble: wobble, file: file, withImage: forms.vector,
                withSymbol: forms.symbol)
            icon.vector = vector
            icon.warnings += vector.warnings
        }
        return icon
    }

    /// Whether any pixel within `margin` pixels of the edge has ink.
    static func hasInk(_ image: PremultipliedImage, within margin: Int) -> Bool {
        guard margin > 0 else { return false }
        return image.withPixels { pixels in
            for y in 0..<image.height {
                let edgeRow = y < margin || y >= image.height - margin
                for x in 0..<image.width where edgeRow || x < margin || x >= image.width - margin {
                    if pixels[x: x, y: y, .alpha] > 0 { return true }
                }
            }
            return false
        }
    }
}
