import BijouxKit
import Foundation

// Everything below comes from the Swift the plugin generated from art/: no name or
// number of the art is written here.

print("charms:")
for charm in CharmType.allCases {
    let sway = charm.sway
    print(
        "  \(charm.rawValue) \"\(charm.displayName)\" \"\(charm.stockNote)\" image \(charm.imageName)"
            + " sway \(sway.duration) s, stiffness \(rounded(sway.stiffness)), damping \(rounded(sway.damping))")
}

print("icons:")
for icon in ActionIcon.allCases {
    print("  \(icon) image \(icon.imageName)")
}

print("palette:")
for color in BijouxPalette.allColors {
    print("  \(color.colorSetName) \(color.hex) rgb \(rounded(color.red)) \(rounded(color.green)) \(rounded(color.blue)) alpha \(color.alpha)")
}
print("  accent \(BijouxPalette.accent.colorSetName)")

// The files the generated enums find in the target's bundle, by their folder there.
print("sounds:")
for track in AmbientTrack.allCases {
    print("  \(track.rawValue) \(place(track.url)) \(track.frames) frames, loops \(track.loopFrames == 0..<track.frames)")
}
for pattern in HapticPattern.allCases {
    print("  \(pattern.rawValue) \(place(pattern.url))")
}

// One tick of the first charm, tilted 0.2 rad, the phone upright and still.
let first = CharmType.allCases[0]
let next = CharmPhysics.step(
    CharmPendulum(angle: 0.2), sway: first.sway, gravityX: 0, gravityY: -1, rotationRateZ: 0)
print("one step of \(first.rawValue) from 0.2 rad: angle \(rounded(next.angle)), velocity \(rounded(next.velocity))")

// The words in French, from art/Localizable.xcstrings: the build ships it as
// fr.lproj/Localizable.strings, a resource of the target that holds the generated code,
// and CharmType looks each one up in that target's Bundle.module, in the localization
// asked for.
print("in French:")
for charm in CharmType.allCases {
    print("  \(charm.rawValue) \"\(charm.localizedDisplayName(in: "fr"))\" \"\(charm.localizedStockNote(in: "fr"))\"")
}
let french = SpokenWords(bundle: CharmType.stringsBundle, localization: "fr")
print("  spoken: \(SpokenLabel.kind(displayName: first.localizedDisplayName(in: "fr"), isHandDrawn: false, in: french)) / \(french.handDrawn)")
// The same string read straight from that bundle's fr.lproj, as any Bundle user would
// (stringsBundle is the generated code's Bundle.module).
let fr = CharmType.stringsBundle.path(forResource: "fr", ofType: "lproj").flatMap { Bundle(path: $0) }
print("  fr.lproj: \(fr?.localizedString(forKey: "charm.moon.displayName", value: "?", table: "Localizable") ?? "none")")
// A language the catalog does not have: the table's own words.
print("  in Japanese, untranslated: \(first.localizedDisplayName(in: "ja"))")

/// "Haptics/transfer.ahap, 1302 bytes": where the file is in the bundle, and its size.
func place(_ url: URL) -> String {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int).map { "\($0) bytes" } ?? "missing"
    return url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent + ", " + size
}

/// Six decimals, so the text is the same wherever the last bits of libm differ.
func rounded(_ value: Double) -> String {
    let scaled = (value * 1_000_000).rounded() / 1_000_000
    return "\(scaled)"
}
