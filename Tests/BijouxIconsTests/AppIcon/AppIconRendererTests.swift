import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("App icon: rendering, variants, previews")
struct AppIconRendererTests {
    typealias Fixture = AppIconFixture

    /// The stage's outputs for the sample art, by path (made once: it is the same
    /// every time, which `theStageIsDeterministic` checks).
    static let outputs: [String: [UInt8]] = {
        let run = try! BuildEngine.run(AppIconStage.self, art: try! ArtFolder(TestPaths.art), jobs: 2)
        return Dictionary(uniqueKeysWithValues: run.outputs.map { ($0.path, $0.bytes) })
    }()

    static func decoded(_ name: String) throws -> DecodedPNG {
        try PNGDecoder.decode(outputs[AppIconStage.iconSetFolder + "/" + name]!, path: name)
    }

    @Test func theIconSetHasTheThreeVariantsInTheirFormats() throws {
        #expect(
            Set(Self.outputs.keys) == [
                "Assets.xcassets/AppIcon.appiconset/Contents.json", "Assets.xcassets/AppIcon.appiconset/AppIcon.png",
                "Assets.xcassets/AppIcon.appiconset/AppIcon-dark.png", "Assets.xcassets/AppIcon.appiconset/AppIcon-tinted.png",
                "Preview/AppIcon/home-default.png", "Preview/AppIcon/home-dark.png", "Preview/AppIcon/home-tinted.png",
                "Preview/AppIcon-safe-zone.png",
                // The Icon Composer document beside it, and its looks on the home screen.
                "AppIcon.icon/icon.json", "AppIcon.icon/Assets/thread.svg", "AppIcon.icon/Assets/ring.svg", "AppIcon.icon/Assets/heart.png",
                "Preview/AppIcon/icon-default.png", "Preview/AppIcon/icon-dark.png", "Preview/AppIcon/icon-tinted.png", "Preview/AppIcon/icon-clear.png",
            ])
        // Default: colour type 2, no alpha channel and no tRNS (App Store error 90717).
        let light = try Self.decoded("AppIcon.png")
        #expect(light.info.colorType == .rgb && !light.info.hasAlpha && light.info.bitDepth == 8)
        #expect(light.width == 1024 && light.height == 1024)
        // Dark: RGBA, transparent where the system draws its own background.
        let dark = try Self.decoded("AppIcon-dark.png")
        #expect(dark.info.colorType == .rgbAlpha)
        #expect(dark.rgba8[0, 0] == RGBA(0, 0, 0, 0) && dark.rgba8[512, 1000] == RGBA(0, 0, 0, 0))
        // The thread is solid; the keyed heart is as opaque as its paint is bright.
        let layout = try Fixture.heartRenderer().layout
        #expect(dark.rgba8[300, Int(layout.thread.squiggleY(atX: 300)!)].a == 255)
        #expect(dark.rgba8[512, 600].a > 200)
        // Tinted: grey on black, no alpha, as RGB with equal channels (colour type 2, as the
        // real tinted icons are), every pixel.
        let tinted = try Self.decoded("AppIcon-tinted.png")
        #expect(tinted.info.colorType == .rgb && !tinted.info.hasAlpha && tinted.info.bitDepth == 8)
        #expect(tinted.rgba8[5, 5] == RGBA(0, 0, 0, 255))
        let pixels: [UInt8] = tinted.rgba8.pixels
        var unequal = 0
        var lit = 0
        for start in stride(from: 0, to: pixels.count, by: 4) {
            let (red, green, blue) = (pixels[start], pixels[start + 1], pixels[start + 2])
            if red != green || red != blue { unequal += 1 }
            if red > 0 { lit += 1 }
        }
        #expect(unequal == 0 && lit > 0)
    }

    @Test func theRendersAreOpaqueGreyOrTransparentAsTheirVariantRequires() throws {
        let renders = try Fixture.heartRenderer().renderAll()
        #expect(renders.map(\.variant) == [.default, .dark, .tinted])
        let alphas = { (image: RGBAImage) in Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }) }
        #expect(alphas(renders[0].image) == [255])
        #expect(alphas(renders[2].image) == [255])
        #expect(alphas(renders[1].image).contains(0) && alphas(renders[1].image).contains(255))
        let tinted = renders[2].image.pixels
        var colourful = 0
        for i in stride(from: 0, to: tinted.count, by: 4) where tinted[i] != tinted[i + 1] || tinted[i] != tinted[i + 2] {
            colourful += 1
        }
        #expect(colourful == 0)
        // Each variant shows its own inks: the thread's middle is its ink.
        let layout = try Fixture.heartRenderer().layout
        let onThreadY = layout.thread.squiggleY(atX: 300)!
        let p = Fixture.parameters()
        #expect(renders[0].image[300, Int(onThreadY) + 6] == p.inks[.default]!.thread)
        #expect(renders[1].image[300, Int(onThreadY) + 6] == p.inks[.dark]!.thread)
        #expect(renders[2].image[300, Int(onThreadY) + 6] == p.inks[.tinted]!.thread)
    }

    @Test func nothingIsDrawnOutsideTheSafeZone() throws {
        // Checked on the final default image: outside the safe zone (less half a
        // pixel's diagonal for antialiasing) every pixel is the bare grainy paper.
        let render = try Fixture.heartRenderer().render(.default)
        let zone = IconMask.safeZone(side: 1024)
        var outside = 0
        render.image.pixels.withUnsafeBufferPointer { image in
            render.background.pixels.withUnsafeBufferPointer { paper in
                for y in 0..<1024 {
                    for x in 0..<1024 where zone.signedDistance(CanvasPoint(Double(x) + 0.5, Double(y) + 0.5)) > SafeZone.halfPixelDiagonal {
                        outside += 1
                        let i = (y * 1024 + x) * 4
                        if image[i] != paper[i] || image[i + 1] != paper[i + 1] || image[i + 2] != paper[i + 2] {
                            Issue.record("pixel (\(x), \(y)) outside the safe zone is drawn on")
                            return
                        }
                    }
                }
            }
        }
        #expect(outside > 150_000)
    }

    @Test(.tags(.slow), .notInFastRun) func theStageIsDeterministic() throws {
        let again = try BuildEngine.run(AppIconStage.self, art: try ArtFolder(TestPaths.art), jobs: 1)
        #expect(again.outputs.count == Self.outputs.count)
        for output in again.outputs { #expect(Self.outputs[output.path] == output.bytes, "\(output.path)") }
        // Rendering twice in one process gives the same pixels too.
        let renderer = try Fixture.heartRenderer()
        #expect(renderer.render(.dark).image == renderer.render(.dark).image)
    }

    @Test func thePaperHasAFixedGrain() {
        let ink = RGBA(0x17, 0x15, 0x13, 255)
        let grain = AppIconParameters.Grain(seed: 1873, amplitude: 5, cell: 3)
        let paper = AppIconRenderer.paper(side: 256, ink: ink, grain: grain)
        #expect(paper == AppIconRenderer.paper(side: 256, ink: ink, grain: grain))
        var levels = Set<Int>()
        for y in 0..<256 {
            for x in 0..<256 {
                let p = paper[x, y]
                let offset = Int(p.r) - Int(ink.r)
                // The same shade on every channel, within the amplitude.
                #expect(Int(p.g) - Int(ink.g) == offset && Int(p.b) - Int(ink.b) == offset && p.a == 255)
                #expect(abs(offset) <= 5)
                levels.insert(offset)
            }
        }
        #expect(levels.count >= 9)
        var other = grain
        other.seed = 1874
        #expect(AppIconRenderer.paper(side: 256, ink: ink, grain: other) != paper)
    }

    @Test func aRevisedCharmChangesTheIconOnlyInsideTheCharmsBox() throws {
        // Two paintings of the same shape (same bounds, same cleft), different paint.
        func disc(_ color: (Double, Double, Double)) -> RGBAImage {
            LuminanceKey.key(Synthetic.paintedDisc(width: 300, height: 280, center: (150, 140), radius: 120, softness: 4, color: color))
        }
        let before = disc((230, 60, 90)), after = disc((90, 160, 230))
        let bounds = PaintedBounds.of(before)
        #expect(PaintedBounds.of(after) == bounds)
        let p = Fixture.parameters()
        let first = try AppIconRenderer(parameters: p, keyed: before, bounds: bounds, file: Fixture.file)
        let second = try AppIconRenderer(parameters: p, keyed: after, bounds: bounds, file: Fixture.file)
        let box = first.layout.charmBox
        #expect(second.layout.charmBox == box)
        for variant in AppIconParameters.Variant.allCases {
            let a = first.render(variant).image, b = second.render(variant).image
            var changed = 0
            for y in 0..<1024 {
                let row = (y * 1024 * 4)..<((y + 1) * 1024 * 4)
                if a.pixels[row] == b.pixels[row] { continue }
                for x in 0..<1024 where a[x, y] != b[x, y] {
                    changed += 1
                    #expect(x >= box.x && x < box.maxX && y >= box.y && y < box.maxY, "\(variant) changed at (\(x), \(y)), outside \(box)")
                }
            }
            #expect(changed > 10_000, "\(variant)")
        }
    }

    @Test func theCharmIsInkedPerVariant() {
        let image = RGBAImage(width: 2, height: 1, pixels: [200, 40, 60, 255, 100, 200, 250, 128])
        #expect(AppIconRenderer.inked(image, .painted, gain: 1) == image)
        // Luma, Rec. 709 weights: 0.2126·200 + 0.7152·40 + 0.0722·60 = 75.46 → 75.
        let grey = AppIconRenderer.inked(image, .luminance, gain: 1)
        #expect(grey[0, 0] == RGBA(75, 75, 75, 255))
        #expect(AppIconRenderer.inked(image, .luminance, gain: 2)[0, 0] == RGBA(151, 151, 151, 255))
        #expect(AppIconRenderer.inked(image, .painted, gain: 1.5)[1, 0] == RGBA(150, 255, 255, 128))
    }

    @Test func theRingHangsWhereTheSquiggleCrossesTheCharmsX() throws {
        let layout = try Fixture.heartRenderer().layout
        let p = Fixture.parameters()
        // BijouxKit's squiggleY, on the polyline the renderer strokes (offset 0).
        #expect(layout.ringTop == CanvasPoint(512, layout.thread.squiggleY(atX: 512, spacing: AppIconLayout.sampleSpacing)!))
        #expect(p.ring.offset == 0)
        // The heart hangs from the base curve, not the squiggle: its attach point
        // (the cleft, where its paint starts on its centre line) is `hang` below.
        let renderer = try Fixture.heartRenderer()
        let depth = AppIconRenderer.attachDepth(renderer.charm)
        #expect(depth > 10)
        #expect(layout.charmBox.y + depth == Int((p.curve.baseY(atX: 512) + p.charm.hang).rounded()))
        #expect(
            renderer.charm[renderer.charm.width / 2, depth].a >= 128 || renderer.charm[renderer.charm.width / 2 - 1, depth].a >= 128
                || renderer.charm[renderer.charm.width / 2 + 1, depth].a >= 128)
    }

    /// The thread the icon draws is BijouxKit's `points(spacing:)`: every pixel it
    /// covers is within half the stroke (and half a pixel's diagonal) of that polyline,
    /// and the stroke covers the pixel under every point fully.
    @Test func theRenderedThreadFollowsBijouxKitsPoints() throws {
        let renderer = try Fixture.heartRenderer()
        let p = Fixture.parameters()
        let thread = GoldThread(
            width: 1024, height: 1024, topFraction: p.thread.topFraction, controlDrop: p.thread.controlDrop,
            stretch: p.thread.stretch, startX: p.thread.startX, endX: p.thread.endX)
        let points = thread.points(spacing: AppIconLayout.sampleSpacing)
        #expect(renderer.layout.points == points)
        let coverage = renderer.threadCoverage, side = AppIconParameters.side
        let reach = p.thread.strokeWidth / 2 + SafeZone.halfPixelDiagonal
        var covered = 0
        for y in 0..<side {
            for x in 0..<side where coverage[y * side + x] > 0 {
                covered += 1
                let centre = CanvasPoint(Double(x) + 0.5, Double(y) + 0.5)
                #expect(Polyline.distance(from: centre, to: points) <= reach, "pixel \(x), \(y)")
            }
        }
        for point in points.enumerated().filter({ $0.offset % 25 == 0 }).map(\.element) {
            #expect(coverage[Int(point.y) * side + Int(point.x)] == 255, "\(point)")
        }
        // The covered area is the stroke's: its length times its width, give or take the caps.
        let length = zip(points, points.dropFirst()).map { $0.distance(to: $1) }.reduce(0, +)
        let area = length * p.thread.strokeWidth
        #expect(abs(Double(covered) / area - 1) < 0.1, "\(covered) pixels for \(area)")
    }

    @Test func theHomeScreenPicturesAreMaskedAt60PointsAt3x() throws {
        for variant in AppIconParameters.Variant.allCases {
            let home = try PNGDecoder.decode(Self.outputs[AppIconStage.homePreviewPath(variant)]!, path: "home.png").rgba8
            #expect(home.width == 180 && home.height == 180)
            // Outside the mask's corner nothing; the middle is the icon, opaque.
            #expect(home[1, 1].a == 0)
            #expect(home[90, 90].a == 255)
        }
        let safeZone = try PNGDecoder.decode(Self.outputs[AppIconStage.safeZonePreviewPath]!, path: "safe-zone.png")
        #expect(safeZone.width == 1024 && safeZone.height == 1024)
    }
}
