import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

/// The custom symbols: a template SF Symbols and Xcode read, three sources that
/// interpolate, weights in order, the glyph set on the baseline.
@Suite("Icon symbols")
struct SymbolTemplateTests {
    static func template(_ name: String) throws -> SymbolTemplate {
        try SymbolTemplate(name: name, icon: try VectorIconTests.vector(name, WobbleTests.standard(name)), file: "\(name).svg")
    }

    /// The value of `attribute` in the element with `id`.
    static func attribute(_ attribute: String, of id: String, in text: String) -> String? {
        guard let element = text.range(of: "id=\"\(id)\"") else { return nil }
        let start = text[..<element.lowerBound].lastIndex(of: "<")!, end = text[element.upperBound...].firstIndex(of: ">")!
        let tag = text[start..<end]
        guard let found = tag.range(of: " \(attribute)=\"") else { return nil }
        return String(tag[found.upperBound...].prefix { $0 != "\"" })
    }

    @Test func theTemplateHasTheGroupsAndGuidesXcodeReads() throws {
        let text = try Self.template("give").svg
        for group in ["Notes", "Guides", "Symbols"] { #expect(text.contains("<g id=\"\(group)\">")) }
        #expect(text.contains(">Template v.3.0</text>"))
        for (scale, baseline) in SymbolTemplate.baselines {
            #expect(Self.attribute("y1", of: "Baseline-\(scale)", in: text).flatMap(Double.init) == baseline)
            #expect(abs((Self.attribute("y1", of: "Capline-\(scale)", in: text).flatMap(Double.init) ?? 0) - (baseline - 70.459)) < 0.001)
        }
        for variant in ["Ultralight-S", "Regular-S", "Black-S"] {
            let left = try #require(Self.attribute("x1", of: "left-margin-\(variant)", in: text).flatMap(Double.init))
            let right = try #require(Self.attribute("x1", of: "right-margin-\(variant)", in: text).flatMap(Double.init))
            #expect(left < right)
            #expect(Self.attribute("transform", of: variant, in: text) == "matrix(1 0 0 1 \(Format.number(left, decimals: 3)) 696)")
        }
    }

    /// Every template parses with libxml2 under the icons' own policy, and librsvg draws
    /// it (the whole 3300 × 2200 artboard), with ink in every source's column.
    @Test func everyTemplateParsesAndRenders() throws {
        for name in WobbleTests.names {
            let bytes = Array(try Self.template(name).svg.utf8)
            let report = SVGSafety.check(bytes, readingDrawing: false)
            #expect(report.problem == nil, "\(name): \(String(describing: report.problem))")
            let drawn = try RenderSession().render(bytes, size: .density(1), ink: DrawnIcon.ink, maxSide: 3300, file: name)
            #expect(drawn.pointWidth == 3300 && drawn.pointHeight == 2200)
            let image = drawn.image.straightened()
            for weight in SymbolTemplate.Weight.allCases {
                let x = Int(weight.column), y = 696 - 35
                var dark = 0
                for row in y - 30...y + 30 {
                    for column in x - 30...x + 30 where image[column, row].r < 128 { dark += 1 }
                }
                #expect(dark > 20, "\(name): nothing drawn in the \(weight) column")
            }
        }
    }

    /// The three sources interpolate: the same paths, contours and commands, in the same
    /// order, in the structures and in the text written.
    @Test func theThreeSourcesAreCompatiblePointForPoint() throws {
        for name in WobbleTests.names {
            let template = try Self.template(name)
            let shapes = template.sources.map { source in source.paths.map { path in path.map { ($0.segments.count, $0.isClosed) } } }
            for shape in shapes.dropFirst() { #expect(shape.elementsEqual(shapes[0], by: { $0.elementsEqual($1, by: ==) }), "\(name)") }
            let commands = template.sources.map { source in
                source.paths.map { PathData.text($0, decimals: 3).filter(\.isLetter) }
            }
            #expect(Set(commands.map { $0.joined(separator: "|") }).count == 1, "\(name)")
        }
    }

    /// Each weight's stroke, measured on its outline (the median distance of the
    /// outline's points from the centreline, halved width), is Ultralight < Regular < Black,
    /// at the stated factors of the drawing's own 1.75 pt.
    @Test func strokeWidthsGrowWithWeight() throws {
        let name = "pass-on"
        let vector = try VectorIconTests.vector(name, WobbleTests.standard(name))
        let template = try SymbolTemplate(name: name, icon: vector, file: "\(name).svg")
        var widths: [SymbolTemplate.Weight: Double] = [:]
        for source in template.sources {
            let centreline = vector.shapes.flatMap(\.contours).flatMap { $0.flattened(tolerance: 0.001).points }
            let outline = source.paths.flatMap { $0 }.flatMap { $0.flattened(tolerance: 0.01).points }.map { $0 * (1 / source.unit) + source.origin }
            let distances = outline.map { point in centreline.map { $0.distance(to: point) }.min() ?? 0 }.sorted()
            widths[source.weight] = 2 * distances[distances.count / 2]
        }
        let ultralight = try #require(widths[.ultralight]), regular = try #require(widths[.regular]), black = try #require(widths[.black])
        #expect(ultralight < regular && regular < black)
        #expect(abs(regular - 1.75) < 0.05)
        #expect(abs(ultralight - 1.75 * 0.35) < 0.05)
        #expect(abs(black - 1.75 * 1.8) < 0.1)
    }

    /// Regular's glyph lies between the baseline (y 0) and the capline (y −70.459);
    /// heavier weights may reach past by half their extra stroke.
    @Test func theGlyphSitsBetweenBaselineAndCapline() throws {
        for name in WobbleTests.names {
            let regular = try #require(try Self.template(name).source(.regular))
            let box = try #require(regular.paths.flatMap { $0 }.bounds)
            let ink = "\(name): ink from \(box.minY / regular.unit + regular.origin.y) to \(box.maxY / regular.unit + regular.origin.y) pt"
            #expect(box.minY >= -SymbolTemplate.capHeight - 1e-9, "\(ink)")
            #expect(box.maxY <= 1e-9, "\(ink)")
            #expect(abs(box.minX - SymbolTemplate.sideBearing) < 1e-9 && abs(regular.advance - box.maxX - SymbolTemplate.sideBearing) < 1e-9)
        }
    }

    /// A short glyph keeps the family's size (the canvas at 1.2 cap heights) and is only
    /// moved inside; one taller than the cap height is shrunk to it.
    @Test(arguments: [(10.0, 14.0, 1.0), (1.0, 23.0, 70.459 / 22), (18.0, 23.5, 1.0)])
    func theGlyphIsMovedOrShrunkToFit(top: Double, bottom: Double, expected: Double) {
        let familyUnit = SymbolTemplate.capHeight / (24 / SymbolTemplate.canvasToCapHeight)
        let (unit, baseline) = SymbolTemplate.vertical(VectorBounds(minX: 0, minY: top, maxX: 5, maxY: bottom), pointHeight: 24)
        #expect(abs(unit - min(familyUnit, expected == 1 ? familyUnit : expected)) < 1e-12)
        #expect((bottom - baseline) * unit <= 1e-9 && (top - baseline) * unit >= -SymbolTemplate.capHeight - 1e-9)
    }
}

/// The weights of what a template holds: every sample's template sound, filled shapes
/// following the weight as strokes do.
@Suite("Icon symbols' weights")
struct SymbolWeightTests {
    /// Every sample icon's template holds what every template must (`FormChecks`): one
    /// structure, no segment of no length (half the segments were joins where the
    /// centreline does not turn), no contour that turns inside out between Ultralight and
    /// Black (photo-slot's 1.6 pt circle, whose hole Black's 1.575 pt half-width closed),
    /// every curve within the glyph's area.
    @Test func everySampleTemplateIsSound() throws {
        for name in WobbleTests.names {
            let problems = FormChecks.symbolProblems(try SymbolTemplateTests.template(name))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    static func template(_ elements: [String]) throws -> (SymbolTemplate, VectorIcon) {
        let vector = try VectorIcon.make(
            try VectorIconTests.drawing(elements), pointWidth: 24, pointHeight: 24, wobble: WobbleTests.off("x"), file: "x.svg")
        return (try SymbolTemplate(name: "x", icon: vector, file: "x.svg"), vector)
    }

    /// A source's contours back in the icon's points.
    static func inPoints(_ source: SymbolTemplate.Source) -> [[Contour]] {
        source.paths.map { path in path.map { contour in contour.moved { $0 * (1 / source.unit) + source.origin } } }
    }

    /// A square filled without a stroke grows at Black and shrinks at Ultralight by half
    /// of what a stroke of the drawing's nominal width (a twelfth of 24 pt) gains and
    /// loses: 0.8 and 0.65 pt a side, corners mitred; Regular is the square itself.
    @Test func aFilledShapeFollowsTheWeight() throws {
        let (template, vector) = try Self.template([#"<rect x="4" y="4" width="16" height="16"/>"#])
        #expect(vector.warnings.isEmpty)
        var sides: [SymbolTemplate.Weight: Double] = [:]
        for source in template.sources {
            let box = try #require(Self.inPoints(source).flatMap { $0 }.bounds)
            sides[source.weight] = box.maxX - box.minX
            #expect(abs((box.maxY - box.minY) - (box.maxX - box.minX)) < 1e-9)
        }
        #expect(abs(sides[.regular]! - 16) < 1e-9 && abs(sides[.black]! - 17.6) < 1e-9 && abs(sides[.ultralight]! - 14.7) < 1e-9)
        #expect(FormChecks.symbolProblems(template).isEmpty)
    }

    /// A fill with a stroke keeps its shape (its stroke carries the weight); a fill too
    /// thin to shrink by 0.65 pt a side is the same in every weight, with a warning at it.
    @Test func aFillThatCannotTakeTheWeightSaysSo() throws {
        let (template, vector) = try Self.template([
            #"<circle cx="12" cy="12" r="3" stroke="black" stroke-width="2"/>"#, #"<rect x="4" y="4" width="1" height="10"/>"#,
        ])
        let warning = "a filled shape too thin to take the symbol's weights: moved in by 0.65 pt for Ultralight, it turns inside out"
        #expect(vector.warnings.map(\.description) == ["3:1: \(warning), so it is the same in every weight"])
        let weights = template.sources.map { Self.inPoints($0) }
        for path in [0, 2] {
            for weight in weights.dropFirst() {
                for (a, b) in zip(weight[path].flatMap(\.points), weights[0][path].flatMap(\.points)) { #expect(a.distance(to: b) < 1e-9) }
            }
        }
        #expect(FormChecks.symbolProblems(template).isEmpty)
    }
}
