// swift-tools-version:6.1
// bijoux-assets: the asset pipeline of Bijoux. Targets by role: a small core the others
// share, the SVG reader and the audio synthesis each with their C libraries, the helpers'
// kit, the stages and their engine, a thin command-line front end and its two helpers,
// and thin C shims over system libraries (found with pkg-config; installed by
// `make deps`); and BijouxKit, the Swift-only runtime library the app, its widgets and
// the tool share.
import PackageDescription

let package = Package(
    name: "bijoux-assets",
    platforms: [.macOS(.v13), .iOS(.v17)],
    products: [
        .executable(name: "bijoux-assets", targets: ["bijoux-assets"]),
        // The AAC encoder the tool's sounds stage runs: the one program that links FFmpeg.
        .executable(name: "bijoux-aac", targets: ["bijoux-aac"]),
        // The icon renderer the tool's icons stage runs: processes of their own, so a
        // drawing past its limit can be killed.
        .executable(name: "bijoux-render", targets: ["bijoux-render"]),
        // What the app, its widget and Live Activity extensions link: Foundation only,
        // so it builds without any of the C libraries below.
        .library(name: "BijouxKit", targets: ["BijouxKit"]),
        // Applied to a target, runs the tool on its art/ folder as part of its build.
        .plugin(name: "BijouxAssetsPlugin", targets: ["BijouxAssetsPlugin"]),
        // `swift package --allow-writing-to-package-directory bijoux-assets`: the same
        // outputs written into the source tree.
        .plugin(name: "BijouxAssetsCommand", targets: ["BijouxAssetsCommand"]),
    ],
    targets: [
        // The values and formulas the app and the tool share (the thread, the pendulum, the
        // palette's colours, the dish, the strings' keys), with no Foundation, so the tool and
        // its helpers load none; BijouxKit re-exports it for the app.
        .target(name: "BijouxShared"),
        .target(name: "BijouxKit", dependencies: ["BijouxShared"]),
        // System libraries: module maps only, flags from pkg-config.
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CRsvg", pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        // The XML parser librsvg itself links: the icon safety check reads SVGs with it.
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // The audio stage: KISS FFT for the reverb's convolution, libebur128 for
        // loudness, FFmpeg's libraries for AAC in MP4.
        .systemLibrary(
            name: "CKissFFT", pkgConfig: "kissfft-float",
            providers: [.apt(["libkissfft-dev"]), .brew(["kissfft"])]),
        .systemLibrary(
            name: "CEbur128", pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]),
        .systemLibrary(
            name: "CAVFormat", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev"]), .brew(["ffmpeg"])]),
        .systemLibrary(
            name: "CAVCodec", pkgConfig: "libavcodec",
            providers: [.apt(["libavcodec-dev"]), .brew(["ffmpeg"])]),
        .systemLibrary(
            name: "CAVUtil", pkgConfig: "libavutil",
            providers: [.apt(["libavutil-dev"]), .brew(["ffmpeg"])]),
        // libavformat's I/O callbacks on a memory buffer and its macro error codes.
        .target(name: "CBijouxAudio", dependencies: ["CAVFormat", "CAVCodec", "CAVUtil"]),
        // Little CMS: every painting is read in its own colour space (ICC profiles, gAMA,
        // cHRM), and a wide one is written as Display P3.
        .systemLibrary(
            name: "CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // The content hash of the build cache (XXH3, 128 bits).
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        // The few C functions Swift cannot express: libpng reports errors with
        // longjmp, zlib's init functions are macros, an atomic exchange of two folders
        // is in neither Glibc's nor Darwin's Swift module, and dladdr (which library
        // file holds a symbol) is not in Glibc's.
        .target(name: "CBijouxShims", dependencies: ["CLibPNG", "CZlib"]),
        // What both helpers and the tool share of them: their plumbing and limits, and the
        // typed requests and replies of both protocols. It depends on nothing.
        .target(name: "BijouxHelperKit"),
        // What every other target shares, with no heavy C library: pixels and the one
        // pixel view, PNG in and out (libpng, zlib), colour spaces (Little CMS), cairo's
        // image surfaces, files, errors, formatting and JSON.
        .target(name: "BijouxCore", dependencies: ["BijouxHelperKit", "CBijouxShims", "CLibPNG", "CZlib", "CCairo", "CLCMS2"]),
        // The SVG reader (parsing and the safety policy over libxml2, the one target that links it),
        // its vector geometry and the icon forms drawn from it: the wobble, the vector image, the symbol.
        .target(name: "BijouxSVG", dependencies: ["BijouxCore", "CLibXML2"]),
        // The ambient tracks' synthesis: KISS FFT for the reverb's convolution, libebur128
        // for loudness, linked here alone.
        .target(name: "BijouxAudio", dependencies: ["BijouxCore", "CKissFFT", "CEbur128"]),
        // The stages and the engine that runs them (xxHash for the build cache).
        .target(
            name: "BijouxAssets",
            dependencies: ["BijouxShared", "BijouxCore", "BijouxSVG", "BijouxAudio", "BijouxHelperKit", "CBijouxShims", "CXXHash"],
            exclude: ["Engine/README.md"]
        ),
        // The command line: its options, parsed and typed, and each command's printing,
        // over the library's `package` surface (the engine, its reports, the watcher).
        .executableTarget(name: "bijoux-assets", dependencies: ["BijouxAssets", "BijouxCore"]),
        // FFmpeg lives here alone, so the tool's start loads none of it.
        .executableTarget(name: "bijoux-aac", dependencies: ["BijouxHelperKit", "CBijouxAudio"]),
        // librsvg lives here alone (BijouxRender), so the tool's start loads none of it
        // and a drawing can be killed; it links the core and cairo, nothing of the stages.
        .target(name: "BijouxRender", dependencies: ["BijouxCore", "BijouxHelperKit", "CRsvg", "CCairo"]),
        .executableTarget(name: "bijoux-render", dependencies: ["BijouxRender"]),
        .plugin(name: "BijouxAssetsPlugin", capability: .buildTool(), dependencies: ["bijoux-assets", "bijoux-aac", "bijoux-render"]),
        .plugin(
            name: "BijouxAssetsCommand",
            capability: .command(
                intent: .custom(verb: "bijoux-assets", description: "Build each target's art/ into its source folder"),
                permissions: [.writeToPackageDirectory(reason: "writes the asset catalog and the generated Swift beside the target's art/")]),
            dependencies: ["bijoux-assets", "bijoux-aac", "bijoux-render"]),
        // The golden harness (recording policies, the review page): for tests only, so it
        // does not ship in the product.
        .target(name: "BijouxTestSupport", dependencies: ["BijouxAssets", "BijouxCore", "BijouxTestKit"]),
        // The test targets' folders, paths and synthetic images: the core alone, so the core's
        // tests build without the stages.
        .target(name: "BijouxTestKit", dependencies: ["BijouxCore"]),
        .testTarget(
            name: "BijouxAssetsTests",
            // The executable too: command-line tests run it as CI and people do.
            dependencies: [
                "BijouxAssets", "BijouxCore", "BijouxSVG", "BijouxAudio", "BijouxHelperKit", "BijouxKit", "BijouxRender", "BijouxTestSupport", "BijouxTestKit",
                "bijoux-assets", "bijoux-aac", "bijoux-render", "CLCMS2", "CZlib",
            ],
            // otool output recorded on Macs, which MacLibraryStepTests hands to Packaging/bundle_macos.py by path.
            exclude: ["Packaging/Fixtures"]
        ),
        // Tests by role, each target building on its own: the core and image I/O; the helpers'
        // protocols; the vector geometry; the icons in every form; the review and its pages; the
        // other stages (paintings, images, colours, sounds, strings, the charm table and the
        // catalog); the engine, the commands and the packaging (above); BijouxKit.
        .testTarget(name: "BijouxCoreTests", dependencies: ["BijouxCore", "BijouxTestKit"]),
        .testTarget(name: "BijouxHelperKitTests", dependencies: ["BijouxHelperKit"]),
        .testTarget(name: "BijouxSVGTests", dependencies: ["BijouxSVG", "BijouxCore"]),
        .testTarget(
            name: "BijouxIconsTests",
            dependencies: [
                "BijouxAssets", "BijouxCore", "BijouxSVG", "BijouxRender", "BijouxKit", "BijouxTestSupport", "BijouxTestKit", "bijoux-assets", "bijoux-render",
            ]
        ),
        .testTarget(
            name: "BijouxReviewTests",
            dependencies: ["BijouxAssets", "BijouxCore", "BijouxSVG", "BijouxAudio", "BijouxTestSupport", "BijouxTestKit", "bijoux-assets", "bijoux-render"]
        ),
        .testTarget(
            name: "BijouxStagesTests",
            dependencies: [
                "BijouxAssets", "BijouxCore", "BijouxAudio", "BijouxKit", "BijouxTestSupport", "BijouxTestKit", "bijoux-assets", "bijoux-aac", "bijoux-render",
                "CLCMS2", "CZlib",
            ]
        ),
        .testTarget(name: "BijouxKitTests", dependencies: ["BijouxKit"]),
    ]
)
