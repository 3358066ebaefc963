// Stand-in for Apple's UIKit: exactly what the project's code calls. See README.md.
@_exported import DeveloperToolsSupport
@_exported import Foundation

/// https://developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiimage/init(named:in:compatiblewith:)
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/uikit/uiimage/init(resource:)
    @available(iOS 17.0, tvOS 17.0, *)
    public convenience init(resource: ImageResource) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject {
    /// https://developer.apple.com/documentation/uikit/uicolor/init(named:in:compatiblewith:)
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/uikit/uicolor/init(resource:)
    @available(iOS 17.0, tvOS 17.0, *)
    public convenience init(resource: ColorResource) { fatalError("stand-in") }
}

/// https://developer.apple.com/documentation/uikit/nsdataasset
open class NSDataAsset: NSObject {
    /// https://developer.apple.com/documentation/uikit/nsdataasset/name-swift.typealias
    public typealias Name = String

    /// https://developer.apple.com/documentation/uikit/nsdataasset/init(name:bundle:)
    public init?(name: NSDataAsset.Name, bundle: Bundle) { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/uikit/nsdataasset/data
    open var data: Data { fatalError("stand-in") }
}
