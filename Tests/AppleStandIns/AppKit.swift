// Stand-in for Apple's AppKit: exactly what the project's code calls. See README.md.
@_exported import DeveloperToolsSupport
@_exported import Foundation

/// https://developer.apple.com/documentation/appkit/nsimage
open class NSImage: NSObject {
    /// https://developer.apple.com/documentation/appkit/nsimage/name
    public typealias Name = String

    /// https://developer.apple.com/documentation/appkit/nsimage/init(resource:)
    @available(macOS 14.0, *)
    public convenience init(resource: ImageResource) { fatalError("stand-in") }
}

extension Bundle {
    /// https://developer.apple.com/documentation/foundation/bundle/image(forresource:)
    /// (AppKit's addition to Bundle)
    public func image(forResource name: NSImage.Name) -> NSImage? { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/appkit/nscolor
open class NSColor: NSObject {
    /// https://developer.apple.com/documentation/appkit/nscolor/name
    public typealias Name = String

    /// https://developer.apple.com/documentation/appkit/nscolor/init(named:bundle:)
    public init?(named name: NSColor.Name, bundle: Bundle?) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/appkit/nscolor/init(resource:)
    @available(macOS 14.0, *)
    public convenience init(resource: ColorResource) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/appkit/nsdataasset
open class NSDataAsset: NSObject {
    /// https://developer.apple.com/documentation/appkit/nsdataasset/name-swift.typealias
    public typealias Name = String

    /// https://developer.apple.com/documentation/appkit/nsdataasset/init(name:bundle:)
    public init?(name: NSDataAsset.Name, bundle: Bundle) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/appkit/nsdataasset/data
    open var data: Data { fatalError("stand-in") }
}
