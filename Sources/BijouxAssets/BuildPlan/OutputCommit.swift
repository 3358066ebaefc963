/// Writes a build's files so that a failed build changes nothing: every new or changed
/// file is first written to a temporary file beside its target, and only when all of
/// them are on disk are they renamed into place. Files whose bytes are unchanged are
/// not touched (their modification times stay). Stale files in folders a stage owns
/// are removed last.
public struct OutputCommit {
    public struct Report: Equatable, Sendable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    public static func write(
        _ outputs: [BuildOutput], to root: String, pruning ownedFolders: [String] = []
    ) throws(ImageIOError) -> Report {
        var report = Report()
        var staged: [(temporary: String, path: String, relative: String)] = []
        var paths = Set<String>()
        do {
            for output in outputs {
                precondition(paths.insert(output.path).inserted, "two stages wrote \(output.path)")
                let path = root + "/" + output.path
                if let existing = try? FileIO.read(path), existing == output.bytes {
                    report.unchanged.append(output.path)
                    continue
                }
                staged.append((try FileIO.stageTemporary(output.bytes, for: path), path, output.path))
            }
            for file in staged {
                try FileIO.commit(file.temporary, to: file.path)
                report.written.append(file.relative)
            }
        } catch {
            for file in staged { FileIO.discard(file.temporary) }
            throw error
        }
        for folder in Set(ownedFolders).sorted() {
            report.removed += prune(root: root, folder: folder, keeping: paths)
        }
        return report
    }

    /// Removes files under `folder` (relative to root) that are not in `keeping`, and
    /// folders left empty; also sweeps temporary files of interrupted runs.
    private static func prune(root: String, folder: String, keeping: Set<String>) -> [String] {
        var removed: [String] = []
        func visit(_ relative: String) -> Bool {  // returns whether the folder is now empty
            // A folder that cannot be listed is kept, and so is all in it.
            guard let names = try? FileIO.list(root + "/" + relative) else { return false }
            var kept = 0
            for name in names {
                let child = relative + "/" + name
                if FileIO.isDirectory(root + "/" + child) {
                    if visit(child) {
                        FileIO.remove(root + "/" + child)
                    } else {
                        kept += 1
                    }
                } else if keeping.contains(child) {
                    kept += 1
                } else {
                    FileIO.remove(root + "/" + child)
                    if !name.hasPrefix(FileIO.temporaryPrefix) { removed.append(child) }
                }
            }
            return kept == 0
        }
        if FileIO.isDirectory(root + "/" + folder) { _ = visit(folder) }
        return removed
    }
}
