// Stand-in for Apple's SwiftUI: exactly what the project's code calls. See README.md.
@_exported import DeveloperToolsSupport
@_exported import Foundation

/// https://developer.apple.com/documentation/swiftui/view
public protocol View {}

/// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {}

/// https://developer.apple.com/documentation/swiftui/shape
/// (`nonisolated protocol Shape : Sendable, Animatable, View`)
public protocol Shape: Sendable, Animatable, View {
    /// https://developer.apple.com/documentation/swiftui/shape/path(in:)
    nonisolated func path(in rect: CGRect) -> Path
}

/// https://developer.apple.com/documentation/swiftui/path
@frozen public struct Path {
    /// https://developer.apple.com/documentation/swiftui/path/init()
    public init() { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/swiftui/path/addlines(_:)
    public mutating func addLines(_ lines: [CGPoint]) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: View {
    /// https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/swiftui/image/init(_:)
    /// (the initializer taking an `ImageResource`)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init(_ resource: ImageResource) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/swiftui/color
@frozen public struct Color: View {
    /// https://developer.apple.com/documentation/swiftui/color/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/swiftui/color/init(_:)
    /// (the initializer taking a `ColorResource`)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init(_ resource: ColorResource) { fatalError("stand-in") }
}
