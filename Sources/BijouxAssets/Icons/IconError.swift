/// A problem with one drawn icon, reported as its SVG file and what is wrong, so the
/// message names the icon whichever stage found it: the safety scan, librsvg or the
/// size check.
public struct IconError: UserFacingError, Equatable {
    /// The icon's SVG, as the art folder names it (e.g. `art/icons/give.svg`).
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
