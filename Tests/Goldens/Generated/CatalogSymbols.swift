// Generated from art/ by bijoux-assets. Do not edit.
// swiftlint:disable all

import BijouxKit
import Foundation

/// The drawn action icons, in catalog order. The raw value is the icon's file name
/// (and its image set's name); BijouxKit's `CatalogImage` gives each its image.
public enum ActionIcon: String, CaseIterable, Sendable, CatalogImage {
    case give = "give"
    case passOn = "pass-on"
    case photoSlot = "photo-slot"
    case receive = "receive"
    case wear = "wear"

    /// The set in the asset catalog: the symbol of an icon that ships as one, else its bitmaps.
    public var imageName: String { rawValue }
    /// The bundle that holds the catalog.
    public static var bundle: Bundle { generatedCatalogBundle }
}

extension ActionIcon {
    /// Each icon's bitmaps (@1x, @2x, @3x): its own image set, or `<name>-bitmap` beside its symbol.
    public enum Bitmap: String, CaseIterable, Sendable, CatalogImage {
        case give = "give-bitmap"
        case passOn = "pass-on-bitmap"
        case photoSlot = "photo-slot-bitmap"
        case receive = "receive-bitmap"
        case wear = "wear-bitmap"

        public var imageName: String { rawValue }
        public static var bundle: Bundle { generatedCatalogBundle }
    }

    /// The vector image sets (`<name>-vector`), of the icons that ship as one.
    public enum Vector: String, CaseIterable, Sendable, CatalogImage {
        case give = "give-vector"
        case passOn = "pass-on-vector"
        case photoSlot = "photo-slot-vector"
        case receive = "receive-vector"
        case wear = "wear-vector"

        public var imageName: String { rawValue }
        public static var bundle: Bundle { generatedCatalogBundle }
    }

    /// The icon's bitmaps.
    public var bitmap: Bitmap {
        switch self {
        case .give: .give
        case .passOn: .passOn
        case .photoSlot: .photoSlot
        case .receive: .receive
        case .wear: .wear
        }
    }

    /// The icon's vector image set, when it ships as one.
    public var vector: Vector? {
        switch self {
        case .give: .give
        case .passOn: .passOn
        case .photoSlot: .photoSlot
        case .receive: .receive
        case .wear: .wear
        }
    }
}

/// BijouxKit's `CatalogImage` gives each charm its image.
extension CharmType: CatalogImage {
    /// The bundle that holds the catalog.
    public static var bundle: Bundle { generatedCatalogBundle }
}

/// The palette's colours, in file order; each loads its colour set through `color()`,
/// `uiColor()` and `nsColor()` (or `…(in:)` another bundle), with every appearance it has
/// (dark, high contrast).
public enum BijouxPalette {
    public static let paper = PaletteColor(rgb: 0x171513, colorSetName: "Paper")
    public static let camel = PaletteColor(rgb: 0xC9A16B, colorSetName: "Camel")
    public static let ink = PaletteColor(rgb: 0xF3ECDF, colorSetName: "Ink")

    public static let allColors: [PaletteColor] = [paper, camel, ink]
    /// Also the catalog's AccentColor.
    public static let accent = camel
}

/// The bundle this target was built into: its resource bundle when SwiftPM builds it,
/// else the bundle of this code (an app's main bundle, or its framework's).
private var generatedCatalogBundle: Bundle {
    #if SWIFT_PACKAGE
        return .module
    #else
        return Bundle(for: BijouxAssetsBundleToken.self)
    #endif
}

private final class BijouxAssetsBundleToken {}

#if canImport(DeveloperToolsSupport)
    import DeveloperToolsSupport

    /// The charms and icons as Xcode 15's asset symbols: `Image(.heart)`, `UIImage(resource: .heart)`.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension ImageResource {
        public static let heart = CharmType.heart.imageResource
        public static let star = CharmType.star.imageResource
        public static let cat = CharmType.cat.imageResource
        public static let coffeeCup = CharmType.coffeeCup.imageResource
        public static let matcha = CharmType.matcha.imageResource
        public static let moon = CharmType.moon.imageResource
        public static let cherry = CharmType.cherry.imageResource
        public static let flower = CharmType.flower.imageResource
        public static let clover = CharmType.clover.imageResource
        public static let mushroom = CharmType.mushroom.imageResource
        public static let butterfly = CharmType.butterfly.imageResource
        public static let envelope = CharmType.envelope.imageResource
        public static let give = ActionIcon.give.imageResource
        public static let passOn = ActionIcon.passOn.imageResource
        public static let photoSlot = ActionIcon.photoSlot.imageResource
        public static let receive = ActionIcon.receive.imageResource
        public static let wear = ActionIcon.wear.imageResource
        public static let giveBitmap = ActionIcon.Bitmap.give.imageResource
        public static let giveVector = ActionIcon.Vector.give.imageResource
        public static let passOnBitmap = ActionIcon.Bitmap.passOn.imageResource
        public static let passOnVector = ActionIcon.Vector.passOn.imageResource
        public static let photoSlotBitmap = ActionIcon.Bitmap.photoSlot.imageResource
        public static let photoSlotVector = ActionIcon.Vector.photoSlot.imageResource
        public static let receiveBitmap = ActionIcon.Bitmap.receive.imageResource
        public static let receiveVector = ActionIcon.Vector.receive.imageResource
        public static let wearBitmap = ActionIcon.Bitmap.wear.imageResource
        public static let wearVector = ActionIcon.Vector.wear.imageResource
    }

    /// The palette's colours as Xcode 15's asset symbols: `Color(.camel)`, `UIColor(resource: .camel)`.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension ColorResource {
        public static let paper = ColorResource(name: "Paper", bundle: generatedCatalogBundle)
        public static let camel = ColorResource(name: "Camel", bundle: generatedCatalogBundle)
        public static let ink = ColorResource(name: "Ink", bundle: generatedCatalogBundle)
    }
#endif

#if canImport(SwiftUI)
    import SwiftUI

    extension PaletteColor {
        /// The colour set `colorSetName` from this target's catalog.
        public func color() -> Color { color(in: generatedCatalogBundle) }
    }
#endif

#if canImport(UIKit)
    import UIKit

    extension PaletteColor {
        /// The colour set `colorSetName` from this target's catalog.
        public func uiColor() -> UIColor { uiColor(in: generatedCatalogBundle) }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    extension PaletteColor {
        /// The colour set `colorSetName` from this target's catalog.
        public func nsColor() -> NSColor { nsColor(in: generatedCatalogBundle) }
    }
#endif
