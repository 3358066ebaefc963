import BijouxAssets
import BijouxCore

let artOption = Option.text("--art", "DIR", default: BuildEngine.Options().artFolder, help: "The art folder")
let outOption = Option.text("--out", "DIR", default: BuildEngine.Options().outputFolder, help: "The output folder")
let strictOption = Flag(
    "--strict", help: "Fail on any warning (hazy matte, illegible charm, ...), as \"strict\": true in the art folder's bijoux-assets.json does.")
let jobsOption = Option.integer(
    "--jobs", "N", in: 1...256, default: Parallel.defaultJobs, help: "Threads to use (default: one per core). Output is the same for any N.")

extension ParsedArguments {
    /// The options every command that builds shares, `--art`, `--out` and `--jobs`, and
    /// `--strict` where the command has it, as the engine takes them.
    func buildOptions(onlyCharms: Set<String>? = nil, progress: (@Sendable (BuildEvent) -> Void)? = nil) -> BuildEngine.Options {
        BuildEngine.Options(
            artFolder: self[artOption], outputFolder: self[outOption], strict: self[strictOption], jobs: self[jobsOption], onlyCharms: onlyCharms,
            progress: progress)
    }
}
let verboseOption = Flag("--verbose", help: "Print every file written, a line per charm, and each job's time or cache hit.")
let quietOption = Flag("--quiet", help: "Print only problems (warnings and errors).")

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
        of the same folder waits for the first. So it builds only into a folder of its
        own: new, empty, or made by an earlier build (it holds .bijoux-output or
        .bijoux/cache); any other, the art folder, one inside it or around it, and a
        read-only one are refused, and nothing in them is changed.

        EXAMPLE: bijoux-assets build --art art --out build
        """,
    run: { arguments in
        try runBuild(arguments, only: nil)
    })

let charmCommand = CommandSpec(
    name: "charm",
    abstract: "Rebuild one charm after an art revision, touching nothing else.",
    positionals: [charmID],
    options: [artOption, outOption, strictOption, verboseOption, quietOption],
    discussion: """
        Writes the charm's image set and its renders at 22 pt (@1x and @3x) for the
        contact sheet (Preview/index.html, redrawn), and reports whether it stays
        legible at 22 pt. When it is the charm the app icon hangs (appicon.json), the
        icon set, the Icon Composer document (AppIcon.icon/) and their pictures are
        rebuilt too.

        EXAMPLE: bijoux-assets charm cat
        """,
    run: { arguments in
        try runBuild(arguments, only: [arguments[charmID]])
    })

let charmID = Positional(name: "id", help: "The charm's id in charms.json, e.g. cat.")

func runBuild(_ arguments: ParsedArguments, only: Set<String>?) throws -> Int32 {
    if arguments[quietOption] && arguments[verboseOption] {
        throw UsageError(message: "--quiet and --verbose cannot be combined", command: only == nil ? "build" : "charm")
    }
    let printer = ProgressPrinter(level: arguments[quietOption] ? .quiet : arguments[verboseOption] ? .verbose : .normal)
    let options = arguments.buildOptions(onlyCharms: only) { printer.handle($0) }
    let report = try BuildEngine.build(options)
    for warning in report.warnings { printError(warning.diagnostic.line(.warning)) }
    if arguments[quietOption] { return 0 }
    let verbose = arguments[verboseOption] || only != nil
    if verbose {
        for note in report.notes { print(note) }
    }
    if arguments[verboseOption] {
        for file in report.files.written { print("wrote \(options.outputFolder)/\(file)") }
        for file in report.files.removed { print("removed \(options.outputFolder)/\(file)") }
    }
    let files = report.files
    let done = only.map { "rebuilt \($0.sorted().joined(separator: ", ")):" } ?? "built"
    let warned = report.warnings.isEmpty ? "" : "; \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
    print(
        "\(done) \(files.written.count) written, \(files.unchanged.count) unchanged, \(files.removed.count) removed in \(options.outputFolder)/ "
            + "(\(report.stages.joined(separator: ", ")))\(warned)"
    )
    // Last, so it is what a designer sees: where to look.
    print("contact sheet: \(options.outputFolder)/\(ContactSheetPage.path)\(only.map { $0.count == 1 ? "#charm-\($0.first!)" : "" } ?? "")")
    return 0
}

let keyCommand = CommandSpec(
    name: "key",
    abstract: "Luminance-key one PNG painted on black, at full resolution.",
    positionals: [keyInput, keyOutput],
    options: [blackPointOption, jobsOption],
    discussion: """
        Alpha becomes max(r, g, b) and colour is unpremultiplied: for 8-bit RGB input
        the pixels equal (r·255÷a, g·255÷a, b·255÷a, a) exactly. No trim, no resample.
        Input alpha is composited over black first; 16-bit input is keyed at full
        precision and rounded once. The painting is read in its own colour space (an
        ICC profile, sRGB, gAMA and cHRM; untagged is sRGB) and written as sRGB, or as
        Display P3 when its colours leave sRGB; the colour space is printed.

        EXAMPLE: bijoux-assets key art/charms/cat.png /tmp/cat-keyed.png
        """,
    run: { arguments in
        let input = arguments[keyInput]
        let output = arguments[keyOutput]
        let report = try KeyFile.key(input, to: output, blackPoint: arguments[blackPointOption], jobs: arguments[jobsOption])
        for warning in report.warnings { printError(warning.line(.warning)) }
        print("\(input): \(report.summary)")
        return 0
    })

let keyInput = Positional(name: "in.png", help: "The painted PNG (any PNG libpng reads).")
let keyOutput = Positional(name: "out.png", help: "Where to write the keyed 8-bit RGBA PNG.")
let blackPointOption = Option.integer(
    "--black-point", "N", in: KeyFile.blackPoints, default: 0, help: "Level a matte's noise floor N (0-254) to black first (default 0).")
