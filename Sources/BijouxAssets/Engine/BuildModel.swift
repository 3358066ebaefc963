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
