// Stand-in for Apple's SwiftUI: exactly what the project's code calls. See README.md.
@_exported import DeveloperToolsSupport
@_exported import Foundation

/// https://developer.apple.com/documentation/swiftui/view
public protocol View {}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
        self  // an opaque result type needs a value to name it; nothing here runs
    }
}

/// https://developer.apple.com/documentation/swiftui/shapestyle
/// (`protocol ShapeStyle : Sendable`)
public protocol ShapeStyle: Sendable {}

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
/// (`@frozen struct Color`, conforming to `ShapeStyle` and `View`)
@frozen public struct Color: ShapeStyle, View {
    /// https://developer.apple.com/documentation/swiftui/color/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/swiftui/color/init(_:)
    /// (the initializer taking a `ColorResource`)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init(_ resource: ColorResource) { fatalError("stand-in") }
}

// MARK: Foundation's, which Apple's SwiftUI re-exports and Linux's Foundation lacks

/// https://developer.apple.com/documentation/foundation/localizedstringresource
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct LocalizedStringResource {
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription
    public enum BundleDescription {
        /// https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription/main
        case main
        /// https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription/aturl(_:)
        case atURL(URL)
    }

    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:defaultvalue:table:locale:bundle:comment:)-1apqa
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: LocalizedStringResource.BundleDescription = .main, comment: StaticString? = nil
    ) { fatalError("stand-in") }
}

extension String {
    /// https://developer.apple.com/documentation/swift/string/localizationvalue
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public struct LocalizationValue {
        /// https://developer.apple.com/documentation/swift/string/localizationvalue/init(_:)
        public init(_ value: String) { fatalError("stand-in") }
    }
}
