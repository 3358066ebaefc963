import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `check` compares a build with: the output folder (the default), a folder of an
/// earlier build (`--against DIR`), or the art folder as it was at a git revision
/// (`--against REV`), built by this same tool into a temporary folder, so a pull
/// request that edits art is reviewed even where no output is committed.
enum Baseline: Sendable, Equatable {
    /// The output folder the build writes (`--out`).
    case outputFolder
    /// A folder of an earlier build.
    case folder(String)
    /// A git revision (a branch, a tag, a commit) of the repository holding the art folder.
    case revision(String)

    /// `--against VALUE`: a folder when one is there by that name, else a revision.
    static func parse(_ value: String) -> Baseline {
        FileIO.entryKind(value) == .directory ? .folder(value) : .revision(value)
    }
}

/// `--against REV` could not give a baseline: not a repository, not a revision, or the
/// art as it was there does not build. One line naming the revision.
struct BaselineError: UserFacingError, Equatable {
    var revision: String
    var message: String

    var diagnostic: Diagnostic { Diagnostic(place: nil, message: "--against \(revision): \(message)") }
}

/// The art folder at a git revision, taken out with `git archive` into a temporary
/// folder (removed by `remove`), and built there.
struct RevisionBaseline {
    /// The temporary folder holding `art/` and `out/`.
    let folder: String
    /// The art folder as it was at the revision; nil when it did not exist there.
    let art: String?
    /// The build of `art` (empty when there was none).
    var output: String { folder + "/out" }

    /// Takes the art folder `artFolder` (inside a git work tree) out of `revision` and
    /// builds it with `jobs` threads.
    static func make(artFolder: String, revision: String, jobs: Int) throws -> RevisionBaseline {
        func fail(_ message: String) -> BaselineError { BaselineError(revision: revision, message: message) }
        // Never an option to git.
        guard !revision.hasPrefix("-"), !revision.isEmpty else { throw fail("not a revision (a branch, a tag or a commit)") }
        let git = try Self.git(revision)
        let root = try run(git, ["-C", artFolder, "rev-parse", "--show-toplevel"], revision).trimmed
        let prefix = try run(git, ["-C", artFolder, "rev-parse", "--show-prefix"], revision).trimmed
        guard let commit = try? run(git, ["-C", root, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], revision).trimmed else {
            throw fail("not a commit of the repository at \(root)")
        }
        let folder = try FileIO.makeUniqueDirectory(prefix: temporaryFolder() + "/bijoux-check-")
        var baseline = RevisionBaseline(folder: folder, art: nil)
        do {
            let listed = prefix.isEmpty ? "." : try run(git, ["-C", root, "ls-tree", "--name-only", commit, "--", String(prefix.dropLast())], revision)
            if !listed.trimmed.isEmpty {
                // Through a file, not memory: an art folder of paintings can be large.
                let archive = folder + "/art.tar"
                _ = try run(git, ["-C", root, "archive", "--format=tar", "-o", archive, commit, "--", prefix.isEmpty ? "." : prefix], revision)
                try FileIO.makeDirectories(folder + "/tree")
                _ = try run(try executable("tar", revision), ["-x", "-f", archive, "-C", folder + "/tree"], revision)
                FileIO.removeTree(archive)
                baseline = RevisionBaseline(folder: folder, art: folder + "/tree/" + prefix)
                do {
                    try BuildEngine.build(BuildEngine.Options(artFolder: baseline.art!, outputFolder: baseline.output, jobs: jobs))
                } catch let error as any UserFacingError {
                    throw fail("the art there does not build: " + error.diagnostic.line(.error))
                }
            }
            try FileIO.makeDirectories(baseline.output)
            return baseline
        } catch {
            baseline.remove()
            throw error
        }
    }

    /// Removes the temporary folder.
    func remove() { FileIO.removeTree(folder) }

    static func temporaryFolder() -> String {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return variable.isEmpty ? "/tmp" : variable
    }

    static func git(_ revision: String) throws(BaselineError) -> String { try executable("git", revision) }

    /// `name` found on `PATH`, as a shell finds it.
    static func executable(_ name: String, _ revision: String) throws(BaselineError) -> String {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        throw BaselineError(revision: revision, message: "\(name) is not on PATH")
    }

    /// Runs git (or tar) to its end; its standard output, or a `BaselineError` with what it said.
    static func run(_ executable: String, _ arguments: [String], _ revision: String) throws(BaselineError) -> String {
        let result: ChildProcess.Result
        do { result = try ChildProcess.run(executable, arguments) } catch {
            throw BaselineError(revision: revision, message: "cannot run \(executable): \(error.reason)")
        }
        guard result.status == 0 else { throw BaselineError(revision: revision, message: result.reason) }
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
