import Foundation

/// An image set of the generated asset catalog, named by an enum case: the generated
/// `CharmType` and `ActionIcon` conform, so on Apple platforms each case gives its
/// `Image`, `UIImage`, `NSImage` and `ImageResource` one way (`Platforms/`).
public protocol CatalogImage: Sendable {
    /// The image set's name in the catalog.
    var imageName: String { get }
    /// The bundle that holds the catalog: the target's resource bundle when SwiftPM
    /// builds it, else the bundle of the generated code.
    static var bundle: Bundle { get }
}
