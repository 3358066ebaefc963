import BijouxCore

/// One of the package's helper executables as the tool runs it (`bijoux-render`,
/// `bijoux-aac`): where it is, what a message calls it, and the libraries it loads whose
/// files decide its outputs. It is `$variable` when that is set (the plugins set it to the
/// helper they were given), else `name` beside the running executable, where the
/// package's build and the artifact bundle both put it.
struct HelperExecutable: Sendable {
    /// What messages call it, e.g. "the icon renderer".
    let role: String
    let name: String
    let variable: String
    /// The first letters of the file names of the libraries it loads that decide its
    /// outputs (`LinkedLibraries`).
    let libraryPrefixes: [String]
    /// Where it is looked for.
    let path: String

    init(role: String, name: String, variable: String, libraryPrefixes: [String]) {
        (self.role, self.name, self.variable, self.libraryPrefixes) = (role, name, variable, libraryPrefixes)
        path = ChildProcess.helperPath(name, variable: variable)
    }

    /// The start of the message for a helper that cannot be run or read.
    var missing: String {
        "cannot run \(role) \(path) (it is built and shipped beside bijoux-assets; \(variable) names another)"
    }

    /// Its identity, without running it; one that cannot be read is the error, at `file`
    /// (what was being made).
    func identity(file: String, libraries: LinkedLibraries) throws(ArtFileError) -> HelperIdentity {
        do {
            return HelperIdentity(executable: try FileIO.executableIdentity(ofFile: path), libraries: libraries.identity(of: path, matching: libraryPrefixes))
        } catch {
            throw ArtFileError(file: file, message: "\(missing): \(error.diagnostic.message)")
        }
    }
}

/// What identifies a helper in a cache key, without running it: its executable's identity,
/// and that of each library file it loads whose name starts with one of its prefixes, since
/// a system upgrade of those changes its outputs and not its executable.
struct HelperIdentity: Equatable, Sendable, CustomStringConvertible {
    var executable: ContentHash
    /// The library files' identities, as `LinkedLibraries` gives them.
    var libraries: String

    var description: String { "\(executable); \(libraries)" }
}
