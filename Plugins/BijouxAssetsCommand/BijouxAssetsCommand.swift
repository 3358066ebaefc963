import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory bijoux-assets [--target NAME]…
/// [--out FOLDER] [build options]`: for teams that keep the generated catalog and Swift
/// in their source tree. For each target with an `art/` folder (or each one named), it
/// runs `bijoux-assets build --art <target>/art --out <target>/<FOLDER>` (FOLDER:
/// `BijouxAssets` unless given); other options go to `bijoux-assets build` as they are.
@main
struct BijouxAssetsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = Set(extractor.extractOption(named: "target"))
        let folder = extractor.extractOption(named: "out").last ?? "BijouxAssets"
        let passed = extractor.remainingArguments
        let tool = try context.tool(named: "bijoux-assets").url
        // The tool's AAC encoder and icon renderer, which it runs from the paths it is given.
        var environment = ProcessInfo.processInfo.environment
        environment["BIJOUX_AAC"] = try context.tool(named: "bijoux-aac").url.path
        environment["BIJOUX_RENDER"] = try context.tool(named: "bijoux-render").url.path
        var ran = 0
        for case let target as SourceModuleTarget in context.package.targets where named.isEmpty || named.contains(target.name) {
            let art = target.directoryURL.appending(path: "art")
            guard FileManager.default.fileExists(atPath: art.path) else {
                if named.contains(target.name) { Diagnostics.error("target '\(target.name)' has no art folder (\(art.path))") }
                continue
            }
            let out = target.directoryURL.appending(path: folder)
            let process = Process()
            process.executableURL = tool
            process.arguments = ["build", "--art", art.path, "--out", out.path] + passed
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("bijoux-assets build failed for target '\(target.name)' (exit status \(process.terminationStatus))")
                return
            }
            ran += 1
        }
        if ran == 0 { Diagnostics.error("no target with an art/ folder\(named.isEmpty ? "" : " among \(named.sorted().joined(separator: ", "))")") }
    }
}
