import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

/// The art and builds the engine's tests and the stages' tests share.
enum EngineFixtures {
    /// `makeArt`'s charms: each one's entry in charms.json and the colour of its disc.
    static let charms: [(id: String, entry: String, color: (Double, Double, Double))] = [
        ("sun", #"{"id": "sun", "displayName": "Sun", "note": "you light me up", "swayDuration": 3.0}"#, (250, 200, 60)),
        ("moon", #"{"id": "moon", "displayName": "Moon", "note": "night night", "swayDuration": 2.5}"#, (220, 220, 240)),
        ("plum", #"{"id": "plum", "displayName": "Plum", "note": "sweet", "swayDuration": 4.0}"#, (150, 40, 160)),
    ]

    /// The painting of `makeArt`'s charm at `index`: a soft disc on black, or on a hazy matte.
    static func charmDisc(_ index: Int, matte: UInt8 = 0) -> RGBAImage {
        Synthetic.paintedDisc(
            width: 160 + index * 10, height: 150, center: (80, 75), radius: 55, softness: 6, color: charms[index].color, matte: matte)
    }

    /// A small art folder: three soft discs painted on black (the moon's on a hazy matte).
    static func makeArt(_ folder: TemporaryFolder, hazyMatte: Bool = false) {
        folder.write("art/charms.json", "{\"charms\": [\n" + charms.map { "  " + $0.entry }.joined(separator: ",\n") + "\n]}")
        for (index, charm) in charms.enumerated() {
            folder.write("art/charms/\(charm.id).png", PNGEncoder.encode(charmDisc(index, matte: hazyMatte && charm.id == "moon" ? 7 : 0), as: .rgb))
        }
    }

    static func options(_ folder: TemporaryFolder, strict: Bool = false, jobs: Int = 2, only: Set<String>? = nil) -> BuildEngine.Options {
        BuildEngine.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out", strict: strict, jobs: jobs, onlyCharms: only)
    }

    /// The art in `folder`/art built into `folder`/`out` by the command line, two jobs.
    static func build(_ folder: TemporaryFolder, out: String = "out", environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(["build", "--art", "art", "--out", out, "--jobs", "2"], in: folder.path, environment: environment)
    }

    /// An art folder and the output folder beside it, built on demand.
    struct Built {
        let folder: TemporaryFolder
        var out: String { folder.path + "/out" }
        var art: String { folder.path + "/art" }

        /// Builds, and returns the jobs that were made rather than taken from the cache.
        @discardableResult
        func build(jobs: Int = 2) throws -> Set<String> {
            let made = MadeJobs()
            var options = EngineFixtures.options(folder, jobs: jobs)
            options.progress = made.options
            try BuildEngine.build(options)
            return made.jobs
        }
    }

    /// `makeArt`'s sun, the app icon's two charms and its appicon.json, and
    /// two icons: every stage.
    static func everyStage(_ label: String) throws -> Built {
        let built = Built(folder: TestPaths.temporaryFolder(label))
        AppIconFixture.makeArt(built.folder)
        let table = String(decoding: built.folder.read("art/charms.json")!, as: UTF8.self)
        built.folder.write("art/charms.json", table.replacingOccurrences(of: "\n]}", with: ",\n  \(charms[0].entry)\n]}"))
        built.folder.write("art/charms/sun.png", PNGEncoder.encode(charmDisc(0), as: .rgb))
        for name in ["give", "wear"] {
            built.folder.write("art/icons/\(name).svg", try FileIO.read(TestPaths.art + "/icons/\(name).svg"))
        }
        #expect(try built.build().count > 10)
        try OutputFolder.age(built.out)
        return built
    }
}
