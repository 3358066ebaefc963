/// One message for the person running the tool, in the form compilers use, so that
/// Xcode's issue navigator (and any editor) links it to the file:
/// `PATH:LINE:COL: error: MESSAGE`, or `PATH: error: MESSAGE` without a position, or
/// `error: MESSAGE` when it is about no file (`warning:` likewise).
public struct Diagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// "file:line:column", "file", or nil when the message is about no file.
    public var place: String?
    public var message: String

    public init(place: String?, message: String) {
        self.place = place
        self.message = message
    }

    /// The line as printed.
    public func line(_ severity: Severity) -> String {
        place.map { "\($0): \(severity.rawValue): \(message)" } ?? "\(severity.rawValue): \(message)"
    }
}

/// An error meant for the person running the tool: one line that names the file (and
/// where in it) and what is wrong. Its description is the same line without the
/// severity ("file:line:col: message").
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    var diagnostic: Diagnostic { get }
}

extension UserFacingError {
    public var description: String {
        diagnostic.place.map { "\($0): \(diagnostic.message)" } ?? diagnostic.message
    }
}

/// A position in a text file, 1-based, as editors show it.
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    /// "file:line:column", or "file" when there is no position: how a message names
    /// the place it is about.
    public static func place(_ file: String, _ location: SourceLocation?) -> String {
        location.map { "\(file):\($0)" } ?? file
    }
}

/// A problem with the art: a file in the art folder (charms.json, icons.json,
/// appicon.json, an SVG icon) or the folder itself, and where in the file, what the
/// field belongs to and the field when there are such. One type, so every such
/// message has the same shape:
/// `<file>[:<line>:<col>]: [<subject>, ][field '<dotted.path>': ]<message>`.
public struct ArtFileError: UserFacingError, Equatable {
    public var file: String
    public var location: SourceLocation?
    /// What the field belongs to, e.g. "charm 'cat'" or "icon 'give'".
    public var subject: String?
    /// The field's dotted path, e.g. "thread.endX".
    public var field: String?
    public var message: String

    public init(
        file: String, location: SourceLocation? = nil, subject: String? = nil, field: String? = nil, message: String
    ) {
        self.file = file
        self.location = location
        self.subject = subject
        self.field = field
        self.message = message
    }

    public var diagnostic: Diagnostic {
        let about = [subject, field.map { "field '\($0)'" }].compactMap { $0 }.joined(separator: ", ")
        return Diagnostic(place: SourceLocation.place(file, location), message: (about.isEmpty ? "" : about + ": ") + message)
    }
}
