import BijouxCore

/// One painted charm taken from source pixels to everything the catalog and the
/// previews need: keyed, checked for a hazy matte, trimmed to its painted bounds,
/// placed on the fixed canvas at each scale, and rendered at island size.
struct PaintedCharm: Sendable {
    var id: String
    /// Renders at @1x, @2x, @3x, in `CharmCanvas.scales` order, their colours in `gamut`.
    var renders: [RGBAImage]
    var gamut: Gamut
    /// The charm at the island's 22 pt at @1x (22 px): the strict check.
    var island: RGBAImage
    var legibility: LegibilityReport
    /// The same at @3x (66 px), what the phone shows.
    var phoneIsland: RGBAImage
    var phoneLegibility: LegibilityReport
    /// The matte's floor after the black point (0 for a clean matte).
    var matteFloor: Int
    var paintedBounds: PixelRect

    /// Runs the charm pipeline on decoded art. Pure: pixels in, pixels out; `threads`
    /// share the resampling, and the pixels are the same for any number.
    static func make(
        id: String, art: consuming DecodedPNG, colour: SourceColour = .sRGB, blackPoint: Int, canvas: CharmCanvas, threads: Int = 1
    ) -> PaintedCharm {
        let (keyed, bounds, floor) = keyAndTrim(art, colour: colour, blackPoint: blackPoint, threads: threads)
        return make(id: id, keyed: keyed.image, gamut: keyed.gamut, bounds: bounds, matteFloor: floor, canvas: canvas, threads: threads)
    }

    /// The same from art already keyed and trimmed (`ArtFolder.keyedCharm`).
    static func make(id: String, keyed charm: KeyedCharm, canvas: CharmCanvas, threads: Int = 1) -> PaintedCharm {
        make(id: id, keyed: charm.keyed, gamut: charm.gamut, bounds: charm.bounds, matteFloor: charm.matteFloor, canvas: canvas, threads: threads)
    }

    /// The renders in sRGB, for the sRGB variant of a wide charm's image set.
    var sRGBRenders: [RGBAImage] { gamut == .sRGB ? renders : renders.map(GamutMapping.sRGB(fromDisplayP3:)) }

    static func make(
        id: String, keyed: RGBAImage, gamut: Gamut, bounds: PixelRect, matteFloor floor: Int, canvas: CharmCanvas, threads: Int
    ) -> PaintedCharm {
        // Cropped and premultiplied once for all five renders.
        let painted = CharmCanvas.painted(keyed, bounds: bounds, threads: threads)
        let renders = CharmCanvas.scales.map { canvas.render(painted, scale: $0, threads: threads) }
        let island = Legibility.islandRender(painted, canvas: canvas, threads: threads)
        let phoneIsland = Legibility.islandRender(painted, canvas: canvas, scale: Legibility.phoneScale, threads: threads)
        return PaintedCharm(
            id: id, renders: renders, gamut: gamut, island: island,
            legibility: Legibility.report(island: island, fullSize: renders.last!, hazeFloor: floor),
            phoneIsland: phoneIsland, phoneLegibility: Legibility.report(island: phoneIsland, fullSize: renders.last!, hazeFloor: floor),
            matteFloor: floor, paintedBounds: bounds)
    }

    /// The art keyed, its matte floor, and its painted bounds: where every use of a
    /// painted charm (the catalog, the app icon) starts.
    static func keyAndTrim(
        _ art: consuming DecodedPNG, colour: SourceColour = .sRGB, blackPoint: Int, threads: Int = 1
    ) -> (keyed: KeyedImage, bounds: PixelRect, matteFloor: Int) {
        let keyed = LuminanceKey.key(art, colour: colour, blackPoint: blackPoint, threads: threads)
        let floor = MatteCheck.floor(of: keyed.image)
        // With a hazy matte every pixel is "painted"; trim above the haze instead.
        let bounds = PaintedBounds.of(keyed.image, threshold: max(PaintedBounds.alphaThreshold, UInt8(floor)))
        return (keyed, bounds, floor)
    }

    /// The black point that would level this matte away, given the one already used.
    static func suggestedBlackPoint(floor: Int, current: Int) -> Int {
        min(254, current + Int((Double(floor) * Double(255 - current) / 255).rounded(.up)))
    }
}
