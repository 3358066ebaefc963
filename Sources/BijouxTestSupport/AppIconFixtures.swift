import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// appicon.json as the tests know it (the shipped values, in a layout whose line
/// numbers the expected messages use), and quick ways to render from it.
enum AppIconFixture {
    static let file = "art/appicon.json"

    static let json = """
        {
          "thread": {
            "startX": 118,
            "endX": 906,
            "topFraction": 0.285,
            "controlDrop": 232,
            "stretch": 5,
            "strokeWidth": 26
          },
          "charm": {"id": "heart", "x": 512, "height": 330, "hang": 64},
          "ring": {"radius": 36, "strokeWidth": 11, "offset": 0},
          "grain": {"seed": 1873, "amplitude": 5, "cell": 3},
          "variants": {
            "default": {"paper": "#171513", "thread": "#C9A16B", "highlight": "#EBD3A4", "ring": "#E2C084", "charm": "painted"},
            "dark": {"paper": null, "thread": "#D9B47C", "highlight": "#F5E2BC", "ring": "#EDCF98", "charm": "painted", "charmGain": 1.08},
            "tinted": {"paper": "#000000", "thread": "#D6D6D6", "highlight": "#FFFFFF", "ring": "#F0F0F0", "charm": "luminance", "charmGain": 1.6}
          }
        }
        """

    static func parameters() -> AppIconParameters {
        try! AppIconParameters.parse(Array(json.utf8), file: file)
    }

    /// A charm that is a solid square (its paint starts at the top of its centre
    /// column, so the layout's numbers are easy to work out by hand).
    static let squareCharm = Compositing.filled(width: 100, height: 100, color: RGBA(200, 40, 60, 255))

    /// The stock heart, keyed and trimmed as the stage does it.
    static let heart: (keyed: RGBAImage, bounds: PixelRect) = {
        let art = try! PNGDecoder.decodeFile(TestPaths.art + "/charms/heart.png")
        let (keyed, bounds, _) = PaintedCharm.keyAndTrim(art, blackPoint: 0)
        return (keyed.image, bounds)
    }()

    static func renderer(_ parameters: AppIconParameters, charm: RGBAImage = squareCharm) throws -> AppIconRenderer {
        try AppIconRenderer(
            parameters: parameters, keyed: charm, bounds: PixelRect(x: 0, y: 0, width: charm.width, height: charm.height), file: file)
    }

    static func heartRenderer(_ parameters: AppIconParameters = parameters()) throws -> AppIconRenderer {
        try AppIconRenderer(parameters: parameters, keyed: heart.keyed, bounds: heart.bounds, file: file)
    }
}

extension AppIconFixture {
    /// An art folder with the stock heart and star and the fixture's appicon.json.
    static func makeArt(_ folder: TemporaryFolder, appIcon: String = AppIconFixture.json) {
        folder.write(
            "art/charms.json",
            """
            {"charms": [
              {"id": "heart", "displayName": "Heart", "note": "you have my whole heart", "swayDuration": 3.2},
              {"id": "star", "displayName": "Star", "note": "you make everything shine", "swayDuration": 2.4}
            ]}
            """)
        for id in ["heart", "star"] { folder.write("art/charms/\(id).png", try! FileIO.read(TestPaths.art + "/charms/\(id).png")) }
        folder.write("art/appicon.json", appIcon)
    }
}
