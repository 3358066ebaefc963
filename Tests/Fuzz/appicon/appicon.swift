// The app icon's parameters (art/appicon.json), read without a palette and with one
// (whose names a colour field may use). Parameters it accepts hang the charm between
// the thread's ends and have inks for every variant, the tinted one grey.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzAppIcon(_ bytes: [UInt8]) {
    for palette in [Palette(), fuzzPalette] {
        guard let icon = readArtFile(bytes, { (bytes, file) throws(ArtFileError) in try AppIconParameters.parse(bytes, file: file, palette: palette) }) else {
            continue
        }
        precondition(icon.thread.startX < icon.charm.x && icon.charm.x < icon.thread.endX, "the charm hangs from nothing")
        precondition(icon.ring.strokeWidth <= icon.ring.radius)
        precondition(Set(icon.inks.keys) == Set(AppIconParameters.Variant.allCases), "a variant has no inks")
        let tinted = icon.inks[.tinted]!
        precondition([tinted.thread, tinted.highlight, tinted.ring].allSatisfy { $0.r == $0.g && $0.g == $0.b }, "the tinted icon is not grey")
    }
}

private let fuzzPalette = Palette(colors: [
    Palette.Color(name: "paper", any: .sRGB(0x171513)), Palette.Color(name: "camel", any: .sRGB(0xC9A16B)),
    Palette.Color(name: "grey", any: .sRGB(0xD6D6D6)), Palette.Color(name: "wide", any: .displayP3(1, 0.5, 0)),
    Palette.Color(name: "veil", any: .sRGB(0xFFFFFF, alpha: 0.5)),
])
