// The palette (art/palette.json). A palette it accepts has valid, distinct colour set
// names and an accent among them, and reads back the same when written out again.
@Sendable func fuzzPalette(_ bytes: [UInt8]) {
    guard let palette = readArtFile(bytes, Palette.parse) else { return }
    precondition(!palette.colors.isEmpty && palette.colors.allSatisfy { AssetName.isValid($0.name) })
    precondition(Set(palette.colors.map { $0.colorSetName.lowercased() }).count == palette.colors.count, "colour set names clash")
    precondition(palette.accent.map { palette[$0] != nil } ?? true, "accent names no colour")
    var colors: [String: JSONOutput] = [:]
    for color in palette.colors {
        let any = JSONOutput.string(Palette.hex(color.any))
        colors[color.name] = color.dark.map { ["any": any, "dark": .string(Palette.hex($0))] } ?? any
    }
    var document: [String: JSONOutput] = ["colors": .object(colors)]
    document["accent"] = palette.accent.map(JSONOutput.string)
    let again = reread(.object(document), Palette.parse)
    // The writer sorts keys, so colours are compared by name, and without their positions.
    func described(_ palette: Palette) -> [String] {
        palette.colors.map { "\($0.name) \(Palette.hex($0.any)) \($0.dark.map(Palette.hex) ?? "-")" }.sorted()
    }
    precondition(described(again) == described(palette) && again.accent == palette.accent, "the palette does not read back")
}
