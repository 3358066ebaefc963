import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `check` compares a build with: the output folder (the default), a folder of an
/// earlier build (`--against-dir DIR`), or the art folder as it was at a git revision
/// (`--against REV`), built by this same tool into a temporary folder, so a pull
/// request that edits art is reviewed even where no output is committed.
package enum Baseline: Sendable, Equatable {
    /// The output folder the build writes (`--out`).
    case outputFolder
    /// A folder of an earlier build.
    case folder(String)
    /// A git revision (a branch, a tag, a commit) of the repository holding the art folder.
    case revision(String)

    /// The baseline `--against` (`revision`) or `--against-dir` (`folder`) names, not
    /// both, else the output folder.
    package static func chosen(revision: String?, folder: String?, artFolder: String) throws(BaselineError) -> Baseline {
        switch (revision, folder) {
        case (let revision?, let folder?): throw BaselineError(value: revision, message: "give --against or --against-dir \(folder), not both")
        case (let value?, nil): try parse(value, artFolder: artFolder)
        case (nil, let folder?): try Self.folder(named: folder)
        case (nil, nil): .outputFolder
        }
    }

    /// `--against-dir`: a folder, or an error when there is none by that name.
    static func folder(named value: String) throws(BaselineError) -> Baseline {
        guard FileIO.isDirectory(value) else { throw BaselineError(option: "--against-dir", value: value, message: "not a folder") }
        return .folder(value)
    }

    /// `--against VALUE`: a revision, or a folder when nothing else is meant: a folder
    /// (not a link to one) that is not also a revision of the repository holding the art
    /// folder `artFolder`. A link to a folder, or a folder that is also a revision, is an
    /// error naming both forms, so nothing is guessed.
    static func parse(_ value: String, artFolder: String) throws(BaselineError) -> Baseline {
        func fail(_ message: String) -> BaselineError { BaselineError(value: value, message: message) }
        switch FileIO.entryKind(value) {
        case .symbolicLink? where FileIO.isDirectory(value):
            throw fail("is a symbolic link to a folder; give --against-dir \(value) for that folder, or --against with a git revision")
        case .directory?:
            guard let commit = RevisionBaseline.commit(value, artFolder: artFolder) else { return .folder(value) }
            throw fail("is both a folder and a git revision; give --against-dir \(value) for the folder, or --against \(commit) for the revision")
        default:
            return .revision(value)
        }
    }
}

/// `--against` or `--against-dir` could not give a baseline: not a repository, not a
/// revision, not a folder, or the art as it was there does not build. One line naming
/// the option and its value.
package struct BaselineError: UserFacingError, Equatable {
    var option = "--against"
    var value: String
    var message: String

    package var diagnostic: Diagnostic { Diagnostic(place: nil, message: "\(option) \(value): \(message)") }
}

/// The art folder at a git revision, taken out with `git archive` into a temporary
/// folder (a `CheckWorkspace`, removed by `remove`), and built there. The art lies there
/// under its own folder's name, as it does in the work tree, so what the build writes
/// names it as a build of the work tree does.
struct RevisionBaseline {
    let workspace: CheckWorkspace
    /// The art folder as it was at the revision; nil when it did not exist there.
    let art: String?
    /// The build of `art` (empty when there was none).
    var output: String { workspace.path + "/out" }

    /// Takes the art folder `artFolder` (inside a git work tree) out of `revision` and
    /// builds it with `jobs` threads.
    static func make(artFolder: String, revision: String, jobs: Int) throws -> RevisionBaseline {
        func fail(_ message: String) -> BaselineError { BaselineError(value: revision, message: message) }
        // Never an option to git.
        guard !revision.hasPrefix("-"), !revision.isEmpty else { throw fail("not a revision (a branch, a tag or a commit)") }
        let git = try Self.git(revision)
        let root = try run(git, ["-C", artFolder, "rev-parse", "--show-toplevel"], revision).trimmed
        let prefix = try run(git, ["-C", artFolder, "rev-parse", "--show-prefix"], revision).trimmed
        guard let commit = try? run(git, ["-C", root, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], revision).trimmed else {
            throw fail("not a commit of the repository at \(root)")
        }
        let workspace = try CheckWorkspace()
        do {
            let listed = prefix.isEmpty ? "." : try run(git, ["-C", root, "ls-tree", "--name-only", commit, "--", String(prefix.dropLast())], revision)
            try FileIO.makeDirectories(workspace.path + "/out")
            guard !listed.trimmed.isEmpty else { return RevisionBaseline(workspace: workspace, art: nil) }
            let name = String(TableStage.sourceName(artFolder: artFolder, file: "").dropLast())
            // Through a file, not memory: an art folder of paintings can be large.
            let archive = workspace.path + "/art.tar", tree = prefix.isEmpty ? commit : commit + ":" + String(prefix.dropLast())
            _ = try run(git, ["-C", root, "archive", "--format=tar", "--prefix=\(name)/", "-o", archive, tree], revision)
            try FileIO.makeDirectories(workspace.path + "/tree")
            _ = try run(try executable("tar", revision), ["-x", "-f", archive, "-C", workspace.path + "/tree"], revision)
            FileIO.removeTree(archive)
            let baseline = RevisionBaseline(workspace: workspace, art: workspace.path + "/tree/" + name)
            try baseline.build(shownAs: artFolder, revision: revision, jobs: jobs)
            return baseline
        } catch {
            workspace.remove()
            throw error
        }
    }

    /// Builds the art into `output`, cancelled by a signal (`InterruptCleanup`). A failure
    /// is one line naming the art's files from `shownAs`, the art folder as given, never
    /// by the temporary path.
    func build(shownAs artFolder: String, revision: String, jobs: Int) throws {
        guard let art else { return }
        var options = BuildEngine.Options(artFolder: art, outputFolder: output, jobs: jobs)
        options.cancel = InterruptCleanup.stop
        do {
            _ = try InterruptCleanup.working { try BuildEngine.build(options) }
        } catch let error as any UserFacingError {
            let line = error.diagnostic.line(.error).replacing(art, with: OutputPlace(artFolder).shown)
            throw BaselineError(value: revision, message: "the art there does not build: " + line)
        }
    }

    /// Removes the temporary folder.
    func remove() { workspace.remove() }

    /// The commit `value` names in the repository holding `artFolder`; nil when it names
    /// none, or there is no repository or no git.
    static func commit(_ value: String, artFolder: String) -> String? {
        guard !value.hasPrefix("-"), !value.isEmpty, let git = try? git(value) else { return nil }
        return try? run(git, ["-C", artFolder, "rev-parse", "--verify", "--quiet", value + "^{commit}"], value).trimmed
    }

    static func git(_ revision: String) throws(BaselineError) -> String { try executable("git", revision) }

    /// `name` found on `PATH`, as a shell finds it.
    static func executable(_ name: String, _ revision: String) throws(BaselineError) -> String {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        throw BaselineError(value: revision, message: "\(name) is not on PATH")
    }

    /// Runs git (or tar) to its end; its standard output, or a `BaselineError` with what it said.
    static func run(_ executable: String, _ arguments: [String], _ revision: String) throws(BaselineError) -> String {
        let result: ChildProcess.Result
        // Killed at once on SIGINT or SIGTERM, whose cleanup waits for it.
        let limits = ChildProcess.Limits(cancelled: { _ in InterruptCleanup.stop.isSet })
        do {
            result = try InterruptCleanup.working { () throws(ChildProcess.LaunchFailure) in try ChildProcess.run(executable, arguments, limits: limits) }
        } catch {
            throw BaselineError(value: revision, message: "cannot run \(executable): \(error.reason)")
        }
        guard result.status == 0 else { throw BaselineError(value: revision, message: result.reason) }
        return String(decoding: result.stdout, as: UTF8.self)
    }
}

extension String {
    fileprivate var trimmed: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
