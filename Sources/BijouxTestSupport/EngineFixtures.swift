import BijouxAssets
import BijouxCore

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
}
