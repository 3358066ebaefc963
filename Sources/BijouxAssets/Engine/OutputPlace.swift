import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names the engine keeps beside an output folder `build`: the lock, and the
/// trees of builds in progress (`.build.bijoux-tree-XXXXXX`); and in it, the marker
/// that makes it the tool's own.
///
/// A build replaces the output folder whole, so it writes only into a folder that is
/// the tool's (see `claim`): missing, empty, or holding the marker `.bijoux-output`
/// (which every committed tree holds) or the cache `.bijoux/cache` (a folder an earlier
/// version built, before the marker). It never writes into, or around, the art folder.
struct OutputPlace: Sendable {
    /// The output folder as given, without trailing slashes; for `.` and `..`, its real path.
    let root: String
    /// The output folder as given, without trailing slashes: how messages about it name it.
    let shown: String
    let parent: String
    let base: String

    /// The marker's name and bytes: the same in every build, so a no-op build leaves it.
    static let marker = ".bijoux-output"
    static let markerBytes = Array(
        "This folder is made by bijoux-assets: each build replaces it whole, and a build writes only into a folder that holds this file.\n".utf8)

    init(_ folder: String) {
        var root = folder
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        shown = root
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
    var markerFile: String { root + "/" + Self.marker }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// How an output folder and the art folder lie, given as resolved real paths (see
    /// `FileIO.resolvedPath`): nil when neither holds the other.
    enum Overlap: Equatable, Sendable { case same, inside, contains }

    static func overlap(output: String, art: String) -> Overlap? {
        func below(_ path: String, _ folder: String) -> Bool { folder == "/" ? path != "/" : path.hasPrefix(folder + "/") }
        if output == art { return .same }
        if below(output, art) { return .inside }
        if below(art, output) { return .contains }
        return nil
    }

    /// Before the lock, so that a refused folder gets no lock beside it either: refuses
    /// an output folder that is, is in, or holds the art folder (`art` as given), or
    /// that is not the tool's (see `claim`); creates its missing parents as `mkdir -p`
    /// does; refuses a parent the swap cannot write (see `FileIO.isWritable`). Errors
    /// name the folders as given. (A concurrent build can only turn a folder the tool's
    /// into another build of it, so the checks hold once the lock is taken.)
    func prepare(art: String) throws {
        switch Self.overlap(output: FileIO.resolvedPath(root), art: FileIO.resolvedPath(art)) {
        case .same?: throw OutputFolderError(folder: shown, message: "is the art folder \(art); give --out a folder of its own, such as build beside it")
        case .inside?:
            throw OutputFolderError(folder: shown, message: "is inside the art folder \(art); give --out a folder outside it, such as build beside it")
        case .contains?:
            throw OutputFolderError(
                folder: shown,
                message: "holds the art folder \(art), and a build replaces the output folder whole; give --out a folder beside the art, such as build")
        case nil: break
        }
        try claim()
        try FileIO.makeDirectories(parent)
        guard FileIO.isWritable(parent) else {
            throw OutputFolderError(
                folder: shown,
                message: "its parent folder \(parent) is read-only, and a build makes the new folder there and swaps it in; give --out another folder")
        }
    }

    /// The build lock (see `FileLock`); an error names the output folder, not the lock file.
    func lock(waiting: () -> Void) throws -> FileLock {
        do {
            return try FileLock(lockFile, waiting: waiting)
        } catch {
            throw FileError.cannotWrite(path: shown, reason: "cannot take the build lock \(lockFile): \(OutputTree.reason(error))")
        }
    }

    /// Refuses an output folder that a build must not replace. It may be
    /// missing; else it must be a folder (not a link to one: the swap would replace the
    /// link), writable (a read-only one is not replaced behind its owner's back), and
    /// the tool's own: holding the marker or the cache, or no file at all (only empty
    /// folders, which a build plugin's host may make). Nothing is changed either way.
    func claim() throws {
        switch FileIO.entryKind(root) {
        case nil: return
        case .directory: break
        case .symbolicLink: throw FileError.cannotWrite(path: shown, reason: "it is a symbolic link; give the folder it points to")
        default: throw FileError.cannotWrite(path: shown, reason: "it is a file, not a folder")
        }
        guard FileIO.isWritable(root) else {
            throw OutputFolderError(
                folder: shown, message: "is read-only, and a build would replace it whole; make it writable (chmod u+w) or give --out another folder")
        }
        if FileIO.entryKind(markerFile) == .file || FileIO.entryKind(cacheFile) == .file { return }
        guard try holdsNoFile(root) else {
            throw OutputFolderError(
                folder: shown,
                message:
                    """
                    is not an output folder of bijoux-assets (it holds files, and no \(Self.marker)), and a build replaces the output folder whole; nothing \
                    was changed: give --out a new or empty folder, such as build
                    """
            )
        }
    }

    /// Whether a folder holds nothing but folders, at any depth.
    private func holdsNoFile(_ folder: String) throws -> Bool {
        for name in try FileIO.list(folder) {
            guard FileIO.entryKind(folder + "/" + name) == .directory, try holdsNoFile(folder + "/" + name) else { return false }
        }
        return true
    }

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

    /// Every symbolic link in the output folder, at any depth, dot-named or not (the
    /// cache's folder aside), relative to the root. No stage makes a link, so each is
    /// foreign: a build leaves it out of the new tree, and `check` counts it as extra.
    func links() throws(FileError) -> [String] {
        var found: [String] = []
        func visit(_ folder: String) throws(FileError) {
            for name in try FileIO.list(folder.isEmpty ? root : path(folder)) where !(folder.isEmpty && name == BuildCache.folder) {
                let child = folder.isEmpty ? name : folder + "/" + name
                switch FileIO.entryKind(path(child)) {
                case .directory?: try visit(child)
                case .symbolicLink?: found.append(child)
                default: break
                }
            }
        }
        if FileIO.entryKind(root) == .directory { try visit("") }
        return found
    }

    /// What a build removes: the files in the `owned` folders that it did not make
    /// (folders may nest: the contact sheet's Preview/ holds Preview/Charms/), and every
    /// link (see `links`); sorted.
    func removed(owned: [String], made: Set<String>) throws -> [String] {
        Set(try owned.flatMap { try files(under: $0) } + links()).filter { !made.contains($0) }.sorted()
    }
}

/// An output folder a build refuses (not the tool's, the art's, read-only): one line
/// naming it as given; nothing was changed.
struct OutputFolderError: UserFacingError, Equatable {
    var folder: String
    var message: String

    var diagnostic: Diagnostic { Diagnostic(place: folder, message: message) }
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
