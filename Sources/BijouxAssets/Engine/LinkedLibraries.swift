import BijouxCore
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system libraries a helper executable loads (librsvg for `bijoux-render`, FFmpeg
/// for `bijoux-aac`), identified without running the helper, for the cache keys of the
/// jobs it does: a system upgrade of one leaves the helper's own identity as it was.
///
/// Which files the dynamic loader picks is what it lists when asked as `ldd` asks it
/// (Linux: the helper run with `LD_TRACE_LOADED_OBJECTS=1`, which loads its libraries and
/// runs none of its code) or what `otool -L` lists (macOS); that costs about 5 ms (`ldd`
/// itself, a shell script that also verifies the file, 12 ms), a third of a whole no-op
/// build, so a build keeps the answer in its cache (`BuildCache.libraries`) with what the
/// loader decided it from:
/// the helper's identity (its RPATH, RUNPATH and needed names), the variables that
/// steer the loader, and the size and modification time of the files and folders it
/// searches first (`/etc/ld.so.cache`, `/etc/ld.so.preload`, the folders of
/// `LD_LIBRARY_PATH`, the helper's own folder). The next build asks again only when one
/// of those changed. Either way each library file's own identity
/// (`FileIO.executableIdentity`: its build ID, else its hash) is read afresh, so a
/// library replaced in place is seen. (A library newly put in a system folder that
/// `ldconfig` has not yet listed is not: the loader would not find it either.)
///
/// When the list cannot be had or names no such file, the identity is a value unique to
/// this process (`SystemLibraries.unidentified`), so no cached output is trusted.
final class LinkedLibraries: Sendable {
    typealias Resolution = BuildCache.ResolvedLibraries

    /// One helper's answer, found once: the first to ask finds it, the others wait.
    private final class Slot: Sendable {
        let found = Locked<(resolution: Resolution?, identity: String)?>(nil)
    }

    private let remembered: [Resolution]
    private let slots = Locked<[String: Slot]>([:])

    /// `remembered`: what the last build's cache kept (each checked before it is used).
    init(remembered: [Resolution] = []) {
        self.remembered = remembered
    }

    /// The identity of the libraries `helper` loads whose file names start with one of
    /// `prefixes`: each file's path and identity. Found once per helper and build.
    func identity(of helper: String, matching prefixes: [String]) -> String {
        let slot = slots.withLock { slots in
            if let slot = slots[helper] { return slot }
            let slot = Slot()
            slots[helper] = slot
            return slot
        }
        return slot.found.withLock { found in
            if let found { return found.identity }
            let answer = resolve(helper, prefixes)
            found = answer
            return answer.identity
        }
    }

    /// Finds `identity(of:matching:)` on another thread, so it is known (or under way) by
    /// the time a job's key asks: for a stage to call as it plans jobs that will.
    func prefetch(_ helper: String, matching prefixes: [String]) {
        CallerNice.async { _ = self.identity(of: helper, matching: prefixes) }
    }

    /// The resolutions this build used, for its cache, by helper.
    var resolutions: [Resolution] {
        slots.value.values.compactMap { $0.found.value?.resolution }.sorted { $0.helper < $1.helper }
    }

    private func resolve(_ helper: String, _ prefixes: [String]) -> (resolution: Resolution?, identity: String) {
        let loader = Self.loaderInputs(helper)
        let files =
            remembered.first { $0.helper == helper && $0.loader == loader }?.files
            ?? Self.listed(helper).flatMap { Self.libraryFiles($0, prefixes: prefixes) }
        guard let files, !files.isEmpty else { return (nil, SystemLibraries.unidentified) }
        var parts: [String] = []
        for file in files {
            guard let hash = try? FileIO.executableIdentity(ofFile: file) else { return (nil, SystemLibraries.unidentified) }
            parts.append("\(file) \(hash)")
        }
        return (Resolution(helper: helper, loader: loader, files: files), parts.joined(separator: ", "))
    }

    /// What the loader decides `helper`'s libraries from, as far as it can be seen
    /// without asking it: the helper's identity, the variables that steer it, and the
    /// fingerprints of the files and folders it reads first.
    static func loaderInputs(_ helper: String) -> String {
        #if canImport(Darwin)
            let variables = ["DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "DYLD_INSERT_LIBRARIES"]
            let searched: [String] = []
        #else
            let variables = ["LD_LIBRARY_PATH", "LD_PRELOAD"]
            let searched = ["/etc/ld.so.cache", "/etc/ld.so.preload"]
        #endif
        let values = variables.map { name in (name, getenv(name).map { String(cString: $0) }) }
        let folders = values.first { $0.0 == "LD_LIBRARY_PATH" }?.1?.split(separator: ":").map(String.init) ?? []
        let helperIdentity = (try? FileIO.executableIdentity(ofFile: helper))?.description ?? "unreadable"
        var parts = ["helper \(helperIdentity)"]
        parts += values.map { "\($0.0)=\($0.1 ?? "(unset)")" }
        for path in searched + folders + [FileIO.parentDirectory(of: helper)] {
            let shown = FileIO.fingerprint(path).map { "\($0.size) \($0.modified)" } ?? "absent"
            parts.append("\(path) \(shown)")
        }
        return parts.joined(separator: "; ")
    }

    /// What the loader lists for `helper` (Linux: `ldd`'s own mechanism, without its
    /// shell script) or `otool -L` does (macOS), or nil.
    private static func listed(_ helper: String) -> String? {
        #if canImport(Darwin)
            let lister = ("/usr/bin/otool", ["-L", helper])
        #else
            let lister = ("/usr/bin/env", ["LD_TRACE_LOADED_OBJECTS=1", helper])
        #endif
        guard let result = try? ChildProcess.run(lister.0, lister.1), result.status == 0 else { return nil }
        return String(decoding: result.stdout, as: UTF8.self)
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
