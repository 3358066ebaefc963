import BijouxCore
import BijouxSVG

/// The document's layers rendered back from their files (the SVGs by the renderer
/// `bijoux-render`, after the tool's own SVG safety check; the PNG decoded) and composited the way its
/// icon.json says, per look: what the pixel checks read and the previews show.
///
/// An approximation of what iOS 26 draws, not a copy: the system renders the glass
/// (refraction, specular light, shadows, the clear look's frosting), and these
/// composites are the flat layers under it, inked as the document specifies.
struct LeFilLooks: Sendable {
    /// The looks iOS 26 draws from one document.
    enum Look: String, Sendable, CaseIterable {
        case `default`, dark, tinted, clear

        /// The specialization that applies: the tinted one serves the clear look too.
        var appearance: IconDocument.Appearance? {
            switch self {
            case .default: nil
            case .dark: .dark
            case .tinted, .clear: .tinted
            }
        }
    }

    struct Composite: Sendable {
        var look: Look
        /// The layers over the document's fill for the look (transparent where the
        /// system draws the ground: the system's dark, and the tinted and clear looks).
        var image: RGBAImage
        var background: RGBAImage

        var drawn: SafeZone.Drawn {
            SafeZone.Drawn(name: "\(look.rawValue) look of \(LeFilDocument.folder)", image: image, background: background)
        }
    }

    let document: IconDocument
    /// Each layer's picture as rendered, by image name.
    let layers: [String: RGBAImage]
    let side: Int

    /// Renders every layer from the bytes written to Assets/ (`LeFilDocument.assets`),
    /// each `side` pixels square, the SVGs drawn by `renders`. A problem is a bug in the
    /// writer, reported against the layer's path in the output.
    init(document: IconDocument, assets: [(name: String, bytes: [UInt8])], side: Int, renders: RenderSession) throws(ArtFileError) {
        self.document = document
        self.side = side
        var layers: [String: RGBAImage] = [:]
        for asset in assets {
            let path = LeFilDocument.folder + "/" + LeFilDocument.assetsFolder + "/" + asset.name
            if asset.name.hasSuffix(".svg") {
                if let problem = SVGSafety.problem(in: asset.bytes) {
                    throw ArtFileError(file: path, message: "the written layer fails the SVG safety check: \(problem)")
                }
                let drawn = try renders.render(asset.bytes, size: .pixels(width: side, height: side), ink: DrawnIcon.ink, maxSide: side, file: path)
                layers[asset.name] = drawn.image.straightened()
            } else {
                let decoded: DecodedPNG
                do { decoded = try PNGDecoder.decode(asset.bytes, path: path) } catch {
                    throw ArtFileError(file: path, message: "the written layer cannot be read back: \(error)")
                }
                guard case .rgba8(var image, let info) = decoded else {
                    throw ArtFileError(file: path, message: "the written layer is not an 8-bit PNG")
                }
                // The looks are composited in sRGB, as the SVG layers' inks are: a layer
                // written in Display P3 (a wide charm) is read back in its colours.
                if let profile = (try? SourceColour.of(info, path: path))?.profile, let mapping = GamutMapping(from: profile, to: .sRGB) {
                    image = mapping.apply(image)
                }
                layers[asset.name] = image
            }
        }
        self.layers = layers
    }

    /// How much of each pixel a layer covers (its alpha), rows packed.
    func coverage(_ imageName: String) -> [UInt8] {
        let image = layers[imageName]!
        return image.withPixels { p in (0..<p.pixelCount).map { p[$0, .alpha] } }
    }

    /// The layers composited back to front over the look's ground.
    func composite(_ look: Look) -> Composite {
        let background: RGBAImage
        switch (look, IconDocument.fill(document.fills, for: look.appearance)) {
        case (.default, .solid(let paper)?), (.dark, .solid(let paper)?):
            background = Compositing.filled(width: side, height: side, color: paper)
        case (.tinted, _):
            // The system tints by luminance a ground it draws itself: black here,
            // as the appiconset's tinted variant.
            background = Compositing.filled(width: side, height: side, color: RGBA(0, 0, 0, 255))
        default:
            background = RGBAImage(width: side, height: side)
        }
        var image = background
        for group in document.groups.reversed() {
            for layer in group.layers.reversed() {
                Compositing.draw(inked(layer, look), over: &image, x: 0, y: 0)
            }
        }
        return Composite(look: look, image: image, background: background)
    }

    /// A layer as a look shows it: in the fill for the look (its alpha kept), else
    /// its own colours (as luma where the system makes the look monochrome).
    func inked(_ layer: IconDocument.Layer, _ look: Look) -> RGBAImage {
        let picture = layers[layer.imageName]!
        switch IconDocument.fill(layer.fills, for: look.appearance) {
        case .solid(let ink)?:
            return picture.mapPixels { $0.a > 0 ? RGBA(ink.r, ink.g, ink.b, $0.a) : $0 }
        case .systemDark?, nil:
            return look.appearance == .tinted ? AppIconRenderer.inked(picture, .luminance, gain: 1) : picture
        }
    }

    func compositeAll() -> [Composite] { Look.allCases.map(composite) }

    // MARK: Previews

    /// How much of the wallpaper the clear look's ground lets through, and how much
    /// a fully lit layer whitens it.
    static let clearGround = 0.7
    static let clearLayers = 0.8

    /// A look as the home screen would roughly show it before masking: the dark
    /// look over the stand-in for the system's dark backdrop, the tinted one
    /// coloured with the sample tint, the clear one as white frosting over a dimmed
    /// wallpaper (each layer's luma lighting it).
    static func asShown(_ composite: Composite) -> RGBAImage {
        switch composite.look {
        case .default: return composite.image
        case .dark: return AppIconPreview.overDarkBackdrop(composite.image)
        case .tinted: return AppIconPreview.tinted(composite.image)
        case .clear:
            let wall = AppIconPreview.wallpaper
            return composite.image.mapPixels { pixel in
                // Grey already (luma inks); straight alpha over the transparent ground.
                let light = Double(pixel.r) / 255 * Double(pixel.a) / 255 * clearLayers
                func lit(_ wall: UInt8) -> UInt8 {
                    let ground = Double(wall) * clearGround
                    return UInt8((ground + (255 - ground) * light).rounded())
                }
                return RGBA(lit(wall.r), lit(wall.g), lit(wall.b), 255)
            }
        }
    }
}
