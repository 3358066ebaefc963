import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("bijoux-assets.json: the build's configuration, in the art folder")
struct BuildConfigurationTests {
    static func parse(_ text: String) throws(ArtFileError) -> BuildConfiguration {
        try BuildConfiguration.parse(Array(text.utf8), file: "art/bijoux-assets.json")
    }

    @Test func readsStrict() throws {
        #expect(try Self.parse(#"{"strict": true}"#).strict)
        #expect(try !Self.parse(#"{"strict": false}"#).strict)
        #expect(try Self.parse("{}") == BuildConfiguration())
        #expect(try Self.parse("{}").assetSymbols)
        #expect(try !Self.parse(#"{"assetSymbols": false}"#).assetSymbols)
    }

    /// `tolerances` loosens or tightens the table's kinds for this art folder alone.
    @Test func readsTolerances() throws {
        let text = #"{"tolerances": {"icons": {"threshold": 0.2, "budget": 3}, "charms": {"comparison": "perceptual"}, "audio": {"loudness": 0.5}}}"#
        let table = try Self.parse(text).tolerances
        let icon = table.tolerance(for: "Assets.xcassets/Icons/give.imageset/give.png")
        #expect(icon.comparison == .perceptual(threshold: 0.2) && icon.budget == 3)
        #expect(icon.reason == "loosened or tightened in art/bijoux-assets.json")
        #expect(table.tolerance(for: "Assets.xcassets/Charms/cat.imageset/cat.png").comparison == .perceptual(threshold: 0.1))
        let appIcon = "Assets.xcassets/AppIcon.appiconset/AppIcon.png"
        #expect(table.tolerance(for: appIcon) == GoldenTolerances.standard.tolerance(for: appIcon))
        #expect(table.audio.loudness == 0.5 && table.audio.seconds == AudioTolerance.standard.seconds)
        #expect(try Self.parse(#"{"tolerances": {}}"#).tolerances == .standard)
    }

    /// `"assetSymbols": false` leaves Xcode 15's asset symbols out of CatalogSymbols.swift,
    /// for a target whose catalog Xcode makes them for; the rest of the file is the same.
    @Test func assetSymbolsFalseLeavesTheResourceMembersOut() throws {
        let folder = TestPaths.temporaryFolder("configured-symbols")
        EngineFixtures.makeArt(folder)
        try BuildEngine.build(EngineFixtures.options(folder))
        let with = String(decoding: try #require(folder.read("out/Generated/CatalogSymbols.swift")), as: UTF8.self)
        #expect(with.contains("        public static let sun = DeveloperToolsSupport.ImageResource(name: \"sun\", bundle: generatedCatalogBundle)\n"))
        folder.write("art/bijoux-assets.json", #"{"assetSymbols": false}"#)
        try BuildEngine.build(EngineFixtures.options(folder))
        let without = String(decoding: try #require(folder.read("out/Generated/CatalogSymbols.swift")), as: UTF8.self)
        #expect(!without.contains("ImageResource") && !without.contains("DeveloperToolsSupport"))
        #expect(without.contains("extension CharmType: CatalogImage {"))
    }

    /// Read like every art file: an unknown field, a repeated one or a wrong type is an
    /// error at its position.
    @Test(arguments: [
        (
            #"{"strict": true, "stict": true}"#,
            "art/bijoux-assets.json:1:18: field 'stict': unknown field (expected \"strict\", \"assetSymbols\" or \"tolerances\")"
        ),
        (#"{"strict": "yes"}"#, "art/bijoux-assets.json:1:12: field 'strict': expected true or false, found a string"),
        (#"{"strict": true, "strict": false}"#, "art/bijoux-assets.json:1:18: field 'strict': repeated field"),
        (#"[true]"#, "art/bijoux-assets.json:1:1: expected an object such as {\"strict\": true}, found an array"),
        (
            #"{"tolerances": {"icons": {"threshold": 2}}}"#,
            "art/bijoux-assets.json:1:40: field 'tolerances.icons.threshold': 2 is out of range: expected a number from 0 to 1"
        ),
        (
            #"{"tolerances": {"charms": {"threshold": 0.2}}}"#,
            "art/bijoux-assets.json:1:41: field 'tolerances.charms.threshold': an exact comparison has no threshold: add \"comparison\": \"perceptual\""
        ),
        (
            #"{"tolerances": {"audio": {"budget": 1}}}"#,
            "art/bijoux-assets.json:1:27: field 'tolerances.audio.budget': unknown field (expected one of: seconds, loudness, differenceDB)"
        ),
        ("{\"strict\": true,\n}", "art/bijoux-assets.json:1:16: invalid JSON: trailing comma before '}' (JSON allows none)"),
    ])
    func aMistakeIsAnErrorAtItsPosition(text: String, message: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// `check` runs the build's steps around its jobs (`BuildEngine.prepare`, `complete`),
    /// so a folder whose configuration is strict fails `check` on a warning exactly as it
    /// fails `build`, instead of answering "up to date" for art the build refuses.
    @Test func checkFailsAStrictFolderOnAWarningAsBuildDoes() throws {
        let folder = TestPaths.temporaryFolder("configured-strict-check")
        EngineFixtures.makeArt(folder, hazyMatte: true)
        #expect(try BuildEngine.build(EngineFixtures.options(folder)).warnings.count == 1)
        folder.write("art/bijoux-assets.json", #"{"strict": true}"#)
        var reasons: [String] = []
        for route in ["build", "check"] {
            do {
                if route == "build" {
                    try BuildEngine.build(EngineFixtures.options(folder))
                } else {
                    _ = try BuildEngine.check(EngineFixtures.options(folder))
                }
                Issue.record("\(route) passed a strict folder with a warning")
            } catch let error as StrictModeFailure {
                reasons.append(error.diagnostics.map { $0.line(.error) }.joined(separator: "\n"))
            }
        }
        #expect(reasons.count == 2 && reasons[0] == reasons[1], "\(reasons)")
    }

    /// `"strict": true` fails the build on a warning as `--strict` does, naming why; with
    /// `"strict": false`, `--strict` still does; `watch` keeps building.
    @Test func strictInTheArtFolderFailsTheBuildOnAWarning() throws {
        let folder = TestPaths.temporaryFolder("configured-strict")
        EngineFixtures.makeArt(folder, hazyMatte: true)
        folder.write("art/bijoux-assets.json", #"{"strict": true}"#)
        do {
            try BuildEngine.build(EngineFixtures.options(folder))
            Issue.record("a configured strict build passed with a warning")
        } catch let error as StrictModeFailure {
            #expect(error.reason == "\"strict\": true in \(folder.path)/art/bijoux-assets.json")
            #expect(error.diagnostics.count == 2)
            #expect(error.diagnostics[0].line(.error).hasPrefix("\(folder.path)/art/charms/moon.png: error: charm 'moon': matte is not black"))
            #expect(
                error.diagnostics[1].line(.error)
                    == "error: strict build failed on 1 warning (\"strict\": true in \(folder.path)/art/bijoux-assets.json)")
        }
        #expect(!folder.exists("out"), "a failed build writes nothing")

        // The watcher builds leniently, whatever the file says.
        var watched = ArtWatcher(options: EngineFixtures.options(folder)).options
        #expect(try BuildEngine.build(watched).warnings.count == 1)
        watched.followsConfiguredStrict = true
        #expect(throws: StrictModeFailure.self) { try BuildEngine.build(watched) }

        folder.write("art/bijoux-assets.json", #"{"strict": false}"#)
        #expect(try BuildEngine.build(EngineFixtures.options(folder)).warnings.count == 1)
        do {
            try BuildEngine.build(EngineFixtures.options(folder, strict: true))
            Issue.record("--strict passed with a warning")
        } catch let error as StrictModeFailure {
            #expect(error.reason == "--strict")
        }
    }

    /// A bad configuration stops the build like any bad art file.
    @Test func aBadConfigurationStopsTheBuild() {
        let folder = TestPaths.temporaryFolder("configured-bad")
        EngineFixtures.makeArt(folder)
        folder.write("art/bijoux-assets.json", #"{"strict": 1}"#)
        #expect {
            try BuildEngine.build(EngineFixtures.options(folder))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/bijoux-assets.json:1:12: field 'strict': expected true or false, found a number"
        }
        #expect(!folder.exists("out"))
    }
}
