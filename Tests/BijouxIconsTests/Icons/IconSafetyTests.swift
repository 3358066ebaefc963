import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxRender
@testable import BijouxSVG
@testable import BijouxTestKit

/// Art is untrusted input in CI: an icon must not read anything outside itself, and
/// bombs and absurd sizes are refused before they cost time or memory.
@Suite("Icon safety")
struct IconSafetyTests {
    static let file = "art/icons/evil.svg"

    static func svg(_ body: String, root: String = #"width="24" height="24""#, prolog: String = "") -> String {
        prolog + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \#(root)>"# + body + "</svg>"
    }

    /// The error DrawnIcon.make throws for `text`, as the user would read it.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try DrawnIcon.make(name: "evil", file: file, svg: bytes, wobble: .standard(seed: 1))
            return nil
        } catch {
            return (error as? any UserFacingError)?.description ?? "\(error)"
        }
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><title>&lol9;</title></svg>
        """

    /// Ten filters of two blurs each: under the primitives limit, over the total blur.
    static let manyBlurs: String = {
        let blurs = String(repeating: #"<feGaussianBlur stdDeviation="5 2"/>"#, count: 2)
        return svg((0..<10).map { (index: Int) -> String in #"<filter id="f\#(index)">"# + blurs + "</filter>" }.joined())
    }()

    /// A 20 KB path drawn 1,000 times through nested <use>s.
    static let thousandPaths: String = {
        let path: String = #"<path id="p" d="M0 0"# + String(repeating: " L1 2 L3 4", count: 2000) + #""/>"#
        let tens: String = #"<g id="g1">"# + String(repeating: ##"<use href="#p"/>"##, count: 10) + "</g>"
        let hundreds: String = #"<g id="g2">"# + String(repeating: ##"<use href="#g1"/>"##, count: 10) + "</g>"
        return svg("<defs>" + path + tens + hundreds + "</defs>" + String(repeating: ##"<use href="#g2"/>"##, count: 10))
    }()

    /// A dot drawn 10,000 times.
    static let tenThousandUses: String = {
        let hundred: String = #"<g id="g1">"# + String(repeating: ##"<use href="#c"/>"##, count: 100) + "</g>"
        return svg(#"<defs><circle id="c" r="1"/>"# + hundred + "</defs>" + String(repeating: ##"<use href="#g1"/>"##, count: 100))
    }()

    /// Each malicious icon, and a phrase its refusal must contain.
    static let attacks: [(String, String, String)] = [
        ("billion laughs", billionLaughs, ":3:3: entity declaration <!ENTITY lol> is not allowed"),
        ("external entity", #"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>"# + svg("<title>&x;</title>"), ":1:16: entity declaration <!ENTITY x>"),
        ("attribute defaults", #"<!DOCTYPE svg [<!ATTLIST image href CDATA "/etc/hosts">]>"# + svg("<image/>"), "<!ATTLIST image href> is not allowed"),
        ("element declaration", #"<!DOCTYPE svg [<!ELEMENT svg ANY>]>"# + svg(""), "<!ELEMENT svg> is not allowed"),
        ("undeclared entity", #"<!DOCTYPE svg SYSTEM "svg.dtd">"# + svg("<title>&x;</title>"), "entity &x; is not allowed"),
        ("bare entity declaration", #"<!ENTITY x "y">"# + svg(""), ":1:2: not well-formed XML"),
        ("file URL image", svg(#"<image href="file:///etc/passwd" width="24" height="24"/>"#), #"reference "file:///etc/passwd""#),
        ("absolute path", svg(#"<image xlink:href="/etc/hosts" width="24" height="24"/>"#), #"reference "/etc/hosts""#),
        ("image path", svg(#"<image path="/etc/hosts" width="24" height="24"/>"#), #"reference "/etc/hosts""#),
        ("parent folder", svg(#"<image href="../secret.png" width="24" height="24"/>"#), #"reference "../secret.png""#),
        ("sibling file", svg(#"<use href="shapes.svg#heart"/>"#), #"reference "shapes.svg#heart""#),
        ("remote URL", svg(#"<image href="https://example.com/x.png" width="24" height="24"/>"#), #"reference "https://example.com/x.png""#),
        ("data URL", svg(#"<image href="data:image/png;base64,iVBORw0KGgo=" width="24" height="24"/>"#), "reference \"data:image/png"),
        ("character references", svg(#"<image href="&#47;etc&#x2F;hosts" width="24" height="24"/>"#), #"reference "/etc/hosts""#),
        ("XInclude", svg(#"<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>"#), #"reference "/etc/passwd""#),
        ("paint server in a file", svg(#"<rect width="9" height="9" fill="url(paint.svg#g)"/>"#), #"reference "paint.svg#g""#),
        ("url in a style attribute", svg(#"<rect width="9" height="9" style="fill: URL( 'file:///etc/passwd' )"/>"#), #"reference "file:///etc/passwd""#),
        ("style sheet import", svg("<style>@import url(#x);</style>"), "@import"),
        ("style sheet url", svg("<style><![CDATA[ rect { fill: url(/etc/passwd) } ]]></style>"), #"reference "/etc/passwd""#),
        ("style sheet url via references", svg("<style>rect { fill: &#117;rl(/x.svg#g) }</style>"), #"reference "/x.svg#g""#),
        ("CSS escape", svg(#"<rect width="9" height="9" fill="\75 rl(/x.svg#g)"/>"#), "backslash"),
        ("xml-stylesheet", #"<?xml-stylesheet type="text/css" href="/etc/x.css"?>"# + svg(""), "xml-stylesheet"),
        ("xml:base", svg(##"<g xml:base="file:///etc/"><use href="#a"/></g>"##), "xml:base"),
        ("huge width", svg("", root: #"width="1e9" height="24""#), "over the limit of 512 pt"),
        ("huge viewBox", svg("", root: #"viewBox="0 0 1e9 1e9""#), "over the limit of 512 pt"),
        ("zero size", svg("", root: #"width="0" height="24""#), "must be positive"),
        ("no size", svg("", root: ""), "has no size"),
        ("fractional size", svg("", root: #"width="24.5" height="24""#), "whole number of points"),
        ("not XML", "this is not an svg", ":1:1: not well-formed XML: Start tag expected"),
        ("empty", "", "not well-formed XML"),
        // A keyword split by a comment or a CDATA section is one keyword to librsvg.
        ("import split by a comment", svg("<style>@imp<!-- -->ort url(#x);</style>"), "@import is not allowed"),
        ("url split by a comment", svg("<style>rect { fill: u<!-- -->rl(/etc/passwd) }</style>"), #"reference "/etc/passwd""#),
        ("import split by CDATA", svg("<style>@imp<![CDATA[ort]]> url(#x);</style>"), "@import is not allowed"),
        // Drawing cost: each of these took minutes to days to render.
        (
            "endless turbulence",
            svg(#"<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="1000000"/></filter><rect width="24" height="24" filter="url(#f)"/>"#),
            "at most 8 octaves (numOctaves"
        ),
        (
            "200 chained blurs",
            svg(
                #"<filter id="f">"# + String(repeating: #"<feGaussianBlur stdDeviation="50"/>"#, count: 200)
                    + #"</filter><rect width="24" height="24" filter="url(#f)"/>"#),
            "has 200 primitives; the limit is 16 filter primitives per filter"
        ),
        ("blurs over many filters", manyBlurs, "the limit on the total blur radius is 64"),
        ("a path drawn a thousand times", thousandPaths, "KiB (the expanded path data limit"),
        ("ten thousand uses", tenThousandUses, "the limit is 4096 (the expanded elements limit"),
        ("use cycle", svg(##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>"##), "refers, through its target, to itself"),
    ]

    @Test(arguments: attacks)
    func refusedWithAnErrorNamingTheIcon(_ name: String, _ text: String, _ phrase: String) {
        let message = Self.refusal(Array(text.utf8))
        #expect(message?.hasPrefix(Self.file + ":") == true, "\(name): \(message ?? "accepted")")
        #expect(message?.contains(phrase) == true, "\(name): \(message ?? "accepted")")
        #expect(message?.contains("\n") == false)
    }

    /// The scan reads UTF-8; a document in another encoding could hide what it says.
    @Test func otherEncodingsAreRefused() {
        let text = Self.svg(#"<image href="/etc/hosts"/>"#)
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(Self.refusal(utf16) == "\(Self.file): not UTF-8 text (UTF-16 or other encodings are not accepted for icons)")
        let latin1 = #"<?xml version="1.0" encoding="ISO-8859-1"?>"# + text
        #expect(Self.refusal(Array(latin1.utf8)) == #"\#(Self.file):1:1: declares encoding "iso-8859-1"; icons must be UTF-8"#)
        #expect(Self.refusal([0x3C, 0x73, 0xFF, 0x3E]) == "\(Self.file): not valid UTF-8 text")
    }

    /// The same icon without the attack is accepted, so each refusal above is about
    /// the attack and not about something else in the document.
    @Test func sameDocumentReferencesAreAllowed() throws {
        let text = Self.svg(
            """
            <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
            <path id="a" d="M4 4h16" stroke="currentColor" stroke-width="2"/></defs>
            <style>rect { fill: url( "#g" ) }</style>
            <!-- comments may say href="/etc/passwd" and url(x) -->
            <use xlink:href="#a"/><use href=" #a " y="4"/><rect x="4" y="12" width="16" height="8" filter="url(#none)" title="a &gt; b"/>
            """,
            prolog: #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#
        )
        #expect(SVGSafety.problem(in: Array(text.utf8)) == nil)
        let icon = try DrawnIcon.make(name: "ok", file: "ok.svg", svg: Array(text.utf8), wobble: .standard(seed: 1))
        #expect(icon.renders[0].pixels.contains { $0 != 0 })
    }

    /// Second layer: even an SVG that skipped the scan cannot load a file, because
    /// librsvg gets the bytes without a base URL. An image that exists, referenced by
    /// an absolute file URL, a path and a sibling name, draws nothing.
    @Test func librsvgAloneLoadsNothingFromDisk() throws {
        let folder = TestPaths.temporaryFolder("rsvg-base")
        let red = Compositing.filled(width: 8, height: 8, color: RGBA(255, 0, 0, 255))
        folder.write("red.png", PNGEncoder.encode(red))
        let references = ["file://\(folder.path)/red.png", "\(folder.path)/red.png", "red.png"]
        for reference in references {
            let text = Self.svg(#"<image href="\#(reference)" x="0" y="0" width="24" height="24"/>"#)
            #expect(SVGSafety.problem(in: Array(text.utf8)) != nil)
            let document = try SVGDocument(bytes: Array(text.utf8), file: "unscanned.svg", ink: DrawnIcon.ink, maxSide: DrawnIcon.maxPointSide)
            let render = try document.render(width: 24, height: 24)
            #expect(render.pixels.allSatisfy { $0 == 0 }, "\(reference) was loaded")
        }
        // The same image as a data: URL does draw, so the check above can see an image.
        let inline = "data:image/png;base64," + Data(PNGEncoder.encode(red)).base64EncodedString()
        let document = try SVGDocument(
            bytes: Array(Self.svg(#"<image href="\#(inline)" width="24" height="24"/>"#).utf8), file: "inline.svg", ink: DrawnIcon.ink,
            maxSide: DrawnIcon.maxPointSide)
        let pixels = try document.render(width: 24, height: 24).pixels
        #expect(pixels[0] == 255 && pixels[1] == 0 && pixels[3] == 255)
    }

    /// An oversized file is refused from its size alone, before it is read.
    @Test func oversizedFileIsRefusedByTheStage() throws {
        let folder = TestPaths.temporaryFolder("icon-size")
        let padding = String(repeating: " ", count: SVGSafety.maxFileSize)
        folder.write("art/icons/big.svg", Self.svg("<!--\(padding)-->"))
        #expect {
            try BuildEngine.run(IconsStage.self, art: try ArtFolder(folder.path + "/art"))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/icons/big.svg: cannot read: file is ") && "\(error)".hasSuffix("over the 256 KiB limit")
        }
    }

    /// A symbolic link in the icons folder could make the build read a file outside
    /// the art folder (and quote it in an error); it is refused before it is read.
    @Test func symbolicLinksAreRefused() throws {
        let folder = TestPaths.temporaryFolder("icon-link")
        folder.write("secret.svg", Self.svg(""))
        folder.write("art/icons/ok.svg", Self.svg(""))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/art/icons/link.svg", withDestinationPath: folder.path + "/secret.svg")
        #expect {
            try BuildEngine.run(IconsStage.self, art: try ArtFolder(folder.path + "/art"))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/icons/link.svg: cannot read: is a symbolic link; the art must be files and folders inside the art folder itself"
        }
    }

    /// A problem is reported at the line and column of the element it is about.
    @Test func aProblemIsReportedWhereItIs() {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
              <defs>
                <path id="a" d="M4 4h16"/>
              </defs>
              <use href="#a"/>
              <g>
                 <image width="24" height="24"
                        href="/etc/hosts"/>
              </g>
            </svg>
            """
        #expect(
            Self.refusal(Array(text.utf8))
                == ##"""
                \##(Self.file):7:6: <image href=…>: reference "/etc/hosts" is not allowed: an icon must be self-contained, with only same-document \##
                references like "#id" (no files, paths, URLs or data: images)
                """##
        )
        let broken = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n  <rect></g>\n</svg>"
        #expect(Self.refusal(Array(broken.utf8)) == "\(Self.file):3:13: not well-formed XML: Opening and ending tag mismatch: rect line 3 and g")
    }

    /// The last resort: a drawing that takes longer than the limit is killed and
    /// reported. (This one passes every check and takes a fraction of a second.)
    @Test func aSlowDrawingIsAbandonedAtTheTimeLimit() throws {
        let text = Self.svg(
            #"""
            <filter id="f"><feTurbulence baseFrequency="0.02" numOctaves="8"/><feGaussianBlur stdDeviation="20"/></filter><rect width="512" height="512" \#
            filter="url(#f)"/>
            """#,
            root: #"width="512" height="512""#)
        #expect {
            try DrawnIcon.make(
                name: "slow", file: Self.file, svg: Array(text.utf8), wobble: .standard(seed: 1),
                renders: RenderSession(limits: RenderLimits(perIcon: 0.001, total: 60)))
        } throws: { error in
            "\(error)"
                == """
                \(Self.file): used more than 0.001 s of CPU to draw, so the build stopped there (an icon may use 0.001 s of CPU to draw and a build's icons 60 \
                s in all); simplify its filters, blurs and <use>s
                """
        }
    }

    /// librsvg ignores an attribute value it cannot read (and draws no line whose end it
    /// cannot read): each is a warning at its attribute, the values it reads are not.
    @Test func attributeValuesLibrsvgIgnoresAreFoundAtTheirAttribute() {
        let text = Self.svg(
            """

            <path d="M2 2h20" stroke="currentColor" stroke-width="abc" opacity="50%"/>
            <circle cx="12" cy="12" r="6" fill="blu" fill-opacity=".5"/>
            <line x1="2" y1="x" x2="20" y2="20" stroke="#abc"/>
            <rect width="4" height="4" rx="auto" style="fill: currentColor; stroke: notacolour !important; stroke-width: 2px"/>
            <ellipse cx="4px" cy="1e1" rx="2 px" ry="3" fill="url(#g) none" stroke="rgb(1 2 3)" stroke-miterlimit="4.5"/>
            <g fill="RebeccaPurple" stroke="inherit" stroke-opacity="1.5e0" stroke-dashoffset="-2.5mm" color="transparent"/>

            """)
        let report = SVGSafety.check(Array(text.utf8))
        #expect(report.problem == nil)
        #expect(
            report.warnings.map(\.description) == [
                """
                2:41: <path stroke-width=\"abc\">: not a length (a number with an optional unit such as px or %), so librsvg ignores it, as if it were not \
                there
                """,
                "3:31: <circle fill=\"blu\">: not a paint (none, a colour, currentColor or url(#id)), so librsvg ignores it, as if it were not there",
                "4:14: <line y1=\"x\">: not a length (a number with an optional unit such as px or %), so librsvg does not draw the line",
                "5:38: <rect style=…>: stroke: not a paint (none, a colour, currentColor or url(#id)), so librsvg ignores it, as if it were not there",
                "6:28: <ellipse rx=\"2 px\">: not a length or auto, so librsvg ignores it, as if it were not there",
            ])
        // A refused SVG reports its problem alone.
        let refused = SVGSafety.check(Array(Self.svg(#"<path stroke-width="abc"/><image href="x.png"/>"#).utf8))
        #expect(refused.problem != nil && refused.warnings.isEmpty)
    }

    /// What librsvg would ignore, as rsvg-convert shows it: the circle with r="abc" and
    /// the line with x1="abc" draw nothing; fill="blu" leaves the default black.
    @Test func theWarnedValuesAreTheOnesLibrsvgIgnores() throws {
        func painted(_ body: String) throws -> Int {
            let document = try SVGDocument(bytes: Array(Self.svg(body).utf8), file: "t.svg", ink: DrawnIcon.ink, maxSide: DrawnIcon.maxPointSide)
            let render = try document.render(width: 24, height: 24)
            return render.withPixels { pixels in (0..<pixels.pixelCount).filter { pixels[rgba: $0].a > 0 }.count }
        }
        #expect(try painted(#"<circle cx="12" cy="12" r="abc"/>"#) == 0)
        #expect(try painted(#"<line x1="abc" y1="2" x2="22" y2="22" stroke="black" stroke-width="4"/>"#) == 0)
        #expect(try painted(#"<line x1="0" y1="2" x2="22" y2="22" stroke="black" stroke-width="4"/>"#) > 0)
        #expect(try painted(#"<circle cx="12" cy="12" r="6" fill="blu"/>"#) == (try painted(#"<circle cx="12" cy="12" r="6"/>"#)))
        #expect(try painted(#"<path d="M2 12h20" stroke="black" stroke-width="abc"/>"#) == (try painted(#"<path d="M2 12h20" stroke="black"/>"#)))
        for body in [#"<circle cx="12" cy="12" r="abc"/>"#, #"<line x1="abc" y1="2" x2="22" y2="22" stroke="black"/>"#, #"<circle r="6" fill="blu"/>"#] {
            #expect(SVGSafety.check(Array(Self.svg(body).utf8)).warnings.count == 1, "\(body)")
        }
    }
}
