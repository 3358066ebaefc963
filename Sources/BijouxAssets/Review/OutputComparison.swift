import BijouxCore
import BijouxSVG

/// Where `check` sends a build's outputs: each compared, as it is made, with the
/// baseline folder's file of the same path (`BaselineFolder`: no link followed), and
/// judged by the tolerance table when the bytes differ (`OutputJudge`), on the job's own
/// thread. Nothing is written. A side past what the judge reads (`OutputJudge.readLimit`)
/// is compared by its hash, read a piece at a time, so a huge baseline file costs no
/// memory. What differs is kept for the review with the bytes its page shows: the
/// pictures (images, and the SVGs it draws), and the head of an added text.
final class OutputComparison: OutputDestination, Sendable {
    let baseline: BaselineFolder
    let tolerances: GoldenTolerances
    private let found = Locked<[Review.Change]>([])

    init(_ baseline: BaselineFolder, tolerances: GoldenTolerances) {
        self.baseline = baseline
        self.tolerances = tolerances
    }

    /// A cached job counts as up to date when its files have the hashes the cache
    /// records (`check --trust-cache`, and a baseline this check built itself).
    func reuse(_ outputs: [BuildCache.Output]) -> Bool {
        outputs.allSatisfy { output in
            guard case .file = baseline.entry(output.path) else { return false }
            return (try? baseline.hash(output.path)) == output.hash
        }
    }

    func write(_ output: BuildOutput) throws -> ContentHash {
        let hash = ContentHash.of(output.bytes)
        if let change = compare(output, hash: hash) { found.withLock { $0.append(change) } }
        return hash
    }

    /// How the output stands against the baseline's file at its path; nil when the same.
    func compare(_ output: BuildOutput, hash: ContentHash) -> Review.Change? {
        let path = output.path, after = output.bytes
        let entry = baseline.entry(path)
        guard case .file(let size) = entry else {
            if let reason = BaselineFolder.reason(entry, for: path) {
                return Review.Change(path: path, status: .changed, finding: .unreadable(reason), after: Self.shown(after, path))
            }
            return Review.Change(path: path, status: .added, after: Self.shown(after, path, added: true))
        }
        let limit = OutputJudge.readLimit(for: path)
        if size > limit || after.count > limit {
            if size == after.count, (try? baseline.hash(path)) == hash { return nil }
            return Review.Change(path: path, status: .changed, finding: .unreadable(OutputJudge.pastLimit(path, before: size, after: after.count)))
        }
        let before: [UInt8]
        do { before = try baseline.read(path, limit: limit) } catch {
            return Review.Change(path: path, status: .changed, finding: .unreadable(error.description), after: Self.shown(after, path))
        }
        guard before != after else { return nil }
        let finding = OutputJudge.judge(before: before, after: after, path: path, names: (baseline.path(path), path), tolerances: tolerances)
        return Review.Change(
            path: path, status: finding.passes ? .withinTolerance : .changed, finding: finding, before: Self.shown(before, path),
            after: Self.shown(after, path))
    }

    /// The bytes of a side the review page shows: an image's, a drawn SVG's (one small
    /// enough to draw), an added sound's, the head of an added text; nil for the rest,
    /// whose finding says all the page shows.
    static func shown(_ bytes: [UInt8], _ path: String, added: Bool = false) -> [UInt8]? {
        if GoldenTolerances.isImage(path) { return bytes }
        if ReviewDrawing.form(of: path) != nil { return bytes.count <= SVGSafety.maxFileSize ? bytes : nil }
        guard added else { return nil }
        return GoldenTolerances.isAudio(path) ? bytes : Array(bytes.prefix(ReviewPage.addedTextBytes))
    }

    /// Every output that differs, by path.
    var changes: [String: Review.Change] { Dictionary(found.value.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) }
}
