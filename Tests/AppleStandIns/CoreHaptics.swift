// Stand-in for Apple's CoreHaptics: exactly what the project's code calls. See README.md.
@_exported import Foundation

/// https://developer.apple.com/documentation/corehaptics/chhapticpattern
open class CHHapticPattern: NSObject {
    /// https://developer.apple.com/documentation/corehaptics/chhapticpattern/init(contentsof:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
    public init(contentsOf ahapURL: URL) throws { fatalError("stand-in") }
}
