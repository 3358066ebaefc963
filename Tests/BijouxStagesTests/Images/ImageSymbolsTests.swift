import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("BijouxImage and BijouxData in CatalogSymbols.swift")
struct ImageSymbolsTests {
    static func input(images: [String] = ["badge", "word-mark"], data: [String] = ["cities"]) -> CatalogSymbolsSwift.Input {
        CatalogSymbolsSwift.Input(
            charms: [CatalogSymbolsSwiftTests.star], charmsFile: "art/charms.json", icons: [("give", "art/icons/give.svg")], palette: Palette(),
            paletteFile: "art/palette.json", images: images.map { ($0, "art/images") }, data: data.map { ($0, "art/data") })
    }

    @Test func imagesAndDataAreTyped() throws {
        let text = try CatalogSymbolsSwift.generate(Self.input(), source: "art/").text
        #expect(
            text.contains(
                "public enum BijouxImage: String, CaseIterable, Sendable, CatalogImage {\n    case badge = \"badge\"\n    case wordMark = \"word-mark\"\n"))
        #expect(text.contains("public enum BijouxData: String, CaseIterable, Sendable {\n    case cities = \"cities\"\n"))
        #expect(
            text.contains("        public static let wordMark = DeveloperToolsSupport.ImageResource(name: \"word-mark\", bundle: generatedCatalogBundle)\n"))
        #expect(text.contains("NSDataAsset(name: rawValue, bundle: bundle)"))
        #expect(!text.contains("\n\n\n") && !text.contains(" \n"))
        // Images alone still declare the bundle they load from.
        let alone = try CatalogSymbolsSwift.generate(
            CatalogSymbolsSwift.Input(charms: [], charmsFile: "", icons: [], palette: Palette(), paletteFile: "", images: [("badge", "art/images")]),
            source: "art/"
        ).text
        #expect(alone.contains("generatedCatalogBundle") && alone.contains("extension DeveloperToolsSupport.ImageResource") && !alone.contains("CharmType"))
    }

    /// Images share `ImageResource` with charms and icons: an image whose asset symbol an icon's
    /// set, first by name, has already gets none, and a warning.
    @Test func anImageWhoseResourceNameAnIconHasGetsNone() throws {
        let generated = try CatalogSymbolsSwift.generate(Self.input(images: ["give_"]), source: "art/")
        #expect(generated.text.contains("case give = \"give_\"") && !generated.text.contains("(name: \"give_\""))
        #expect(generated.warnings.map(\.subject) == ["art/images"])
    }

    /// The Apple-only parts type-check against the stand-ins of Apple's frameworks, as an
    /// iPhone's and a Mac's compiler see them, with the app's calls.
    @Test(.tags(.slow), .notInFastRun) func theGeneratedAccessorsTypeCheckOnEveryPlatform() throws {
        let folder = TestPaths.temporaryFolder("image-symbols")
        let table = CharmTableSource(charms: [CatalogSymbolsSwiftTests.star])
        folder.write("CharmTable.swift", try CharmTableSwift.generate(table, source: "art/charms.json", file: "charms.json"))
        folder.write("CatalogSymbols.swift", try CatalogSymbolsSwift.generate(Self.input(), source: "art/").text)
        folder.write(
            "App.swift",
            """
            import BijouxKit
            import Foundation
            #if canImport(SwiftUI)
                import SwiftUI
                @available(iOS 17.0, macOS 14.0, *) func views() -> [any View] { [BijouxImage.badge.image(), Image(.wordMark)] }
            #endif
            #if canImport(UIKit)
                import UIKit
                @available(iOS 17.0, *) func uiKit() -> [NSObject?] {
                    [BijouxImage.wordMark.uiImage(), UIImage(resource: .badge), BijouxData.cities.dataAsset()]
                }
            #endif
            #if canImport(AppKit)
                import AppKit
                @available(macOS 14.0, *) func appKit() -> [NSObject?] { [BijouxImage.badge.nsImage(), BijouxData.cities.dataAsset(in: .main)] }
            #endif
            #if canImport(UIKit) || canImport(AppKit)
                func bytes() -> Data { BijouxData.cities.data() }
            #endif
            func names() -> [String] { BijouxImage.allCases.map(\\.imageName) + BijouxData.allCases.map(\\.dataName) }

            """)
        let standIns = AppleStandIns.shared.result
        try #require(standIns.status == 0, "\(standIns.output)")
        for platform in AppleStandIns.Platform.allCases {
            let kit = try #require(AppleStandIns.bijouxKit[platform])
            try #require(kit.status == 0, "\(kit.output)")
            let checked = try AppleStandIns.typecheck(["CharmTable.swift", "CatalogSymbols.swift", "App.swift"], as: platform, in: folder.path)
            #expect(checked.status == 0, "\(platform): \(checked.output)")
        }
        // The Linux part compiles and runs against BijouxKit.
        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")
        folder.write("main.swift", "import BijouxKit\nprint(BijouxImage.allCases.map(\\.imageName), BijouxData.allCases.map(\\.dataName))\n")
        let built = try SwiftCompiler.run(
            ["-swift-version", "6"] + BijouxKitModule.linkArguments + ["-o", "symbols", "main.swift", "CharmTable.swift", "CatalogSymbols.swift"],
            in: folder.path)
        try #require(built.status == 0, "\(built.output)")
        let run = try SwiftCompiler.execute(folder.path + "/symbols", in: folder.path)
        #expect(run.output == "[\"badge\", \"word-mark\"] [\"cities\"]\n")
    }
}
