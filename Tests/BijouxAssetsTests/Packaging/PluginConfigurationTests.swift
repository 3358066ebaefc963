import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// The plugins take no options: `art/bijoux-assets.json` configures them. An outside
/// package (in a temporary folder) applies the plugin package that `make artifactbundle`
/// writes, with art whose icon has a value librsvg ignores (a warning) and a Display P3
/// colour with high-contrast appearances. Built with `"strict": false` it succeeds and
/// prints its colours; with only the file changed to `"strict": true` SwiftPM runs the
/// tool again (the file is an input) and the build fails with the warning as an error at
/// the icon's line and column and the summary; the command plugin (on the target without
/// the build plugin, which it refuses to run beside) fails the same way.
@Suite(
    "bijoux-assets.json through the plugins", .tags(.slow), .notInFastRun,
    .enabled(if: Dist.available, "no .build/dist/ (run make artifactbundle)"))
struct PluginConfigurationTests {
    /// The app's manifest, its target applying the build plugin or not (the command
    /// plugin's route).
    static func manifest(buildPlugin: Bool) -> String {
        let plugins = buildPlugin ? ",\n            plugins: [.plugin(name: \"BijouxAssetsPlugin\", package: \"BijouxAssetsPlugin\")]" : ""
        return """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "StrictApp",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "../BijouxAssetsPlugin")],
                targets: [
                    .executableTarget(
                        name: "StrictApp",
                        dependencies: [.product(name: "BijouxKit", package: "BijouxAssetsPlugin")],
                        exclude: ["art"]\(plugins)),
                ]
            )

            """
    }

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
          <circle cx="12" cy="12" r="6" fill="currentColor" stroke="currentColor" stroke-width="abc"/>
        </svg>
        """

    static let palette = ##"""
        {"colors": {"paper": "#171513",
                    "glow": {"any": "color(display-p3 1 0.5 0.25 / 0.8)", "dark": "#80402080",
                             "highContrast": "color(display-p3 1 0.6 0.3)", "darkHighContrast": "#FFAA55"}},
         "accent": "glow"}
        """##

    static let program = """
        import BijouxKit

        for color in BijouxPalette.allColors {
            print(color.colorSetName, color.appearances.map { "\\($0.name) \\($0.components.css)" }.joined(separator: ", "))
        }

        """

    @Test func strictInTheArtFolderFailsBothPluginsOnAWarning() throws {
        let folder = TestPaths.temporaryFolder("plugin-config")
        try FileManager.default.copyItem(atPath: Dist.pluginPackage, toPath: folder.path + "/BijouxAssetsPlugin")
        folder.write("App/Package.swift", Self.manifest(buildPlugin: true))
        folder.write("App/Sources/StrictApp/main.swift", Self.program)
        folder.write("App/Sources/StrictApp/art/icons/dot.svg", Self.icon)
        folder.write("App/Sources/StrictApp/art/palette.json", Self.palette)
        folder.write("App/Sources/StrictApp/art/bijoux-assets.json", #"{"strict": false}"#)
        try FileManager.default.createDirectory(atPath: folder.path + "/tmp", withIntermediateDirectories: true)
        let app = folder.path + "/App", scratch = folder.path + "/scratch"
        func swift(_ arguments: [String]) throws -> CLI.Result {
            try CLI.start(tool: "/usr/bin/env", ["swift"] + arguments, environment: ["TMPDIR": folder.path + "/tmp"], streamingStderr: true).finish()
        }
        let build = ["build", "--package-path", app, "--scratch-path", scratch]

        let lenient = try swift(build)
        try #require(lenient.status == 0, "\(lenient.stdout)\n\(lenient.stderr)")
        #expect((lenient.stdout + lenient.stderr).contains("\(app)/Sources/StrictApp/art/icons/dot.svg:2:75: warning: <circle stroke-width=\"abc\">"))
        let run = try CLI.runTool(scratch + "/debug/StrictApp", [])
        #expect(
            run.stdout == """
                Paper any #171513
                Glow any color(display-p3 1 0.5 0.25 / 0.8), dark #80402080, highContrast color(display-p3 1 0.6 0.3), darkHighContrast #FFAA55

                """)

        folder.write("App/Sources/StrictApp/art/bijoux-assets.json", #"{"strict": true}"#)
        let strict = try swift(build)
        #expect(strict.status != 0)
        let lines = (strict.stdout + "\n" + strict.stderr).split(separator: "\n").map(String.init)
        let configuration = "\(app)/Sources/StrictApp/art/bijoux-assets.json"
        #expect(lines.contains { $0.hasPrefix("\(app)/Sources/StrictApp/art/icons/dot.svg:2:75: error: <circle stroke-width=\"abc\">: not a length") })
        #expect(lines.contains { $0.hasSuffix("error: strict build failed on 1 warning (\"strict\": true in \(configuration))") })

        // The command plugin, on the target without the build plugin (it refuses to run beside it).
        folder.write("App/Package.swift", Self.manifest(buildPlugin: false))
        let command = try swift(["package", "--package-path", app, "--scratch-path", scratch, "--allow-writing-to-package-directory", "bijoux-assets"])
        #expect(command.status != 0)
        let said = command.stdout + "\n" + command.stderr
        #expect(said.contains("\(app)/Sources/StrictApp/art/icons/dot.svg:2:75: error: <circle stroke-width=\"abc\">"))
        #expect(said.contains("error: strict build failed on 1 warning (\"strict\": true in \(configuration))"))
        #expect(!folder.exists("App/Sources/StrictApp/BijouxAssets/Generated"), "a failed strict build writes nothing")
    }
}
