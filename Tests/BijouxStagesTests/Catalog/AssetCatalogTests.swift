import Testing

@testable import BijouxAssets
@testable import BijouxCore

@Suite("Asset catalog Contents.json")
struct AssetCatalogTests {
    @Test func imageSetInXcodeStyle() {
        #expect(
            AssetCatalog.imageSetContents(name: "cat") == """
                {
                  "images" : [
                    {
                      "filename" : "cat.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "filename" : "cat@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                    {
                      "filename" : "cat@3x.png",
                      "idiom" : "universal",
                      "scale" : "3x"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
    }

    /// An image set with gamut variants, as Xcode wrote one in mpospese/Wide-Color-Picker
    /// (`Wide-Color-Picker/Assets.xcassets/Color_Wheel.imageset/Contents.json`, commit
    /// 4bdecd34, "Display P3 Color Wheel asset"): the same entries in the same order (each
    /// scale's sRGB image, then its Display P3 one) with the same fields and values. That
    /// file is from Xcode's older writer, whose keys are unsorted; Xcode 11 and later sort
    /// them, as every Contents.json the tool writes does.
    static let xcodeGamutVariants = """
        {
          "images" : [
            { "idiom" : "universal", "scale" : "1x", "display-gamut" : "sRGB" },
            { "idiom" : "universal", "scale" : "1x", "display-gamut" : "display-P3" },
            { "idiom" : "universal", "filename" : "Color_Wheel@2x.png", "display-gamut" : "sRGB", "scale" : "2x" },
            { "idiom" : "universal", "filename" : "Color_Wheel_P3@2x.png", "display-gamut" : "display-P3", "scale" : "2x" },
            { "idiom" : "universal", "filename" : "Color_Wheel@3x.png", "display-gamut" : "sRGB", "scale" : "3x" },
            { "idiom" : "universal", "filename" : "Color_Wheel_P3@3x.png", "display-gamut" : "display-P3", "scale" : "3x" }
          ],
          "info" : { "version" : 1, "author" : "xcode" }
        }
        """

    @Test func gamutVariantsAsXcodeWritesThem() throws {
        func entries(_ text: String) throws -> [[String: JSONValue]] {
            guard case .array(let images)? = try JSONParser.parse(Array(text.utf8))["images"]?.value else { return [] }
            return images.map { image in
                guard case .object(let members) = image.value else { return [:] }
                return Dictionary(members.map { ($0.key, $0.value.value) }, uniquingKeysWith: { first, _ in first })
            }
        }
        let ours = try entries(AssetCatalog.imageSetContents(name: "Color_Wheel", gamuts: [.sRGB, .displayP3]))
        let xcode = try entries(Self.xcodeGamutVariants)
        #expect(ours.count == xcode.count)
        for (mine, theirs) in zip(ours, xcode) {
            for field in ["display-gamut", "idiom", "scale"] { #expect(mine[field] == theirs[field], "\(field)") }
            // Xcode's 1x slots were empty there; every slot the tool writes has its image.
            #expect(Set(mine.keys) == Set(theirs.keys).union(["filename"]))
        }
        #expect(
            ours.map { $0["filename"] }
                == ["Color_Wheel.png", "Color_Wheel-P3.png", "Color_Wheel@2x.png", "Color_Wheel-P3@2x.png", "Color_Wheel@3x.png", "Color_Wheel-P3@3x.png"].map {
                    JSONValue.string($0)
                })
    }

    @Test func appIconSetInTheSingleSizeForm() {
        #expect(
            AssetCatalog.appIconSetContents([(nil, "AppIcon.png"), ("dark", "AppIcon-dark.png"), ("tinted", "AppIcon-tinted.png")]) == """
                {
                  "images" : [
                    {
                      "filename" : "AppIcon.png",
                      "idiom" : "universal",
                      "platform" : "ios",
                      "size" : "1024x1024"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "AppIcon-dark.png",
                      "idiom" : "universal",
                      "platform" : "ios",
                      "size" : "1024x1024"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "tinted"
                        }
                      ],
                      "filename" : "AppIcon-tinted.png",
                      "idiom" : "universal",
                      "platform" : "ios",
                      "size" : "1024x1024"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
    }

    @Test func folderContents() {
        #expect(AssetCatalog.folderContents() == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    }
}
