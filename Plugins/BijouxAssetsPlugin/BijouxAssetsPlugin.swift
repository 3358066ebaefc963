import Foundation
import PackagePlugin

/// Runs `bijoux-assets build` on the target's `art/` folder as part of its build. Every
/// file of the art folder is an input and the generated Swift and the asset catalog
/// are outputs, so SwiftPM (or Xcode) reruns the tool only when the art (or the tool) changes,
/// compiles the Swift into the target, and takes `Assets.xcassets` as a resource.
/// With a String Catalog in the art, a SwiftPM target takes each language's
/// `<language>.lproj/Localizable.strings` (which SwiftPM copies and `Bundle` reads on
/// every platform), and an Xcode project's target the catalog (which Xcode compiles);
/// never both, which would make two `Localizable.strings` for one language.
/// The generated Swift imports BijouxKit: the target depends on that product too.
/// The tool runs its AAC encoder, `bijoux-aac`, and its icon renderer, `bijoux-render`,
/// from the paths this plugin is given for them (`BIJOUX_AAC`, `BIJOUX_RENDER`), and a
/// new encoder or renderer reruns the command as new art does. The encoder is optional:
/// the plugin package for art without music (`BijouxAssetsPlugin`) does not carry it,
/// and the tool says so at the first music recipe.
@main
struct BijouxAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            art: target.directoryURL.appending(path: "art"), workFolder: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "bijoux-assets").url, encoder: try? context.tool(named: "bijoux-aac").url,
            renderer: context.tool(named: "bijoux-render").url, target: target.name, sourcesBesideArt: true, strings: .perLanguage)
    }

    /// How a target takes the art's String Catalog.
    enum Strings {
        /// `Strings/<language>.lproj/Localizable.strings`, for SwiftPM.
        case perLanguage
        /// `Strings/Localizable.xcstrings`, for Xcode to compile.
        case catalog
    }

    /// The one build command for the art folder `art`, writing into `workFolder`.
    /// `sourcesBesideArt`: every folder beside `art` is the target's (a SwiftPM target).
    static func commands(
        art: URL, workFolder: URL, tool: URL, encoder: URL?, renderer: URL, target: String, sourcesBesideArt: Bool = false, strings: Strings
    ) throws -> [Command] {
        guard FileManager.default.fileExists(atPath: art.path) else {
            Diagnostics.error("\(art.path): error: no art folder for target '\(target)' (BijouxAssetsPlugin reads <target>/art)")
            return []
        }
        // Outputs the command plugin kept in the tree would be a second producer of every file.
        if sourcesBesideArt, let kept = inTreeOutputs(beside: art) {
            Diagnostics.error(
                "\(kept.path): error: holds the outputs the command plugin wrote into target '\(target)', which BijouxAssetsPlugin "
                    + "also makes in every build; keep one: remove the folder, or remove the plugin from the target (docs/app-integration.md)")
            return []
        }
        let out = workFolder.appending(path: "BijouxAssets")
        let generated = out.appending(path: "Generated")
        var outputs = [generated.appending(path: "CatalogSymbols.swift"), out.appending(path: "Assets.xcassets")]
        func has(_ name: String) -> Bool { FileManager.default.fileExists(atPath: art.appending(path: name).path) }
        if has("charms.json") {
            outputs.insert(generated.appending(path: "CharmTable.swift"), at: 0)
        }
        // The iOS 26 app icon (Icon Composer document), beside the catalog's icon set.
        if has("appicon.json") { outputs.append(out.appending(path: "AppIcon.icon")) }
        // Music and haptic recipes give Sounds.swift and the files it names, resources
        // of the target like the catalog.
        if has("music") || has("haptics") {
            outputs.append(generated.appending(path: "Sounds.swift"))
            if has("music") { outputs.append(out.appending(path: "Audio")) }
            if has("haptics") { outputs.append(out.appending(path: "Haptics")) }
        }
        if has("Localizable.xcstrings") {
            let folder = out.appending(path: "Strings")
            switch strings {
            case .catalog: outputs.append(folder.appending(path: "Localizable.xcstrings"))
            case .perLanguage:
                for language in catalogLanguages(art.appending(path: "Localizable.xcstrings")) {
                    outputs.append(folder.appending(path: "\(language).lproj").appending(path: "Localizable.strings"))
                }
            }
        }
        return [
            .buildCommand(
                displayName: "bijoux-assets build (\(target))", executable: tool,
                arguments: ["build", "--art", art.path, "--out", out.path],
                environment: ["BIJOUX_RENDER": renderer.path].merging(encoder.map { ["BIJOUX_AAC": $0.path] } ?? [:]) { $1 },
                inputFiles: artFiles(art) + [encoder, renderer].compactMap { $0 }, outputFiles: outputs)
        ]
    }

    /// The languages the tool writes a strings file for: the catalog's source language and
    /// every language any key has. Nothing when the catalog cannot be read: the tool then
    /// stops the build with the error, at its line and column.
    static func catalogLanguages(_ catalog: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: catalog.path),
            let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let source = top["sourceLanguage"] as? String
        else { return [] }
        var languages: Set<String> = [source]
        for case let entry as [String: Any] in (top["strings"] as? [String: Any] ?? [:]).values {
            languages.formUnion((entry["localizations"] as? [String: Any] ?? [:]).keys)
        }
        return languages.sorted()
    }

    /// A folder beside `art` that the tool marked as its own output (`.bijoux-output`):
    /// the command plugin's in-tree outputs.
    static func inTreeOutputs(beside art: URL) -> URL? {
        let folder = art.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().lazy.filter { !$0.hasPrefix(".") }.map { folder.appending(path: $0) }.first {
            FileManager.default.fileExists(atPath: $0.appending(path: ".bijoux-output").path)
        }
    }

    /// Every file in the art folder, hidden ones aside, sorted.
    static func artFiles(_ art: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: art, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let file = enumerator?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(file) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// In an Xcode project the art is `<project folder>/<target name>/art` (beside the
    /// target's sources, as Xcode lays them out), else `<project folder>/art`.
    extension BijouxAssetsPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let project = context.xcodeProject.directoryURL
            var art = project.appending(path: target.displayName).appending(path: "art")
            if !FileManager.default.fileExists(atPath: art.path) { art = project.appending(path: "art") }
            return try Self.commands(
                art: art, workFolder: context.pluginWorkDirectoryURL, tool: context.tool(named: "bijoux-assets").url,
                encoder: try? context.tool(named: "bijoux-aac").url, renderer: context.tool(named: "bijoux-render").url,
                target: target.displayName, strings: .catalog)
        }
    }
#endif
