import Testing

@testable import BijouxAssets

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
