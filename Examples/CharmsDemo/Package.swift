// swift-tools-version:6.1
// An app-shaped package that uses bijoux-assets as an app would: it applies
// BijouxAssetsPlugin to its executable target (whose art/ holds three charms, two icons
// and a palette) and links BijouxKit, which the generated Swift imports. `make test`
// builds it both ways an app can take the plugin, runs it and compares what it prints
// with expected-output.txt:
// - by default, from this repository by path (the source plugin: the tool is compiled
//   from source, with its C libraries);
// - with BIJOUX_PLUGIN_PACKAGE=<folder>, from a plugin package `make artifactbundle`
//   writes (the prebuilt tool), as an app depends on a release of it.
// Its art has a String Catalog in English and French: the plugin ships it as
// en.lproj and fr.lproj, and defaultLocalization names the catalog's source language
// (SwiftPM then writes it into the resource bundle's Info.plist).
import PackageDescription

let pluginPackage = Context.environment["BIJOUX_PLUGIN_PACKAGE"].flatMap { $0.isEmpty ? nil : $0 }
// A package by path is known by its folder's name (BijouxAssetsMusicPlugin, as the demo's
// art has music).
let source = pluginPackage.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "bijoux-assets"

let package = Package(
    name: "CharmsDemo",
    defaultLocalization: "en",
    platforms: [.macOS(.v13), .iOS(.v17)],
    dependencies: [.package(name: source, path: pluginPackage ?? "../..")],
    targets: [
        .executableTarget(
            name: "CharmsDemo",
            dependencies: [.product(name: "BijouxKit", package: source)],
            // The source art is the plugin's input, not a resource of the app.
            exclude: ["art"],
            plugins: [.plugin(name: "BijouxAssetsPlugin", package: source)])
    ]
)
