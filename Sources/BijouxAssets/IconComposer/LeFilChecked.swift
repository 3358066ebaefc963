extension LeFilDocument {
    /// The document made from the appiconset's renderer (its layout and charm) and
    /// held to the same three rules: on the geometry its layers write, then on the
    /// layers rendered back from their files and composited in every look. Its
    /// outputs are the document's files and the preview of its looks.
    public struct Checked: Sendable {
        public var icon: LeFilDocument
        public var geometry: SafeZone.Geometry
        public var pixels: SafeZone.Pixels
        public var outputs: [BuildOutput]

        /// The preview of the looks, and the caption that must go with it wherever it
        /// is shown (the contact sheet): the layers composited flat, not the glass.
        /// Each look alone is `LeFilLooks.asShown` of its composite.
        public static let preview = (
            path: "Preview/AppIcon-icon-looks.png",
            caption: "AppIcon.icon (iOS 26): default, dark, tinted and clear looks, an approximation: the layers composited flat as icon.json inks them; the real Liquid Glass (light, refraction, shadows, frosting) is drawn by the system")

        /// `file` (appicon.json) is where a broken rule is reported.
        public init(_ renderer: AppIconRenderer, file: String, jobs: Int) throws {
            let parameters = renderer.parameters
            icon = LeFilDocument(parameters: parameters, layout: renderer.layout, charm: renderer.charm)
            geometry = try SafeZone.check(icon.layout, parameters: parameters, file: file)
            let assets = icon.assets(pngOptions: .init(jobs: jobs))
            let looks = try LeFilLooks(document: icon.document, assets: assets, side: icon.layout.side)
            let composites = looks.compositeAll()
            pixels = try SafeZone.confirm(
                threadCoverage: looks.coverage(LeFilDocument.threadFile), drawn: composites.map(\.drawn), layout: icon.layout,
                parameters: parameters, file: file)
            let preview = AppIconPreview.row(composites.map(LeFilLooks.asShown))
            outputs = icon.outputs(assets)
                + [BuildOutput(path: Self.preview.path, bytes: PNGEncoder.encode(preview, as: .rgb, options: .init(jobs: jobs)))]
        }
    }
}
