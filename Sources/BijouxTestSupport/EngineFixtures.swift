import BijouxAssets
import BijouxCore
import Testing

@testable import BijouxTestKit

/// The art and builds the engine's tests and the stages' tests share.
enum EngineFixtures {
    /// A small art folder: three soft discs painted on black.
    static func makeArt(_ folder: TemporaryFolder, hazyMatte: Bool = false) {
        folder.write(
            "art/charms.json",
            """
            {"charms": [
              {"id": "sun", "displayName": "Sun", "note": "you light me up", "swayDuration": 3.0},
              {"id": "moon", "displayName": "Moon", "note": "night night", "swayDuration": 2.5},
              {"id": "plum", "displayName": "Plum", "note": "sweet", "swayDuration": 4.0}
            ]}
            """)
        let colors: [(String, (Double, Double, Double))] = [("sun", (250, 200, 60)), ("moon", (220, 220, 240)), ("plum", (150, 40, 160))]
        for (i, (id, color)) in colors.enumerated() {
            let disc = Synthetic.paintedDisc(
                width: 160 + i * 10, height: 150, center: (80, 75), radius: 55, softness: 6, color: color,
                matte: hazyMatte && id == "moon" ? 7 : 0)
            folder.write("art/charms/\(id).png", PNGEncoder.encode(disc, as: .rgb))
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
            try BuildEngine.build(BuildEngine.Options(artFolder: art, outputFolder: out, jobs: jobs, progress: made.options))
            return made.jobs
        }
    }

    /// `makeArt`'s three charms, the app icon's two and its appicon.json, and
    /// two icons: every stage.
    static func everyStage(_ label: String) throws -> Built {
        let built = Built(folder: TestPaths.temporaryFolder(label))
        AppIconFixture.makeArt(built.folder)
        let table = String(decoding: built.folder.read("art/charms.json")!, as: UTF8.self)
            .replacingOccurrences(
                of: "\n]}", with: ",\n  {\"id\": \"sun\", \"displayName\": \"Sun\", \"note\": \"you light me up\", \"swayDuration\": 3.0}\n]}")
        built.folder.write("art/charms.json", table)
        built.folder.write(
            "art/charms/sun.png",
            PNGEncoder.encode(Synthetic.paintedDisc(width: 160, height: 150, center: (80, 75), radius: 55, softness: 6, color: (250, 200, 60)), as: .rgb))
        for name in ["give", "wear"] {
            built.folder.write("art/icons/\(name).svg", try FileIO.read(TestPaths.art + "/icons/\(name).svg"))
        }
        #expect(try built.build().count > 10)
        try OutputFolder.age(built.out)
        return built
    }
}
