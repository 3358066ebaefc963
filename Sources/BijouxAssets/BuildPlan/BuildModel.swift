/// Something worth a person's attention that does not stop the build (unless
/// `--strict`): a hazy matte, a charm that nearly vanishes at 22 px, a colour profile
/// that is not applied.
public struct BuildWarning: Equatable, Sendable, CustomStringConvertible {
    /// The file (or charm) it is about.
    public var subject: String
    public var message: String

    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }

    /// The subject is the file the warning is about.
    public var diagnostic: Diagnostic { Diagnostic(place: subject, message: message) }
}

/// What one stage of the pipeline made: files (paths relative to the output folder),
/// warnings, and the folders it owns outright, where files it did not make this time
/// are stale and get removed.
public struct StageProduct: Sendable {
    public var outputs: [BuildOutput] = []
    public var warnings: [BuildWarning] = []
    public var ownedFolders: [String] = []
    /// One line per notable result, for the build's report.
    public var notes: [String] = []
    /// What the contact sheet shows of the stage's assets.
    public var sheet = ContactSheet()

    public init(outputs: [BuildOutput] = [], warnings: [BuildWarning] = [], ownedFolders: [String] = [], notes: [String] = []) {
        self.outputs = outputs
        self.warnings = warnings
        self.ownedFolders = ownedFolders
        self.notes = notes
    }

    public mutating func merge(_ other: StageProduct) {
        outputs += other.outputs
        warnings += other.warnings
        ownedFolders += other.ownedFolders
        notes += other.notes
        sheet.merge(other.sheet)
    }
}

/// The build failed on purpose: `--strict` and there were warnings.
public struct StrictModeFailure: UserFacingError {
    public var warnings: [BuildWarning]

    public var diagnostic: Diagnostic {
        Diagnostic(
            place: nil,
            message: "strict build failed on \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): "
                + warnings.map(\.description).joined(separator: "; "))
    }
}
