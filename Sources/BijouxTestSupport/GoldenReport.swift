import BijouxAssets
import BijouxCore

/// Writes what a failed golden check leaves for people and CI: per failing output its
/// expected, actual and diff files and a JSON summary in one failures folder (CI keeps
/// the folder), and one self-contained HTML page that shows them side by side: the
/// review page of `check --report` (`ReviewPage`), of a review with one group per
/// failing output named by its golden, so the two pages are one recipe.
struct GoldenReport: Sendable {
    var failuresFolder: String
    var pagePath: String

    /// The files written for one failing result.
    struct Artifacts: Sendable, CustomStringConvertible {
        var expected: String?
        var actual: String?
        var diff: String?
        var summary: String

        var description: String {
            [("expected", expected), ("actual", actual), ("diff", diff), ("summary", summary)]
                .compactMap { name, path in path.map { "\(name) \($0)" } }.joined(separator: ", ")
        }
    }

    /// Clears the previous run's files, then writes this run's. With no failure, the
    /// folder and the page are removed, so nothing stale is left to mislead.
    @discardableResult
    func write(_ results: [GoldenResult]) throws(FileError) -> [String: Artifacts] {
        FileIO.removeTree(failuresFolder)
        FileIO.removeTree(pagePath)
        let failed = results.filter { !$0.passed }
        guard !failed.isEmpty else { return [:] }
        var artifacts: [String: Artifacts] = [:]
        var groups: [Review.Group] = []
        for result in failed {
            let (files, change) = try writeArtifacts(result)
            artifacts[result.path] = files
            groups.append(Review.Group(source: result.golden, changes: [change]))
        }
        let review = Review(baseline: Self.baseline(failed), groups: groups, acceptCommand: Self.acceptCommand)
        try FileIO.writeAtomically(Array(ReviewPage.html(review).utf8), to: pagePath)
        return artifacts
    }

    /// What the page tells people to run when the changes are intended.
    static let acceptCommand = "make goldens (or BIJOUX_RECORD=failed swift test)"

    /// The golden folders the failing outputs were compared with: each golden's path
    /// without the output path it guards (the root, or a platform's folder in it).
    static func baseline(_ failed: [GoldenResult]) -> String {
        var roots: [String] = []
        for result in failed {
            let root = result.golden.hasSuffix("/" + result.path) ? String(result.golden.dropLast(result.path.count + 1)) : result.golden
            if !roots.contains(root) { roots.append(root) }
        }
        return "the goldens in " + roots.joined(separator: ", ")
    }

    /// Saves a failing result's files and its JSON summary, and returns them with the
    /// result as a change of the review the page shows.
    private func writeArtifacts(_ result: GoldenResult) throws(FileError) -> (Artifacts, Review.Change) {
        let base = failuresFolder + "/" + Self.stem(result.path)
        var files = Artifacts(summary: base + ".summary.json")
        // `name.expected.ext`; an image's path ends in .png, so its diff is `name.diff.png`.
        func save(_ kind: String, _ bytes: [UInt8]) throws(FileError) -> String {
            let path = "\(base).\(kind)\(Self.fileExtension(result.path))"
            try FileIO.writeAtomically(bytes, to: path)
            return path
        }
        var summary = Self.summary(result)
        var change = Review.Change(path: result.path, status: .changed)
        let tolerance = result.tolerance ?? GoldenTolerances.standard.tolerance(for: result.path)
        switch result.outcome {
        case .imageDiffers(let expected, let actual, let difference):
            summary["outcome"] = "differs"
            summary["difference"] = difference.summaryJSON
            (change.before, change.after) = (PNGEncoder.encode(expected), PNGEncoder.encode(actual))
            change.finding = .image(difference, tolerance)
            files.diff = try save("diff", PNGEncoder.encode(DiffImage.render(expected: expected, difference: difference), as: .rgb))
        case .sizeDiffers(let expected, let actual):
            summary["outcome"] = "size differs"
            (change.before, change.after) = (PNGEncoder.encode(expected), PNGEncoder.encode(actual))
            change.finding = .imageSize(
                before: PixelSize(width: expected.width, height: expected.height), after: PixelSize(width: actual.width, height: actual.height))
        case .textDiffers(let expected, let actual):
            summary["outcome"] = "text differs"
            summary["hunk"] = .string(TextDiff.firstHunk(expected: expected, actual: actual))
            (change.before, change.after) = (Array(expected.utf8), Array(actual.utf8))
            change.finding = .text(hunks: TextDiff.hunks(expected: expected, actual: actual))
        case .audioDiffers(let difference):
            summary["outcome"] = "audio differs"
            summary["audio"] = .string(difference.summary)
            change.after = try FileIO.read(result.outputFile ?? result.golden)
            change.finding = .audio(difference, GoldenTolerances.standard.audio)
        case .missing:
            summary["outcome"] = "missing"
            (change.status, change.after) = (.added, try FileIO.read(result.outputFile ?? result.golden))
        case .stale:
            summary["outcome"] = "stale"
            (change.status, change.before) = (.removed, try? FileIO.read(result.golden))
        case .matches(let difference):
            // Passing pixels whose golden recording rewrote (`BIJOUX_RECORD=all`).
            summary["outcome"] = "matches"
            if let difference { summary["difference"] = difference.summaryJSON }
            (change.status, change.finding) = (.withinTolerance, difference.map { .image($0, tolerance) })
        case .unreadable(let reason):
            summary["outcome"] = "unreadable"
            change.finding = .unreadable(reason)
        }
        // The baseline's side is saved for a change, not for a stale golden (still in place).
        if let before = change.before, change.status == .changed { files.expected = try save("expected", before) }
        if let after = change.after { files.actual = try save("actual", after) }
        try FileIO.writeAtomically(Array(JSONWriter.xcodeStyle(.object(summary)).utf8), to: files.summary)
        return (files, change)
    }

    /// The summary's facts every outcome has: the paths, the message, the tolerance.
    static func summary(_ result: GoldenResult) -> [String: JSONOutput] {
        var summary: [String: JSONOutput] = [
            "path": .string(result.path), "golden": .string(result.golden),
            "passed": false, "message": .string(result.message),
        ]
        if let tolerance = result.tolerance {
            summary["tolerance"] = [
                "comparison": .string(tolerance.comparison.description), "budget": .int(tolerance.budget),
                "reason": .string(tolerance.reason),
            ]
        }
        return summary
    }

    /// `dir/name.ext` → `dir/name`, so artefacts read `name.expected.ext`, `name.diff.png`.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    static func fileExtension(_ path: String) -> String {
        String(path.dropFirst(stem(path).count))
    }
}
