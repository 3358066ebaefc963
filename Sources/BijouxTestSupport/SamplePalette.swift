@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

extension TestPaths {
    /// The sample art's palette.json, which its appicon.json names colours from.
    static let artPalette = try! Palette.parse(try! FileIO.read(art + "/" + Palette.fileName), file: Palette.fileName)
}
