import Testing

@testable import BijouxAssets

@Suite("The app's palette")
struct PaletteTests {
    /// Previews, icons and the shipped app icon draw with the same three inks.
    @Test func theShippedAppIconUsesThePalette() throws {
        let parameters = try AppIconParameters.parse(try FileIO.read(TestPaths.art + "/appicon.json"), file: "appicon.json")
        let inks = try #require(parameters.inks[.default])
        #expect(inks.paper == Palette.paper)
        #expect(inks.thread == Palette.camel)
        #expect(DrawnIcon.ink == Palette.lightInk)
    }

    @Test func paperIsNearBlackNotBlack() {
        let paper = Palette.paper
        #expect(paper != RGBA(0, 0, 0, 255))
        #expect(max(paper.r, paper.g, paper.b) <= 0x40)
    }
}
