import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

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
        let swift = try Self.generate(Self.input(forms: Self.forms)).text
        let header = "String, CaseIterable, Sendable, CatalogImage {\n        case give = "
        #expect(swift.contains("    public enum Bitmap: \(header)\"give-bitmap\"\n        case passOn = \"pass-on\"\n"))
        #expect(swift.contains("    public enum Vector: \(header)\"give-vector\"\n        case passOn = \"pass-on-vector\"\n"))
        #expect(swift.contains("public static let giveBitmap = \(Self.image)(name: \"give-bitmap\", bundle: generatedCatalogBundle)"))
        #expect(swift.contains("public static let giveVector = \(Self.image)(name: \"give-vector\", bundle: generatedCatalogBundle)"))
        #expect(swift.contains("public static let passOnVector = \(Self.image)(name: \"pass-on-vector\", bundle: generatedCatalogBundle)"))
        #expect(!swift.contains("passOnBitmap"))
        #expect(!(try Self.generate(Self.input())).text.contains("enum Bitmap"))
    }

    static func generate(_ input: CatalogSymbolsSwift.Input) throws(ArtFileError) -> CatalogSymbolsSwift.Generated {
        try CatalogSymbolsSwift.generate(input, source: "art/")
    }

    static let image = "DeveloperToolsSupport.ImageResource"
    static let color = "DeveloperToolsSupport.ColorResource"

    @Test func iconsAndColoursAreTypedAndNamedAsXcodeWould() throws {
        let text = try Self.generate(Self.input()).text
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
        // Xcode's asset symbols, named as Xcode names its own, first by set name as Xcode writes them.
        #expect(
            text.contains(
                """
                    extension \(Self.image) {
                        public static let give = \(Self.image)(name: "give", bundle: generatedCatalogBundle)
                        public static let passOn = \(Self.image)(name: "pass-on", bundle: generatedCatalogBundle)
                        public static let star = \(Self.image)(name: "star", bundle: generatedCatalogBundle)
                    }

                """))
        #expect(text.contains("        public static let lightInk = \(Self.color)(name: \"LightInk\", bundle: generatedCatalogBundle)\n"))
        // The accent, as Xcode names AccentColor.
        #expect(text.contains("        public static let accent = \(Self.color)(name: \"AccentColor\", bundle: generatedCatalogBundle)\n"))
        #expect(!text.contains("\n\n\n") && !text.contains(" \n") && text.hasSuffix("#endif\n"))
        #expect(try Self.generate(Self.input()).text == text)
        // No charms, no icons: nothing refers to a type that is not there.
        let bare = try Self.generate(Self.input(icons: [], charms: [])).text
        #expect(!bare.contains("ActionIcon") && !bare.contains("CharmType") && bare.contains("BijouxPalette"))
        #expect(!bare.contains("extension \(Self.image)") && bare.contains("extension \(Self.color)") && !bare.contains("UIImage"))
    }

    /// Xcode's members on UIKit's, AppKit's and SwiftUI's types, in the shape and under the
    /// availability of Xcode's own file (DeveloperDilshad/Trackizer at 94530a1f,
    /// build/Trackizer.build/Debug-iphonesimulator/Trackizer.build/DerivedSources/GeneratedAssetSymbols.swift;
    /// NikitaKosolapov/SwiftUITestProject1 at aa6fa2ea, its colours).
    @Test func xcodesFrameworkMembersAreWritten() throws {
        let text = try Self.generate(Self.input()).text
        #expect(
            text.contains(
                """
                    #if canImport(AppKit)
                        import AppKit

                        @available(macOS 14.0, *)
                        @available(macCatalyst, unavailable)
                        extension AppKit.NSColor {
                            public static var accent: AppKit.NSColor {
                                #if !targetEnvironment(macCatalyst)
                                    .init(resource: .accent)
                                #else
                                    .init()
                                #endif
                            }
                """))
        #expect(text.contains("        @available(iOS 17.0, tvOS 17.0, *)\n        @available(watchOS, unavailable)\n        extension UIKit.UIImage {\n"))
        #expect(text.contains("            public static var star: UIKit.UIImage {\n                #if !os(watchOS)\n"))
        #expect(text.contains("        extension AppKit.NSImage {\n            public static var give: AppKit.NSImage {\n"))
        #expect(text.contains("        extension UIKit.UIColor {\n            public static var accent: UIKit.UIColor {\n"))
        for type in ["SwiftUI.Color", "SwiftUI.ShapeStyle where Self == SwiftUI.Color"] {
            #expect(
                text.contains(
                    """
                            @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
                            extension \(type) {
                                public static var accent: SwiftUI.Color { .init(.accent) }
                                public static var glow: SwiftUI.Color { .init(.glow) }

                    """))
        }
        // With Xcode's own generation on instead, none of Xcode's members.
        let off = try Self.generate(
            CatalogSymbolsSwift.Input(
                charms: [Self.star], charmsFile: "art/charms.json", icons: [], palette: Self.palette,
                paletteFile: "art/palette.json", assetSymbols: false)
        ).text
        #expect(!off.contains("DeveloperToolsSupport") && !off.contains("UIKit.UIColor") && !off.contains("SwiftUI.Color {"))
    }

    @Test func iconNamesThatCollideAreAnErrorNamingBoth() {
        let message = "art/icons/passOn.svg: icon 'passOn': becomes the Swift name passOn, as does icon 'pass-on' (art/icons/pass-on.svg); rename one of them"
        #expect(throws: ArtFileError.self) { _ = try Self.generate(Self.input(icons: ["pass-on", "passOn"])) }
        do { _ = try Self.generate(Self.input(icons: ["pass-on", "passOn"])) } catch { #expect(error.description == message) }
    }

    /// Lucide ships `book` and `book-image`, both `book` by Xcode's rule: their cases take their
    /// whole names, the build goes on, and Xcode's rule gives the second no asset symbol, with a
    /// warning naming it.
    @Test func iconsXcodeNamesAlikeTakeTheirWholeNames() throws {
        let generated = try Self.generate(Self.input(icons: ["book", "book-image", "gift"]))
        #expect(generated.text.contains("    case book = \"book\"\n    case bookImage = \"book-image\"\n    case gift = \"gift\"\n"))
        #expect(generated.warnings.map(\.description).contains { $0.hasPrefix("art/icons/book-image.svg: icon 'book-image': its set book-image") })
    }

    /// A name UIKit, AppKit or SwiftUI gives the type already is left out of that type, as Xcode
    /// leaves it out (NikitaKosolapov/SwiftUITestProject1 at aa6fa2ea,
    /// DerivedData/SwiftUITestProject/Build/Intermediates.noindex/SwiftUITestProject.build/Debug-iphonesimulator/
    /// SwiftUITestProject.build/DerivedSources/GeneratedAssetSymbols.swift: colour `primary` has no
    /// `Color.primary` and no `ShapeStyle` member, but its `ColorResource`, `UIColor` and `NSColor`
    /// ones), with a warning at the asset.
    @Test func aNameAFrameworkTypeHasIsLeftOutOfThatTypeWithAWarning() throws {
        let palette = try Palette.parse(Array(##"{"colors": {"paper": "#000000", "red": "#FF0000", "primary": "#00FF00"}}"##.utf8), file: "art/palette.json")
        let generated = try Self.generate(Self.input(icons: ["give", "add"], palette: palette))
        let text = generated.text
        #expect(text.contains("public static let red = \(Self.color)(name: \"Red\", bundle: generatedCatalogBundle)"))
        #expect(!text.contains("var red:") && text.contains("public static var primary: UIKit.UIColor {"))
        #expect(text.contains("public static var primary: AppKit.NSColor {") && !text.contains("var primary: SwiftUI.Color"))
        #expect(text.contains("public static let add = \(Self.image)(name: \"add\", bundle: generatedCatalogBundle)"))
        #expect(text.contains("public static var add: AppKit.NSImage {") && !text.contains("var add: UIKit.UIImage"))
        #expect(
            generated.warnings.map(\.description) == [
                "art/palette.json:1:51: colour 'primary': Color.primary is declared by SwiftUI, so left out as Xcode leaves it out (its set "
                    + "Primary keeps ColorResource.primary); rename it to have it",
                "art/palette.json:1:33: colour 'red': Color.red, UIColor.red and NSColor.red are declared by SwiftUI, UIKit and AppKit, so left out "
                    + "as Xcode leaves them out (its set Red keeps ColorResource.red); rename it to have them",
                "art/icons/add.svg: icon 'add': UIImage.add is declared by UIKit, so left out as Xcode leaves it out (its set add keeps "
                    + "ImageResource.add); rename it to have it",
            ])
    }

    /// Two sets that Xcode gives one asset symbol: the first by set name keeps it, the other has
    /// none and a warning (Xcode writes `#warning("The \"Connecting0_\" image asset name resolves to
    /// the symbol \"connecting0\" which already exists …")` in its place: code index file 51831479068,
    /// repository not named). Charms and icons share `ImageResource`.
    @Test func twoSetsWithOneAssetSymbolKeepTheFirstByNameAndWarn() throws {
        let charm = CharmEntry(id: "pass-on", displayName: "Pass", note: "on", swayDuration: 2)
        let generated = try Self.generate(Self.input(icons: ["give", "passOn"], charms: [charm]))
        #expect(generated.text.contains("public static let passOn = \(Self.image)(name: \"pass-on\", bundle: generatedCatalogBundle)"))
        #expect(!generated.text.contains("(name: \"passOn\""))
        #expect(
            generated.warnings.map(\.description) == [
                "art/icons/passOn.svg: icon 'passOn': its set passOn would be ImageResource.passOn, which charm 'pass-on' has (set pass-on, "
                    + "first by name), so it gets no asset symbol, as in Xcode's; rename one of them"
            ])
    }

    /// The app's code, as the README and docs/app-integration.md write it, with Xcode's members
    /// (`.foregroundStyle(.lightInk)`, `UIColor.lightInk`, `UIImage.star`, an icon named by a keyword).
    static let appSource = """
        import BijouxKit
        #if canImport(SwiftUI)
            import SwiftUI
            @available(iOS 17.0, macOS 14.0, *) func views() -> [any View] {
                [CharmType.star.image(), ActionIcon.give.image(in: .main), BijouxPalette.paper.color(), BijouxPalette.lightInk.color(in: .main), \
        Image(.star), Image(.passOn), Color(.lightInk), Image(.give), Image(.giveBitmap), Image(.passOnVector), \
        ActionIcon.give.bitmap.image(), (ActionIcon.passOn.vector ?? .give).image(), Image(.star).foregroundStyle(.lightInk), Color.glow, \
        Color.accent, Image(.default), ActionIcon.default.image()]
            }
        #endif
        #if canImport(UIKit)
            import UIKit
            @available(iOS 17.0, *) func uiKit() -> [NSObject] {
                [CharmType.star.uiImage(), ActionIcon.passOn.uiImage(), BijouxPalette.lightInk.uiColor(), BijouxPalette.paper.uiColor(in: .main), \
        UIImage(resource: .give), UIColor(resource: .paper), UIImage(resource: .giveVector), (ActionIcon.give.vector ?? .passOn).uiImage(), \
        UIColor.lightInk, UIColor.accent, UIImage.star, UIImage.giveBitmap, UIImage.default]
            }
        #endif
        #if canImport(AppKit)
            import AppKit
            @available(macOS 14.0, *) func appKit() -> [NSObject] {
                [CharmType.star.nsImage(), ActionIcon.give.nsImage(), BijouxPalette.paper.nsColor(), BijouxPalette.lightInk.nsColor(in: .main), \
        NSImage(resource: .star), NSColor(resource: .lightInk), NSColor.paper, NSImage.give, NSImage.passOnVector]
            }
        #endif

        """

    /// The Linux part type-checks and runs against BijouxKit with a charm table beside
    /// it; the Apple-only accessors type-check against the stand-ins of Apple's
    /// frameworks (`Tests/AppleStandIns`) as an iPhone's and a Mac's compiler see them,
    /// in a SwiftPM target (`Bundle.module`) and in an app's own target.
    @Test(.tags(.slow), .notInFastRun) func theGeneratedFileTypeChecksOnEveryPlatformAndTheLinuxPartRuns() throws {
        let folder = TestPaths.temporaryFolder("symbols")
        let table = CharmTableSource(charms: [Self.star])
        folder.write("CharmTable.swift", try CharmTableSwift.generate(table, source: "art/charms.json", file: "charms.json"))
        // An icon named by a keyword: its case and members are written in backticks.
        folder.write("CatalogSymbols.swift", try Self.generate(Self.input(icons: ["give", "pass-on", "default"], forms: Self.forms)).text)
        // What SwiftPM generates for a target with resources.
        folder.write("resource_bundle_accessor.swift", "import Foundation\nextension Foundation.Bundle { static let module = Bundle.main }\n")
        folder.write("App.swift", Self.appSource)
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
            ["[\"give\", \"pass-on\", \"default\"] [\"#171513\", \"#F3ECDF\", \"#FF7626CC\"] LightInk \(Double(0x17) / 255)"]
            + ["[\"give-bitmap\", \"pass-on\", \"default\"] [\"give-vector\", \"pass-on-vector\", \"none\"]"]
            + Self.palette.colors.map { color in
                "\(color.colorSetName) \(color.paletteColor.appearances.map { "\($0.name) \($0.components.colorSpace.rawValue) \($0.components.css)" })"
            }
        #expect(run.output == expected.joined(separator: "\n") + "\n")
        #expect(run.output.contains("Glow [\"any display-p3 color(display-p3 1 0.5 0.25 / 0.8)\", \"dark srgb #80402080\""))
    }
}
