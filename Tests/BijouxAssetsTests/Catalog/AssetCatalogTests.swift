import Testing

@testable import BijouxAssets

@Suite("Asset catalog Contents.json")
struct AssetCatalogTests {
    @Test func imageSetInXcodeStyle() {
        #expect(AssetCatalog.imageSetContents(name: "cat") == """
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

    @Test func folderContents() {
        #expect(AssetCatalog.folderContents() == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    }
}
