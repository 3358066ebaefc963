import BijouxCore
import BijouxShared
import CCairo

/// One variant of the icon as rendered, with the background it was drawn on (paper
/// and grain, black, or nothing), so the checks can tell what was drawn.
struct AppIconRender: Sendable {
    var variant: AppIconParameters.Variant
    var image: RGBAImage
    var background: RGBAImage
    /// The gamut the pixels are in: the charm's (`AppIconRenderer.gamut`).
    var gamut: Gamut = .sRGB

    /// The render in sRGB, for the previews (mockups drawn in sRGB).
    var inSRGB: AppIconRender {
        guard gamut == .displayP3 else { return self }
        return AppIconRender(
            variant: variant, image: GamutMapping.sRGB(fromDisplayP3: image), background: GamutMapping.sRGB(fromDisplayP3: background))
    }

    /// What the safe-zone checks read.
    var drawn: SafeZone.Drawn { SafeZone.Drawn(name: "\(variant.rawValue) variant", image: image, background: background) }
}

/// Draws "Le Fil" with cairo: paper with its fixed grain, the painted charm, the jump
/// ring through its top, and the gold thread (round caps, a sheen along its upper
/// side) through the ring.
///
/// The thread, its sheen and the ring are each rasterised once into a coverage
/// layer; every variant inks those same layers, and the safe-zone checks read the
/// thread's, so what is checked is exactly what is drawn.
final class AppIconRenderer {
    let parameters: AppIconParameters
    let layout: AppIconLayout
    /// The keyed charm trimmed and resampled to `layout.charmBox`'s size.
    let charm: RGBAImage
    /// The gamut of the charm's colours: a wide charm's icon is drawn in Display P3,
    /// its other inks converted, so the charm keeps its colours.
    let gamut: Gamut
    let threadLayer: CairoSurface
    let highlightLayer: CairoSurface
    let ringLayer: CairoSurface

    /// The sheen: a narrower stroke, `highlightWidth` of the thread's, its centre
    /// `highlightOffset` of the thread's width above the thread's centre line.
    static let highlightWidth = 0.3
    static let highlightOffset = 0.18

    /// `keyed` is the charm after the luminance key, its colours in `gamut`; `bounds`
    /// its painted bounds.
    init(parameters: AppIconParameters, keyed: RGBAImage, gamut: Gamut = .sRGB, bounds: PixelRect, file: String) throws(ArtFileError) {
        guard !bounds.isEmpty else {
            throw ArtFileError(
                file: file, location: parameters.locations["charm.id"], field: "charm.id",
                message: "charm '\(parameters.charm.id)' has no painted pixels to hang")
        }
        self.parameters = parameters
        self.gamut = gamut
        let size = AppIconLayout.charmSize(height: parameters.charm.height, aspect: Double(bounds.width) / Double(bounds.height))
        charm = CharmCanvas.place(keyed, bounds: bounds, width: size.width, height: size.height, margin: 0)
        layout = try AppIconLayout(parameters, charmSize: size, attachDepth: Self.attachDepth(charm), file: file)
        let side = layout.side
        threadLayer = Self.strokedLayer(side: side, through: layout.points, width: layout.strokeWidth)
        // The sheen runs along the upper side of the stroke and stays inside it
        // everywhere, caps included (offset + half its width < half the stroke).
        let offset = layout.strokeWidth * Self.highlightOffset
        highlightLayer = Self.strokedLayer(
            side: side, through: layout.samples.map { CanvasPoint($0.point.x - $0.normal.x * offset, $0.point.y - $0.normal.y * offset) },
            width: layout.strokeWidth * Self.highlightWidth)
        ringLayer = CairoSurface(width: side, height: side, format: .a8)
        ringLayer.draw { [layout] cr in
            cairo_new_sub_path(cr)
            cairo_arc(cr, layout.ringCenter.x, layout.ringCenter.y, layout.ringRadius, 0, 2 * Double.pi)
            cairo_set_line_width(cr, layout.ringStrokeWidth)
            cairo_stroke(cr)
        }
    }

    /// A coverage layer with a polyline stroked through `points`, round caps and joins.
    static func strokedLayer(side: Int, through points: [CanvasPoint], width: Double) -> CairoSurface {
        let layer = CairoSurface(width: side, height: side, format: .a8)
        layer.draw { cr in
            cairo_move_to(cr, points[0].x, points[0].y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        return layer
    }

    /// The first row, from the top, where the charm is at least half opaque within a
    /// pixel of its centre column (the cleft of a heart, the top of a star's point);
    /// 0 when its centre column is empty.
    static func attachDepth(_ charm: RGBAImage) -> Int {
        let centre = charm.width / 2
        for y in 0..<charm.height {
            for x in max(0, centre - 1)...min(charm.width - 1, centre + 1) where charm[x, y].a >= 128 { return y }
        }
        return 0
    }

    /// How much of each pixel the thread covers (0–255), rows packed.
    var threadCoverage: [UInt8] { threadLayer.coverage() }

    func render(_ variant: AppIconParameters.Variant) -> AppIconRender {
        let inks = parameters.inks[variant]!.converted(to: gamut)
        let side = layout.side
        let background: RGBAImage
        switch (inks.paper, variant) {
        case (nil, _): background = RGBAImage(width: side, height: side)
        case (let paper?, .default): background = Self.paper(side: side, ink: paper, grain: parameters.grain)
        case (let paper?, _): background = Compositing.filled(width: side, height: side, color: paper)
        }
        let canvas = CairoSurface(background)
        // The ring passes through the top of the charm and the thread through the
        // ring: charm, then ring, then thread.
        let charmImage = Self.inked(charm, inks.charm, gain: inks.charmGain)
        canvas.paint(CairoSurface(charmImage), x: Double(layout.charmBox.x), y: Double(layout.charmBox.y))
        canvas.fill(inks.ring, through: ringLayer)
        canvas.fill(inks.thread, through: threadLayer)
        canvas.fill(inks.highlight, through: highlightLayer)
        return AppIconRender(variant: variant, image: canvas.image(), background: background, gamut: gamut)
    }

    /// The three variants, in `Variant.allCases` order.
    func renderAll() -> [AppIconRender] {
        AppIconParameters.Variant.allCases.map(render)
    }

    // MARK: Inks

    /// Near-black paper with its fixed grain: soft blotches `cell` pixels across
    /// plus a fine tooth, the same shade offset on all three channels, at most
    /// `amplitude` levels either way. Computed from a hash of (x, y, seed) rather
    /// than a random generator, so the paper is identical on every run.
    static func paper(side: Int, ink: RGBA, grain: AppIconParameters.Grain) -> RGBAImage {
        var image = RGBAImage(width: side, height: side)
        let cell = grain.cell
        let blotchSeed = grain.seed
        let toothSeed = grain.seed ^ 0x9E37_79B9
        image.withMutablePixels { out in
            for y in 0..<side {
                let fy = (Double(y) + 0.5) / cell
                let y0 = Int(fy.rounded(.down))
                let sy = smooth(fy - Double(y0))
                for x in 0..<side {
                    let fx = (Double(x) + 0.5) / cell
                    let x0 = Int(fx.rounded(.down))
                    let sx = smooth(fx - Double(x0))
                    let top = lerp(hash(x0, y0, blotchSeed), hash(x0 + 1, y0, blotchSeed), sx)
                    let bottom = lerp(hash(x0, y0 + 1, blotchSeed), hash(x0 + 1, y0 + 1, blotchSeed), sx)
                    let value = 0.65 * lerp(top, bottom, sy) + 0.35 * hash(x, y, toothSeed)
                    let offset = Int((value * grain.amplitude).rounded())
                    @inline(__always) func shade(_ c: UInt8) -> UInt8 { UInt8(clamping: Int(c) + offset) }
                    out[rgba: out.pixel(x: x, y: y)] = RGBA(shade(ink.r), shade(ink.g), shade(ink.b), 255)
                }
            }
        }
        return image
    }

    /// A value in -1...1 from a lattice point and a seed (an integer hash, "lowbias32").
    static func hash(_ x: Int, _ y: Int, _ seed: UInt32) -> Double {
        var h = UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343
        h ^= UInt32(truncatingIfNeeded: y) &* 0xD816_3841
        h ^= seed &* 0xCB1A_B31F
        h ^= h >> 16
        h &*= 0x7FEB_352D
        h ^= h >> 15
        h &*= 0x846C_A68B
        h ^= h >> 16
        return Double(h) / Double(UInt32.max) * 2 - 1
    }

    @inline(__always) static func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }
    @inline(__always) static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// The charm as a variant inks it: as painted or as its luma (Rec. 709 weights
    /// on the sRGB-encoded values, grey, for the icon the system tints by
    /// luminance), times `gain`, clamped; alpha is kept.
    static func inked(_ image: RGBAImage, _ ink: AppIconParameters.CharmInk, gain: Double) -> RGBAImage {
        if ink == .painted && gain == 1 { return image }
        @inline(__always) func level(_ value: Double) -> UInt8 { UInt8(min(255, (value * gain).rounded())) }
        return image.mapPixels { pixel in
            let r = Double(pixel.r), g = Double(pixel.g), b = Double(pixel.b)
            switch ink {
            case .painted:
                return RGBA(level(r), level(g), level(b), pixel.a)
            case .luminance:
                let luma = level(0.2126 * r + 0.7152 * g + 0.0722 * b)
                return RGBA(luma, luma, luma, pixel.a)
            }
        }
    }
}

extension AppIconParameters.Inks {
    /// The inks as colours of `gamut`: themselves for sRGB, converted to Display P3 by
    /// Little CMS (the same colours, other numbers) for a wide charm's icon.
    func converted(to gamut: Gamut) -> Self {
        guard gamut == .displayP3 else { return self }
        var inks = self
        inks.paper = paper.map(GamutMapping.displayP3(fromSRGB:))
        inks.thread = GamutMapping.displayP3(fromSRGB: thread)
        inks.highlight = GamutMapping.displayP3(fromSRGB: highlight)
        inks.ring = GamutMapping.displayP3(fromSRGB: ring)
        return inks
    }
}
