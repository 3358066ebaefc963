import BijouxCore

/// Something worth a person's attention that does not stop the build (unless
/// `--strict`): a hazy matte, a charm that nearly vanishes at 22 px, a colour profile
/// that is not applied.
package struct BuildWarning: Equatable, Sendable, CustomStringConvertible {
    /// The file (or charm) it is about.
    var subject: String
    /// What is wrong or worth knowing.
    var message: String

    /// A warning about `subject` (a file, with a position when there is one).
    init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    /// `subject: message`.
    package var description: String { "\(subject): \(message)" }

    /// The subject is the file the warning is about.
    package var diagnostic: Diagnostic { Diagnostic(place: subject, message: message) }
}

/// The build failed on purpose: it was strict (`reason`: `--strict`, or the art folder's
/// bijoux-assets.json) and there were warnings.
struct StrictModeFailure: UserFacingError {
    var warnings: [BuildWarning]
    var reason: String

    /// The summary: how many warnings failed the build, and why it was strict.
    var diagnostic: Diagnostic {
        Diagnostic(place: nil, message: "strict build failed on \(warnings.count) warning\(warnings.count == 1 ? "" : "s") (\(reason))")
    }

    /// Each warning as an error at its own place (`PATH[:LINE:COL]: error: …`, so Xcode
    /// links it to the file), then the summary.
    var diagnostics: [Diagnostic] { warnings.map(\.diagnostic) + [diagnostic] }
}
