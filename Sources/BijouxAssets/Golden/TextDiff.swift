/// Where two texts differ, as unified-diff hunks (`@@ line N @@`, context lines with a
/// space, removed lines with `-`, added with `+`): enough to see what changed in a
/// generated file without a diff tool. Written here rather than taken from a library
/// because none of the C libraries the package may use diffs text; it is the textbook
/// longest-common-subsequence table over the lines between the common head and tail,
/// bounded so a hostile pair of files costs at most `maxCells` table cells (past that,
/// the middle is shown as one hunk of removed and added lines). Its callers diff texts of
/// at most `maxBytes` (`OutputJudge`), whose lines are all it holds, and it shows at
/// most `maxShownLines`.
package enum TextDiff {
    static let maxCells = 4_000_000
    /// The largest text diffed, on either side: a generated file is tens of kilobytes.
    static let maxBytes = 1 << 20
    /// The most lines of hunks shown; the rest are counted.
    static let maxShownLines = 400
    /// Characters of a line shown; a longer one (minified JSON, an inline SVG) is cut.
    static let maxLineLength = 240

    /// Every hunk, each with `context` equal lines around it and at most `maxLines`
    /// lines of each side. Empty when equal.
    package static func hunks(expected: String, actual: String, context: Int = 2, maxLines: Int = 40) -> String {
        let old = lines(expected), new = lines(actual)
        guard old != new else { return "" }
        let edits = script(old, new)
        var output: [String] = []
        var index = 0
        while index < edits.count, output.count < maxShownLines {
            guard edits[index].mark != " " else {
                index += 1
                continue
            }
            var end = index
            // A hunk runs while changes are closer than twice the context.
            while end < edits.count {
                if edits[end].mark != " " {
                    end += 1
                    continue
                }
                var next = end
                while next < edits.count, edits[next].mark == " " { next += 1 }
                guard next < edits.count, next - end <= 2 * context else { break }
                end = next
            }
            let start = max(0, index - context), stop = min(edits.count, end + context)
            output.append("@@ line \(edits[index].line) @@")
            output += limited(edits[start..<stop].map { $0.mark + shortened($0.text) }, maxLines * 2)
            index = end
        }
        let more = edits[index...].filter { $0.mark != " " }.count
        if more > 0 { output.append("… \(more) more changed lines") }
        return output.joined(separator: "\n")
    }

    /// The first hunk only (the golden tests' one-line summaries).
    package static func firstHunk(expected: String, actual: String, context: Int = 2, maxLines: Int = 8) -> String {
        let old = lines(expected), new = lines(actual)
        guard old != new else { return "" }
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        var hunk = ["@@ line \(start + 1) @@"]
        hunk += old[max(0, start - context)..<start].map { " " + $0 }
        hunk += side(old[start..<oldEnd], "-", maxLines)
        hunk += side(new[start..<newEnd], "+", maxLines)
        hunk += old[oldEnd..<min(old.count, oldEnd + context)].map { " " + $0 }
        return hunk.joined(separator: "\n")
    }

    /// The line number of the first hunk of `hunks`, as the hunk header gives it.
    static func firstLine(of hunks: String) -> Int? {
        guard hunks.hasPrefix("@@ line ") else { return nil }
        return Int(hunks.dropFirst(8).prefix { $0.isNumber })
    }

    /// One line of the edit script: its mark, its text, and its line number in the
    /// expected text (for an added line, the line it comes before).
    struct Edit {
        var mark: String
        var text: String
        var line: Int
    }

    static func script(_ old: [String], _ new: [String]) -> [Edit] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let a = Array(old[head..<(old.count - tail)]), b = Array(new[head..<(new.count - tail)])
        var edits = old[..<head].enumerated().map { Edit(mark: " ", text: $0.element, line: $0.offset + 1) }
        edits += middle(a, b, firstLine: head + 1)
        edits += old[(old.count - tail)...].enumerated().map { Edit(mark: " ", text: $0.element, line: old.count - tail + $0.offset + 1) }
        return edits
    }

    /// The edits between `a` and `b` (no common head or tail): by the longest common
    /// subsequence while the table stays within `maxCells`, else all of `a` removed and
    /// all of `b` added.
    static func middle(_ a: [String], _ b: [String], firstLine: Int) -> [Edit] {
        guard a.count * b.count <= maxCells, !a.isEmpty, !b.isEmpty else {
            return a.enumerated().map { Edit(mark: "-", text: $0.element, line: firstLine + $0.offset) }
                + b.map { Edit(mark: "+", text: $0, line: firstLine + a.count) }
        }
        let width = b.count + 1
        // lengths[i * width + j]: the LCS of a[i...] and b[j...].
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(Edit(mark: " ", text: a[i], line: firstLine + i))
                (i, j) = (i + 1, j + 1)
            } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                edits.append(Edit(mark: "-", text: a[i], line: firstLine + i))
                i += 1
            } else {
                edits.append(Edit(mark: "+", text: b[j], line: firstLine + i))
                j += 1
            }
        }
        return edits
    }

    static func shortened(_ line: String) -> String {
        line.count <= maxLineLength ? line : line.prefix(maxLineLength) + "… (\(line.count - maxLineLength) more characters)"
    }

    private static func limited(_ lines: [String], _ maxLines: Int) -> [String] {
        lines.count <= maxLines ? lines : Array(lines.prefix(maxLines)) + ["… \(lines.count - maxLines) more lines"]
    }

    private static func side(_ lines: ArraySlice<String>, _ mark: String, _ maxLines: Int) -> [String] {
        var shown = lines.prefix(maxLines).map { mark + $0 }
        if lines.count > maxLines { shown.append("\(mark)… \(lines.count - maxLines) more lines") }
        return shown
    }

    /// Lines without their terminators; a missing final newline shows as its own line.
    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" {
            result.removeLast()
        } else if !text.isEmpty {
            result[result.count - 1] += "\\ (no newline at end of file)"
        }
        return result
    }
}
