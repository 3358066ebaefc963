import BijouxAssets

/// `check` answers "is the output folder up to date?" for CI, so its exit status is
/// the answer: 0 it is exactly what a build would write now, 1 it is not (listed),
/// as for any error; it writes nothing. It trusts nothing in the output folder unless
/// told to (`--trust-cache`).
let trustCacheOption = Flag(
    "--trust-cache", help: "Take unchanged outputs on the cache's word (fast, for local use; CI should not: the cache can be forged).")

let checkCommand = CommandSpec(
    name: "check",
    abstract: "Check that the output folder is exactly what a build would write now.",
    options: [artOption, outOption, jobsOption, trustCacheOption],
    discussion: """
        Makes every output from the art, in memory, and compares its bytes with the
        output folder, writing nothing: it trusts nothing in the folder, its build cache
        included, so it is the check for CI, where the folder may come from another job,
        a cache or an artifact. Lists each stale, missing or extra file (extra: in a
        folder a stage owns, made by no stage now, or a symbolic link anywhere in the
        folder). Other dot-named entries (the cache, .DS_Store) are ignored. Exit status:
        0 up to date, 1 not (or an error).

        --trust-cache is the fast path for local use: a job the cache holds counts as up
        to date when its files have the hashes the cache records, as a build takes them.
        The cache's checksum has no key, so whoever wrote the folder could have rewritten
        the cache to match an edited file: do not use it where the folder is not your own.

        EXAMPLE: bijoux-assets check --art art --out build
        """,
    run: { arguments in
        let options = BuildEngine.Options(
            artFolder: arguments[artOption]!, outputFolder: arguments[outOption]!, jobs: arguments[jobsOption] ?? Parallel.defaultJobs)
        let report = try BuildEngine.check(options, trustingCache: arguments[trustCacheOption])
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
