import BijouxAssets

/// Where two texts first part, shown as one unified-diff hunk: enough to see what
/// changed in a generated file without a diff tool.
package enum TextDiff {
    /// `@@ line N @@`, a few equal lines of context, then the differing lines of each
    /// side (`-` expected, `+` actual), at most `maxLines` of each. Empty when equal.
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

    private static func side(_ lines: ArraySlice<String>, _ mark: String, _ maxLines: Int) -> [String] {
        var shown = lines.prefix(maxLines).map { mark + $0 }
        if lines.count > maxLines { shown.append("\(mark)… \(lines.count - maxLines) more lines") }
        return shown
    }

    /// Lines without their terminators; a missing final newline shows as its own line.
    private static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" {
            result.removeLast()
        } else if !text.isEmpty {
            result[result.count - 1] += "\\ (no newline at end of file)"
        }
        return result
    }
}
