/// One message for the person running the tool, in the form compilers use, so that
/// Xcode's issue navigator (and any editor) links it to the file:
/// `PATH:LINE:COL: error: MESSAGE`, or `PATH: error: MESSAGE` without a position, or
/// `error: MESSAGE` when it is about no file (`warning:` likewise).
package struct Diagnostic: Equatable, Sendable {
    /// How bad: the word printed after the place.
    package enum Severity: String, Sendable {
        case error, warning
    }

    /// "file:line:column", "file", or nil when the message is about no file.
    var place: String?
    /// What is wrong, in words, after the severity.
    package var message: String

    /// A message at `place` ("file:line:col", "file" or nil).
    package init(place: String?, message: String) {
        self.place = place
        self.message = message
    }

    /// The line as printed.
    package func line(_ severity: Severity) -> String {
        place.map { "\($0): \(severity.rawValue): \(message)" } ?? "\(severity.rawValue): \(message)"
    }
}

/// An error meant for the person running the tool: one line that names the file (and
/// where in it) and what is wrong. Its description is the same line without the
/// severity ("file:line:col: message").
package protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    var diagnostic: Diagnostic { get }
    /// Every line to print, in order: `diagnostic` alone, unless the error is about
    /// several places (a strict build's warnings, each at its file, then the summary).
    var diagnostics: [Diagnostic] { get }
}

extension UserFacingError {
    /// `diagnostic` alone.
    package var diagnostics: [Diagnostic] { [diagnostic] }

    /// The diagnostic without its severity: "file:line:col: message".
    package var description: String {
        diagnostic.place.map { "\($0): \(diagnostic.message)" } ?? diagnostic.message
    }
}

/// A position in a text file, 1-based, as editors show it.
package struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }

    /// "file:line:column", or "file" when there is no position: how a message names
    /// the place it is about.
    package static func place(_ file: String, _ location: SourceLocation?) -> String {
        location.map { "\(file):\($0)" } ?? file
    }
}

/// A problem with the art: a file in the art folder (charms.json, icons.json,
/// appicon.json, an SVG icon) or the folder itself, and where in the file, what the
/// field belongs to and the field when there are such. One type, so every such
/// message has the same shape:
/// `<file>[:<line>:<col>]: [<subject>, ][field '<dotted.path>': ]<message>`.
package struct ArtFileError: UserFacingError, Equatable {
    var file: String
    var location: SourceLocation?
    /// What the field belongs to, e.g. "charm 'cat'" or "icon 'give'".
    var subject: String?
    /// The field's dotted path, e.g. "thread.endX".
    var field: String?
    /// What is wrong, in words, after the severity.
    package var message: String

    package init(
        file: String, location: SourceLocation? = nil, subject: String? = nil, field: String? = nil, message: String
    ) {
        self.file = file
        self.location = location
        self.subject = subject
        self.field = field
        self.message = message
    }

    package var diagnostic: Diagnostic {
        let about = [subject, field.map { "field '\($0)'" }].compactMap { $0 }.joined(separator: ", ")
        return Diagnostic(place: SourceLocation.place(file, location), message: (about.isEmpty ? "" : about + ": ") + message)
    }
}
