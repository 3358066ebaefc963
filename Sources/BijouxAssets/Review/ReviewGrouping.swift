import BijouxCore

/// Puts each changed output under the art file it follows from (`Job.source`), in the
/// order a build makes them: outputs of no one file, and removed ones, go under the art
/// folder itself. With the art as the baseline had it (a revision's), a text art file's
/// group says where it first changed.
struct ReviewGrouping {
    let art: ArtFolder
    /// The source of each output, by path.
    let sourceOfPath: [String: String]
    /// Every source, in the order of its first output.
    let sources: [String]
    /// Each output's place in the order the build made them.
    let position: [String: Int]
    let baselineArt: String?

    init(art: ArtFolder, plans: [PlannedStage], run: BuildEngine.Execution, baselineArt: String?) {
        self.art = art
        self.baselineArt = baselineArt
        var sourceOfJob: [JobID: String] = [:]
        for (stage, plan) in plans {
            for job in plan.jobs { sourceOfJob[JobID(stage, job)] = job.source ?? art.path }
        }
        var sourceOfPath: [String: String] = [:], sources: [String] = []
        for (id, entry) in run.cache.entries {
            let source = sourceOfJob[id] ?? art.path
            if !sources.contains(source) { sources.append(source) }
            for output in entry.outputs { sourceOfPath[output.path] = source }
        }
        if let folder = sources.firstIndex(of: art.path) { sources.append(sources.remove(at: folder)) }
        self.sourceOfPath = sourceOfPath
        self.sources = sources
        position = Dictionary(run.paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The groups of `changes` (by path), in source order, each group's changes in the
    /// order the build made them; removed outputs, which it did not make, by path after.
    func groups(_ changes: [String: Review.Change]) -> [Review.Group] {
        var bySource: [String: [Review.Change]] = [:]
        for change in changes.values { bySource[sourceOfPath[change.path] ?? art.path, default: []].append(change) }
        let inOrder = sources + (sources.contains(art.path) ? [] : [art.path])
        return inOrder.compactMap { source in
            guard let found = bySource[source] else { return nil }
            let sorted = found.sorted { (position[$0.path] ?? Int.max, $0.path) < (position[$1.path] ?? Int.max, $1.path) }
            return Review.Group(source: source, line: firstChangedLine(of: source), changes: sorted)
        }
    }

    /// Where a text art file first differs from the baseline art's: the line of the first
    /// differing line, 1 for a file the baseline had not; nil without a baseline art
    /// folder or for a binary file (a painting).
    func firstChangedLine(of source: String) -> Int? {
        guard let baselineArt, source != art.path, source.hasPrefix(art.path + "/") else { return nil }
        let relative = String(source.dropFirst(art.path.count + 1))
        // A file with a NUL byte is binary, as git judges it. Neither side is read through a link.
        guard let now = try? FileIO.read(source, below: art.path), !now.prefix(8000).contains(0) else { return nil }
        guard let then = try? FileIO.read(baselineArt + "/" + relative, below: baselineArt) else { return 1 }
        var line = 1
        for (a, b) in zip(now, then) {
            if a != b { return line }
            if a == UInt8(ascii: "\n") { line += 1 }
        }
        return line
    }
}
