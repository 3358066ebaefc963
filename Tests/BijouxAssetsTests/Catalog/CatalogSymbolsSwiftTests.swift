import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore

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

    static let star = CharmEntry(id: "star", displayName: "Star", note: "shine on", swayDuration: 2.4)

    static func input(
        icons: [String] = ["give", "pass-on"], palette: Palette = palette, charms: [CharmEntry] = [star], forms: [String: IconForms] = [:]
    ) -> CatalogSymbolsSwift.Input {
        CatalogSymbolsSwift.Input(
            charms: charms, charmsFile: "art/charms.json", icons: icons.map { ($0, "art/icons/\($0).svg") }, palette: palette,
            paletteFile: "art/palette.json", iconForms: forms)
    }

    /// give as a symbol and a vector, pass-on as a vector.
    static let forms = ["give": IconForms(vector: true, symbol: true), "pass-on": IconForms(vector: true, symbol: false)]

    /// An icon's other forms: `ActionIcon.Bitmap` for every icon (give's renamed beside its
    /// symbol), `ActionIcon.Vector` for those that have one, and their resources.
    @Test func theIconsFormsAreTypedAndNamedAsXcodeWould() throws {
        let swift = try Self.generate(Self.input(forms: Self.forms))
        let header = "String, CaseIterable, Sendable, CatalogImage {\n        case give = "
        #expect(swift.contains("    public enum Bitmap: \(header)\"give-bitmap\"\n        case passOn = \"pass-on\"\n"))
        #expect(swift.contains("    public enum Vector: \(header)\"give-vector\"\n        case passOn = \"pass-on-vector\"\n"))
        #expect(swift.contains("public static let giveBitmap = ActionIcon.Bitmap.give.imageResource"))
        #expect(swift.contains("public static let giveVector = ActionIcon.Vector.give.imageResource"))
        #expect(swift.contains("public static let passOnVector = ActionIcon.Vector.passOn.imageResource"))
        #expect(!swift.contains("passOnBitmap"))
        #expect(!(try Self.generate(Self.input())).contains("enum Bitmap"))
    }

    static func generate(_ input: CatalogSymbolsSwift.Input) throws(ArtFileError) -> String {
        try CatalogSymbolsSwift.generate(input, source: "art/")
    }

    @Test func iconsAndColoursAreTypedAndNamedAsXcodeWould() throws {
        let text = try Self.generate(Self.input())
        #expect(text.hasPrefix("// Generated from art/ by bijoux-assets. Do not edit.\n"))
        #expect(
            text.contains("public enum ActionIcon: String, CaseIterable, Sendable, CatalogImage {\n    case give = \"give\"\n    case passOn = \"pass-on\"\n"))
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
        #expect(text.contains("extension CharmType: CatalogImage {") && text.contains("extension PaletteColor {"))
        // Xcode 15's asset symbols, named as Xcode names its own.
        #expect(text.contains("    extension ImageResource {\n        public static let star = CharmType.star.imageResource\n"))
        #expect(
            text.contains(
                "        public static let give = ActionIcon.give.imageResource\n        public static let passOn = ActionIcon.passOn.imageResource\n"))
        #expect(text.contains("        public static let lightInk = ColorResource(name: \"LightInk\", bundle: generatedCatalogBundle)\n"))
        #expect(!text.contains("\n\n\n") && !text.contains(" \n") && text.hasSuffix("#endif\n"))
        #expect(try Self.generate(Self.input()) == text)
        // No charms, no icons: nothing refers to a type that is not there.
        let bare = try Self.generate(Self.input(icons: [], charms: []))
        #expect(!bare.contains("ActionIcon") && !bare.contains("CharmType") && bare.contains("BijouxPalette"))
        #expect(!bare.contains("extension ImageResource") && bare.contains("extension ColorResource"))
    }

    @Test(arguments: [
        (
            ["give", "add"],
            """
            art/icons/add.svg: icon 'add': becomes the Swift name add, which Xcode's generated asset symbols cannot use (UIImage.add exists already); rename it
            """
        ),
        (
            ["checkmark"],
            """
            art/icons/checkmark.svg: icon 'checkmark': becomes the Swift name checkmark, which Xcode's generated asset symbols cannot use (UIImage.checkmark \
            exists already); rename it
            """
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

    /// Charms and icons share `ImageResource`: one Swift name for both is refused at the icon.
    @Test func aCharmAndAnIconWithOneResourceNameAreAnErrorAtTheIcon() {
        let charm = CharmEntry(id: "pass-on", displayName: "Pass", note: "on", swayDuration: 2)
        do {
            _ = try Self.generate(Self.input(icons: ["give", "passOn"], charms: [charm]))
            Issue.record("a charm and an icon that are both ImageResource.passOn were accepted")
        } catch {
            #expect(
                error.description
                    == "art/icons/passOn.svg: icon 'passOn': becomes ImageResource.passOn, as does charm 'pass-on' (art/charms.json); rename one of them")
        }
    }

    @Test func colourNamesXcodeAlreadyUsesAreRefusedWhereTheyAreWritten() throws {
        let palette = try Palette.parse(Array(##"{"colors": {"paper": "#000000", "red": "#FF0000"}}"##.utf8), file: "art/palette.json")
        do {
            _ = try Self.generate(Self.input(palette: palette))
            Issue.record("a colour called red was accepted")
        } catch {
            #expect(
                error.description
                    == """
                    art/palette.json:1:33: colour 'red', field 'colors': becomes the Swift name red, which Xcode's generated asset symbols cannot use \
                    (Color.red exists already); rename it
                    """
            )
        }
    }

    /// The Linux part type-checks and runs against BijouxKit with a charm table beside
    /// it; the Apple-only accessors type-check against the stand-ins of Apple's
    /// frameworks (`Tests/AppleStandIns`) as an iPhone's and a Mac's compiler see them,
    /// in a SwiftPM target (`Bundle.module`) and in an app's own target.
    @Test(.tags(.slow), .notInFastRun) func theGeneratedFileTypeChecksOnEveryPlatformAndTheLinuxPartRuns() throws {
        let folder = TestPaths.temporaryFolder("symbols")
        let table = CharmTableSource(charms: [Self.star])
        folder.write("CharmTable.swift", try CharmTableSwift.generate(table, source: "art/charms.json", file: "charms.json"))
        folder.write("CatalogSymbols.swift", try Self.generate(Self.input(forms: Self.forms)))
        // What SwiftPM generates for a target with resources.
        folder.write("resource_bundle_accessor.swift", "import Foundation\nextension Foundation.Bundle { static let module = Bundle.main }\n")
        // The app's code, as the README and docs/app-integration.md write it.
        folder.write(
            "App.swift",
            """
            import BijouxKit
            #if canImport(SwiftUI)
                import SwiftUI
                @available(iOS 17.0, macOS 14.0, *) func views() -> [any View] {
                    [CharmType.star.image(), ActionIcon.give.image(in: .main), BijouxPalette.paper.color(), BijouxPalette.lightInk.color(in: .main), \
            Image(.star), Image(.passOn), Color(.lightInk), Image(.give), Image(.giveBitmap), Image(.passOnVector), \
            ActionIcon.give.bitmap.image(), (ActionIcon.passOn.vector ?? .give).image()]
                }
            #endif
            #if canImport(UIKit)
                import UIKit
                @available(iOS 17.0, *) func uiKit() -> [NSObject] {
                    [CharmType.star.uiImage(), ActionIcon.passOn.uiImage(), BijouxPalette.lightInk.uiColor(), BijouxPalette.paper.uiColor(in: .main), \
            UIImage(resource: .give), UIColor(resource: .paper), UIImage(resource: .giveVector), (ActionIcon.give.vector ?? .passOn).uiImage()]
                }
            #endif
            #if canImport(AppKit)
                import AppKit
                @available(macOS 14.0, *) func appKit() -> [NSObject] {
                    [CharmType.star.nsImage(), ActionIcon.give.nsImage(), BijouxPalette.paper.nsColor(), BijouxPalette.lightInk.nsColor(in: .main), \
            NSImage(resource: .star), NSColor(resource: .lightInk)]
                }
            #endif

            """)
        let standIns = AppleStandIns.shared.result
        try #require(standIns.status == 0, "\(standIns.output)")
        for platform in AppleStandIns.Platform.allCases {
            let kit = try #require(AppleStandIns.bijouxKit[platform])
            try #require(kit.status == 0, "\(kit.output)")
            for package in [false, true] {
                let files =
                    ["CharmTable.swift", "CatalogSymbols.swift", "App.swift"] + (package ? ["resource_bundle_accessor.swift", "-D", "SWIFT_PACKAGE"] : [])
                let checked = try AppleStandIns.typecheck(files, as: platform, in: folder.path)
                #expect(checked.status == 0, "\(platform), SWIFT_PACKAGE \(package): \(checked.output)")
            }
        }
        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")

        folder.write(
            "main.swift",
            """
            import BijouxKit
            print(ActionIcon.allCases.map(\\.imageName), BijouxPalette.allColors.map(\\.hex), BijouxPalette.accent.colorSetName, BijouxPalette.paper.red)
            print(ActionIcon.allCases.map(\\.bitmap.imageName), ActionIcon.allCases.map { $0.vector?.imageName ?? "none" })
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
            + ["[\"give-bitmap\", \"pass-on\"] [\"give-vector\", \"pass-on-vector\"]"]
            + Self.palette.colors.map { color in
                "\(color.colorSetName) \(color.paletteColor.appearances.map { "\($0.name) \($0.components.colorSpace.rawValue) \($0.components.css)" })"
            }
        #expect(run.output == expected.joined(separator: "\n") + "\n")
        #expect(run.output.contains("Glow [\"any display-p3 color(display-p3 1 0.5 0.25 / 0.8)\", \"dark srgb #80402080\""))
    }
}
