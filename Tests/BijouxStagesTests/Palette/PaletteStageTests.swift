import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Palette stage in the build")
struct PaletteStageTests {
    @Test func everyColourGetsAColourSetAndTheAccentIsAccentColor() throws {
        let folder = TestPaths.temporaryFolder("palette")
        folder.write("art/palette.json", ##"{"colors": {"paper": "#171513", "light-ink": {"any": "#F3ECDF", "dark": "#101010"}}, "accent": "light-ink"}"##)
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.stages == ["palette", "symbols"])
        #expect(
            folder.files().filter { $0.hasPrefix("out/Assets.xcassets/") } == [
                "out/Assets.xcassets/AccentColor.colorset/Contents.json", "out/Assets.xcassets/Colors/Contents.json",
                "out/Assets.xcassets/Colors/LightInk.colorset/Contents.json", "out/Assets.xcassets/Colors/Paper.colorset/Contents.json",
                "out/Assets.xcassets/Contents.json",
            ])
        let accent = folder.read("out/Assets.xcassets/AccentColor.colorset/Contents.json")
        #expect(accent == Array(AssetCatalog.colorSetContents(PaletteColor(colorSetName: "LightInk", any: .sRGB(0xF3ECDF), dark: .sRGB(0x101010))).utf8))
        #expect(accent == folder.read("out/Assets.xcassets/Colors/LightInk.colorset/Contents.json"))

        // Without an accent, no AccentColor (and a stale one goes).
        folder.write("art/palette.json", ##"{"colors": {"paper": "#171513"}}"##)
        let again = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(
            again.files.removed.sorted() == ["Assets.xcassets/AccentColor.colorset/Contents.json", "Assets.xcassets/Colors/LightInk.colorset/Contents.json"])
        #expect(!folder.exists("out/Assets.xcassets/AccentColor.colorset"))
    }

    /// `accentColor` would be the colour set AccentColor, twice.
    @Test func aColourCalledAccentColorIsRefused() {
        let folder = TestPaths.temporaryFolder("palette-clash")
        folder.write("art/palette.json", ##"{"colors": {"accentColor": "#171513"}, "accent": "accentColor"}"##)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)"
                == """
                \(folder.path)/art: two colour sets are named 'AccentColor' (in Assets.xcassets and Assets.xcassets/Colors); the app finds them by \
                name alone, so rename one
                """
        }
        #expect(!folder.exists("out"))
    }

    /// Previews and icons take their inks from the palette.
    @Test func iconsAreDrawnInThePalettesInk() throws {
        let folder = TestPaths.temporaryFolder("palette-ink")
        folder.write(
            "art/icons/dot.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6" fill="currentColor"/></svg>"#)
        folder.write("art/palette.json", ##"{"colors": {"paper": "#202020", "ink": "#80C040"}}"##)
        try BuildEngine.build(EngineFixtures.options(folder))
        func pixel(_ path: String, _ x: Int, _ y: Int) throws -> RGBA? {
            guard case .rgba8(let image, _) = try PNGDecoder.decodeFile(folder.path + "/out/" + path) else { return nil }
            return image[x, y]
        }
        #expect(try pixel("Assets.xcassets/Icons/dot.imageset/dot@3x.png", 36, 36) == RGBA(0x80, 0xC0, 0x40, 255))
        let page = String(decoding: folder.read("out/" + ContactSheetPage.path)!, as: UTF8.self)
        #expect(page.contains("--paper: #202020; --ink: #80C040;"))
    }

    /// The palette as the sample art writes it, and an app icon whose thread is the
    /// palette's camel (the rest in hex), added to the every-stage art (`EngineFixtures.everyStage`).
    static func everyStageWithAPalette(_ label: String) throws -> EngineFixtures.Built {
        let built = try EngineFixtures.everyStage(label)
        built.folder.write("art/palette.json", ##"{"colors": {"paper": "#171513", "camel": "#C9A16B", "ink": "#F3ECDF"}, "accent": "camel"}"##)
        built.folder.write("art/appicon.json", AppIconFixture.json.replacingOccurrences(of: ##""thread": "#C9A16B""##, with: #""thread": "camel""#))
        try built.build()
        try OutputFolder.age(built.out)
        return built
    }

    static func change(_ built: EngineFixtures.Built, _ color: String, to hex: String) {
        let palette = String(decoding: built.folder.read("art/palette.json")!, as: UTF8.self)
        let old = ["paper": "#171513", "camel": "#C9A16B", "ink": "#F3ECDF"][color]!
        built.folder.write("art/palette.json", palette.replacingOccurrences(of: "\"\(color)\": \"\(old)\"", with: "\"\(color)\": \"\(hex)\""))
    }

    /// Camel is a colour set, the accent and the app icon's thread: those, and the
    /// symbols that hold its value, are remade (both app icon jobs), and the contact
    /// sheet page, whose glow and tint it is; no charm, no icon.
    @Test(.tags(.slow), .notInFastRun) func aChangedAccentColourRebuildsItsColourSetsTheSymbolsAndTheAppIconOnly() throws {
        let built = try Self.everyStageWithAPalette("palette-camel")
        Self.change(built, "camel", to: "#C0A060")
        #expect(
            try built.build() == [
                "palette/camel", "palette/AccentColor.colorset", "symbols/catalog symbols", "app icon/app icon", "app icon/\(LeFilDocument.folder)",
                "contact sheet/page",
            ])
        let rewritten = try OutputFolder.rewritten(built.out)
        let catalog = AssetCatalog.folderName
        #expect(
            rewritten.isSuperset(of: [
                "\(catalog)/Colors/Camel.colorset/Contents.json", "\(catalog)/AccentColor.colorset/Contents.json", SymbolsStage.swiftPath,
                "\(catalog)/AppIcon.appiconset/AppIcon.png", ContactSheetPage.path,
            ]), "\(rewritten.sorted())")
        #expect(
            rewritten.allSatisfy {
                $0.contains("Camel") || $0.contains("Accent") || $0.contains("AppIcon") || $0 == SymbolsStage.swiftPath || $0 == ContactSheetPage.path
            }, "\(rewritten.sorted())")
        let page = String(decoding: built.folder.read("out/" + ContactSheetPage.path)!, as: UTF8.self)
        #expect(page.contains("--camel: #C0A060;") && page.contains("flood-color=\"#C0A060\""))
        let symbols = String(decoding: built.folder.read("out/" + SymbolsStage.swiftPath)!, as: UTF8.self)
        #expect(symbols.contains("PaletteColor(rgb: 0xC0A060, colorSetName: \"Camel\")"))
    }

    /// Ink is what icons are drawn in: every icon (and so the page), its colour set
    /// and the symbols; no charm and not the app icon, which names no ink.
    @Test(.tags(.slow), .notInFastRun) func aChangedInkRebuildsTheIconsItsColourSetAndTheSymbolsOnly() throws {
        let built = try Self.everyStageWithAPalette("palette-ink")
        Self.change(built, "ink", to: "#FFFFFF")
        #expect(try built.build() == ["icons/give", "icons/wear", "palette/ink", "symbols/catalog symbols", "contact sheet/page"])
        let rewritten = try OutputFolder.rewritten(built.out)
        #expect(rewritten.contains("\(IconsStage.catalogFolder)/give.imageset/give@3x.png"))
        #expect(
            rewritten.allSatisfy { $0.contains("Icons/") || $0 == ContactSheetPage.path || $0.contains("Ink.colorset") || $0 == SymbolsStage.swiftPath },
            "\(rewritten.sorted())")
    }

    /// Paper is what the contact sheet page is drawn on: the page, its colour set and
    /// the symbols, but no charm or icon; the app icon's paper is in hex.
    @Test(.tags(.slow), .notInFastRun) func aChangedPaperRebuildsThePreviewsNotTheIcons() throws {
        let built = try Self.everyStageWithAPalette("palette-paper")
        Self.change(built, "paper", to: "#101010")
        #expect(try built.build() == ["palette/paper", "symbols/catalog symbols", "contact sheet/page"])
        let rewritten = try OutputFolder.rewritten(built.out)
        #expect(rewritten.contains(ContactSheetPage.path))
        // The image sets' bytes do not depend on the paper: kept as they were.
        #expect(!rewritten.contains { $0.hasPrefix(CharmsStage.catalogFolder) || $0.hasPrefix(IconsStage.catalogFolder) }, "\(rewritten.sorted())")
    }

    /// The table and the symbols share Generated/: each keeps the other's file, and a
    /// file neither made goes.
    @Test func theTableAndTheSymbolsShareGenerated() throws {
        let folder = TestPaths.temporaryFolder("generated-shared")
        EngineFixtures.makeArt(folder)
        folder.write("out/" + OutputPlace.marker, OutputPlace.markerBytes)
        folder.write("out/Generated/Old.swift", "// from an older build")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(report.files.removed == ["Generated/Old.swift"])
        #expect(folder.exists("out/" + TableStage.swiftPath) && folder.exists("out/" + SymbolsStage.swiftPath))
        // Without the table, its files go; the symbols stay.
        try FileManager.default.removeItem(atPath: folder.path + "/art/charms.json")
        folder.write("art/palette.json", ##"{"colors": {"paper": "#171513"}}"##)
        let again = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(again.files.removed.contains(TableStage.swiftPath) && again.files.removed.contains(TableStage.jsonPath))
        #expect(!again.files.removed.contains(SymbolsStage.swiftPath) && folder.exists("out/" + SymbolsStage.swiftPath))
    }
}
