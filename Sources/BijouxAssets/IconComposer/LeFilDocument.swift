import BijouxCore
import BijouxShared

/// "Le Fil" as an Icon Composer document, from the same recipe and the same layout
/// as the appiconset: one layer per element of the recipe, every layer the icon's
/// canvas (1024 pt) square and centred, so each element sits exactly where the
/// appiconset draws it.
///
/// | layer        | picture                                   | looks                                  |
/// |--------------|-------------------------------------------|----------------------------------------|
/// | `thread.svg` | BijouxKit's `GoldThread` (the icon's stretch), sampled and stroked as in the appiconset | thread ink per variant, a fill per appearance |
/// | `ring.svg`   | the jump ring as a stroked circle         | the ring ink of each variant, likewise |
/// | `heart.png`  | the keyed, trimmed, resampled charm at its box | as painted; the system derives the tinted look |
/// | (fill)       | the paper, solid                          | the default paper; dark: the dark variant's paper, or the system's dark |
///
/// What the appiconset has and the document drops: the paper's grain and the
/// thread's sheen. On iOS 26 the glass is the surface: the system lights the glass
/// layers itself (a specular highlight runs along the thread and ring) and a grain
/// picture under it would be an opaque layer the dark and tinted looks could not
/// replace. The dark variant's charm gain is dropped too: a fill would flatten the
/// painting, so the heart keeps its own colours in every look.
struct LeFilDocument: Sendable {
    /// The folder in the output, beside the asset catalog (Xcode 26 takes an `.icon`
    /// document as a file of the project, not inside a catalog).
    static let folder = "AppIcon.icon"
    static let assetsFolder = "Assets"
    static let threadFile = "thread.svg"
    static let ringFile = "ring.svg"
    static let heartFile = "heart.png"

    var document: IconDocument
    var threadSVG: String
    var ringSVG: String
    /// The heart on a transparent canvas, at the appiconset's charm box.
    var heart: RGBAImage
    /// The appiconset's layout with the thread and ring as the SVGs write them
    /// (rounded): what the safe-zone checks measure for the document.
    var layout: AppIconLayout

    /// `layout` and `charm` as the appiconset's renderer worked them out.
    init(parameters: AppIconParameters, layout: AppIconLayout, charm: RGBAImage) {
        var written = layout
        written.points = layout.points.map(LayerSVG.rounded)
        written.strokeWidth = LayerSVG.rounded(layout.strokeWidth)
        written.ringRadius = LayerSVG.rounded(layout.ringRadius)
        written.ringStrokeWidth = LayerSVG.rounded(layout.ringStrokeWidth)
        let centre = LayerSVG.rounded(layout.ringCenter)
        written.ringTop = CanvasPoint(centre.x, centre.y - written.ringRadius)
        self.layout = written

        let inks = AppIconParameters.Variant.allCases.map { parameters.inks[$0]! }
        let (light, dark, tinted) = (inks[0], inks[1], inks[2])
        threadSVG = LayerSVG.document(
            side: layout.side, LayerSVG.polyline(written.points, stroke: light.thread, width: written.strokeWidth))
        ringSVG = LayerSVG.document(
            side: layout.side, LayerSVG.ring(center: centre, radius: written.ringRadius, stroke: light.ring, width: written.ringStrokeWidth))

        var canvas = RGBAImage(width: layout.side, height: layout.side)
        Compositing.paste(charm, into: &canvas, x: layout.charmBox.x, y: layout.charmBox.y)
        heart = canvas

        /// The default entry too, tagged sRGB, so the look does not hang on how
        /// Icon Composer reads the SVG's untagged colours.
        func perLook(_ ink: (AppIconParameters.Inks) -> RGBA) -> [IconDocument.Specialized<IconDocument.Fill>] {
            [.init(nil, .solid(ink(light))), .init(.dark, .solid(ink(dark))), .init(.tinted, .solid(ink(tinted)))]
        }
        // The ring hangs through the top of the heart and the thread runs through
        // the ring: the gold in front, then the heart (front to back).
        let gold = IconDocument.Group(
            name: "Gold",
            layers: [
                .init(name: "thread", imageName: Self.threadFile, glass: true, fills: perLook(\.thread)),
                .init(name: "ring", imageName: Self.ringFile, glass: true, fills: perLook(\.ring)),
            ],
            shadowOpacity: 0.5, translucency: nil, specular: true)
        let charmGroup = IconDocument.Group(
            name: "Heart",
            layers: [.init(name: "heart", imageName: Self.heartFile, glass: false, fills: [])],
            shadowOpacity: 0.5, translucency: nil, specular: false)
        document = IconDocument(
            fills: [.init(nil, .solid(light.paper!)), .init(.dark, dark.paper.map(IconDocument.Fill.solid) ?? .systemDark)],
            groups: [gold, charmGroup])
    }

    /// The layers' files, by name in Assets/, in the document's order.
    func assets(pngOptions: PNGEncoder.Options = .init()) -> [(name: String, bytes: [UInt8])] {
        [
            (Self.threadFile, Array(threadSVG.utf8)),
            (Self.ringFile, Array(ringSVG.utf8)),
            (Self.heartFile, PNGEncoder.encode(heart, as: .rgba, options: pngOptions)),
        ]
    }

    /// Every file of the document, by path in the output folder: icon.json and
    /// `assets` (from `assets(pngOptions:)`) in Assets/.
    func outputs(_ assets: [(name: String, bytes: [UInt8])]) -> [BuildOutput] {
        [BuildOutput(path: Self.folder + "/icon.json", text: document.text)]
            + assets.map { BuildOutput(path: Self.folder + "/" + Self.assetsFolder + "/" + $0.name, bytes: $0.bytes) }
    }
}
