import BijouxCore

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

/// The new build, made beside the old one and swapped in whole.
///
/// 1. A fresh tree `.build.bijoux-tree-XXXXXX` is made beside `build/`, and every
///    entry of the old tree that this build does not remake is hard-linked into it
///    (the files of folders the stages own are left out, so stale ones go; so are
///    temporary files of interrupted runs, symbolic links, the old cache and marker).
/// 2. Each output goes into the tree as it is made: hard-linked from the old tree when
///    its bytes are unchanged (its modification time stays), else written to a
///    temporary file in the tree and renamed over its name there.
/// 3. The marker and the cache are written into the tree; every file this build wrote
///    into it and every folder of it are synced (`fsync`); the tree and `build/` are
///    exchanged in one `renameat2(RENAME_EXCHANGE)` / `renamex_np(RENAME_SWAP)`; the
///    folder that holds both is synced, so after a power cut `build/` is the old tree
///    or the new one, whole.
/// 4. The old tree, now at the temporary name, is removed.
///
/// Until step 3 nothing in `build/` has changed; step 3 is one atomic exchange of two
/// names; after it `build/` is the complete new tree. So at every instant `build/` is
/// the complete old build or the complete new one. A build killed at any point leaves
/// a tree beside `build/` that the next build sweeps. The sync order was checked with
/// `strace -f -y -e trace=fsync,rename,renameat2` on a build (each written file, then
/// every folder of the tree, then the exchange, then the parent) and is tested through
/// `CommitTrace`.
///
/// The tree is made at the first output whose bytes are new. A build that writes
/// nothing new, removes nothing and leaves the cache and the marker as they were (a
/// no-op build) makes no tree and does not touch `build/` at all.
///
/// Errors name the output folder or its file the user would look for, never a path in
/// the tree, which is gone by the time the error is printed.
final class OutputTree: OutputDestination, Sendable {
    struct Files: Sendable {
        var written: [String] = []
        var unchanged: [String] = []
    }

    private struct State {
        /// The new tree, beside the output folder, once made.
        var tree: String?
        /// Old files to link into the tree once it is made.
        var pending: [String] = []
        /// Files this build wrote into the tree (relative), to sync before the swap.
        var staged: [String] = []
        var finished = false
    }

    let place: OutputPlace
    private let keep: @Sendable (String) -> Bool
    private let state = Locked(State())
    private let files = Locked(Files())

    /// `keep` says which entries of the old tree (relative paths of folders and
    /// files) the new one carries over when it is made. The folder must be the tool's
    /// to replace (`OutputPlace.claim`, checked again here, under the lock).
    init(_ place: OutputPlace, keeping keep: @escaping @Sendable (String) -> Bool) throws {
        self.place = place
        self.keep = keep
        try place.claim()
    }

    deinit { discard() }

    /// Runs a step on the tree, its error naming `path` (of the output folder) instead.
    private func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw FileError.cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    /// The tree, made (with the old entries carried over and the pending links) the
    /// first time it is needed.
    private func madeTree() throws -> String {
        try state.withLock { state in
            if let tree = state.tree { return tree }
            let tree = try naming(place.shown) {
                try FileIO.makeDirectories(place.parent)
                return try FileIO.makeUniqueDirectory(prefix: place.parent + "/" + place.treePrefix)
            }
            state.tree = tree
            CommitSteps.done()
            try carry("", into: tree, staged: &state.staged)
            for relative in state.pending {
                if try link(relative, into: tree) { state.staged.append(relative) }
            }
            state.pending = []
            return tree
        }
    }

    private func carry(_ folder: String, into tree: String, staged: inout [String]) throws {
        let source = folder.isEmpty ? place.root : place.path(folder)
        guard FileIO.entryKind(source) == .directory else { return }
        // A folder that cannot be listed stops the build: carrying it over as empty
        // would remove all in it at the swap.
        for name in try FileIO.list(source) {
            let relative = folder.isEmpty ? name : folder + "/" + name
            if name.hasPrefix(FileIO.temporaryPrefix) || (folder.isEmpty && (name == BuildCache.folder || name == OutputPlace.marker)) || !keep(relative) {
                continue
            }
            switch FileIO.entryKind(place.path(relative)) {
            case .directory?:
                try naming(place.path(relative)) { try FileIO.makeDirectories(tree + "/" + relative) }
                CommitSteps.done()
                try carry(relative, into: tree, staged: &staged)
            case .symbolicLink?, nil:
                // No stage makes a link: it is not the tool's (see `OutputPlace.links`).
                continue
            default:
                if try naming(place.path(relative), { try FileIO.hardLink(place.path(relative), to: tree + "/" + relative) }) { staged.append(relative) }
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
        let target = try madeTree() + "/" + output.path
        try naming(old) {
            let temporary = try FileIO.stageTemporary(output.bytes, for: target)
            CommitSteps.done()
            try FileIO.commit(temporary, to: target)
            CommitSteps.done()
        }
        state.withLock { $0.staged.append(output.path) }
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
        if let tree, try link(relative, into: tree) { state.withLock { $0.staged.append(relative) } }
    }

    /// Puts the old file at `relative` into the tree, unless it was carried over; true
    /// when it was copied (see `FileIO.hardLink`), to be synced.
    private func link(_ relative: String, into tree: String) throws -> Bool {
        let target = tree + "/" + relative
        if FileIO.entryKind(target) == .file { return false }
        let copied = try naming(place.path(relative)) {
            try FileIO.makeDirectories(FileIO.parentDirectory(of: target))
            return try FileIO.hardLink(place.path(relative), to: target)
        }
        CommitSteps.done()
        return copied
    }

    var report: Files { files.value }

    /// Why a step failed, without the path it failed on (which may be in the tree).
    static func reason(_ error: any Error) -> String {
        switch error as? FileError {
        case .cannotWrite(_, let reason)?, .cannotRead(_, let reason)?: reason
        case nil: (error as? any UserFacingError)?.diagnostic.message ?? "\(error)"
        }
    }

    /// Writes the marker and the cache into the tree, syncs it, swaps it in, syncs the
    /// parent, and removes the old tree. When no tree was made, nothing is to be removed
    /// (`removing`), the cache and the marker are the ones the folder has and no
    /// temporary file is left in it, the folder already is this build: it is left as it is.
    func commit(_ cache: BuildCache, removing: Bool) throws {
        let encoded = cache.encoded(tool: ToolIdentity.current)
        let made = state.withLock { $0.tree != nil }
        if !made, !removing, FileIO.entryKind(place.root) == .directory, (try? FileIO.read(place.cacheFile)) == encoded,
            (try? FileIO.read(place.markerFile)) == OutputPlace.markerBytes, !hasTemporaries("")
        {
            state.withLock { $0.finished = true }
            return
        }
        let tree = try madeTree()
        for (relative, bytes) in [(OutputPlace.marker, OutputPlace.markerBytes), (BuildCache.file, encoded)] {
            try naming(place.path(relative)) {
                let file = tree + "/" + relative
                try FileIO.commit(try FileIO.stageTemporary(bytes, for: file), to: file)
            }
            state.withLock { $0.staged.append(relative) }
        }
        CommitSteps.done()
        try naming(place.shown) {
            // What the swap makes visible is on disk first: the files' bytes, then every
            // folder's entries (the new names, links and renames in it).
            for relative in state.withLock({ $0.staged }) { try FileIO.sync(tree + "/" + relative) }
            try syncFolders(tree)
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
        }
        state.withLock { $0.finished = true }
        CommitSteps.done()
        // The swap itself, on disk. The folder is whole either way: a failure here is
        // not reported, as there is nothing left to undo or retry.
        try? FileIO.sync(place.parent)
        removeOldTree(tree)
    }

    /// Syncs a folder of the tree and every folder below it.
    private func syncFolders(_ folder: String) throws {
        for name in try FileIO.list(folder) where FileIO.entryKind(folder + "/" + name) == .directory { try syncFolders(folder + "/" + name) }
        try FileIO.sync(folder)
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

/// Outputs kept in memory, for one stage run alone (`BuildEngine.run`).
final class OutputMemory: OutputDestination, Sendable {
    private let kept = Locked<[BuildOutput]>([])

    func reuse(_ outputs: [BuildCache.Output]) -> Bool { false }

    func write(_ output: BuildOutput) throws -> ContentHash {
        kept.withLock { $0.append(output) }
        return ContentHash.of(output.bytes)
    }

    /// In the order each job made them, jobs in order.
    var outputs: [BuildOutput] { kept.value }
}
