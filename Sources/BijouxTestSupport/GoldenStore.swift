import BijouxAssets
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When the golden tests write goldens, from `BIJOUX_RECORD`.
///
/// | found              | never | missing | failed  | all     |
/// |--------------------|-------|---------|---------|---------|
/// | matches            | pass  | pass    | pass    | rewrite if the bytes differ |
/// | no golden          | fail  | record  | record  | record  |
/// | differs            | fail  | fail    | rewrite | rewrite |
/// | golden, no output  | fail  | fail    | remove  | remove  |
///
/// Every write or removal also fails the test, so a person looks at it before
/// committing: a recorded golden is never silently accepted.
enum RecordPolicy: String, Sendable, CaseIterable {
    case missing, failed, all, never

    static let environmentVariable = "BIJOUX_RECORD"

    /// Unset or empty means `missing`.
    static func parse(_ value: String?) throws(RecordPolicyError) -> RecordPolicy {
        guard let value, !value.isEmpty else { return .missing }
        guard let policy = RecordPolicy(rawValue: value) else { throw RecordPolicyError(value: value) }
        return policy
    }

    static func fromEnvironment() throws(RecordPolicyError) -> RecordPolicy {
        try parse(getenv(environmentVariable).map { String(cString: $0) })
    }

    var recordsMissing: Bool { self != .never }
    var rewritesFailures: Bool { self == .failed || self == .all }
}

struct RecordPolicyError: UserFacingError, Equatable {
    var value: String
    var diagnostic: Diagnostic {
        Diagnostic(
            place: nil,
            message: "\(RecordPolicy.environmentVariable)=\(value): expected one of \(RecordPolicy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
}

/// The platform whose libraries drew an output. Goldens are recorded on the
/// reference platform (Linux, as in CI); another platform keeps its own goldens only
/// for rendered outputs that its library versions draw differently.
enum GoldenPlatform: String, Sendable {
    case linux, macOS

    static var current: GoldenPlatform {
        #if os(macOS)
            .macOS
        #else
            .linux
        #endif
    }

    static let reference = GoldenPlatform.linux
    static let overrideFolders = ["macOS"]

    /// The subfolder of the golden root with this platform's own rendered goldens.
    var overrideFolder: String? { self == .reference ? nil : rawValue }
}

/// The golden files: `<root>/<path as in the output folder>`, and for rendered
/// outputs on a platform other than the reference, `<root>/<platform>/<path>` when
/// that platform has recorded its own (read first, written by recording there).
struct GoldenStore: Sendable {
    var root: String
    var platform: GoldenPlatform

    init(root: String, platform: GoldenPlatform = .current) {
        self.root = root
        self.platform = platform
    }

    /// Where the golden of an output is read from (nil: none exists) and where
    /// recording writes it.
    func location(of path: String, tolerance: GoldenTolerance) -> (read: String?, write: String) {
        let shared = root + "/" + path
        guard tolerance.renderer != nil, let folder = platform.overrideFolder else {
            return (FileIO.exists(shared) ? shared : nil, shared)
        }
        let own = root + "/" + folder + "/" + path
        if FileIO.exists(own) { return (own, own) }
        return (FileIO.exists(shared) ? shared : nil, own)
    }

    /// Every golden file: its path below the root, and the output path it guards.
    func goldens() -> [(file: String, output: String, platformSpecific: Bool)] {
        Self.files(under: root).map { file in
            for folder in GoldenPlatform.overrideFolders where file.hasPrefix(folder + "/") {
                return (file, String(file.dropFirst(folder.count + 1)), true)
            }
            return (file, file, false)
        }
    }

    /// Files below a folder, relative and sorted; hidden files (.DS_Store, temporary
    /// files of an interrupted write) are not goldens or outputs.
    static func files(under folder: String, prefix: String = "") -> [String] {
        var found: [String] = []
        for name in (try? FileIO.list(folder + (prefix.isEmpty ? "" : "/" + prefix))) ?? [] where !name.hasPrefix(".") {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if FileIO.isDirectory(folder + "/" + relative) {
                found += files(under: folder, prefix: relative)
            } else {
                found.append(relative)
            }
        }
        return found
    }
}

/// What the golden check found for one output (or one golden without an output).
struct GoldenResult: Sendable {
    enum Outcome: Sendable {
        /// Within tolerance; the difference, for images that were not byte-identical.
        case matches(ImageDifference?)
        case missing
        /// A golden whose output is no longer built (or that guards an unguarded file).
        case stale
        case imageDiffers(expected: RGBAImage, actual: RGBAImage, difference: ImageDifference)
        case sizeDiffers(expected: RGBAImage, actual: RGBAImage)
        case textDiffers(expected: String, actual: String)
        /// Encoded audio whose decoded signal moved beyond its tolerance.
        case audioDiffers(AudioDifference)
        /// The golden or the output could not be decoded.
        case unreadable(String)
    }

    enum Recording: Sendable { case written, removed }

    /// Relative to the output folder.
    var path: String
    /// The output file itself; nil for a stale golden.
    var outputFile: String?
    /// The golden file read, or the one recording wrote.
    var golden: String
    var tolerance: GoldenTolerance?
    var outcome: Outcome
    /// What recording did to the golden; nil when it was left alone.
    var recording: Recording?
    var policy: RecordPolicy

    var passed: Bool {
        if case .matches = outcome, recording == nil { return true }
        return false
    }

    /// One line: what is wrong, and what recording did about it; for text, the first
    /// differing lines follow.
    var message: String {
        var text = path + ": "
        switch outcome {
        case .matches(let difference):
            text += "matches" + (difference.map { " (\($0.summary))" } ?? "")
        case .missing:
            text += "no golden"
        case .stale:
            text += "golden \(golden) has no output any more (stale)"
        case .imageDiffers(_, _, let difference):
            text += difference.summary + "; budget \(tolerance?.budget ?? 0)"
        case .sizeDiffers(let expected, let actual):
            text += "size changed from \(expected.width)×\(expected.height) to \(actual.width)×\(actual.height)"
        case .textDiffers:
            text += "text differs from the golden"
        case .audioDiffers(let difference):
            text += difference.summary
        case .unreadable(let reason):
            text += reason
        }
        switch recording {
        case .written?: text += "; recorded \(golden) (\(RecordPolicy.environmentVariable)=\(policy.rawValue)): look at it before committing"
        case .removed?: text += "; removed it (\(RecordPolicy.environmentVariable)=\(policy.rawValue))"
        case nil:
            switch outcome {
            case .matches: break
            case .missing: text += "; none recorded (\(RecordPolicy.environmentVariable)=\(policy.rawValue)), expected at \(golden)"
            case .stale: text += "; delete it, or run with \(RecordPolicy.environmentVariable)=failed"
            default: text += "; if the change is intended, re-record with `make goldens` or \(RecordPolicy.environmentVariable)=failed"
            }
        }
        if case .textDiffers(let expected, let actual) = outcome {
            text += "\n" + TextDiff.firstHunk(expected: expected, actual: actual)
        }
        return text
    }
}

/// Compares every output file of a build with its golden and records goldens as the
/// policy says. Images are compared as decoded pixels under `tolerances`; text is
/// compared exactly.
struct GoldenCheck: Sendable {
    var outputFolder: String
    var store: GoldenStore
    var policy: RecordPolicy
    var tolerances: GoldenTolerances

    /// Outputs for people, not the app, get no goldens: the previews are collages of
    /// the catalog images (already guarded) whose layout may change freely.
    static let unguardedFolders = ["Preview/"]

    init(outputFolder: String, store: GoldenStore, policy: RecordPolicy, tolerances: GoldenTolerances = .standard) {
        self.outputFolder = outputFolder
        self.store = store
        self.policy = policy
        self.tolerances = tolerances
    }

    static func isGuarded(_ path: String) -> Bool {
        !unguardedFolders.contains { path.hasPrefix($0) }
    }

    /// One result per guarded output, then one per stale golden.
    func run() -> [GoldenResult] {
        let outputs = GoldenStore.files(under: outputFolder).filter(Self.isGuarded)
        var results = outputs.map(check)
        let built = Set(outputs)
        for golden in store.goldens() {
            let tolerance = tolerances.tolerance(for: golden.output)
            let orphaned = !built.contains(golden.output) || (golden.platformSpecific && tolerance.renderer == nil)
            guard orphaned else { continue }
            let file = store.root + "/" + golden.file
            var result = GoldenResult(path: golden.output, outputFile: nil, golden: file, tolerance: nil, outcome: .stale, recording: nil, policy: policy)
            if policy.rewritesFailures {
                FileIO.removeTree(file)
                result.recording = .removed
            }
            results.append(result)
        }
        return results
    }

    func check(_ path: String) -> GoldenResult {
        let tolerance = tolerances.tolerance(for: path)
        let location = store.location(of: path, tolerance: tolerance)
        let outputFile = outputFolder + "/" + path
        var result = GoldenResult(
            path: path, outputFile: outputFile, golden: location.read ?? location.write, tolerance: tolerance, outcome: .missing, recording: nil, policy: policy
        )
        let actualBytes: [UInt8]
        do { actualBytes = try FileIO.read(outputFile) } catch {
            result.outcome = .unreadable(error.description)
            return result
        }
        var record = policy.recordsMissing
        if let golden = location.read {
            let expectedBytes: [UInt8]
            do {
                expectedBytes = try FileIO.read(golden)
                result.outcome =
                    expectedBytes == actualBytes
                    ? .matches(nil) : compare(expectedBytes, actualBytes, path: path, golden: golden)
            } catch {
                expectedBytes = []
                result.outcome = .unreadable(error.description)
            }
            if case .matches = result.outcome {
                // `all` makes the goldens the current outputs byte for byte, but does not
                // copy a reference golden into a platform folder when it still matches.
                record = policy == .all && expectedBytes != actualBytes && golden == location.write
            } else {
                record = policy.rewritesFailures
            }
        }
        if record {
            do {
                try FileIO.writeAtomically(actualBytes, to: location.write)
                result.golden = location.write
                result.recording = .written
            } catch {
                result.outcome = .unreadable(error.description)
            }
        }
        return result
    }

    /// The one comparison `check` makes too (`OutputJudge`), as a golden outcome.
    private func compare(
        _ expectedBytes: [UInt8], _ actualBytes: [UInt8], path: String, golden: String
    ) -> GoldenResult.Outcome {
        let finding = OutputJudge.judge(
            before: expectedBytes, after: actualBytes, path: path, names: (golden, outputFolder + "/" + path), tolerances: tolerances)
        switch finding {
        case .image(let difference, _):
            guard !finding.passes else { return .matches(difference) }
            guard let expected = try? Self.image(expectedBytes, path: golden), let actual = try? Self.image(actualBytes, path: path) else {
                return .unreadable("undecodable")
            }
            return .imageDiffers(expected: expected, actual: actual, difference: difference)
        case .imageSize:
            guard let expected = try? Self.image(expectedBytes, path: golden), let actual = try? Self.image(actualBytes, path: path) else {
                return .unreadable("undecodable")
            }
            return .sizeDiffers(expected: expected, actual: actual)
        case .text:
            return .textDiffers(expected: String(decoding: expectedBytes, as: UTF8.self), actual: String(decoding: actualBytes, as: UTF8.self))
        case .audio(let difference, _):
            return finding.passes ? .matches(nil) : .audioDiffers(difference)
        case .unreadable(let reason):
            return .unreadable(reason)
        }
    }

    private static func image(_ bytes: [UInt8], path: String) throws(ImageIOError) -> RGBAImage {
        try ImageFileComparison.eightBit(PNGDecoder.decode(bytes, path: path))
    }
}
