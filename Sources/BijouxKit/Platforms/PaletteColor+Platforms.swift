import Foundation

// A palette colour's colour set, loaded from the catalog in a given bundle. The generated
// `BijouxPalette` file adds `color()`, `uiColor()` and `nsColor()`, which pass the bundle
// of its target's catalog.

#if canImport(SwiftUI)
    import SwiftUI

    extension PaletteColor {
        /// The colour set `colorSetName` from the catalog in `bundle`.
        public func color(in bundle: Bundle) -> Color { Color(colorSetName, bundle: bundle) }
    }
#endif

#if canImport(UIKit)
    import UIKit

    extension PaletteColor {
        /// The colour set `colorSetName` from the catalog in `bundle`; the build writes
        /// every colour's set, so it is missing only when the catalog was left out of the
        /// app (a precondition failure naming the set and the bundle).
        public func uiColor(in bundle: Bundle) -> UIColor {
            guard let color = UIColor(named: colorSetName, in: bundle, compatibleWith: nil) else {
                preconditionFailure("no colour set '\(colorSetName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return color
        }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    extension PaletteColor {
        /// The colour set `colorSetName` from the catalog in `bundle` (as `uiColor(in:)`).
        public func nsColor(in bundle: Bundle) -> NSColor {
            guard let color = NSColor(named: colorSetName, bundle: bundle) else {
                preconditionFailure("no colour set '\(colorSetName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return color
        }
    }
#endif
