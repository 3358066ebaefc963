#if canImport(SwiftUI)
    import SwiftUI

    extension CatalogImage {
        /// The image set `imageName` from the catalog in `bundle`.
        public func image(in bundle: Bundle = Self.bundle) -> Image { Image(imageName, bundle: bundle) }
    }
#endif

#if canImport(UIKit)
    import UIKit

    extension CatalogImage {
        /// The image set `imageName` from the catalog in `bundle`; the build writes every
        /// case's set, so it is missing only when the catalog was left out of the app (a
        /// precondition failure naming the set and the bundle).
        public func uiImage(in bundle: Bundle = Self.bundle) -> UIImage {
            guard let image = UIImage(named: imageName, in: bundle, compatibleWith: nil) else {
                preconditionFailure("no image set '\(imageName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return image
        }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    extension CatalogImage {
        /// The image set `imageName` from the catalog in `bundle` (as `uiImage(in:)`).
        public func nsImage(in bundle: Bundle = Self.bundle) -> NSImage {
            guard let image = bundle.image(forResource: imageName) else {
                preconditionFailure("no image set '\(imageName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return image
        }
    }
#endif

#if canImport(DeveloperToolsSupport)
    import DeveloperToolsSupport

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension CatalogImage {
        /// The image set as Xcode 15's asset symbols name it, for `Image(_:)`,
        /// `UIImage(resource:)` and `NSImage(resource:)`; the generated `ImageResource`
        /// members (`.heart`) are these.
        public var imageResource: ImageResource { ImageResource(name: imageName, bundle: Self.bundle) }
    }
#endif
