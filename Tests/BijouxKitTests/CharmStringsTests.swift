import BijouxKit
import Foundation
import Testing

@Suite("CharmStrings and the island's measure of a name")
struct CharmStringsTests {
    @Test func theKeysAreTheCatalogs() {
        #expect(CharmStrings.displayNameKey(id: "coffee-cup") == "charm.coffee-cup.displayName")
        #expect(CharmStrings.noteKey(id: "cat") == "charm.cat.note")
        #expect(CharmStrings.table == "Localizable")
    }

    @Test func wideCharactersCountTwoAndClustersOne() {
        #expect(CharmLimits.islandWidth(of: "Four-Leaf Clover") == 16)
        // One character however it is typed: precomposed, or a letter and a combining accent.
        #expect(CharmLimits.islandWidth(of: "Caf\u{E9}") == 4 && CharmLimits.islandWidth(of: "Cafe\u{301}") == 4)
        // Ideographs, kana, Hangul and fullwidth forms are wide; halfwidth katakana is not.
        #expect(CharmLimits.islandWidth(of: "猫") == 2)
        #expect(CharmLimits.islandWidth(of: "ネコ") == 4)
        #expect(CharmLimits.islandWidth(of: "고양이") == 6)
        #expect(CharmLimits.islandWidth(of: "ＡＢ") == 4)
        #expect(CharmLimits.islandWidth(of: "ﾈｺ") == 2)
        // An ideograph of CJK Extension B (plane 2) and an emoji, with and without a joiner.
        #expect(CharmLimits.islandWidth(of: "\u{20BB7}") == 2)
        #expect(CharmLimits.islandWidth(of: "🐱") == 2 && CharmLimits.islandWidth(of: "🐈‍⬛") == 2)
        // Greek, Cyrillic and accented Latin are narrow.
        #expect(CharmLimits.islandWidth(of: "Ωмé") == 3)
        // 13 ideographs fill the island exactly; 14 do not fit.
        #expect(CharmLimits.fitsIsland(String(repeating: "四", count: 13)))
        #expect(!CharmLimits.fitsIsland(String(repeating: "四", count: 14)))
        #expect(CharmLimits.fitsIsland(String(repeating: "a", count: 26)) && !CharmLimits.fitsIsland(String(repeating: "a", count: 27)))
    }

    @Test func theWideRangesAreSortedAndDisjoint() {
        // Checked through the property they give: the first and last scalar of a few
        // blocks, and neighbours just outside them.
        for wide: Unicode.Scalar in ["\u{1100}", "\u{115F}", "\u{3041}", "\u{4E00}", "\u{9FFF}", "\u{AC00}", "\u{D7A3}", "\u{FF01}", "\u{FF60}", "\u{3FFFD}"] {
            #expect(CharmLimits.islandWidth(of: String(wide)) == 2, "U+\(String(wide.value, radix: 16))")
        }
        for narrow: Unicode.Scalar in ["\u{10FF}", "\u{1160}", "\u{FF61}", "\u{D7B0}", "\u{40000}", "a", "\u{A0}"] {
            #expect(CharmLimits.islandWidth(of: String(narrow)) == 1, "U+\(String(narrow.value, radix: 16))")
        }
    }

    /// A bundle with French strings and English ones, as a build writes them.
    @Test func aKeyIsLookedUpInTheLanguageAskedFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charm-strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, name) in [("en", "Cat"), ("fr", "Chat")] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"charm.cat.displayName\" = \"\(name)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let bundle = try #require(Bundle(path: folder.path))
        #expect(CharmStrings.localized("charm.cat.displayName", value: "Cat", bundle: bundle, localization: "fr") == "Chat")
        #expect(CharmStrings.localized("charm.cat.displayName", value: "Cat", bundle: bundle, localization: "en") == "Cat")
        // A key or a language the bundle lacks: the value given.
        #expect(CharmStrings.localized("charm.dog.displayName", value: "Dog", bundle: bundle, localization: "fr") == "Dog")
        #expect(CharmStrings.localized("charm.cat.displayName", value: "Cat", bundle: bundle, localization: "ja") == "Cat")
    }
}
