import BijouxCore

/// The review as CI reads it: one diagnostic line per art file in the form compilers use
/// (so Xcode, GitHub's problem matchers and editors link it to the art), a Markdown
/// summary for a pull request, and JUnit with one test case per art file.
extension Review {
    /// `path:line:col: error: …` for a group that changed beyond tolerance, `warning:`
    /// for one whose changes are all within it. The line is where a text art file first
    /// differs from the baseline's art (with `--against REV`), else 1: the file as a whole.
    /// A group of changes that do not count (the contact sheet's page) has no line.
    package func diagnostics() -> [String] {
        groups.filter(\.counts).map { group in
            let place = "\(group.source):\(group.line ?? 1):1"
            return Diagnostic(place: place, message: message(group)).line(group.fails ? .error : .warning)
        }
    }

    /// What changed in a group, against what, and its first output's figures.
    func message(_ group: Group) -> String {
        let first = Self.first(group)
        let more = group.changes.count - 1
        return "\(Self.counts(group.changes)) against \(baseline): \(first.path): \(first.summary)" + (more > 0 ? "; and \(more) more" : "")
    }

    /// The change a group's line shows: the first that fails, else the first that counts.
    static func first(_ group: Group) -> Change {
        group.changes.first { $0.status.fails } ?? group.changes.first { $0.status != .notCounted } ?? group.changes[0]
    }

    /// "2 outputs changed, 1 within tolerance, 1 added": only the statuses present.
    static func counts(_ changes: [Change]) -> String {
        let parts: [(Status, String)] = [
            (.changed, "changed"), (.withinTolerance, "within tolerance"), (.added, "added"), (.removed, "removed"), (.notCounted, "not counted"),
        ]
        var words: [String] = []
        for (status, word) in parts {
            let count = changes.filter { $0.status == status }.count
            guard count > 0 else { continue }
            words.append(words.isEmpty ? "\(count) output\(count == 1 ? "" : "s") \(word)" : "\(count) \(word)")
        }
        return words.joined(separator: ", ")
    }

    /// The last line `check` prints: the verdict.
    package var verdict: String {
        if isEmpty { return "\(baseline) is what a build writes now" }
        let files = groups.count
        let head = "\(files) art file\(files == 1 ? "" : "s"): \(Self.counts(changes))"
        guard passes else { return "\(head); to accept: \(acceptCommand)" }
        return count(.withinTolerance) > 0 ? "\(head): every change within tolerance" : "\(head): nothing that counts changed"
    }

    /// A Markdown summary fit for a pull request (GitHub's `$GITHUB_STEP_SUMMARY`): the
    /// verdict, a table of art files and their figures (a group that does not count
    /// marked ➖, not ❌), where the review page is (`report`: its folder, and the address
    /// of the run's artifacts when on GitHub Actions), and the command that accepts.
    /// Paths are shown as escaped `<code>` (inline HTML), so no art name can add markup.
    package func markdown(report: (folder: String, artifacts: String?)? = nil) -> String {
        var text = "### bijoux-assets check: " + (isEmpty ? "no change" : passes ? "passes" : "changed") + "\n\n"
        text += "Compared with \(Self.code(baseline)). \(isEmpty ? "Every output is the same." : Self.counts(changes) + ".")\n"
        guard !isEmpty else { return text }
        text += "\n| Art file | Outputs | First change |\n| --- | --- | --- |\n"
        for group in groups {
            let mark = group.fails ? "❌" : group.counts ? "✅" : "➖"
            let first = Self.first(group)
            text += "| \(mark) \(Self.code(group.source)) | \(Self.counts(group.changes)) | \(Self.code(first.path)): \(Self.cell(first.summary)) |\n"
        }
        if let report {
            let page = Self.code(report.folder + "/" + ReviewPage.fileName)
            let place =
                report.artifacts.map { "; this run keeps it with its <a href=\"\(HTML.escape($0))\">artifacts</a> when the job uploads that folder" } ?? ""
            text += "\nBefore, after and diff of each change: the review page \(page), written where `check` ran\(place).\n"
        }
        if !passes { text += "\nTo accept: \(Self.code(acceptCommand))\n" }
        return text
    }

    static func code(_ text: String) -> String { "<code>" + cell(text) + "</code>" }

    /// Text for a table cell: HTML-escaped, `|` and newlines neutralised.
    static func cell(_ text: String) -> String {
        HTML.escape(text).replacing("|", with: "&#124;").replacing("\n", with: " ")
    }

    /// JUnit XML: one test case per art file the build reads (`sources`, plus any
    /// group's source not among them), failing with its figures when it changed beyond
    /// tolerance; a change within tolerance passes, its figures in `system-out`.
    package func junit(sources: [String]) -> String {
        var cases = sources
        for group in groups where !cases.contains(group.source) { cases.append(group.source) }
        let bySource = Dictionary(groups.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        let failures = groups.filter(\.fails).count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"bijoux-assets check\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        xml += "  <testsuite name=\"\(Self.xml("against " + baseline))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for source in cases {
            xml += "    <testcase classname=\"bijoux-assets.check\" name=\"\(Self.xml(source))\" file=\"\(Self.xml(source))\""
            guard let group = bySource[source] else {
                xml += "/>\n"
                continue
            }
            let lines = group.changes.map { "\($0.status.rawValue): \($0.path): \($0.summary)" }.joined(separator: "\n")
            xml += ">\n"
            if group.fails {
                xml +=
                    "      <failure type=\"changed\" message=\"\(Self.xml(message(group)))\">\(Self.xml(lines + "\nTo accept: " + acceptCommand))</failure>\n"
            } else {
                xml += "      <system-out>\(Self.xml(lines))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Text for XML: escaped as for HTML, and the control characters XML 1.0 forbids
    /// (a file name can hold them) replaced by U+FFFD.
    static func xml(_ text: String) -> String {
        let allowed = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.value < 0x20 && ![0x9, 0xA, 0xD].contains(scalar.value) ? "\u{FFFD}" : scalar
                }))
        return HTML.escape(allowed)
    }
}
