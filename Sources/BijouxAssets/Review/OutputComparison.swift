import BijouxCore

/// Where `check` sends a build's outputs: each compared, as it is made, with the
/// baseline folder's file of the same path, and judged by the tolerance table when the
/// bytes differ (`OutputJudge`), on the job's own thread. Nothing is written; what
/// differs is kept, with both sides' bytes, for the review.
final class OutputComparison: OutputDestination, @unchecked Sendable {
    let place: OutputPlace
    let tolerances: GoldenTolerances
    private let found = Locked<[Review.Change]>([])

    init(_ place: OutputPlace, tolerances: GoldenTolerances) {
        self.place = place
        self.tolerances = tolerances
    }

    /// A cached job counts as up to date when its files have the hashes the cache
    /// records (`check --trust-cache`, and a baseline this check built itself).
    func reuse(_ outputs: [BuildCache.Output]) -> Bool {
        outputs.allSatisfy { output in
            FileIO.entryKind(place.path(output.path)) == .file
                && (try? FileIO.contentHash(ofFile: place.path(output.path))) == output.hash
        }
    }

    func write(_ output: BuildOutput) throws -> ContentHash {
        let path = place.path(output.path)
        switch FileIO.entryKind(path) {
        case nil:
            keep(Review.Change(path: output.path, status: .added, after: output.bytes))
        case .file:
            let before = try FileIO.read(path)
            if before != output.bytes {
                let finding = OutputJudge.judge(
                    before: before, after: output.bytes, path: output.path, names: (path, output.path), tolerances: tolerances)
                let status: Review.Status = finding.passes ? .withinTolerance : .changed
                keep(Review.Change(path: output.path, status: status, finding: finding, before: before, after: output.bytes))
            }
        default:
            let finding = Finding.unreadable("the baseline has a folder or a link where this file goes")
            keep(Review.Change(path: output.path, status: .changed, finding: finding, after: output.bytes))
        }
        return ContentHash.of(output.bytes)
    }

    private func keep(_ change: Review.Change) { found.withLock { $0.append(change) } }

    /// Every output that differs, by path.
    var changes: [String: Review.Change] { Dictionary(found.value.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) }
}
