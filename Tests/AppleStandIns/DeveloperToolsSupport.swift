// Stand-in for Apple's DeveloperToolsSupport: exactly what the project's code calls.
// See README.md.
@_exported import Foundation

/// https://developer.apple.com/documentation/developertoolssupport/imageresource
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct ImageResource: Hashable, Sendable {
    /// https://developer.apple.com/documentation/developertoolssupport/imageresource/init(name:bundle:)
    public init(name: String, bundle: Bundle) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/developertoolssupport/colorresource
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct ColorResource: Hashable, Sendable {
    /// https://developer.apple.com/documentation/developertoolssupport/colorresource/init(name:bundle:)
    public init(name: String, bundle: Bundle) { fatalError("stand-in") }
}
