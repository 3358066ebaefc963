import BijouxCore

/// The icons' other forms in `CatalogSymbols.swift`: `ActionIcon.Bitmap` (each icon's
/// bitmaps, its own set or `<name>-bitmap` beside its symbol) and `ActionIcon.Vector`
/// (the vector image sets), BijouxKit `CatalogImage`s like `ActionIcon`, reached from
/// an icon as `.bitmap` and `.vector`.
extension CatalogSymbolsSwift.Input {
    /// The forms the icon called `name` ships in besides its bitmaps (none when unlisted).
    func forms(of name: String) -> IconForms { iconForms[name] ?? IconForms() }
}

extension CatalogSymbolsSwift {
    /// The extension of `ActionIcon`; nothing when no icon ships in another form.
    static func iconForms(_ input: Input, caseNames: [String]) -> String {
        let icons = input.icons.map(\.name)
        guard icons.contains(where: { input.forms(of: $0).symbol || input.forms(of: $0).vector }) else { return "" }
        let bitmaps = zip(icons, caseNames).map { icon, name in (name, IconsStage.bitmapName(icon, input.forms(of: icon))) }
        let vectors = zip(icons, caseNames).filter { input.forms(of: $0.0).vector }.map { icon, name in (name, IconsStage.vectorName(icon)) }
        var text = "\nextension ActionIcon {\n"
        text += "    /// Each icon's bitmaps (@1x, @2x, @3x): its own image set, or `<name>-bitmap` beside its symbol.\n"
        text += formEnum("Bitmap", cases: bitmaps)
        if !vectors.isEmpty {
            text += "\n    /// The vector image sets (`<name>-vector`), of the icons that ship as one.\n"
            text += formEnum("Vector", cases: vectors)
        }
        text += "\n    /// The icon's bitmaps.\n    public var bitmap: Bitmap {\n        switch self {\n"
        for (name, _) in bitmaps { text += "        case .\(name): .\(name)\n" }
        text += "        }\n    }\n"
        if !vectors.isEmpty {
            text += "\n    /// The icon's vector image set, when it ships as one.\n    public var vector: Vector? {\n        switch self {\n"
            for (name, _) in vectors { text += "        case .\(name): .\(name)\n" }
            if vectors.count < bitmaps.count { text += "        default: nil\n" }
            text += "        }\n    }\n"
        }
        return text + "}\n"
    }

    private static func formEnum(_ type: String, cases: [(name: String, set: String)]) -> String {
        var text = SwiftIdentifier.stringEnumOpening(type, conformance: "CatalogImage", names: cases.map(\.name), values: cases.map(\.set), indent: "    ")
        text += "\n        public var imageName: String { rawValue }\n"
        text += "        public static var bundle: Bundle { generatedCatalogBundle }\n    }\n"
        return text
    }
}
