import BijouxAssets

/// `app-assets <folder>`: builds, then copies the app's own assets (the app icon set, its
/// iOS 26 document and the accent colour) into a folder of the app target, for the routes
/// where the build's catalog is not the app target's own.
let appFolder = Positional(name: "folder", help: "A folder of the app target, e.g. MyApp (it must exist).")

let appAssetsCommand = CommandSpec(
    name: "app-assets",
    abstract: "Build, then copy the app icon and accent colour into a folder of the app target.",
    positionals: [appFolder],
    options: [artOption, outOption, strictOption],
    discussion: """
        Builds as `build` does, then copies from the output folder into FOLDER:
        AppIcon.icon/ (the iOS 26 app icon, an Icon Composer document), and
        Assets.xcassets/AppIcon.appiconset/ and Assets.xcassets/AccentColor.colorset/
        (making Assets.xcassets/ if FOLDER has none). Xcode takes the app icon and the
        accent colour only from the app target's own files, which the plugin's catalog
        on a SwiftPM target is not. Each item is replaced whole, and only when its bytes
        differ; nothing else in FOLDER is touched. Run it again after the icon or the
        palette changes.

        EXAMPLE: bijoux-assets app-assets MyApp --art art --out build
        """,
    run: { arguments in
        let options = arguments.buildOptions()
        let report = try BuildEngine.build(options)
        for warning in report.warnings { printError(warning.diagnostic.line(.warning)) }
        let folder = arguments[appFolder]
        let copied = try AppAssets.export(from: options.outputFolder, into: folder, artFolder: options.artFolder)
        for item in copied.written { print("wrote \(folder)/\(item)") }
        for item in copied.unchanged { print("unchanged \(folder)/\(item)") }
        return 0
    })
