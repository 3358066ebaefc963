import BijouxAssets
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `check` answers "what would a build change?" for CI and for a reviewer, so its exit
/// status is the answer: 0 nothing beyond the tolerances, 1 changed, 2 an error (bad
/// art, a revision that is not there). It writes nothing but the reports it is asked
/// for, and trusts nothing in the output folder unless told to (`--trust-cache`).
let trustCacheOption = Flag(
    "--trust-cache", help: "Take unchanged outputs on the cache's word (fast, for local use; CI should not: the cache can be forged).")
let againstOption = Option.text(
    "--against", "REV",
    help: "Compare with the art as it was at a git revision, built into a temporary folder (a folder that is not a revision is taken too).")
let againstFolderOption = Option.text("--against-dir", "DIR", help: "Compare with a folder of an earlier build (default: --out).")
let reportOption = Option.text("--report", "DIR", help: "Write the review page, DIR/index.html: before, after and diff of every change, by art file.")
let junitOption = Option.text("--junit", "FILE", help: "Write JUnit XML: one test case per art file.")
let summaryOption = Option.text("--summary", "FILE", help: "Append a Markdown summary to FILE (for example \"$GITHUB_STEP_SUMMARY\").")

let checkCommand = CommandSpec(
    name: "check",
    abstract: "Show what a build would change against the output folder, an earlier build or a git revision.",
    options: [artOption, outOption, againstOption, againstFolderOption, reportOption, junitOption, summaryOption, jobsOption, trustCacheOption],
    discussion: """
        Makes every output from the art, in memory, and compares it with a baseline,
        writing nothing there: the output folder (--out), a folder of an earlier build
        (--against-dir DIR), or the art folder as it was at a git revision (--against REV,
        for example a pull request's base), built by this tool into a temporary folder.
        --against also takes a folder that is not a revision; a name that is both, or a
        link to a folder, is an error. It trusts nothing in the folder, its build cache
        included, and follows no link in it, so it is the check for CI, where the folder
        may come from another job, a cache or an artifact.

        Each output is judged by its kind, with the tolerance table the goldens use
        (docs/goldens.md; an art folder adjusts it in bijoux-assets.json): charms
        exactly, librsvg and cairo renders by pixelmatch's rule, text as text, audio by
        its decoded signal. Prints one line per art file that changed, in the form
        compilers use (error: beyond tolerance, warning: within it), then the verdict.
        Removed: a file in a folder a stage owns that no stage makes now, or anything in
        the folder that is not a plain file or folder (a symbolic link), which is not
        read; other dot-named entries are ignored. The contact sheet's page is shown
        but not counted.

        A build accepts the changes. Exit status: 0 nothing changed beyond tolerance,
        1 changed, 2 error.

        --trust-cache is the fast path for local use: a job the cache holds counts as up
        to date when its files have the hashes the cache records, as a build takes them.
        The cache's checksum has no key, so whoever wrote the folder could have rewritten
        the cache to match an edited file: do not use it where the folder is not your own.

        EXAMPLE: bijoux-assets check --art art --out build --against origin/main --report review --junit check.xml
        """,
    run: { arguments in
        let options = arguments.buildOptions()
        do {
            let baseline = try Baseline.chosen(
                revision: arguments[againstOption], folder: arguments[againstFolderOption], artFolder: options.artFolder)
            let report = try BuildEngine.check(options, against: baseline, trustingCache: arguments[trustCacheOption])
            try writeReports(report, arguments)
            printReview(report.review)
            return report.review.passes ? 0 : 1
        } catch let error as any UserFacingError {
            for diagnostic in error.diagnostics { printError(diagnostic.line(.error)) }
            return 2
        }
    })

/// The diagnostics on standard error, each change and the verdict on standard output.
func printReview(_ review: Review) {
    for line in review.diagnostics() { printError(line) }
    for change in review.changes { print("\(change.status.rawValue): \(change.path): \(change.summary)") }
    print(review.verdict)
}

/// The files `--report`, `--junit` and `--summary` ask for.
func writeReports(_ report: BuildEngine.CheckReport, _ arguments: ParsedArguments) throws {
    let review = report.review
    if let folder = arguments[reportOption] {
        try ReviewPage.write(review, to: folder, drawings: ReviewDrawing.make(review, tolerances: report.tolerances))
    }
    if let file = arguments[junitOption] { try FileIO.writeAtomically(Array(review.junit(sources: report.sources).utf8), to: file) }
    if let file = arguments[summaryOption] {
        let report = arguments[reportOption].map { (folder: $0, artifacts: gitHubArtifacts()) }
        try FileIO.append(Array(review.markdown(report: report).utf8), to: file)
    }
}

/// The address of the running GitHub Actions job's artifacts, from the variables every
/// job has; nil elsewhere.
func gitHubArtifacts() -> String? {
    let names: [String] = ["GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_RUN_ID"]
    let parts = names.compactMap { getenv($0).map { String(cString: $0) } }.filter { !$0.isEmpty }
    guard parts.count == 3 else { return nil }
    return "\(parts[0])/\(parts[1])/actions/runs/\(parts[2])#artifacts"
}
