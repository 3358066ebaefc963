import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets

@Suite("Generated CatalogSymbols.swift")
struct CatalogSymbolsSwiftTests {
    static let palette = Palette(
        colors: [
            Palette.Color(name: "paper", any: .sRGB(0x171513)),
            Palette.Color(name: "light-ink", any: .sRGB(0xF3ECDF), dark: .sRGB(0x101010)),
            Palette.Color(
                name: "glow", any: .displayP3(1, 0.5, 0.25, alpha: 0.8), dark: .sRGB(0x804020, alpha: 0.502), highContrast: .displayP3(1, 0.6, 0.3),
                darkHighContrast: .sRGB(0xFFAA55)),
        ],
        accent: "light-ink")

    static func input(icons: [String] = ["give", "pass-on"], palette: Palette = palette, charms: Bool = true) -> CatalogSymbolsSwift.Input {
        CatalogSymbolsSwift.Input(charms: charms, icons: icons.map { ($0, "art/icons/\($0).svg") }, palette: palette, paletteFile: "art/palette.json")
    }

    static func generate(_ input: CatalogSymbolsSwift.Input) throws(ArtFileError) -> String {
        try CatalogSymbolsSwift.generate(input, source: "art/")
    }

    @Test func iconsAndColoursAreTypedAndNamedAsXcodeWould() throws {
        let text = try Self.generate(Self.input())
        #expect(text.hasPrefix("// Generated from art/ by bijoux-assets. Do not edit.\n"))
        #expect(text.contains("public enum ActionIcon: String, CaseIterable, Sendable {\n    case give = \"give\"\n    case passOn = \"pass-on\"\n"))
        #expect(text.contains("    public static let paper = PaletteColor(rgb: 0x171513, colorSetName: \"Paper\")\n"))
        // Every appearance, in the colour set's order, each as exactly as its colour set holds it.
        #expect(
            text.contains(
                """
                    public static let lightInk = PaletteColor(
                        colorSetName: "LightInk",
                        any: .sRGB(0xF3ECDF),
                        dark: .sRGB(0x101010))
                    public static let glow = PaletteColor(
                        colorSetName: "Glow",
                        any: .displayP3(1, 0.5, 0.25, alpha: 0.8),
                        dark: .sRGB(0x804020, alpha: 0.502),
                        highContrast: .displayP3(1, 0.6, 0.3),
                        darkHighContrast: .sRGB(0xFFAA55))

                """))
        #expect(text.contains("    public static let allColors: [PaletteColor] = [paper, lightInk, glow]\n"))
        #expect(text.contains("    public static let accent = lightInk\n"))
        #expect(text.contains("extension CharmType {") && text.contains("extension ActionIcon {") && text.contains("extension PaletteColor {"))
        #expect(!text.contains("\n\n\n") && !text.contains(" \n") && text.hasSuffix("#endif\n"))
        #expect(try Self.generate(Self.input()) == text)
        // No charms, no icons: nothing refers to a type that is not there.
        let bare = try Self.generate(Self.input(icons: [], charms: false))
        #expect(!bare.contains("ActionIcon") && !bare.contains("CharmType") && bare.contains("BijouxPalette"))
    }

    @Test(arguments: [
        (
            ["give", "add"],
            "art/icons/add.svg: icon 'add': becomes the Swift name add, which Xcode's generated asset symbols cannot use (UIImage.add exists already); rename it"
        ),
        (
            ["checkmark"],
            "art/icons/checkmark.svg: icon 'checkmark': becomes the Swift name checkmark, which Xcode's generated asset symbols cannot use (UIImage.checkmark exists already); rename it"
        ),
        (
            ["pass-on", "passOn"],
            "art/icons/passOn.svg: icon 'passOn': becomes the Swift name passOn, as does icon 'pass-on' (art/icons/pass-on.svg); rename one of them"
        ),
    ])
    func iconNamesThatCollideAreAnErrorNamingBoth(icons: [String], message: String) {
        #expect(throws: ArtFileError.self) { _ = try Self.generate(Self.input(icons: icons)) }
        do { _ = try Self.generate(Self.input(icons: icons)) } catch { #expect(error.description == message) }
    }

    @Test func colourNamesXcodeAlreadyUsesAreRefusedWhereTheyAreWritten() throws {
        let palette = try Palette.parse(Array(##"{"colors": {"paper": "#000000", "red": "#FF0000"}}"##.utf8), file: "art/palette.json")
        do {
            _ = try Self.generate(Self.input(palette: palette))
            Issue.record("a colour called red was accepted")
        } catch {
            #expect(
                error.description
                    == "art/palette.json:1:33: colour 'red', field 'colors': becomes the Swift name red, which Xcode's generated asset symbols cannot use (Color.red exists already); rename it"
            )
        }
    }

    /// Every line of it is Swift (the accessors too, though only Apple platforms compile
    /// them); the rest type-checks and runs against BijouxKit with a charm table beside it.
    @Test(.tags(.slow), .notInFastRun) func theGeneratedFileParsesAndTheLinuxPartRuns() throws {
        let folder = TestPaths.temporaryFolder("symbols")
        let table = CharmTableSource(charms: [CharmEntry(id: "star", displayName: "Star", note: "shine on", swayDuration: 2.4)])
        folder.write("CharmTable.swift", try CharmTableSwift.generate(table, source: "art/charms.json", file: "charms.json"))
        folder.write("CatalogSymbols.swift", try Self.generate(Self.input()))
        let parsed = try SwiftCompiler.run(["-parse", "CatalogSymbols.swift"], in: folder.path)
        #expect(parsed.status == 0, "\(parsed.output)")
        // The accessors as an Apple platform's compiler sees them, parsed on their own.
        let text = String(decoding: try #require(folder.read("CatalogSymbols.swift")), as: UTF8.self)
        let accessors = text.components(separatedBy: "#if canImport(SwiftUI)\n")[1]
            .replacingOccurrences(of: "#endif\n\n#if canImport(UIKit)\n", with: "")
            .replacingOccurrences(of: "\n#endif\n", with: "\n")
        folder.write("Accessors.swift", accessors)
        let accessorsParsed = try SwiftCompiler.run(["-parse", "Accessors.swift"], in: folder.path)
        #expect(accessorsParsed.status == 0, "\(accessorsParsed.output)")

        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")
        folder.write(
            "main.swift",
            """
            import BijouxKit
            print(ActionIcon.allCases.map(\\.imageName), BijouxPalette.allColors.map(\\.hex), BijouxPalette.accent.colorSetName, BijouxPalette.paper.red)
            for color in BijouxPalette.allColors {
                print(color.colorSetName, color.appearances.map { "\\($0.name) \\($0.components.colorSpace.rawValue) \\($0.components.css)" })
            }
            """)
        let built = try SwiftCompiler.run(
            ["-swift-version", "6"] + BijouxKitModule.linkArguments + ["-o", "symbols", "main.swift", "CharmTable.swift", "CatalogSymbols.swift"],
            in: folder.path)
        try #require(built.status == 0, "\(built.output)")
        let run = try SwiftCompiler.execute(folder.path + "/symbols", in: folder.path)
        let expected =
            ["[\"give\", \"pass-on\"] [\"#171513\", \"#F3ECDF\", \"#FF7626CC\"] LightInk \(Double(0x17) / 255)"]
            + Self.palette.colors.map { color in
                "\(color.colorSetName) \(color.paletteColor.appearances.map { "\($0.name) \($0.components.colorSpace.rawValue) \($0.components.css)" })"
            }
        #expect(run.output == expected.joined(separator: "\n") + "\n")
        #expect(run.output.contains("Glow [\"any display-p3 color(display-p3 1 0.5 0.25 / 0.8)\", \"dark srgb #80402080\""))
    }
}
