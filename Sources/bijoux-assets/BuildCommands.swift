import BijouxAssets

let artOption = CommandSpec.Option(name: "--art", valueName: "DIR", help: "The art folder (default: art).")
let outOption = CommandSpec.Option(name: "--out", valueName: "DIR", help: "The output folder (default: build).")
let strictOption = CommandSpec.Option(name: "--strict", valueName: nil, help: "Fail on any warning (hazy matte, illegible charm, ...).")
let jobsOption = CommandSpec.Option(name: "--jobs", valueName: "N", help: "Threads to use (default: one per core). Output is the same for any N.")
let verboseOption = CommandSpec.Option(name: "--verbose", valueName: nil, help: "Print every file written, a line per charm, and each job's time or cache hit.")
let quietOption = CommandSpec.Option(name: "--quiet", valueName: nil, help: "Print only problems (warnings and errors).")

let buildCommand = CommandSpec(
    name: "build",
    abstract: "Build every asset from the art folder.",
    options: [artOption, outOption, strictOption, jobsOption, verboseOption, quietOption],
    discussion: """
        Runs each stage whose inputs exist in the art folder: charms.json and charms/
        (the charm table as Generated/CharmTable.swift and Generated/charms.json, and
        the painted charms), icons/ (drawn icons; optional settings in icons.json),
        appicon.json (the app icon). Outputs whose inputs are unchanged come from the
        cache (build/.bijoux); the new build is swapped in whole, so the output folder
        is always the complete previous build or the complete new one; a second build
        of the same folder waits for the first.

        EXAMPLE: bijoux-assets build --art art --out build
        """,
    run: { arguments in
        try runBuild(arguments, only: nil)
    })

let charmCommand = CommandSpec(
    name: "charm",
    abstract: "Rebuild one charm after an art revision, touching nothing else.",
    positionals: [.init(name: "id", help: "The charm's id in charms.json, e.g. cat.")],
    options: [artOption, outOption, strictOption, verboseOption, quietOption],
    discussion: """
        Writes the charm's image set and its preview (Preview/Charms/<id>.png: the
        @3x render, and the charm at 22 px, actual size and magnified), and reports
        whether it stays legible at 22 px. When it is the charm the app icon hangs
        (appicon.json), the icon set and its previews are rebuilt too.

        EXAMPLE: bijoux-assets charm cat
        """,
    run: { arguments in
        try runBuild(arguments, only: [arguments.positionals[0]])
    })

func runBuild(_ arguments: ParsedArguments, only: Set<String>?) throws -> Int32 {
    if arguments.has("--quiet") && arguments.has("--verbose") {
        throw UsageError(message: "--quiet and --verbose cannot be combined", command: only == nil ? "build" : "charm")
    }
    let printer = ProgressPrinter(level: arguments.has("--quiet") ? .quiet : arguments.has("--verbose") ? .verbose : .normal)
    let options = BuildEngine.Options(
        artFolder: arguments.value("--art") ?? "art",
        outputFolder: arguments.value("--out") ?? "build",
        strict: arguments.has("--strict"),
        jobs: try arguments.integer("--jobs", in: 1...256) ?? Parallel.defaultJobs,
        onlyCharms: only,
        progress: { printer.handle($0) })
    let report = try BuildEngine.build(options)
    for warning in report.warnings { printError("warning: \(warning)") }
    if arguments.has("--quiet") { return 0 }
    let verbose = arguments.has("--verbose") || only != nil
    if verbose {
        for note in report.notes { print(note) }
    }
    if arguments.has("--verbose") {
        for file in report.files.written { print("wrote \(options.outputFolder)/\(file)") }
        for file in report.files.removed { print("removed \(options.outputFolder)/\(file)") }
    }
    let files = report.files
    print("\(only == nil ? "built" : "rebuilt \(only!.sorted().joined(separator: ", ")):") \(files.written.count) written, \(files.unchanged.count) unchanged, \(files.removed.count) removed in \(options.outputFolder)/ (\(report.stages.joined(separator: ", ")))\(report.warnings.isEmpty ? "" : "; \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")")")
    return 0
}

let keyCommand = CommandSpec(
    name: "key",
    abstract: "Luminance-key one PNG painted on black, at full resolution.",
    positionals: [
        .init(name: "in.png", help: "The painted PNG (any PNG libpng reads)."),
        .init(name: "out.png", help: "Where to write the keyed 8-bit RGBA PNG."),
    ],
    options: [
        .init(name: "--black-point", valueName: "N", help: "Level a matte's noise floor N (0-254) to black first (default 0)."),
        jobsOption,
    ],
    discussion: """
        Alpha becomes max(r, g, b) and colour is unpremultiplied: for 8-bit RGB input
        the pixels equal (r·255÷a, g·255÷a, b·255÷a, a) exactly. No trim, no resample.
        Input alpha is composited over black first; 16-bit input is keyed at full
        precision and rounded once. gAMA/iCCP/sRGB are not applied.

        EXAMPLE: bijoux-assets key art/charms/cat.png /tmp/cat-keyed.png
        """,
    run: { arguments in
        let input = arguments.positionals[0]
        let output = arguments.positionals[1]
        let blackPoint = try arguments.integer("--black-point", in: BlackPoint.validRange) ?? 0
        let jobs = try arguments.integer("--jobs", in: 1...256) ?? Parallel.defaultJobs
        let decoded = try PNGDecoder.decodeFile(input)
        for warning in decoded.info.warnings + ColorChunkPolicy.warnings(for: decoded.info) {
            printError("warning: \(input): \(warning)")
        }
        let keyed = LuminanceKey.key(consume decoded, blackPoint: blackPoint)
        try FileIO.writeAtomically(PNGEncoder.encode(keyed, options: .init(jobs: jobs)), to: output)
        return 0
    })
