import BijouxCore
import CBijouxShims
import CCairo
import CEbur128
import CKissFFT
import CLCMS2
import CLibPNG
import CZlib
import Dispatch

#if canImport(Darwin)
    import Darwin
    import MachO
#endif

/// Which build of the tool made a cache: its version, and the identities of its
/// executable and of the system libraries it loads whose code decides an output's bytes
/// (cairo draws the app icon, libpng and zlib write every PNG, libebur128 measures the
/// loudness a track is mastered to, KISS FFT convolves its reverb, Little CMS reads the
/// paintings' colours), so a change to any of them is a new identity and the cache it
/// left is not trusted. (libxml2 only decides whether an SVG is refused, xxHash only the
/// cache's own hashes; librsvg and FFmpeg are the helpers': `HelperExecutable`.) Anyone
/// can compute it: it names a build of the tool, it authenticates nothing.
package enum ToolIdentity {
    /// The tool's version, as `--version` prints it and the artifact bundle names it.
    package static let version = "0.1.0"

    /// The file holding each library's code in this process, found by `dladdr` on one of
    /// its functions, in the order above; nil when the loader cannot say.
    static let libraryFiles: [String?] = [
        file(holding: cairo_version as @convention(c) () -> Int32),
        file(holding: png_access_version_number as @convention(c) () -> UInt32),
        file(holding: zlibVersion as @convention(c) () -> UnsafePointer<CChar>?),
        file(holding: ebur128_get_version as @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void),
        file(holding: kiss_fftr_alloc as @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> kiss_fftr_cfg?),
        file(holding: cmsGetEncodedCMMversion as @convention(c) () -> Int32),
    ]

    /// The version, the running executable's identity and the libraries' files' (a library
    /// linked into the executable, whose file is the one holding this package's C shim,
    /// is named by the executable's).
    static let current: String = {
        let executable = FileIO.executablePath().flatMap { try? FileIO.executableIdentity(ofFile: $0) }
        let own = file(holding: bx_library_file as @convention(c) (UnsafeRawPointer?) -> UnsafePointer<CChar>?)
        let libraries = libraryFiles.filter { $0 == nil || $0 != own }
        return [version, executable?.description ?? LinkedLibraries.unidentified, LinkedLibraries.identity(ofFiles: libraries)].joined(separator: "; ")
    }()

    private static func file<Function>(holding function: Function) -> String? {
        bx_library_file(unsafeBitCast(function, to: UnsafeRawPointer.self)).map { String(cString: $0) }
    }
}

/// One of the package's helper executables as the tool runs it (`bijoux-render`,
/// `bijoux-aac`): `$variable` when that is set (the plugins set it to the helper they were
/// given), else `name` beside the running executable, where the package's build and the
/// artifact bundle both put it.
struct HelperExecutable: Sendable {
    /// What messages call it, e.g. "the icon renderer".
    let role: String
    let variable: String
    /// How the names of the library files it loads that decide its outputs start.
    let libraryPrefixes: [String]
    /// Where it is looked for.
    let path: String

    /// Where a release ships it, for the message when it is missing.
    let shipping: String

    init(role: String, name: String, variable: String, libraryPrefixes: [String], shipping: String = "ships beside it") {
        (self.role, self.variable, self.libraryPrefixes, self.shipping) = (role, variable, libraryPrefixes, shipping)
        path = ChildProcess.helperPath(name, variable: variable)
    }

    /// The start of the message for a helper that cannot be run or read.
    var missing: String { "cannot run \(role) \(path) (it is built beside bijoux-assets and \(shipping); \(variable) names another)" }

    /// What identifies it in a cache key, without running it: its executable's identity and
    /// its libraries' (a system upgrade of those changes its outputs, not its executable).
    /// One that cannot be read is the error, at `file` (what was being made).
    func identity(file: String, libraries: LinkedLibraries) throws(ArtFileError) -> String {
        do {
            return "\(try FileIO.executableIdentity(ofFile: path)); \(libraries.identity(of: self))"
        } catch {
            throw ArtFileError(file: file, message: "\(missing): \(error.diagnostic.message)")
        }
    }
}

/// The libraries a helper loads, identified without running it: the files whose names
/// start with one of its prefixes in what the dynamic loader lists when asked as `ldd`
/// asks it (Linux: `LD_TRACE_LOADED_OBJECTS=1`, which loads the libraries and runs none of
/// the helper's code) or in what `otool -L` lists (macOS). A listing takes a few
/// milliseconds, so it is made once per build of a helper: the output folder's cache keeps
/// the files each listing named, by the helper's path and executable identity (`known`),
/// and a later build identifies those files afresh without listing again. A build
/// (its `BuildContext`) finds each helper's once, on the side.
final class LinkedLibraries: Sendable {
    /// The files earlier listings named, by helper path and executable identity.
    private let known: [String: [String]]
    /// By helper path: the first to ask finds it, the others wait.
    private let found = Locked<[String: Locked<String?>]>([:])
    /// The listings this build used, by helper path and executable identity: the next
    /// build's `known`.
    private let used = Locked<[String: [String]]>([:])

    init(known: [String: [String]] = [:]) { self.known = known }

    /// The listings this build used, for the cache (`BuildCache.listings`).
    var listings: [String: [String]] { used.value }

    /// The identity of `helper`'s libraries, found once per build.
    func identity(of helper: HelperExecutable) -> String {
        let slot = found.withLock { found in
            let slot = found[helper.path] ?? Locked(nil)
            found[helper.path] = slot
            return slot
        }
        return slot.withLock { identity in
            let known = identity ?? find(helper)
            identity = known
            return known
        }
    }

    /// Finds `identity(of:)` on another thread, so it is known (or under way) by the time
    /// a job's key asks: for a stage to call as it plans jobs that will. The thread is a
    /// queue's of its own, which libdispatch starts even when its pool's threads are all
    /// busy (the renderer's warm-up waits on one), so the listings overlap the planning.
    func prefetch(_ helper: HelperExecutable) {
        DispatchQueue(label: "bijoux-assets.libraries").async {
            CallerNice.adopt()
            _ = self.identity(of: helper)
        }
    }

    /// Each file's path and identity (`FileIO.executableIdentity`: its build ID, else
    /// the hash of its bytes, read afresh, so a file replaced in place is a new
    /// identity); `unidentified` when one is nil or cannot be read.
    static func identity(ofFiles files: [String?]) -> String {
        var parts: [String] = []
        for file in files {
            guard let file, let identity = (try? FileIO.executableIdentity(ofFile: file))?.description ?? systemCacheIdentity(file) else {
                return unidentified
            }
            parts.append("\(file) \(identity)")
        }
        return parts.joined(separator: ", ")
    }

    /// On macOS a system library (`/usr/lib/libz.1.dylib`) has no file of its own: it is
    /// in the dyld shared cache, which changes only with the system, so the system's
    /// build names it ("system 24G84"). Nil elsewhere. (Written for macOS from its
    /// documentation; this package's CI runs on Linux, where it is not compiled.)
    private static func systemCacheIdentity(_ file: String) -> String? {
        #if canImport(Darwin)
            guard _dyld_shared_cache_contains_path(file) else { return nil }
            var size = 0
            guard sysctlbyname("kern.osversion", nil, &size, nil, 0) == 0, size > 0 else { return nil }
            var build = [CChar](repeating: 0, count: size)
            guard sysctlbyname("kern.osversion", &build, &size, nil, 0) == 0 else { return nil }
            return "system " + String(cString: build)
        #else
            return nil
        #endif
    }

    /// What cannot be identified: a value no other process has, so no cache is trusted.
    static let unidentified = "unidentified \(UInt64.random(in: 0...UInt64.max))"

    /// The identity of `helper`'s listed files (the listing taken from `known` when the
    /// helper's executable is the one listed before); `unidentified` when the listing
    /// cannot be made or names none.
    private func find(_ helper: HelperExecutable) -> String {
        let listing = (try? FileIO.executableIdentity(ofFile: helper.path)).map { helper.path + " " + $0.description }
        guard let files = listing.flatMap({ known[$0] }) ?? Self.list(helper), !files.isEmpty else { return Self.unidentified }
        if let listing { used.withLock { $0[listing] = files } }
        return Self.identity(ofFiles: files)
    }

    /// The files the loader lists for `helper` whose names start with its prefixes.
    private static func list(_ helper: HelperExecutable) -> [String]? {
        #if canImport(Darwin)
            let lister = ("/usr/bin/otool", ["-L", helper.path])
        #else
            let lister = ("/usr/bin/env", ["LD_TRACE_LOADED_OBJECTS=1", helper.path])
        #endif
        guard let listed = try? ChildProcess.run(lister.0, lister.1), listed.status == 0 else { return nil }
        return libraryFiles(String(decoding: listed.stdout, as: UTF8.self), prefixes: helper.libraryPrefixes)
    }

    /// The library files in `ldd` or `otool -L` output whose names start with one of
    /// `prefixes`, sorted: on each such line, the path after `=>` (ldd) or the first
    /// word (otool); nil when one of them is not an absolute path (`not found`,
    /// `@rpath/…`), so unidentified.
    static func libraryFiles(_ listing: String, prefixes: [String]) -> [String]? {
        var files: Set<String> = []
        for line in listing.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let name = words.first?.split(separator: "/").last, prefixes.contains(where: { name.hasPrefix($0) }) else { continue }
            let arrow = words.firstIndex(of: "=>").map { words.index(after: $0) }
            let path = arrow.map { $0 < words.endIndex ? words[$0] : "" } ?? words[0]
            guard path.hasPrefix("/") else { return nil }
            files.insert(String(path))
        }
        return files.sorted()
    }
}
