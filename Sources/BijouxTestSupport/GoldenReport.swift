import BijouxAssets
import Foundation

/// Writes what a failed golden check leaves for people and CI: per failing output its
/// expected, actual and diff files and a JSON summary in one failures folder (CI keeps
/// the folder), and one self-contained HTML page that shows them side by side.
package struct GoldenReport: Sendable {
    package var failuresFolder: String
    package var pagePath: String

    package init(failuresFolder: String, pagePath: String) {
        self.failuresFolder = failuresFolder
        self.pagePath = pagePath
    }

    /// The files written for one failing result.
    package struct Artifacts: Sendable, CustomStringConvertible {
        package var expected: String?
        package var actual: String?
        package var diff: String?
        package var summary: String

        package var description: String {
            [("expected", expected), ("actual", actual), ("diff", diff), ("summary", summary)]
                .compactMap { name, path in path.map { "\(name) \($0)" } }.joined(separator: ", ")
        }
    }

    /// Clears the previous run's files, then writes this run's. With no failure, the
    /// folder and the page are removed, so nothing stale is left to mislead.
    @discardableResult
    package func write(_ results: [GoldenResult]) throws(FileError) -> [String: Artifacts] {
        FileIO.removeTree(failuresFolder)
        FileIO.removeTree(pagePath)
        let failed = results.filter { !$0.passed }
        guard !failed.isEmpty else { return [:] }
        var artifacts: [String: Artifacts] = [:]
        var sections: [String] = []
        for result in failed {
            let (files, section) = try writeArtifacts(result)
            artifacts[result.path] = files
            sections.append(section)
        }
        let passed = results.count - failed.count
        try FileIO.writeAtomically(Array(page(sections, failed: failed.count, passed: passed).utf8), to: pagePath)
        return artifacts
    }

    private func writeArtifacts(_ result: GoldenResult) throws(FileError) -> (Artifacts, String) {
        let base = failuresFolder + "/" + Self.stem(result.path)
        let fileExtension = Self.fileExtension(result.path)
        var files = Artifacts(summary: base + ".summary.json")
        var figures: [(String, [UInt8])] = []
        var text = ""

        func save(_ kind: String, _ bytes: [UInt8], ext: String) throws(FileError) -> String {
            let path = "\(base).\(kind)\(ext)"
            try FileIO.writeAtomically(bytes, to: path)
            return path
        }

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
        switch result.outcome {
        case .imageDiffers(let expected, let actual, let difference):
            summary["outcome"] = "differs"
            summary["difference"] = difference.summaryJSON
            let diff = PNGEncoder.encode(DiffImage.render(expected: expected, difference: difference), as: .rgb)
            let expectedPNG = PNGEncoder.encode(expected), actualPNG = PNGEncoder.encode(actual)
            files.expected = try save("expected", expectedPNG, ext: ".png")
            files.actual = try save("actual", actualPNG, ext: ".png")
            files.diff = try save("diff", diff, ext: ".png")
            figures = [("expected", expectedPNG), ("actual", actualPNG), ("diff", diff)]
        case .sizeDiffers(let expected, let actual):
            summary["outcome"] = "size differs"
            let expectedPNG = PNGEncoder.encode(expected), actualPNG = PNGEncoder.encode(actual)
            files.expected = try save("expected", expectedPNG, ext: ".png")
            files.actual = try save("actual", actualPNG, ext: ".png")
            figures = [("expected", expectedPNG), ("actual", actualPNG)]
        case .textDiffers(let expected, let actual):
            let hunk = TextDiff.firstHunk(expected: expected, actual: actual)
            summary["outcome"] = "text differs"
            summary["hunk"] = .string(hunk)
            files.expected = try save("expected", Array(expected.utf8), ext: fileExtension)
            files.actual = try save("actual", Array(actual.utf8), ext: fileExtension)
            text = hunk
        case .audioDiffers(let difference):
            summary["outcome"] = "audio differs"
            summary["audio"] = .string(difference.summary)
            files.actual = try save("actual", try FileIO.read(result.outputFile ?? result.golden), ext: fileExtension)
        case .missing:
            summary["outcome"] = "missing"
            let bytes = try FileIO.read(result.outputFile ?? result.golden)
            files.actual = try save("actual", bytes, ext: fileExtension)
            if GoldenTolerances.isImage(result.path) {
                figures = [("actual (new)", bytes)]
            } else if !GoldenTolerances.isAudio(result.path) {
                text = String(decoding: bytes, as: UTF8.self)
            }
        case .stale:
            summary["outcome"] = "stale"
        case .matches(let difference):
            summary["outcome"] = "matches"
            if let difference { summary["difference"] = difference.summaryJSON }
        case .unreadable:
            summary["outcome"] = "unreadable"
        }
        try FileIO.writeAtomically(Array(JSONWriter.xcodeStyle(.object(summary)).utf8), to: files.summary)
        return (files, section(result, figures: figures, text: text))
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

    // MARK: The page

    private func section(_ result: GoldenResult, figures: [(String, [UInt8])], text: String) -> String {
        var html = "<section>\n<h2>\(HTML.escape(result.path))</h2>\n<p>\(HTML.escape(String(result.message.prefix { $0 != "\n" })))</p>\n"
        if let tolerance = result.tolerance, case .imageDiffers = result.outcome {
            html +=
                "<p class=\"why\">Tolerance: \(HTML.escape(tolerance.comparison.description)), budget \(tolerance.budget) — \(HTML.escape(tolerance.reason))</p>\n"
        }
        if !figures.isEmpty {
            html += "<div class=\"row\">\n"
            for (caption, png) in figures {
                html +=
                    "<figure><img src=\"data:image/png;base64,\(Data(png).base64EncodedString())\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
            }
            html += "</div>\n"
        }
        if !text.isEmpty { html += "<pre>\(HTML.escape(text))</pre>\n" }
        return html + "</section>\n"
    }

    private func page(_ sections: [String], failed: Int, passed: Int) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Golden images: \(failed) failing</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 2em; color: #222; }
        section { border-top: 1px solid #ccc; padding: 1em 0; }
        h2 { font-size: 15px; font-family: ui-monospace, monospace; }
        .why { color: #666; }
        .row { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; }
        img { image-rendering: pixelated; min-width: 240px; max-width: 480px;
              background: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        figcaption { text-align: center; color: #555; }
        pre { background: #f6f6f6; padding: 8px; overflow-x: auto; }
        </style></head><body>
        <h1>Golden images: \(failed) failing, \(passed) passing</h1>
        <p>Diff pictures: <b style="color:#f00">red</b> pixels count as different,
        <b style="color:#fa0">orange</b> ones changed within the tolerance (anti-aliased
        edge or below the threshold), over a faded copy of the expected image.
        Transparent areas show a checkerboard. Files: \(HTML.escape(failuresFolder))/</p>

        """ + sections.joined() + "</body></html>\n"
    }
}
