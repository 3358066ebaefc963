/// An error meant for the person running the tool: its description is one line that
/// names the file (and where in it) and what is wrong.
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {}

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
