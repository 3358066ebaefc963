// The palette (art/palette.json). A palette it accepts has valid, distinct colour set
// names and an accent among them, components within 0...1, a dark high-contrast
// appearance only beside both others, an opaque ink and paper, and reads back the same
// when written out again (each appearance as palette.json writes it); its colour sets
// are JSON.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzPalette(_ bytes: [UInt8]) {
    guard let palette = readArtFile(bytes, Palette.parse) else { return }
    precondition(!palette.colors.isEmpty && palette.colors.allSatisfy { AssetName.isValid($0.name) })
    precondition(Set(palette.colors.map { $0.colorSetName.lowercased() }).count == palette.colors.count, "colour set names clash")
    precondition(palette.accent.map { palette[$0] != nil } ?? true, "accent names no colour")
    precondition(palette.ink.alpha == 1 && palette.paper.alpha == 1, "a translucent ink or paper")
    var colors: [String: JSONOutput] = [:]
    for color in palette.colors {
        let appearances = color.paletteColor.appearances
        precondition(color.darkHighContrast == nil || (color.dark != nil && color.highContrast != nil), "dark high contrast alone")
        for (_, components) in appearances {
            precondition([components.red, components.green, components.blue, components.alpha].allSatisfy { (0...1).contains($0) })
        }
        colors[color.name] =
            appearances.count == 1
            ? .string(color.any.css) : .object(Dictionary(uniqueKeysWithValues: appearances.map { ($0.name, JSONOutput.string($0.components.css)) }))
        checkWritesJSON(AssetCatalog.colorSetContents(color.paletteColor))
    }
    var document: [String: JSONOutput] = ["colors": .object(colors)]
    document["accent"] = palette.accent.map(JSONOutput.string)
    let again = reread(.object(document), Palette.parse)
    // The writer sorts keys, so colours are compared by name, and without their positions.
    func described(_ palette: Palette) -> [String] {
        palette.colors.map { "\($0.name) \($0.paletteColor.appearances.map { "\($0.name)=\($0.components.css)" })" }.sorted()
    }
    precondition(described(again) == described(palette) && again.accent == palette.accent, "the palette does not read back")
}
