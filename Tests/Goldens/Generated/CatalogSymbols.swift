// Generated from art/ by bijoux-assets. Do not edit.
// swiftlint:disable all

import BijouxKit
import Foundation

/// The drawn action icons, in catalog order. The raw value is the icon's file name
/// (and its image set's name).
public enum ActionIcon: String, CaseIterable, Sendable {
    case give = "give"
    case passOn = "pass-on"
    case photoSlot = "photo-slot"
    case receive = "receive"
    case wear = "wear"

    /// The image set in the asset catalog.
    public var imageName: String { rawValue }
}

/// The palette's colours, in file order; each loads its colour set through `color(in:)`
/// and `uiColor(in:)`, with every appearance it has (dark, high contrast).
public enum BijouxPalette {
    public static let paper = PaletteColor(rgb: 0x171513, colorSetName: "Paper")
    public static let camel = PaletteColor(rgb: 0xC9A16B, colorSetName: "Camel")
    public static let ink = PaletteColor(rgb: 0xF3ECDF, colorSetName: "Ink")

    public static let allColors: [PaletteColor] = [paper, camel, ink]
    /// Also the catalog's AccentColor.
    public static let accent = camel
}

#if canImport(SwiftUI) || canImport(UIKit)
    extension Bundle {
        /// The bundle that holds this target's generated asset catalog: the target's
        /// resource bundle when SwiftPM builds it (the plugin's catalog is a resource),
        /// else the bundle of this code (an app's main bundle, or its framework's).
        @usableFromInline static var bijouxAssets: Bundle {
            #if SWIFT_PACKAGE
                return .module
            #else
                return Bundle(for: BijouxAssetsBundleToken.self)
            #endif
        }
    }

    private final class BijouxAssetsBundleToken {}
#endif

#if canImport(SwiftUI)
    import SwiftUI

    extension CharmType {
        /// The image set `imageName` from the catalog in `bundle`.
        public func image(in bundle: Bundle = .bijouxAssets) -> Image { Image(imageName, bundle: bundle) }
    }

    extension ActionIcon {
        /// The image set `imageName` from the catalog in `bundle`.
        public func image(in bundle: Bundle = .bijouxAssets) -> Image { Image(imageName, bundle: bundle) }
    }

    extension PaletteColor {
        /// The colour set `colorSetName` from the catalog in `bundle`.
        public func color(in bundle: Bundle = .bijouxAssets) -> Color { Color(colorSetName, bundle: bundle) }
    }
#endif

#if canImport(UIKit)
    import UIKit

    extension CharmType {
        /// The image set `imageName` from the catalog in `bundle`.
        public func uiImage(in bundle: Bundle = .bijouxAssets) -> UIImage {
            guard let image = UIImage(named: imageName, in: bundle, compatibleWith: nil) else {
                preconditionFailure("no image set '\(imageName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return image
        }
    }

    extension ActionIcon {
        /// The image set `imageName` from the catalog in `bundle`.
        public func uiImage(in bundle: Bundle = .bijouxAssets) -> UIImage {
            guard let image = UIImage(named: imageName, in: bundle, compatibleWith: nil) else {
                preconditionFailure("no image set '\(imageName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return image
        }
    }

    extension PaletteColor {
        /// The colour set `colorSetName` from the catalog in `bundle`.
        public func uiColor(in bundle: Bundle = .bijouxAssets) -> UIColor {
            guard let color = UIColor(named: colorSetName, in: bundle, compatibleWith: nil) else {
                preconditionFailure("no colour set '\(colorSetName)' in the asset catalog of \(bundle.bundlePath)")
            }
            return color
        }
    }
#endif
