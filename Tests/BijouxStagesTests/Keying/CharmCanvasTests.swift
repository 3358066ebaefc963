import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("Trim, place and resample")
struct CharmCanvasTests {
    @Test func paintedBoundsFindTheObject() {
        var image = RGBAImage(width: 50, height: 40)
        image[10, 5] = RGBA(255, 0, 0, 255)
        image[30, 20] = RGBA(0, 255, 0, 3)
        image[45, 35] = RGBA(0, 0, 255, 2)  // at the threshold: not paint
        #expect(PaintedBounds.of(image) == PixelRect(x: 10, y: 5, width: 21, height: 16))
        #expect(PaintedBounds.of(RGBAImage(width: 4, height: 4)).isEmpty)
    }

    @Test func placesCentredInsideTheMarginAtEveryScale() {
        let disc = LuminanceKey.key(Synthetic.paintedDisc(width: 400, height: 300, center: (150, 160), radius: 80, softness: 6, color: (240, 200, 80)))
        let bounds = PaintedBounds.of(disc)
        for scale in CharmCanvas.scales {
            let render = CharmCanvas.standard.render(disc, bounds: bounds, scale: scale)
            #expect(render.width == 120 * scale && render.height == 110 * scale)
            let placed = PaintedBounds.of(render)
            let margin = 4 * scale
            #expect(placed.y >= margin - 1 && placed.maxY <= render.height - margin + 1)
            // A disc fills the height of the box, centred horizontally.
            #expect(abs(placed.height - (render.height - 2 * margin)) <= 2)
            #expect(abs((placed.x + placed.maxX) - render.width) <= 2)
        }
    }

    /// Resampling straight alpha drags the black under transparent pixels into the
    /// soft edge; premultiplied resampling keeps the edge the colour of its paint.
    @Test func noDarkFringeOnASoftEdge() {
        let painted = Synthetic.paintedDisc(width: 300, height: 300, center: (150, 150), radius: 120, softness: 25, color: (255, 160, 40))
        let keyed = LuminanceKey.key(painted)
        let small = Resample.resize(keyed, width: 37, height: 37)
        var edgePixels = 0
        for y in 0..<37 {
            for x in 0..<37 {
                let p = small[x, y]
                guard p.a > 8 else { continue }
                if p.a < 200 { edgePixels += 1 }
                // The paint is (255, 160, 40). Red is its brightest channel, so the key
                // makes it exactly 255 at every alpha: any darkening is a fringe.
                #expect(p.r >= 254, "dark fringe at (\(x), \(y)): \(p)")
                // The others carry the key's own quantisation at low alpha (255/a).
                let slack = 3 + 255 / Int(p.a)
                #expect(abs(Int(p.g) - 160) <= slack && abs(Int(p.b) - 40) <= slack, "colour shift at (\(x), \(y)): \(p)")
            }
        }
        #expect(edgePixels > 20)  // the edge really is soft at this size
    }

    @Test func resampleKeepsFlatColourAndAlpha() {
        var image = RGBAImage(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { image[x, y] = RGBA(10, 20, 30, 255) } }
        for (w, h) in [(3, 3), (25, 17), (10, 4)] {
            let resized = Resample.resize(image, width: w, height: h)
            for y in 0..<h { for x in 0..<w { #expect(resized[x, y] == RGBA(10, 20, 30, 255)) } }
        }
    }

    @Test func matteFloorIsZeroOnBlackAndMeasuredOnHaze() {
        let clean = LuminanceKey.key(Synthetic.paintedDisc(width: 200, height: 200, center: (100, 100), radius: 60, softness: 5, color: (200, 90, 90)))
        #expect(MatteCheck.floor(of: clean) == 0)
        let hazy = LuminanceKey.key(Synthetic.paintedDisc(width: 200, height: 200, center: (100, 100), radius: 60, softness: 5, color: (200, 90, 90), matte: 9))
        #expect(MatteCheck.floor(of: hazy) == 9)
        #expect(PaintedCharm.suggestedBlackPoint(floor: 9, current: 0) == 9)
        let levelled = LuminanceKey.key(
            Synthetic.paintedDisc(width: 200, height: 200, center: (100, 100), radius: 60, softness: 5, color: (200, 90, 90), matte: 9), blackPoint: 9)
        #expect(MatteCheck.floor(of: levelled) == 0)
    }

    @Test func legibilityFlagsAThinCharm() {
        let bold = PaintedCharm.make(
            id: "bold",
            art: .rgba8(Synthetic.paintedDisc(width: 240, height: 220, center: (120, 110), radius: 100, softness: 4, color: (250, 250, 250)), Self.rgbInfo),
            blackPoint: 0, canvas: .standard)
        #expect(!bold.legibility.nearlyVanishes)
        // A hairline ring: solid at full size, mush at 22 px.
        var ring = RGBAImage(width: 600, height: 550)
        for y in 0..<550 {
            for x in 0..<600 {
                let d = ((Double(x) - 300) * (Double(x) - 300) + (Double(y) - 275) * (Double(y) - 275)).squareRoot()
                let v: UInt8 = abs(d - 250) < 3 ? 255 : 0
                ring[x, y] = RGBA(v, v, v, 255)
            }
        }
        let thin = PaintedCharm.make(id: "thin", art: .rgba8(ring, Self.rgbInfo), blackPoint: 0, canvas: .standard)
        #expect(thin.legibility.nearlyVanishes)
    }

    static let rgbInfo = PNGSourceInfo(
        colorType: .rgb, bitDepth: 8, hasAlpha: false, interlaced: false, gamma: nil, hasSRGBChunk: false, iccProfileName: nil, warnings: [])
}
