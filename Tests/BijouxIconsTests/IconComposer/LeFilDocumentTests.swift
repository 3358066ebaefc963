import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Le Fil as an Icon Composer document: layers, checks, looks")
struct LeFilDocumentTests {
    typealias Fixture = AppIconFixture

    static func document(_ renderer: AppIconRenderer) -> LeFilDocument {
        LeFilDocument(parameters: renderer.parameters, layout: renderer.layout, charm: renderer.charm)
    }

    static func looks(_ icon: LeFilDocument) throws -> LeFilLooks {
        try LeFilLooks(document: icon.document, assets: icon.assets(), side: icon.layout.side, renders: RenderSession())
    }

    /// The appiconset's tolerance for its cairo drawing: the SVG layers must render
    /// to its pixels within it.
    static let tolerance = GoldenTolerances.standard.tolerance(for: AppIconStage.iconSetFolder + "/AppIcon.png")

    /// A coverage layer of the appiconset inked on a transparent canvas.
    static func inked(_ layer: CairoSurface, _ ink: RGBA) -> RGBAImage {
        let canvas = CairoSurface(width: layer.width, height: layer.height)
        canvas.fill(ink, through: layer)
        return canvas.image()
    }

    static func differingPixels(_ expected: RGBAImage, _ actual: RGBAImage) throws -> Int {
        try PixelComparer.compare(expected, actual, tolerance.comparison, jobs: 2).differingPixels
    }

    @Test func theDocumentNamesExactlyItsAssets() throws {
        let icon = Self.document(try Fixture.heartRenderer())
        #expect(icon.document.imageNames == icon.assets().map(\.name))
        #expect(icon.document.imageNames == ["thread.svg", "ring.svg", "heart.png"])
        let outputs = icon.outputs(icon.assets()).map(\.path)
        #expect(outputs == ["AppIcon.icon/icon.json", "AppIcon.icon/Assets/thread.svg", "AppIcon.icon/Assets/ring.svg", "AppIcon.icon/Assets/heart.png"])
    }

    @Test func theLooksComeFromEachVariantsInks() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let p = renderer.parameters
        let gold = icon.document.groups[0]
        #expect(gold.layers.map(\.name) == ["thread", "ring"])
        for (layer, ink) in zip(gold.layers, [\AppIconParameters.Inks.thread, \.ring]) {
            #expect(IconDocument.fill(layer.fills, for: nil) == .solid(p.inks[.default]![keyPath: ink]))
            #expect(IconDocument.fill(layer.fills, for: .dark) == .solid(p.inks[.dark]![keyPath: ink]))
            #expect(IconDocument.fill(layer.fills, for: .tinted) == .solid(p.inks[.tinted]![keyPath: ink]))
        }
        #expect(IconDocument.fill(icon.document.fills, for: nil) == .solid(p.inks[.default]!.paper!))
        // appicon.json's dark paper is null (the system's own ground): "system-dark";
        // a dark paper, where there is one, is a solid dark fill.
        #expect(IconDocument.fill(icon.document.fills, for: .dark) == .systemDark)
        var withDarkPaper = p
        withDarkPaper.inks[.dark]!.paper = RGBA(0x10, 0x0E, 0x0C, 255)
        let dark = LeFilDocument(parameters: withDarkPaper, layout: renderer.layout, charm: renderer.charm)
        #expect(IconDocument.fill(dark.document.fills, for: .dark) == .solid(RGBA(0x10, 0x0E, 0x0C, 255)))
        #expect(dark.document.text.contains("\"appearance\" : \"dark\",\n      \"value\" : {\n        \"solid\" : \"srgb:0.06275,0.05490,0.04706,1.00000\""))
    }

    @Test func theThreadSVGIsTheSampledSquiggleToTheHundredth() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let svg = icon.threadSVG
        #expect(SVGSafety.problem(in: Array(svg.utf8)) == nil)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\" viewBox=\"0 0 1024 1024\">\n  <path d=\"M"))
        #expect(svg.contains("stroke=\"#c9a16b\" stroke-width=\"26\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"))
        // The path data read back: every sample of the squiggle, within 0.005 pt.
        let d = try #require(svg.split(separator: "\"").drop { $0.hasSuffix("d=") == false }.dropFirst().first)
        let tokens = d.replacingOccurrences(of: "M", with: "").replacingOccurrences(of: "L", with: " ").split(separator: " ")
        let numbers = tokens.map { Double($0)! }
        let points = renderer.layout.points
        #expect(numbers.count == points.count * 2)
        var worst = 0.0
        for (i, point) in points.enumerated() {
            worst = max(worst, abs(numbers[2 * i] - point.x), abs(numbers[2 * i + 1] - point.y))
        }
        #expect(worst <= 0.005 + 1e-9)
        // No number carries more than two decimals or a trailing zero.
        #expect(!tokens.contains { $0.contains(".") && ($0.hasSuffix("0") || $0.split(separator: ".")[1].count > 2) })
        #expect(
            icon.ringSVG.contains(
                "<circle cx=\"512\" cy=\"\(LayerSVG.number(renderer.layout.ringCenter.y))\" r=\"36\" fill=\"none\" stroke=\"#e2c084\" stroke-width=\"11\"/>"))
    }

    @Test func theHeartLayerIsTheCatalogCharmAtItsBox() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let box = renderer.layout.charmBox
        #expect(Compositing.crop(icon.heart, to: box) == renderer.charm)
        var outside = icon.heart
        Compositing.paste(RGBAImage(width: box.width, height: box.height), into: &outside, x: box.x, y: box.y)
        #expect(outside.pixels.allSatisfy { $0 == 0 }, "transparent outside the charm's box")
    }

    @Test func theSVGLayersRenderToTheAppIconSetsPixels() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let looks = try Self.looks(icon)
        let inks = renderer.parameters.inks[.default]!
        let thread = try #require(looks.layers[LeFilDocument.threadFile])
        let ring = try #require(looks.layers[LeFilDocument.ringFile])
        #expect(try Self.differingPixels(Self.inked(renderer.threadLayer, inks.thread), thread) <= Self.tolerance.budget)
        #expect(try Self.differingPixels(Self.inked(renderer.ringLayer, inks.ring), ring) <= Self.tolerance.budget)
        // Not vacuous: the comparison sees a thread moved by two pixels.
        var moved = renderer.layout
        moved.points = moved.points.map { CanvasPoint($0.x, $0.y + 2) }
        let shifted = LeFilDocument(parameters: renderer.parameters, layout: moved, charm: renderer.charm)
        let shiftedThread = try Self.looks(shifted).layers[LeFilDocument.threadFile]!
        #expect(try Self.differingPixels(Self.inked(renderer.threadLayer, inks.thread), shiftedThread) > 1000)
    }

    @Test func rsvgConvertRendersTheSVGLayersAsTheToolDoes() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let looks = try Self.looks(icon)
        let folder = TestPaths.temporaryFolder("icon-rsvg-convert")
        for name in [LeFilDocument.threadFile, LeFilDocument.ringFile] {
            let svg = icon.assets().first { $0.name == name }!.bytes
            folder.write(name, svg)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["rsvg-convert", "--output", folder.path + "/" + name + ".png", folder.path + "/" + name]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "rsvg-convert (librsvg2-bin; `make deps` installs it) failed on \(name)")
            guard case .rgba8(let converted, _) = try PNGDecoder.decode(folder.read(name + ".png")!, path: name + ".png") else {
                Issue.record("rsvg-convert wrote a 16-bit PNG")
                continue
            }
            #expect(converted.width == 1024 && converted.height == 1024)
            #expect(try Self.differingPixels(looks.layers[name]!, converted) <= Self.tolerance.budget, "\(name)")
        }
    }

    @Test func theRulesHoldOnTheLayersGeometryAndOnTheirPixels() throws {
        let renderer = try Fixture.heartRenderer()
        let p = renderer.parameters
        let checked = try LeFilDocument.Checked(renderer, file: Fixture.file, jobs: 2, renders: RenderSession())
        let geometry = checked.geometry
        let appIconSet = try SafeZone.check(renderer.layout, parameters: p, file: Fixture.file)
        // Rounding to the hundredth moves nothing that matters.
        #expect(abs(geometry.threadClearance - appIconSet.threadClearance) <= 0.01)
        #expect(geometry.bottomMargin == appIconSet.bottomMargin)
        #expect(abs(geometry.ringDistance - appIconSet.ringDistance) <= 0.01)
        // The composited layers, every look: the margin kept, the thread's pixels
        // where its geometry says, the ring's top on it.
        let pixels = checked.pixels
        #expect(pixels.bottomMargin >= SafeZone.minimumBottomMargin)
        #expect(pixels.lowestDrawnRow < geometry.charmBottom)
        #expect(abs(pixels.threadClearance - geometry.threadClearance) <= SafeZone.halfPixelDiagonal)
        #expect(pixels.coverageAtRingTop == 1)
        #expect(
            checked.outputs.map(\.path) == checked.icon.outputs(checked.icon.assets()).map(\.path)
                + LeFilLooks.Look.allCases.map(LeFilDocument.Checked.homePath))
        #expect(try Self.looks(checked.icon).compositeAll().map(\.look) == [.default, .dark, .tinted, .clear])
    }

    @Test func aCharmHungTooLowFailsTheDocumentWithTheAppIconSetsMessage() throws {
        var p = Fixture.parameters()
        p.charm.hang = 140
        let renderer = try Fixture.heartRenderer(p)
        func message(_ body: () throws -> Void) -> String {
            do { try body(); return "no violation" } catch { return "\(error)" }
        }
        let document = message { _ = try SafeZone.check(Self.document(renderer).layout, parameters: p, file: Fixture.file) }
        #expect(document == message { _ = try SafeZone.check(renderer.layout, parameters: p, file: Fixture.file) })
        #expect(document.hasPrefix("art/appicon.json:10:12: rule 'heart bottom margin' failed (geometry): charm 'heart' ends at y = "))
        // On the composited layers: the look whose drawing reaches lowest is named.
        let icon = Self.document(renderer)
        let looks = try Self.looks(icon)
        let pixels = message {
            _ = try SafeZone.confirm(
                threadCoverage: looks.coverage(LeFilDocument.threadFile), drawn: looks.compositeAll().map(\.drawn), layout: icon.layout,
                parameters: p, file: Fixture.file)
        }
        #expect(
            pixels.hasPrefix(
                "art/appicon.json:10:12: rule 'heart bottom margin' failed (rendered pixels, default look of AppIcon.icon): the lowest drawn row ends at y = "))
    }

    @Test func theLooksInkTheLayersAsTheDocumentSays() throws {
        let renderer = try Fixture.heartRenderer()
        let icon = Self.document(renderer)
        let looks = try Self.looks(icon)
        let p = renderer.parameters
        // A pixel in the middle of the thread's stroke at its left end, and one in the
        // paper far from everything.
        let end = renderer.layout.points[20]
        let (x, y) = (Int(end.x), Int(end.y))
        let paper = (x: 40, y: 980)
        let composites = Dictionary(uniqueKeysWithValues: looks.compositeAll().map { ($0.look, $0.image) })
        #expect(composites[.default]![x, y] == p.inks[.default]!.thread)
        #expect(composites[.default]![paper.x, paper.y] == p.inks[.default]!.paper!)
        #expect(composites[.dark]![x, y] == p.inks[.dark]!.thread)
        #expect(composites[.dark]![paper.x, paper.y].a == 0, "the system draws the dark ground")
        #expect(composites[.tinted]![x, y] == p.inks[.tinted]!.thread)
        #expect(composites[.tinted]![paper.x, paper.y] == RGBA(0, 0, 0, 255))
        // The heart is grey where the look is monochrome.
        let centre = (x: renderer.layout.charmBox.x + renderer.layout.charmBox.width / 2, y: renderer.layout.charmBox.y + renderer.layout.charmBox.height / 2)
        let grey = composites[.clear]![centre.x, centre.y]
        #expect(grey.r == grey.g && grey.g == grey.b && grey.a > 0)
        #expect(composites[.default]![centre.x, centre.y] != grey)
    }

    @Test func theBytesAreTheSameEveryTime() throws {
        let one = Self.document(try Fixture.heartRenderer())
        let two = Self.document(try Fixture.heartRenderer())
        #expect(one.outputs(one.assets(pngOptions: .init(jobs: 1))) == two.outputs(two.assets(pngOptions: .init(jobs: 4))))
    }
}
