import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

/// What the normalised drawing does not carry is a problem at its line and column, by
/// name, and every one is found; what changes no pixel passes; no number from the art
/// reaches the forms out of range.
@Suite("SVG drawing refusals")
struct SVGDrawingRefusalTests {
    static func svg(_ body: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\n  \(body)\n</svg>\n" }

    static func drawing(_ text: String) throws -> SVGDrawing { try #require(SVGSafety.check(Array(text.utf8), readingDrawing: true).drawing) }

    /// Each thing the forms cannot carry, as the problem's message says it, at its line.
    @Test(arguments: [
        (#"<path d="M1 1h5" stroke="black" transform="skewX(30)"/>"#, "<path>: its stroke is under a transform that stretches or skews it"),
        (#"<path d="M1 1h5" stroke="black" transform="scale(2 1)"/>"#, "<path>: its stroke is under a transform that stretches or skews it"),
        (
            ##"<g clip-path="url(#c)"><path d="M1 1h5v5z"/></g><clipPath id="c"><rect width="12" height="24"/></clipPath>"##,
            "<g clip-path=\"url(#c)\">: a clip that does not cover the whole canvas cannot be carried"
        ),
        (#"<g opacity=".5"><path d="M1 1h5v5z"/><path d="M9 9h5v5z"/></g>"#, "<g opacity=\".5\">: an opacity over more than one painted part"),
        (#"<path d="M1 1h5v5z" opacity=".5" stroke="red"/>"#, "<path opacity=\".5\">: an opacity over more than one painted part"),
        (##"<path d="M1 1h5" stroke="url(#g)"/>"##, "<path stroke=\"url(#g)\">: a gradient or pattern paint cannot be carried"),
        (##"<defs><path id="p" d="M1 1h5"/></defs><use href="#p"/>"##, "<use> cannot be carried"),
        (#"<path d="M1 1h5" stroke="black" stroke-dasharray="2 1"/>"#, "<path stroke-dasharray=\"2 1\">: a dash cannot be carried"),
        (##"<path d="M1 1h5" mask="url(#m)"/>"##, "<path mask=\"url(#m)\">: a mask cannot be carried"),
        (#"<text x="1" y="9">a</text>"#, "<text> cannot be carried"),
        (#"<path d="M1 1h5" style="transform: rotate(4deg)"/>"#, "<path style=\"transform: rotate(4deg)\">: a transform written in CSS"),
        (#"<rect width="50%" height="4"/>"#, "<rect width=\"50%\">: a length in % is relative"),
        (#"<path d="M1 1 L2"/>"#, "<path d=\"M1 1 L2\">: path data at byte 8: expected a number after 'L'"),
        (#"<style>g > path { fill: red }</style>"#, "style sheet: the selector \"g > path\" (a type, a class, an id or *, and these combined"),
        (#"<style>@media (prefers-color-scheme: dark) { path { fill: white } }</style>"#, "style sheet: the at-rule @media cannot be carried"),
        (#"<style>path { fill: red }</style><path d="M1 1h5v5z" fill="url(#g) red" class="x"/>"#, ""),
    ])
    func whatIsNotCarriedIsAProblemAtItsPlace(element: String, message: String) throws {
        let problems = try Self.drawing(Self.svg(element)).problems
        guard !message.isEmpty else {
            // A sheet's rule overrides the attribute, so the gradient is never used.
            #expect(problems.isEmpty)
            return
        }
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains(message) == true, "\(problems)")
        #expect(problems.first?.location?.line == 2)
    }

    /// One reading finds every problem, in document order.
    @Test func everyProblemIsFoundInOneReading() throws {
        let text = Self.svg(
            """
            <path d="M1 1h5" stroke="black" transform="skewX(30)"/>
              <g opacity=".5"><path d="M1 1h5v5z"/><path d="M9 9h5v5z"/></g>
              <text x="1" y="9">a</text>
            """)
        #expect(try Self.drawing(text).problems.map { $0.location?.line ?? 0 } == [2, 3, 4])
    }

    /// What changes no pixel passes: Illustrator's root (`version`, `id`, `x="0px"`,
    /// `enable-background`, `xml:space`), editors' own attributes and namespaces, `data-`,
    /// rendering hints, an unknown property in CSS, and `display="none"` on a part.
    @Test func whatChangesNoPixelPasses() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
              xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" x="0px" y="0px" viewBox="0 0 24 24"
              style="enable-background:new 0 0 24 24;" xml:space="preserve" class="bi bi-x" data-name="icon" baseProfile="tiny">
            <style>.a { fill: currentColor; -inkscape-font-specification: Sans; }</style>
            <g inkscape:label="Layer 1" inkscape:groupmode="layer" data-figma="frame" shape-rendering="crispEdges" color="red">
              <path class="a" d="M2 2h20v20H2z" id="square" vector-effect="non-scaling-stroke" stroke-dashoffset="3"/>
              <path d="M4 4h4" stroke="red" stroke-dasharray="none" clip-path="none" display="none" transform="skewX(40)"/>
            </g>
            </svg>
            """
        let drawing = try Self.drawing(text)
        #expect(drawing.problems.isEmpty, "\(drawing.problems)")
        #expect(drawing.shapes.count == 1)
    }

    /// A misspelt attribute keeps its did-you-mean whichever forms are on, and the drawing
    /// passes it over as librsvg does.
    @Test func aMisspeltAttributeKeepsItsSuggestion() throws {
        let text = Self.svg(#"<path d="M2 2h20" stroke="black" strok-width="2"/>"#)
        for forms in [IconForms(), IconForms(vector: true), IconForms(vector: true, symbol: true)] {
            let checked = try DrawnIcon.check(name: "give", file: "give.svg", svg: Array(text.utf8), forms: forms)
            #expect(
                checked.warnings.map(\.description) == [
                    "2:36: <path strok-width=…>: not an attribute librsvg knows, so it has no effect; did you mean stroke-width?"
                ])
        }
    }

    /// The audit's icon (a shape at 10²⁰) and numbers too large for a Double are one error
    /// each at their line and column, before any form sees them; the forms never trap.
    @Test(arguments: [
        (#"<path d="M1e20 1e20 l1 0 l0 1 z"/>"#, "2:3: <path>: a point at (1e+20, 1e+20), further than 1000000 user units from the canvas"),
        (#"<rect x="2" y="2" width="1e400" height="2"/>"#, "2:21: <rect width=\"1e400\">: not a finite number"),
        (#"<path d="M0 0 L1e400 0"/>"#, "2:9: <path d=\"M0 0 L1e400 0\">: path data at byte 7: expected a number after 'L'"),
        (#"<g transform="scale(1e300)"><g transform="scale(1e300)"><path d="M1 1h1"/></g></g>"#, "a point at (a number beyond any range"),
        (#"<path d="M1 1h1" stroke="red" stroke-width="1e300"/>"#, "2:3: <path>: a stroke width of 1e+300, further than"),
    ])
    func numbersOutOfRangeAreOneErrorAtTheirPlace(element: String, message: String) throws {
        let text = Self.svg(element)
        #expect(throws: (any Error).self) {
            _ = try DrawnIcon.check(name: "far", file: "far.svg", svg: Array(text.utf8), forms: IconForms(vector: true, symbol: true))
        }
        do {
            _ = try DrawnIcon.check(name: "far", file: "far.svg", svg: Array(text.utf8), forms: IconForms(vector: true, symbol: true))
        } catch let error as ArtFileError {
            #expect(error.description.hasPrefix("far.svg:"))
            #expect(error.description.contains(message), "\(error)")
            #expect(error.description.hasSuffix(#"; to ship far as a bitmap alone, set "icons": {"far": {"vector": false, "symbol": false}} in icons.json"#))
        }
        // Bitmaps alone, the icon is drawn as librsvg draws it.
        #expect(try DrawnIcon.check(name: "far", file: "far.svg", svg: Array(text.utf8), forms: IconForms()).drawing == nil)
    }

    /// An event handler is active content: refused in an icon, whatever its forms.
    @Test func anEventHandlerIsRefused() {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" onload="fetch('https://example.com')"><path d="M1 1h5"/></svg>"#
        #expect(
            SVGSafety.problem(in: Array(text.utf8))?.description
                == "1:1: <svg onload=…>: an event handler is active content (script a browser would run on opening the SVG), which art may not carry")
        #expect(SVGSafety.problem(in: Array(Self.svg(#"<g OnClick="x()"/>"#).utf8))?.message.hasPrefix("<g OnClick=…>: an event handler") == true)
        #expect(SVGSafety.problem(in: Array(Self.svg(#"<path d="M1 1h5" opacity="1" offset="0"/>"#).utf8)) == nil)
    }
}
