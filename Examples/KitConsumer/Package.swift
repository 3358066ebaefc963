// swift-tools-version:6.0
// The smallest outside user of BijouxKit: it depends on this repository by path and
// on the BijouxKit product alone, as the app, a widget or a Live Activity would.
// `make test` builds and runs it and checks that none of the C targets is compiled.
import PackageDescription

let package = Package(
    name: "KitConsumer",
    platforms: [.macOS(.v13), .iOS(.v17)],
    dependencies: [.package(name: "bijoux-assets", path: "../..")],
    targets: [
        .executableTarget(
            name: "KitConsumer",
            dependencies: [.product(name: "BijouxKit", package: "bijoux-assets")])
    ]
)
