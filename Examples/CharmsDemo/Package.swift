// swift-tools-version:6.1
// An app-shaped package that uses bijoux-assets as an app would: it depends on this
// repository by path, applies BijouxAssetsPlugin to its executable target (whose art/
// holds three charms, two icons and a palette) and links BijouxKit, which the
// generated Swift imports. `make test` builds it, runs it and compares what it prints
// with expected-output.txt.
import PackageDescription

let package = Package(
    name: "CharmsDemo",
    platforms: [.macOS(.v13), .iOS(.v17)],
    dependencies: [.package(name: "bijoux-assets", path: "../..")],
    targets: [
        .executableTarget(
            name: "CharmsDemo",
            dependencies: [.product(name: "BijouxKit", package: "bijoux-assets")],
            // The source art is the plugin's input, not a resource of the app.
            exclude: ["art"],
            plugins: [.plugin(name: "BijouxAssetsPlugin", package: "bijoux-assets")])
    ]
)
