import BijouxCore

/// An image set of `art/images/` as the catalog holds it: its files' names there and its
/// `Contents.json`, written as Xcode writes a set of that layout.
struct ImageSetPlan: Sendable {
    var name: String
    /// In set order (by scale, then appearance; see `ImageFolder`).
    var files: [CheckedImageFile]
    var properties: [String: JSONOutput]

    var isVector: Bool { files.first?.file.format.isVector == true }

    /// Whether the set has an sRGB and a Display P3 image per slot: when any PNG is Display P3.
    var hasGamuts: Bool { files.contains { $0.colour == .displayP3 } }

    /// The appearances the set has slots for, as Xcode gives them: any; dark and high
    /// contrast when a file has them; both together when it has both.
    var appearances: [ImageFile.Appearance] {
        let present = Set(files.map(\.file.appearance))
        var slots: [ImageFile.Appearance] = [.any]
        if present.contains(.dark) { slots.append(.dark) }
        if present.contains(.highContrast) { slots.append(.highContrast) }
        if present.contains(.dark) && present.contains(.highContrast) { slots.append(.darkHighContrast) }
        return slots
    }

    /// A file's name in the set: `<name><appearance>[-P3][@Nx].<ext>` (`@1x` left out), the
    /// Display P3 original of a pair marked `-P3` as a wide charm's is, its sRGB twin not.
    func fileName(_ checked: CheckedImageFile, gamut: Gamut) -> String {
        let file = checked.file
        let ext = String(file.fileName[file.fileName.index(after: file.fileName.lastIndex(of: ".")!)...])
        let scale = file.scale.map { $0 == 1 ? "" : "@\($0)x" } ?? ""
        return name + file.appearance.suffix + (gamut == .displayP3 ? "-P3" : "") + scale + "." + (checked.colour == .displayP3 ? "png" : ext)
    }

    /// Contents.json: a vector set has one universal entry per appearance and no scale; a
    /// raster set an entry per scale (1x, 2x, 3x), then appearance (Xcode's order), then
    /// gamut (sRGB first) when it has gamuts, empty slots written without a file name as
    /// Xcode writes them.
    func contents() -> String {
        var images: [JSONOutput] = []
        for scale in isVector ? [nil] : [1, 2, 3] as [Int?] {
            for appearance in appearances {
                let file = files.first { $0.file.scale == scale && $0.file.appearance == appearance }
                for gamut in hasGamuts ? [Gamut.sRGB, .displayP3] : [nil] as [Gamut?] {
                    var entry: [String: JSONOutput] = ["idiom": "universal"]
                    if let scale { entry["scale"] = .string("\(scale)x") }
                    if appearance != .any { entry["appearances"] = .array(appearance.entries) }
                    if let gamut { entry["display-gamut"] = .string(gamut.rawValue) }
                    if let file, gamut != .displayP3 || file.colour == .displayP3 {
                        entry["filename"] = .string(fileName(file, gamut: gamut ?? .sRGB))
                    }
                    images.append(.object(entry))
                }
            }
        }
        var root: [String: JSONOutput] = ["images": .array(images), "info": AssetCatalog.info]
        if !properties.isEmpty { root["properties"] = .object(properties) }
        return JSONWriter.xcodeStyle(.object(root))
    }
}
