import BijouxAssets

/// `check` answers "is the output folder up to date?" for CI, so its exit status is
/// the answer: 0 it is exactly what a build would write now, 1 it is not (listed),
/// as for any error; it writes nothing.
let checkCommand = CommandSpec(
    name: "check",
    abstract: "Check that the output folder is exactly what a build would write now.",
    options: [artOption, outOption, jobsOption],
    discussion: """
        Makes what a build would make (taking unchanged outputs from the build cache,
        whose recorded hashes it checks against the files) and compares it with the
        output folder, writing nothing. Lists each stale, missing or extra file (extra:
        in a folder a stage owns, made by no stage now). Dot-named entries (the cache,
        .DS_Store) are ignored. Exit status: 0 up to date, 1 not (or an error).

        EXAMPLE: bijoux-assets check --art art --out build
        """,
    run: { arguments in
        let options = BuildEngine.Options(
            artFolder: arguments[artOption]!, outputFolder: arguments[outOption]!, jobs: arguments[jobsOption] ?? Parallel.defaultJobs)
        let report = try BuildEngine.check(options)
        let folder = options.outputFolder
        for (kind, paths) in [("stale", report.stale), ("missing", report.missing), ("extra", report.extra)] {
            for path in paths { print("\(kind): \(folder)/\(path)") }
        }
        if report.isUpToDate {
            print("\(folder)/ is up to date")
            return 0
        }
        print("\(folder)/ is not what a build would write: \(report.stale.count) stale, \(report.missing.count) missing, \(report.extra.count) extra")
        return 1
    })
