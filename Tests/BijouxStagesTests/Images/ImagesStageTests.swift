import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Images and data in the build")
struct ImagesStageTests {
    static func text(_ folder: TemporaryFolder, _ path: String) -> String {
        String(decoding: folder.read("out/" + path) ?? [], as: UTF8.self)
    }

    /// A JSON value as text with its object's keys sorted and no positions, to compare field by field.
    static func fields(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members): "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \(fields($0.value))" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(fields).joined(separator: ", ") + "]"
        default: "\(node.value)"
        }
    }

    @Test func everyImageAndDataFileBecomesASetWithItsFilesAsTheyAre() throws {
        let folder = TestPaths.temporaryFolder("images")
        ImageFixtures.makeArt(folder)
        folder.write("art/images/notes.txt", "not an image")
        let report = try BuildEngine.build(EngineFixtures.options(folder))
        #expect(
            report.warnings.map(\.description) == [
                "\(folder.path)/art/images/notes.txt: not a PNG, JPEG, PDF or SVG file (.png, .jpg, .jpeg, .pdf or .svg, in lower case); ignored"
            ])
        let sets = "out/Assets.xcassets/"
        #expect(
            folder.files().filter { $0.hasPrefix(sets + "Images/") || $0.hasPrefix(sets + "Data/") }.sorted()
                == [
                    "Data/Contents.json", "Data/cities.dataset/Contents.json", "Data/cities.dataset/cities.json", "Images/Contents.json",
                    "Images/badge.imageset/Contents.json", "Images/badge.imageset/badge.png", "Images/badge.imageset/badge@2x.png",
                    "Images/badge.imageset/badge~dark.png", "Images/glow.imageset/Contents.json", "Images/glow.imageset/glow-P3.png",
                    "Images/glow.imageset/glow.png", "Images/mark.imageset/Contents.json", "Images/mark.imageset/mark.svg",
                    "Images/mark.imageset/mark~dark.svg", "Images/mark.imageset/mark~dark~highcontrast.svg", "Images/mark.imageset/mark~highcontrast.svg",
                    "Images/photo.imageset/Contents.json", "Images/photo.imageset/photo.jpg", "Images/wordmark.imageset/Contents.json",
                    "Images/wordmark.imageset/wordmark.pdf",
                ].map { sets + $0 })
        // Copied byte for byte; the Display P3 original too, beside its sRGB conversion.
        #expect(folder.read("out/Assets.xcassets/Images/photo.imageset/photo.jpg") == ImageFixtures.jpeg())
        #expect(folder.read("out/Assets.xcassets/Images/wordmark.imageset/wordmark.pdf") == ImageFixtures.pdf)
        #expect(folder.read("out/Assets.xcassets/Images/badge.imageset/badge@2x.png") == ImageFixtures.png(8, 8))
        #expect(folder.read("out/Assets.xcassets/Images/glow.imageset/glow-P3.png") == ImageFixtures.p3PNG)
        #expect(folder.read("out/Assets.xcassets/Data/cities.dataset/cities.json") == folder.read("art/data/cities.json"))
        let twin = try PNGDecoder.decode(try #require(folder.read("out/Assets.xcassets/Images/glow.imageset/glow.png")), path: "glow.png")
        guard case .rgba8(let pixels, let info) = twin else {
            Issue.record("a 16-bit twin")
            return
        }
        // P3's red is beyond sRGB: its sRGB conversion is sRGB's red, and says it is sRGB.
        #expect(pixels[0, 0] == RGBA(255, 0, 0, 255) && info.hasSRGBChunk && info.iccProfile == nil)
        // A card each on the contact sheet, the images' files side by side.
        let page = Self.text(folder, "Preview/index.html")
        #expect(page.contains("5 images · 1 data file.") && page.contains("<section id=\"images\">") && page.contains("<section id=\"data\">"))
        #expect(page.contains("data-asset=\"image:badge\"") && page.contains("<img src=\"../Assets.xcassets/Images/badge.imageset/badge@2x.png\" width=\"4\""))
        #expect(page.contains("<a class=\"vector-file\" href=\"../Assets.xcassets/Images/wordmark.imageset/wordmark.pdf\">PDF</a>"))
        #expect(page.contains("data-asset=\"data:cities\"") && page.contains("<code>cities.json</code> · public.json · 29 bytes"))
    }

    /// As Xcode writes an image set with a dark appearance at individual scales: an entry per
    /// scale and appearance, the empty ones without a file name, keys sorted. The entry of an
    /// appearance is compared field by field with home-assistant/iOS,
    /// Sources/App/Resources/Assets.xcassets/Onboarding/Gear.imageset/Contents.json at
    /// d722d7811aec72397d05837477c5f146943b6248 (a PNG and its dark variant: `appearances`
    /// `[{appearance: luminosity, value: dark}]`, `filename`, `idiom` `universal`), and the
    /// scales with CofficLab/Netto, Assets.xcassets/Logo.imageset/Contents.json at
    /// 82362ad36fd7590979677f947c1d51d831aac335 (`scale` `1x`…`3x`, `info` `{author: xcode,
    /// version: 1}`). No Xcode-written set with both was found; the order by scale, then
    /// appearance (any, dark, high contrast, both), is that of Xcode's colour sets.
    @Test func anImageSetWithAppearancesIsWrittenAsXcodeWritesOne() throws {
        let folder = TestPaths.temporaryFolder("images-xcode")
        ImageFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let dark = #"[{"appearance": "luminosity", "value": "dark"}]"#
        let expected = try JSONParser.parse(
            Array(
                """
                {"images": [
                  {"filename": "badge.png", "idiom": "universal", "scale": "1x"},
                  {"appearances": \(dark), "filename": "badge~dark.png", "idiom": "universal", "scale": "1x"},
                  {"filename": "badge@2x.png", "idiom": "universal", "scale": "2x"},
                  {"appearances": \(dark), "idiom": "universal", "scale": "2x"},
                  {"idiom": "universal", "scale": "3x"},
                  {"appearances": \(dark), "idiom": "universal", "scale": "3x"}],
                 "info": {"author": "xcode", "version": 1}, "properties": {"template-rendering-intent": "original"}}
                """.utf8))
        let written = Self.text(folder, "Assets.xcassets/Images/badge.imageset/Contents.json")
        #expect(Self.fields(try JSONParser.parse(Array(written.utf8))) == Self.fields(expected))
        // Xcode's own text: two-space indents, " : ", keys sorted.
        #expect(
            written.hasPrefix(
                "{\n  \"images\" : [\n    {\n      \"filename\" : \"badge.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"1x\"\n    },\n"))
        // Every appearance, in Xcode's order: any, dark, high contrast, dark and high contrast.
        let mark = try JSONParser.parse(Array(Self.text(folder, "Assets.xcassets/Images/mark.imageset/Contents.json").utf8))
        let appearances = (mark["images"]?.value.array ?? []).map { entry in
            (entry["appearances"]?.value.array ?? []).map { ($0["appearance"]?.value.string ?? "") + "=" + ($0["value"]?.value.string ?? "") }
        }
        #expect(appearances == [[], ["luminosity=dark"], ["contrast=high"], ["luminosity=dark", "contrast=high"]])
    }

    /// A PDF and an SVG keep their vectors unless images.json says otherwise, as element-x-ios's
    /// SVG sets have it (element-hq/element-x-ios at 5d0343c4,
    /// ElementX/Resources/Assets.xcassets/images/poll-winner.imageset/Contents.json:
    /// `"preserves-vector-representation" : true`); `"preservesVector": false` turns it off for one.
    @Test func vectorsAreKeptUnlessTheTableTurnsItOff() throws {
        let folder = TestPaths.temporaryFolder("images-vector-default")
        folder.write("art/images/seal.pdf", ImageFixtures.pdf)
        folder.write("art/images/badge.svg", ImageFixtures.svg)
        folder.write("art/images/flat.svg", ImageFixtures.svg)
        folder.write("art/images.json", #"{"images": {"flat": {"preservesVector": false}}}"#)
        try BuildEngine.build(EngineFixtures.options(folder))
        let kept = "  \"properties\" : {\n    \"preserves-vector-representation\" : true\n  }\n}\n"
        #expect(Self.text(folder, "Assets.xcassets/Images/seal.imageset/Contents.json").hasSuffix(kept))
        #expect(Self.text(folder, "Assets.xcassets/Images/badge.imageset/Contents.json").hasSuffix(kept))
        let flat = Self.text(folder, "Assets.xcassets/Images/flat.imageset/Contents.json")
        #expect(flat.contains("\"filename\" : \"flat.svg\"") && !flat.contains("properties"))
    }

    /// A vector image with a dark variant, kept as a vector, as Xcode writes it: compared with
    /// mastodon/mastodon-ios,
    /// MastodonSDK/Sources/MastodonAsset/Assets.xcassets/Human/face.smiling.adaptive.imageset/Contents.json
    /// at a9e088a9c7b88720fed5eefdd2dc1606b5f21dc8, its text with our files' names.
    @Test func aVectorSetWithADarkVariantIsXcodes() throws {
        let folder = TestPaths.temporaryFolder("images-vector-dark")
        folder.write("art/images/face.pdf", ImageFixtures.pdf)
        folder.write("art/images/face~dark.pdf", ImageFixtures.pdf)
        folder.write("art/images.json", #"{"images": {"face": {"preservesVector": true}}}"#)
        try BuildEngine.build(EngineFixtures.options(folder))
        #expect(
            Self.text(folder, "Assets.xcassets/Images/face.imageset/Contents.json") == """
                {
                  "images" : [
                    {
                      "filename" : "face.pdf",
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "face~dark.pdf",
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  },
                  "properties" : {
                    "preserves-vector-representation" : true
                  }
                }

                """)
    }

    /// A vector set as Xcode writes one: one universal entry with no scale, and
    /// `preserves-vector-representation` when asked for. Compared field by field with
    /// getAlby/alby-installer-macos, Assets.xcassets/logo.imageset/Contents.json at
    /// 28419041599032845792b71311659eaae1a34e46 (a PDF, `filename` and `idiom` alone), and
    /// brightdigit/Bushel, Assets.xcassets/Logo.imageset/Contents.json at
    /// 13829482ccc0a936e7ab4e8452bb26e07e8dbe13 (`"properties" : {"preserves-vector-representation" : true}`).
    @Test func aVectorSetIsOneEntryWithItsProperties() throws {
        let folder = TestPaths.temporaryFolder("images-vector")
        ImageFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        #expect(
            Self.text(folder, "Assets.xcassets/Images/wordmark.imageset/Contents.json") == """
                {
                  "images" : [
                    {
                      "filename" : "wordmark.pdf",
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  },
                  "properties" : {
                    "preserves-vector-representation" : true,
                    "template-rendering-intent" : "original"
                  }
                }

                """)
        // A Display P3 PNG: an sRGB and a Display P3 entry per scale, as a wide charm's set.
        let glow = try JSONParser.parse(Array(Self.text(folder, "Assets.xcassets/Images/glow.imageset/Contents.json").utf8))
        let entries = (glow["images"]?.value.array ?? []).map { ($0["display-gamut"]?.value.string ?? "", $0["filename"]?.value.string ?? "") }
        #expect(entries.map(\.0) == ["sRGB", "display-P3", "sRGB", "display-P3", "sRGB", "display-P3"])
        #expect(entries.map(\.1) == ["glow.png", "glow-P3.png", "", "", "", ""])
    }

    /// A data set as Xcode writes one, with the type identifier it infers from the extension:
    /// `{"data": [{"filename", "idiom": "universal", "universal-type-identifier"}], "info"}`.
    /// Compared field by field with SwiftGen/SwiftGen,
    /// Sources/TestUtils/Fixtures/Resources/XCAssets/Files.xcassets/Data.dataset/Contents.json at
    /// f7c23b63053e5a8aab4a4dbb633b24920bbb9436 (a JSON file: `filename`, `idiom` `universal`, and
    /// `info`; written by an Xcode from before keys were sorted and the type identifier filled in,
    /// which Apple's UTType documentation gives as `public.json`).
    @Test func aDataFileIsADataSet() throws {
        let folder = TestPaths.temporaryFolder("data")
        folder.write("art/data/cities.json", "[]")
        folder.write("art/data/blob", [0, 1, 2])
        try BuildEngine.build(EngineFixtures.options(folder))
        #expect(
            Self.text(folder, "Assets.xcassets/Data/cities.dataset/Contents.json") == """
                {
                  "data" : [
                    {
                      "filename" : "cities.json",
                      "idiom" : "universal",
                      "universal-type-identifier" : "public.json"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
        #expect(!Self.text(folder, "Assets.xcassets/Data/blob.dataset/Contents.json").contains("universal-type-identifier"))
        #expect(folder.read("out/Assets.xcassets/Data/blob.dataset/blob") == [0, 1, 2])
        // A folder in data/ is one error, not a set.
        folder.write("art/data/more/x.json", "[]")
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/data/more: is a folder: data/ holds files, each a data set"
        }
    }

    /// Two builds of the same art give the same bytes; `check` finds them up to date, and an
    /// edited copy is a change under its art file.
    @Test(.tags(.slow), .notInFastRun) func aBuildWithImagesIsDeterministicAndChecked() throws {
        let folder = TestPaths.temporaryFolder("images-twice")
        ImageFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        var other = EngineFixtures.options(folder)
        other.outputFolder = folder.path + "/again"
        other.jobs = 1
        try BuildEngine.build(other)
        let outputs = folder.files().filter { $0.hasPrefix("out/") && !$0.contains("/.") }.map { String($0.dropFirst(4)) }
        #expect(outputs.count > 20)
        for path in outputs { #expect(folder.read("out/" + path) == folder.read("again/" + path), "\(path)") }
        #expect(try BuildEngine.check(EngineFixtures.options(folder)).review.isEmpty)
        folder.write("out/Assets.xcassets/Images/photo.imageset/photo.jpg", ImageFixtures.jpeg(width: 9))
        let review = try BuildEngine.check(EngineFixtures.options(folder)).review
        #expect(review.changes.map(\.path) == ["Assets.xcassets/Images/photo.imageset/photo.jpg"])
        #expect(review.groups.map(\.source) == ["\(folder.path)/art/images/photo.jpg"])
    }

    /// A PDF of several pages is a warning naming the count, from the cache too; the
    /// file ships as it is, and Xcode uses its first page.
    @Test func aPDFOfSeveralPagesIsAWarningNamingItsCount() throws {
        let folder = TestPaths.temporaryFolder("images-pages")
        ImageFixtures.makeArt(folder)
        folder.write("art/images/wordmark.pdf", ImageFixtures.pdf(pages: 3))
        let warning = "\(folder.path)/art/images/wordmark.pdf: a PDF of 3 pages: an image is one page, so Xcode uses its first and leaves the others out"
        for _ in 0..<2 {
            let report = try BuildEngine.build(EngineFixtures.options(folder))
            #expect(report.warnings.map(\.description) == [warning])
        }
        #expect(folder.read("out/Assets.xcassets/Images/wordmark.imageset/wordmark.pdf") == ImageFixtures.pdf(pages: 3))
    }

    /// Each bad file is one error naming it, and nothing is written.
    @Test(arguments: [
        ("photo.jpg", ImageFixtures.jpeg().dropLast(6).map { $0 }, "truncated JPEG: it does not end with the end-of-image marker"),
        ("photo.jpg", ImageFixtures.jpeg(width: 65535, height: 65535), "declares 65535×65535 px, over the limit of 16384 px a side and 64 megapixels"),
        ("photo.jpg", ImageFixtures.png(2, 2), "not a JPEG file (no start-of-image marker)"),
        ("photo.jpg", ImageFixtures.jpeg(components: 4), "a CMYK JPEG, made for print"),
        ("wordmark.pdf", Array("<html>not a PDF</html>".utf8), "not a PDF file (no %PDF-1.x header)"),
        ("wordmark.pdf", Array(ImageFixtures.pdf.dropLast(7)), "truncated PDF: no %%EOF in its last kilobyte"),
        ("badge@2x.png", ImageFixtures.png(6, 8), "is 6×8 px at @2x (3×4 pt), but badge.png is 4×4 px at @1x (4×4 pt)"),
    ])
    func aBadImageFileIsOneError(file: String, bytes: [UInt8], message: String) {
        let folder = TestPaths.temporaryFolder("images-bad")
        ImageFixtures.makeArt(folder)
        folder.write("art/images/" + file, bytes)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/images/\(file): ") && "\(error)".contains(message) && !"\(error)".contains("\n")
        }
        #expect(!folder.exists("out"))
    }

    /// What the files' names alone say is wrong stops the build while planning.
    @Test(arguments: [
        (["my logo.png"], "my logo.png", "\"my logo\" is not a valid image name"),
        (["logo.png", "logo.pdf"], "logo.pdf", "image 'logo' mixes a vector file with scaled ones (logo.png)"),
        (["logo@2x.svg"], "logo@2x.svg", "a PDF or SVG is one vector image for every scale"),
        (["logo~dark.png"], "logo~dark.png", "a dark variant with no any image beside it (such as logo.png)"),
        (["logo.png", "logo.jpg"], "logo.png", "image 'logo' has two files for one slot (logo.jpg and logo.png)"),
        (["Logo.png", "logo.png"], "logo.png", "'logo' and 'Logo' differ only in letter case"),
    ])
    func aBadNameIsOneError(files: [String], at file: String, message: String) {
        let folder = TestPaths.temporaryFolder("images-names")
        for name in files { folder.write("art/images/" + name, ImageFixtures.png(2, 2)) }
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix("\(folder.path)/art/images/\(file): ") && "\(error)".contains(message)
        }
        #expect(!folder.exists("out"))
    }

    @Test(arguments: [
        (#"{"images": {"nope": {}}}"#, "images.json:1:21: image 'nope': there is no such image in"),
        (#"{"defaults": {"tint": 1}}"#, "images.json:1:15: field 'defaults.tint': unknown field (expected one of: renderingIntent, preservesVector)"),
        (#"{"images": {"badge": {"preservesVector": true}}}"#, "image 'badge', field 'preservesVector': the image is not a PDF or SVG"),
        (#"{"images": {"badge": {"renderingIntent": "tinted"}}}"#, "field 'renderingIntent': expected \"template\""),
    ])
    func imagesJSONIsReadStrictly(json: String, message: String) {
        let folder = TestPaths.temporaryFolder("images-json")
        ImageFixtures.makeArt(folder)
        folder.write("art/images.json", json)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".hasPrefix(folder.path + "/art/") && "\(error)".contains(message)
        }
    }

    /// An image called like an icon is one catalog error, as two icons would be.
    @Test func anImageNamedLikeADataSetOrAnIconClashes() throws {
        let folder = TestPaths.temporaryFolder("images-clash")
        folder.write("art/images/give.png", ImageFixtures.png(2, 2))
        folder.write("art/icons/give.svg", ImageFixtures.svg)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)".contains("two image sets are named 'give' (in Assets.xcassets/Icons and Assets.xcassets/Images)")
        }
    }
}
