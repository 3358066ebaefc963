#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a build's outputs go as they are made: a new tree beside the output folder
/// (`OutputTree`), or a comparison with it that writes nothing (`OutputComparison`).
protocol OutputDestination: AnyObject, Sendable {
    /// Takes a cached job's outputs as they are in the output folder, when each is
    /// there with the recorded hash; false (taking nothing) otherwise.
    func reuse(_ outputs: [BuildCache.Output]) -> Bool
    /// Takes one newly made output; returns its hash for the cache.
    func write(_ output: BuildOutput) throws -> ContentHash
}

/// The names the engine keeps beside an output folder `build`: the lock, and the
/// trees of builds in progress (`.build.bijoux-tree-XXXXXX`).
struct OutputPlace: Sendable {
    /// The output folder as given, without trailing slashes.
    let root: String
    let parent: String
    let base: String

    init(_ folder: String) {
        var root = folder
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        var base = String(root.split(separator: "/").last ?? "")
        if base.isEmpty || base == "." || base == ".." {
            root = FileIO.realPath(root)
            base = String(root.split(separator: "/").last ?? "build")
        }
        self.root = root
        base = base.isEmpty ? "build" : base
        self.base = base
        let parent = FileIO.parentDirectory(of: root)
        self.parent = parent.isEmpty ? "." : parent
    }

    var lockFile: String { parent + "/." + base + ".bijoux-lock" }
    var treePrefix: String { "." + base + ".bijoux-tree-" }
    var cacheFile: String { root + "/" + BuildCache.file }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Removes the trees that interrupted builds left beside the folder. Call only
    /// under the lock: another build's tree is never touched.
    func sweep() {
        for name in (try? FileIO.list(parent)) ?? [] where name.hasPrefix(treePrefix) {
            FileIO.removeTree(parent + "/" + name)
        }
    }

    /// The cache the last build left, or nil (missing, unreadable, corrupt, foreign).
    func readCache() -> BuildCache? {
        guard FileIO.entryKind(cacheFile) == .file, let bytes = try? FileIO.read(cacheFile) else { return nil }
        return BuildCache.decode(bytes, tool: ToolIdentity.current)
    }

    /// Every file below `relative` in the output folder (links included, folders
    /// not), relative to the root; dot-named entries are skipped. A folder that cannot
    /// be listed is an error: what is in it cannot be told stale, so nothing is removed.
    func files(under relative: String) throws(FileError) -> [String] {
        var found: [String] = []
        func visit(_ folder: String) throws(FileError) {
            for name in try FileIO.list(path(folder)) where !name.hasPrefix(".") {
                let child = folder + "/" + name
                if FileIO.entryKind(path(child)) == .directory { try visit(child) } else { found.append(child) }
            }
        }
        if FileIO.entryKind(path(relative)) == .directory { try visit(relative) }
        return found
    }
}

/// The steps of the commit, counted so that tests can kill the build after any one
/// of them. The hook is compiled into debug builds only (the ones tests run) and
/// reads `BIJOUX_TEST_KILL_AT_STEP`: the process kills itself with SIGKILL right
/// after that step.
enum CommitSteps {
    #if DEBUG
        private static let killAt: Int? = getenv("BIJOUX_TEST_KILL_AT_STEP").flatMap { Int(String(cString: $0)) }
        private static let count = Locked(0)
    #endif

    static func done() {
        #if DEBUG
            guard let killAt else { return }
            if count.withLock({
                $0 += 1; return $0
            }) == killAt {
                kill(getpid(), SIGKILL)
            }
        #endif
    }
}

/// The new build, made beside the old one and swapped in whole.
///
/// 1. A fresh tree `.build.bijoux-tree-XXXXXX` is made beside `build/`, and every
///    entry of the old tree that this build does not remake is hard-linked into it
///    (the files of folders the stages own are left out, so stale ones go; so are
///    temporary files of interrupted runs, and the old cache).
/// 2. Each output goes into the tree as it is made: hard-linked from the old tree when
///    its bytes are unchanged (its modification time stays), else written to a
///    temporary file in the tree and renamed over its name there.
/// 3. The cache is written into the tree, and the tree and `build/` are exchanged in
///    one `renameat2(RENAME_EXCHANGE)` / `renamex_np(RENAME_SWAP)`.
/// 4. The old tree, now at the temporary name, is removed.
///
/// Until step 3 nothing in `build/` has changed; step 3 is one atomic exchange of two
/// names; after it `build/` is the complete new tree. So at every instant `build/` is
/// the complete old build or the complete new one. A build killed at any point leaves
/// a tree beside `build/` that the next build sweeps.
///
/// The tree is made at the first output whose bytes are new. A build that writes
/// nothing new, removes nothing and leaves the cache as it was (a no-op build) makes
/// no tree and does not touch `build/` at all.
final class OutputTree: OutputDestination, @unchecked Sendable {
    struct Files: Sendable {
        var written: [String] = []
        var unchanged: [String] = []
    }

    private struct State {
        /// The new tree, beside the output folder, once made.
        var tree: String?
        /// Old files to link into the tree once it is made.
        var pending: [String] = []
        var finished = false
    }

    let place: OutputPlace
    private let keep: @Sendable (String) -> Bool
    private let state = Locked(State())
    private let files = Locked(Files())

    /// `keep` says which entries of the old tree (relative paths of folders and
    /// files) the new one carries over when it is made.
    init(_ place: OutputPlace, keeping keep: @escaping @Sendable (String) -> Bool) throws {
        self.place = place
        self.keep = keep
        switch FileIO.entryKind(place.root) {
        case nil, .directory: break
        case .symbolicLink:
            // The swap would replace the link itself with a folder.
            throw FileError.cannotWrite(path: place.root, reason: "it is a symbolic link; give the folder it points to")
        default: throw FileError.cannotWrite(path: place.root, reason: "it is a file, not a folder")
        }
    }

    deinit { discard() }

    /// The tree, made (with the old entries carried over and the pending links) the
    /// first time it is needed.
    private func madeTree() throws -> String {
        try state.withLock { state in
            if let tree = state.tree { return tree }
            try FileIO.makeDirectories(place.parent)
            let tree = try FileIO.makeUniqueDirectory(prefix: place.parent + "/" + place.treePrefix)
            state.tree = tree
            CommitSteps.done()
            try carry("", into: tree)
            for relative in state.pending { try link(relative, into: tree) }
            state.pending = []
            return tree
        }
    }

    private func carry(_ folder: String, into tree: String) throws {
        let source = folder.isEmpty ? place.root : place.path(folder)
        guard FileIO.entryKind(source) == .directory else { return }
        // A folder that cannot be listed stops the build: carrying it over as empty
        // would remove all in it at the swap.
        for name in try FileIO.list(source) {
            let relative = folder.isEmpty ? name : folder + "/" + name
            if name.hasPrefix(FileIO.temporaryPrefix) || (folder.isEmpty && name == BuildCache.folder) || !keep(relative) { continue }
            if FileIO.entryKind(place.path(relative)) == .directory {
                try FileIO.makeDirectories(tree + "/" + relative)
                CommitSteps.done()
                try carry(relative, into: tree)
            } else {
                try FileIO.hardLink(place.path(relative), to: tree + "/" + relative)
                CommitSteps.done()
            }
        }
    }

    func reuse(_ outputs: [BuildCache.Output]) -> Bool {
        for output in outputs {
            guard FileIO.entryKind(place.path(output.path)) == .file,
                (try? FileIO.contentHash(ofFile: place.path(output.path))) == output.hash
            else { return false }
        }
        do {
            for output in outputs { try keepOld(output.path) }
        } catch {
            return false
        }
        files.withLock { $0.unchanged += outputs.map(\.path) }
        return true
    }

    func write(_ output: BuildOutput) throws -> ContentHash {
        let old = place.path(output.path)
        let hash = ContentHash.of(output.bytes)
        if FileIO.entryKind(old) == .file, (try? FileIO.read(old)) == output.bytes {
            try keepOld(output.path)
            files.withLock { $0.unchanged.append(output.path) }
            return hash
        }
        do {
            let target = try madeTree() + "/" + output.path
            let temporary = try FileIO.stageTemporary(output.bytes, for: target)
            CommitSteps.done()
            try FileIO.commit(temporary, to: target)
            CommitSteps.done()
        } catch {
            throw FileError.cannotWrite(path: old, reason: Self.reason(error))
        }
        files.withLock { $0.written.append(output.path) }
        return hash
    }

    /// The old file at `relative` goes into the new tree: linked now if the tree is
    /// made, else when it is.
    private func keepOld(_ relative: String) throws {
        let tree: String? = state.withLock { state in
            if state.tree == nil { state.pending.append(relative) }
            return state.tree
        }
        if let tree { try link(relative, into: tree) }
    }

    /// Puts the old file at `relative` into the tree, unless it was carried over.
    private func link(_ relative: String, into tree: String) throws {
        let target = tree + "/" + relative
        if FileIO.entryKind(target) == .file { return }
        do {
            try FileIO.makeDirectories(FileIO.parentDirectory(of: target))
            try FileIO.hardLink(place.path(relative), to: target)
        } catch {
            throw FileError.cannotWrite(path: place.path(relative), reason: Self.reason(error))
        }
        CommitSteps.done()
    }

    var report: Files { files.value }

    /// Why a write in the tree failed, to be told of the output folder's path.
    private static func reason(_ error: any Error) -> String {
        if case .cannotWrite(_, let reason)? = error as? FileError { return reason }
        return (error as? FileError)?.description ?? "\(error)"
    }

    /// Writes the cache into the tree, swaps the tree in, and removes the old one. When
    /// no tree was made, nothing is to be removed (`removing`), the cache is the one the
    /// folder has and no temporary file is left in it, the folder already is this
    /// build: it is left as it is.
    func commit(_ cache: BuildCache, removing: Bool) throws {
        let encoded = cache.encoded(tool: ToolIdentity.current)
        let made = state.withLock { $0.tree != nil }
        if !made, !removing, FileIO.entryKind(place.root) == .directory,
            (try? FileIO.read(place.path(BuildCache.file))) == encoded, !hasTemporaries("")
        {
            state.withLock { $0.finished = true }
            return
        }
        let tree = try madeTree()
        let cacheFile = tree + "/" + BuildCache.file
        try FileIO.commit(try FileIO.stageTemporary(encoded, for: cacheFile), to: cacheFile)
        CommitSteps.done()
        if FileIO.entryKind(place.root) == .directory {
            if try !FileIO.exchange(tree, place.root) {
                // A file system that cannot exchange (a few network ones): two renames,
                // with an instant between them where the folder is absent.
                let aside = tree + ".old"
                try FileIO.move(place.root, to: aside)
                try FileIO.move(tree, to: place.root)
                try FileIO.move(aside, to: tree)
            }
        } else {
            try FileIO.move(tree, to: place.root)
        }
        state.withLock { $0.finished = true }
        CommitSteps.done()
        removeOldTree(tree)
    }

    /// Whether the old tree holds temporary files of an interrupted run (which a new
    /// tree leaves behind); an unlistable folder counts as holding some.
    private func hasTemporaries(_ folder: String) -> Bool {
        guard let names = try? FileIO.list(folder.isEmpty ? place.root : place.path(folder)) else { return true }
        return names.contains { name in
            let relative = folder.isEmpty ? name : folder + "/" + name
            return name.hasPrefix(FileIO.temporaryPrefix) || (FileIO.entryKind(place.path(relative)) == .directory && hasTemporaries(relative))
        }
    }

    private func removeOldTree(_ path: String) {
        if FileIO.entryKind(path) == .directory {
            for name in (try? FileIO.list(path)) ?? [] { removeOldTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
        CommitSteps.done()
    }

    /// Removes the unfinished tree (a failed build), if one was made.
    func discard() {
        let tree: String? = state.withLock { state in
            defer { state.finished = true }
            return state.finished ? nil : state.tree
        }
        if let tree { FileIO.removeTree(tree) }
    }
}

/// Compares what a build makes with the output folder, writing nothing.
final class OutputComparison: OutputDestination, @unchecked Sendable {
    struct Differences: Sendable, Equatable {
        var stale: [String] = []
        var missing: [String] = []
    }

    let place: OutputPlace
    private let found = Locked(Differences())

    init(_ place: OutputPlace) { self.place = place }

    func reuse(_ outputs: [BuildCache.Output]) -> Bool {
        outputs.allSatisfy { output in
            FileIO.entryKind(place.path(output.path)) == .file
                && (try? FileIO.contentHash(ofFile: place.path(output.path))) == output.hash
        }
    }

    func write(_ output: BuildOutput) throws -> ContentHash {
        let path = place.path(output.path)
        switch FileIO.entryKind(path) {
        case nil: found.withLock { $0.missing.append(output.path) }
        case .file:
            if try FileIO.read(path) != output.bytes { found.withLock { $0.stale.append(output.path) } }
        default: found.withLock { $0.stale.append(output.path) }
        }
        return ContentHash.of(output.bytes)
    }

    var differences: Differences { found.value }
}

/// Outputs kept in memory, for one stage run alone (`BuildEngine.run`).
final class OutputMemory: OutputDestination, @unchecked Sendable {
    private let kept = Locked<[BuildOutput]>([])

    func reuse(_ outputs: [BuildCache.Output]) -> Bool { false }

    func write(_ output: BuildOutput) throws -> ContentHash {
        kept.withLock { $0.append(output) }
        return ContentHash.of(output.bytes)
    }

    /// In the order each job made them, jobs in order.
    var outputs: [BuildOutput] { kept.value }
}
