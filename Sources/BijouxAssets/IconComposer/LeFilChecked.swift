import BijouxCore

extension LeFilDocument {
    /// The document made from the appiconset's renderer (its layout and charm) and
    /// held to the same three rules: on the geometry its layers write, then on the
    /// layers rendered back from their files and composited in every look. Its
    /// outputs are the document's files and each look on the home screen, for the
    /// contact sheet.
    struct Checked: Sendable {
        var icon: LeFilDocument
        var geometry: SafeZone.Geometry
        var pixels: SafeZone.Pixels
        var outputs: [BuildOutput]
        /// Each look as the home screen would roughly show it (`LeFilLooks.asShown`,
        /// at 60 pt @3x, masked), in `outputs` at `path`.
        var homes: [(look: LeFilLooks.Look, path: String, side: Int)]

        /// The look on the home screen, for the contact sheet.
        static func homePath(_ look: LeFilLooks.Look) -> String {
            "\(ContactSheetPage.folder)/AppIcon/icon-\(look.rawValue).png"
        }

        /// What goes with the looks wherever they are shown (their cards on the
        /// contact sheet): the layers composited flat, not the glass.
        static let approximation =
            """
            AppIcon.icon (iOS 26): the layers composited flat as icon.json inks them; the real Liquid Glass (light, refraction, shadows, frosting) is drawn by \
            the system
            """

        /// `file` (appicon.json) is where a broken rule is reported; `renders` draws
        /// the SVG layers back.
        init(_ renderer: AppIconRenderer, file: String, jobs: Int, renders: RenderSession) throws {
            let parameters = renderer.parameters
            icon = LeFilDocument(parameters: parameters, layout: renderer.layout, charm: renderer.charm)
            geometry = try SafeZone.check(icon.layout, parameters: parameters, file: file)
            let assets = icon.assets(pngOptions: .init(jobs: jobs, colour: .init(renderer.gamut)))
            let looks = try LeFilLooks(document: icon.document, assets: assets, side: icon.layout.side, renders: renders)
            let composites = looks.compositeAll()
            pixels = try SafeZone.confirm(
                threadCoverage: looks.coverage(LeFilDocument.threadFile), drawn: composites.map(\.drawn), layout: icon.layout,
                parameters: parameters, file: file)
            outputs = icon.outputs(assets)
            homes = []
            for composite in composites {
                let home = AppIconPreview.homeScreen(shown: LeFilLooks.asShown(composite))
                outputs.append(BuildOutput(path: Self.homePath(composite.look), bytes: PNGEncoder.encode(home, options: .init(jobs: jobs))))
                homes.append((composite.look, Self.homePath(composite.look), home.width))
            }
        }
    }
}
