import BijouxCore

/// The review page of `check --report DIR`: `DIR/index.html`, one self-contained file
/// that shows a `Review` to a person (a designer looking at what a change of art did,
/// CI keeping it as an artifact). Every image is inline as a `data:` URI and the style
/// and the flip control's script are inline too, so the page opens offline, from a
/// zip, anywhere, and makes no request at all. Pure but for `write`: a review in, the
/// page's text out (the pictures of changed vectors and symbols, which need the
/// renderer, are drawn before: `ReviewDrawing`). Paths and messages come from the art
/// and the baseline, which are untrusted: every text goes through `HTML.escape`.
///
/// The golden tests' page (BijouxTestSupport's `GoldenReport`) is this page too, of a
/// review made from their failures: one recipe for both.
package enum ReviewPage {
    /// The page's file name in the report folder.
    static let fileName = "index.html"
    /// The most lines of an added text file the page shows, and the most bytes kept for them.
    static let addedTextLines = 40
    static let addedTextBytes = 16 << 10

    /// The page, without drawings (the golden tests' page).
    package static func html(_ review: Review) -> String { html(review, drawings: [:]) }

    /// The page; `drawings` are the pictures of changed vectors and symbols, by path.
    static func html(_ review: Review, drawings: [String: [ReviewDrawing.Panel]]) -> String {
        var page = "<!doctype html>\n<html lang=\"en\" data-ground=\"checkerboard\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(HTML.escape(title(review)))</title>\n<style>\n\(ReviewPageStyle.css)</style>\n</head>\n<body>\n"
        page += header(review) + "<main>\n"
        for group in review.groups { page += section(group, drawings: drawings) }
        page += "</main>\n<script>\n\(ReviewPageStyle.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// Writes the page as `folder/index.html`, making the folder (and its parents)
    /// when it does not exist.
    package static func write(_ review: Review, to folder: String, drawings: [String: [ReviewDrawing.Panel]] = [:]) throws(FileError) {
        try FileIO.makeDirectories(folder)
        try FileIO.writeAtomically(Array(html(review, drawings: drawings).utf8), to: folder + "/" + fileName)
    }

    /// The window's title: what the top of the page says, in one line.
    static func title(_ review: Review) -> String {
        review.isEmpty ? "Review: nothing changed against \(review.baseline)" : "Review: \(counts(review)) against \(review.baseline)"
    }

    /// The counts by status, in the order of `Review.Status`.
    static let statuses: [Review.Status] = [.changed, .withinTolerance, .added, .removed, .notCounted]

    static func counts(_ review: Review) -> String {
        statuses.map { "\(review.count($0)) \($0.rawValue)" }.joined(separator: " · ")
    }

    /// A status as a class name and data value: `within tolerance` → `within-tolerance`.
    static func token(_ status: Review.Status) -> String {
        status.rawValue.replacingSpaces()
    }

    // MARK: The summary

    /// The top of the page: the baseline, the counts (also as data attributes, for
    /// scripts and tests), whether `check` passes, and the command that accepts the
    /// changes; for an empty review, that nothing changed.
    static func header(_ review: Review) -> String {
        let data = statuses.map { " data-\(token($0))=\"\(review.count($0))\"" }.joined()
        var text = "<header class=\"summary\"\(data) data-passes=\"\(review.passes)\">\n"
        text += "<h1>Review against <code>\(HTML.escape(review.baseline))</code></h1>\n"
        guard !review.isEmpty else {
            return text + "<p class=\"nothing\">Nothing changed: every output is the baseline's, byte for byte.</p>\n</header>\n"
        }
        let counts = statuses.map { "<span class=\"count \(token($0))\">\(review.count($0)) \($0.rawValue)</span>" }
        text += "<p class=\"counts\">\(counts.joined(separator: " · "))</p>\n"
        let failing = review.groups.filter(\.fails).count
        text +=
            review.passes
            ? "<p class=\"verdict passes\">check passes: every change is within its tolerance.</p>\n"
            : "<p class=\"verdict fails\">check fails: \(Format.count(failing, "art file has", "art files have")) changes beyond tolerance.</p>\n"
        text += "<p class=\"accept\">To accept these changes as the new baseline, run <code>\(HTML.escape(review.acceptCommand))</code></p>\n"
        text += backgroundSwitch
        text += """
            <details class="legend"><summary>How to read this page</summary>
            <p>Each art file has its outputs that changed. In a diff picture, <b class="red">red</b> pixels count as different and
            <b class="orange">orange</b> ones changed within the tolerance (an anti-aliased edge, or below the threshold), over a
            faded copy of the picture before. The background switch puts every picture on a checkerboard (so transparency shows), dark
            or light; small pictures are enlarged, pixel for pixel. The flip button lays the picture after over the one before; the
            slider fades between them. A vector or a symbol is drawn by the tool's renderer, before and after (a symbol's three
            weights), and compared pixel by pixel; its path data is folded under it. The contact sheet's page is shown but not
            counted: it is for people, and drawn from outputs that are judged themselves.</p>
            </details>

            """
        return text + "</header>\n"
    }

    /// Every picture's ground, for light ink and dark alike: a checkerboard (transparency
    /// shows), dark or light.
    static let backgroundSwitch = """
        <p class="grounds">Background: <button type="button" data-ground="checkerboard" aria-pressed="true">Checkerboard</button> \
        <button type="button" data-ground="dark" aria-pressed="false">Dark</button> \
        <button type="button" data-ground="light" aria-pressed="false">Light</button></p>

        """

    // MARK: Groups and changes

    /// One art file and its changed outputs, in the review's order; failing or passing
    /// as a class and a badge.
    static func section(_ group: Review.Group, drawings: [String: [ReviewDrawing.Panel]] = [:]) -> String {
        let verdict = group.fails ? "fails" : group.counts ? "passes" : "not-counted"
        var text = "<section class=\"group \(verdict)\" data-source=\"\(HTML.escape(group.source))\">\n<h2><code>\(HTML.escape(group.source))</code>"
        if let line = group.line { text += " <span class=\"line\">from line \(line)</span>" }
        text += " → " + HTML.escape(outputNames(group).joined(separator: ", "))
        let badge = group.fails ? "fails" : group.counts ? "within tolerance" : "not counted"
        text += " <span class=\"badge \(verdict)\">\(badge)</span></h2>\n"
        text += "<div class=\"changes\">\n" + group.changes.map { article($0, drawings: drawings[$0.path]) }.joined() + "</div>\n</section>\n"
        return text
    }

    /// The file names of a group's outputs, each once, in order.
    static func outputNames(_ group: Review.Group) -> [String] {
        var names: [String] = []
        for change in group.changes {
            let name = change.path.split(separator: "/").last.map(String.init) ?? change.path
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// What a change's body shows, which sets its width on the page.
    enum Kind: String {
        case image, text, audio, other
    }

    static func kind(_ change: Review.Change) -> Kind {
        switch change.finding {
        case .image?, .imageSize?: return .image
        case .text?: return .text
        case .audio?: return .audio
        case .unreadable?: return .other
        case nil:
            if GoldenTolerances.isImage(change.path) { return .image }
            if GoldenTolerances.isAudio(change.path) { return .audio }
            return .text
        }
    }

    /// One output: its path, its status, its summary line, and what changed by kind (a
    /// vector's or a symbol's `drawings` first, its text folded under them).
    static func article(_ change: Review.Change, drawings: [ReviewDrawing.Panel]? = nil) -> String {
        let path = HTML.escape(change.path), status = token(change.status)
        var text = "<article class=\"change \(status) \(kind(change).rawValue)\" data-path=\"\(path)\" data-status=\"\(status)\">\n"
        text += "<h3><code>\(path)</code> <span class=\"badge \(status)\">\(change.status.rawValue)</span></h3>\n"
        let reason: String
        if case .unreadable? = change.finding { reason = " reason" } else { reason = "" }
        text += "<p class=\"line-summary\(reason)\">\(HTML.escape(change.summary))</p>\n"
        guard ReviewDrawing.form(of: change.path) != nil else { return text + body(change) + "</article>\n" }
        text += (drawings ?? []).map { drawing($0, path: change.path) }.joined()
        let code = body(change)
        if !code.isEmpty { text += "<details class=\"code\"><summary>Path data, as text</summary>\n\(code)</details>\n" }
        return text + "</article>\n"
    }

    /// What changed, by the finding's kind; for an added or removed output (no finding),
    /// by its path's.
    static func body(_ change: Review.Change) -> String {
        switch change.finding {
        case .image(let difference, let tolerance)?: return imageComparison(change, difference, tolerance)
        case .imageSize(let before, let after)?: return resizedImage(change, before: before, after: after)
        case .text(let hunks)?: return diffLines(hunks)
        case .audio(let difference, let tolerance)?: return audioTable(difference, tolerance)
        case .unreadable?: return ""  // The summary line is the reason.
        case nil: break
        }
        switch kind(change) {
        case .image: return loneImages(change)
        case .text: return change.status == .added ? change.after.map(addedText) ?? "" : ""
        case .audio, .other: return sizes(change)
        }
    }

    // MARK: Text and sound

    /// Hunks of `TextDiff` (or any text of marked lines) in a `<pre>`, each line its own
    /// span: `del` for `-`, `add` for `+`, `hunk` for `@@`, `more` for what was cut.
    static func diffLines(_ hunks: String) -> String {
        guard !hunks.isEmpty else { return "" }
        let lines = hunks.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            "<span class=\"\(lineClass(line))\">\(HTML.escape(String(line)))</span>"
        }
        return "<pre class=\"diff\">" + lines.joined() + "</pre>\n"
    }

    static func lineClass(_ line: Substring) -> String {
        if line.hasPrefix("@@") { return "hunk" }
        if line.hasPrefix("-") { return "del" }
        if line.hasPrefix("+") { return "add" }
        if line.hasPrefix("…") { return "more" }
        return "same"
    }

    /// The first `addedTextLines` lines of an added text file (of the first
    /// `addedTextBytes` kept of it), as added lines, each cut as a diff cuts it.
    static func addedText(_ bytes: [UInt8]) -> String {
        var lines = String(decoding: bytes.prefix(addedTextBytes), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var shown = lines.prefix(addedTextLines).map { "+" + TextDiff.shortened(String($0)) }
        let whole = bytes.count < addedTextBytes
        if lines.count > addedTextLines {
            shown.append(whole ? "… \(lines.count - addedTextLines) more lines" : "… more lines")
        } else if !whole {
            shown.append("… more")
        }
        return diffLines(shown.joined(separator: "\n"))
    }

    /// Two sounds' durations and loudness, the energy of their difference, and how far
    /// each may move.
    static func audioTable(_ difference: AudioDifference, _ tolerance: AudioTolerance) -> String {
        func measure(_ value: Double, _ decimals: Int, _ unit: String) -> String {
            (value.isFinite ? Format.number(value, decimals: decimals) : value < 0 ? "−∞" : "∞") + " " + unit
        }
        let rows = [
            ("duration", measure(difference.beforeSeconds, 3, "s"), measure(difference.afterSeconds, 3, "s"), "± " + measure(tolerance.seconds, 3, "s")),
            (
                "loudness", measure(difference.beforeLoudness, 1, "LUFS"), measure(difference.afterLoudness, 1, "LUFS"),
                "± " + measure(tolerance.loudness, 1, "LU")
            ),
        ]
        var text = "<table class=\"audio\">\n<tr><th></th><th>before</th><th>after</th><th>tolerance</th></tr>\n"
        for (name, before, after, allowed) in rows {
            text += "<tr><th>\(name)</th><td>\(before)</td><td>\(after)</td><td>\(allowed)</td></tr>\n"
        }
        let energy = difference.differenceDB.isFinite ? measure(difference.differenceDB, 1, "dB") : "none"
        text += "<tr><th>difference</th><td colspan=\"2\">\(energy)</td><td>at most \(measure(tolerance.differenceDB, 1, "dB"))</td></tr>\n"
        return text + "</table>\n"
    }

    /// The sizes of an added or removed file the page does not show.
    static func sizes(_ change: Review.Change) -> String {
        let sides = [("before", change.before), ("after", change.after)].compactMap { name, bytes in
            bytes.map { "\(name) \(Format.count($0.count, "byte"))" }
        }
        return sides.isEmpty ? "" : "<p class=\"sizes\">\(sides.joined(separator: ", "))</p>\n"
    }
}

extension String {
    /// Spaces as hyphens, for class names and data values made of words.
    fileprivate func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
