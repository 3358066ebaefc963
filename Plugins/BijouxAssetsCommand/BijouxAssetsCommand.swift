import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory bijoux-assets [--target NAME]…
/// [--out FOLDER] [build options]`: for teams that keep the generated catalog and Swift
/// in their source tree. For each target with an `art/` folder (or each one named), it
/// runs `bijoux-assets build --art <target>/art --out <target>/<FOLDER>` (FOLDER:
/// `BijouxAssets` unless given); other options go to `bijoux-assets build` as they are.
///
/// A target that also applies the build-tool plugin gets the same files from every build,
/// so writing them into its sources as well would give each file two producers: that is
/// refused, naming the target, unless FOLDER is hidden (a dot-named folder, which SwiftPM
/// does not read). SwiftPM tells a command plugin nothing of a target's plugins, so the
/// target's declaration in Package.swift is read for it; where that cannot tell (a
/// manifest that builds its targets in code), the build-tool plugin refuses at the next
/// build instead, naming the folder.
@main
struct BijouxAssetsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = Set(extractor.extractOption(named: "target"))
        let folder = extractor.extractOption(named: "out").last ?? "BijouxAssets"
        let passed = extractor.remainingArguments
        let tool = try context.tool(named: "bijoux-assets").url
        // The tool's AAC encoder (which the package for art without music does not carry)
        // and icon renderer, which it runs from the paths it is given.
        var environment = ProcessInfo.processInfo.environment
        environment["BIJOUX_AAC"] = try? context.tool(named: "bijoux-aac").url.path
        environment["BIJOUX_RENDER"] = try context.tool(named: "bijoux-render").url.path
        let manifest = (try? String(contentsOf: context.package.directoryURL.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        var ran = 0
        for case let target as SourceModuleTarget in context.package.targets where named.isEmpty || named.contains(target.name) {
            let art = target.directoryURL.appending(path: "art")
            guard FileManager.default.fileExists(atPath: art.path) else {
                if named.contains(target.name) { Diagnostics.error("target '\(target.name)' has no art folder (\(art.path))") }
                continue
            }
            if !folder.hasPrefix("."), Self.appliesBuildPlugin(target.name, manifest: manifest) {
                Diagnostics.error(
                    "target '\(target.name)' applies BijouxAssetsPlugin, which makes these files in every build; "
                        + "remove it from the target's plugins to keep the outputs in \(folder)/ instead (docs/app-integration.md)")
                return
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

    /// Whether the declaration of the target `name` in `manifest` (the text of
    /// Package.swift) applies BijouxAssetsPlugin: some `.plugin(name: "BijouxAssetsPlugin"`
    /// whose nearest target declaration before it is named `name`.
    static func appliesBuildPlugin(_ name: String, manifest: String) -> Bool {
        let declarations = [".target(", ".executableTarget(", ".testTarget(", ".macro("]
        var rest = Substring(manifest)
        while let usage = rest.range(of: #".plugin(name: "BijouxAssetsPlugin""#) {
            let before = manifest[..<usage.lowerBound]
            let starts = declarations.compactMap { before.range(of: $0, options: .backwards)?.upperBound }
            if let start = starts.max(), let named = manifest[start...].range(of: #"name: ""#) {
                let value = manifest[named.upperBound...].prefix { $0 != "\"" }
                if value == name { return true }
            }
            rest = manifest[usage.upperBound...]
        }
        return false
    }
}
