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

    /// The catalog's colour sets as Xcode 15's asset symbols: `Color(.camel)`, `UIColor(resource: .camel)`.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension DeveloperToolsSupport.ColorResource {
        public static let accent = DeveloperToolsSupport.ColorResource(name: "AccentColor", bundle: generatedCatalogBundle)
        public static let camel = DeveloperToolsSupport.ColorResource(name: "Camel", bundle: generatedCatalogBundle)
        public static let ink = DeveloperToolsSupport.ColorResource(name: "Ink", bundle: generatedCatalogBundle)
        public static let paper = DeveloperToolsSupport.ColorResource(name: "Paper", bundle: generatedCatalogBundle)
    }

    /// The catalog's image and symbol sets as Xcode 15's asset symbols: `Image(.heart)`, `UIImage(resource: .heart)`.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension DeveloperToolsSupport.ImageResource {
        public static let butterfly = DeveloperToolsSupport.ImageResource(name: "butterfly", bundle: generatedCatalogBundle)
        public static let cat = DeveloperToolsSupport.ImageResource(name: "cat", bundle: generatedCatalogBundle)
        public static let cherry = DeveloperToolsSupport.ImageResource(name: "cherry", bundle: generatedCatalogBundle)
        public static let clover = DeveloperToolsSupport.ImageResource(name: "clover", bundle: generatedCatalogBundle)
        public static let coffeeCup = DeveloperToolsSupport.ImageResource(name: "coffee-cup", bundle: generatedCatalogBundle)
        public static let envelope = DeveloperToolsSupport.ImageResource(name: "envelope", bundle: generatedCatalogBundle)
        public static let flower = DeveloperToolsSupport.ImageResource(name: "flower", bundle: generatedCatalogBundle)
        public static let give = DeveloperToolsSupport.ImageResource(name: "give", bundle: generatedCatalogBundle)
        public static let giveBitmap = DeveloperToolsSupport.ImageResource(name: "give-bitmap", bundle: generatedCatalogBundle)
        public static let giveVector = DeveloperToolsSupport.ImageResource(name: "give-vector", bundle: generatedCatalogBundle)
        public static let heart = DeveloperToolsSupport.ImageResource(name: "heart", bundle: generatedCatalogBundle)
        public static let matcha = DeveloperToolsSupport.ImageResource(name: "matcha", bundle: generatedCatalogBundle)
        public static let moon = DeveloperToolsSupport.ImageResource(name: "moon", bundle: generatedCatalogBundle)
        public static let mushroom = DeveloperToolsSupport.ImageResource(name: "mushroom", bundle: generatedCatalogBundle)
        public static let passOn = DeveloperToolsSupport.ImageResource(name: "pass-on", bundle: generatedCatalogBundle)
        public static let passOnBitmap = DeveloperToolsSupport.ImageResource(name: "pass-on-bitmap", bundle: generatedCatalogBundle)
        public static let passOnVector = DeveloperToolsSupport.ImageResource(name: "pass-on-vector", bundle: generatedCatalogBundle)
        public static let photoSlot = DeveloperToolsSupport.ImageResource(name: "photo-slot", bundle: generatedCatalogBundle)
        public static let photoSlotBitmap = DeveloperToolsSupport.ImageResource(name: "photo-slot-bitmap", bundle: generatedCatalogBundle)
        public static let photoSlotVector = DeveloperToolsSupport.ImageResource(name: "photo-slot-vector", bundle: generatedCatalogBundle)
        public static let receive = DeveloperToolsSupport.ImageResource(name: "receive", bundle: generatedCatalogBundle)
        public static let receiveBitmap = DeveloperToolsSupport.ImageResource(name: "receive-bitmap", bundle: generatedCatalogBundle)
        public static let receiveVector = DeveloperToolsSupport.ImageResource(name: "receive-vector", bundle: generatedCatalogBundle)
        public static let star = DeveloperToolsSupport.ImageResource(name: "star", bundle: generatedCatalogBundle)
        public static let wear = DeveloperToolsSupport.ImageResource(name: "wear", bundle: generatedCatalogBundle)
        public static let wearBitmap = DeveloperToolsSupport.ImageResource(name: "wear-bitmap", bundle: generatedCatalogBundle)
        public static let wearVector = DeveloperToolsSupport.ImageResource(name: "wear-vector", bundle: generatedCatalogBundle)
    }

    #if canImport(AppKit)
        import AppKit

        @available(macOS 14.0, *)
        @available(macCatalyst, unavailable)
        extension AppKit.NSColor {
            public static var accent: AppKit.NSColor {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .accent)
                #else
                    .init()
                #endif
            }
            public static var camel: AppKit.NSColor {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .camel)
                #else
                    .init()
                #endif
            }
            public static var ink: AppKit.NSColor {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .ink)
                #else
                    .init()
                #endif
            }
            public static var paper: AppKit.NSColor {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .paper)
                #else
                    .init()
                #endif
            }
        }

        @available(macOS 14.0, *)
        @available(macCatalyst, unavailable)
        extension AppKit.NSImage {
            public static var butterfly: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .butterfly)
                #else
                    .init()
                #endif
            }
            public static var cat: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .cat)
                #else
                    .init()
                #endif
            }
            public static var cherry: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .cherry)
                #else
                    .init()
                #endif
            }
            public static var clover: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .clover)
                #else
                    .init()
                #endif
            }
            public static var coffeeCup: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .coffeeCup)
                #else
                    .init()
                #endif
            }
            public static var envelope: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .envelope)
                #else
                    .init()
                #endif
            }
            public static var flower: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .flower)
                #else
                    .init()
                #endif
            }
            public static var give: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .give)
                #else
                    .init()
                #endif
            }
            public static var giveBitmap: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .giveBitmap)
                #else
                    .init()
                #endif
            }
            public static var giveVector: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .giveVector)
                #else
                    .init()
                #endif
            }
            public static var heart: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .heart)
                #else
                    .init()
                #endif
            }
            public static var matcha: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .matcha)
                #else
                    .init()
                #endif
            }
            public static var moon: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .moon)
                #else
                    .init()
                #endif
            }
            public static var mushroom: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .mushroom)
                #else
                    .init()
                #endif
            }
            public static var passOn: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .passOn)
                #else
                    .init()
                #endif
            }
            public static var passOnBitmap: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .passOnBitmap)
                #else
                    .init()
                #endif
            }
            public static var passOnVector: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .passOnVector)
                #else
                    .init()
                #endif
            }
            public static var photoSlot: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .photoSlot)
                #else
                    .init()
                #endif
            }
            public static var photoSlotBitmap: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .photoSlotBitmap)
                #else
                    .init()
                #endif
            }
            public static var photoSlotVector: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .photoSlotVector)
                #else
                    .init()
                #endif
            }
            public static var receive: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .receive)
                #else
                    .init()
                #endif
            }
            public static var receiveBitmap: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .receiveBitmap)
                #else
                    .init()
                #endif
            }
            public static var receiveVector: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .receiveVector)
                #else
                    .init()
                #endif
            }
            public static var star: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .star)
                #else
                    .init()
                #endif
            }
            public static var wear: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .wear)
                #else
                    .init()
                #endif
            }
            public static var wearBitmap: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .wearBitmap)
                #else
                    .init()
                #endif
            }
            public static var wearVector: AppKit.NSImage {
                #if !targetEnvironment(macCatalyst)
                    .init(resource: .wearVector)
                #else
                    .init()
                #endif
            }
        }
    #endif

    #if canImport(UIKit)
        import UIKit

        @available(iOS 17.0, tvOS 17.0, *)
        @available(watchOS, unavailable)
        extension UIKit.UIColor {
            public static var accent: UIKit.UIColor {
                #if !os(watchOS)
                    .init(resource: .accent)
                #else
                    .init()
                #endif
            }
            public static var camel: UIKit.UIColor {
                #if !os(watchOS)
                    .init(resource: .camel)
                #else
                    .init()
                #endif
            }
            public static var ink: UIKit.UIColor {
                #if !os(watchOS)
                    .init(resource: .ink)
                #else
                    .init()
                #endif
            }
            public static var paper: UIKit.UIColor {
                #if !os(watchOS)
                    .init(resource: .paper)
                #else
                    .init()
                #endif
            }
        }

        @available(iOS 17.0, tvOS 17.0, *)
        @available(watchOS, unavailable)
        extension UIKit.UIImage {
            public static var butterfly: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .butterfly)
                #else
                    .init()
                #endif
            }
            public static var cat: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .cat)
                #else
                    .init()
                #endif
            }
            public static var cherry: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .cherry)
                #else
                    .init()
                #endif
            }
            public static var clover: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .clover)
                #else
                    .init()
                #endif
            }
            public static var coffeeCup: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .coffeeCup)
                #else
                    .init()
                #endif
            }
            public static var envelope: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .envelope)
                #else
                    .init()
                #endif
            }
            public static var flower: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .flower)
                #else
                    .init()
                #endif
            }
            public static var give: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .give)
                #else
                    .init()
                #endif
            }
            public static var giveBitmap: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .giveBitmap)
                #else
                    .init()
                #endif
            }
            public static var giveVector: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .giveVector)
                #else
                    .init()
                #endif
            }
            public static var heart: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .heart)
                #else
                    .init()
                #endif
            }
            public static var matcha: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .matcha)
                #else
                    .init()
                #endif
            }
            public static var moon: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .moon)
                #else
                    .init()
                #endif
            }
            public static var mushroom: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .mushroom)
                #else
                    .init()
                #endif
            }
            public static var passOn: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .passOn)
                #else
                    .init()
                #endif
            }
            public static var passOnBitmap: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .passOnBitmap)
                #else
                    .init()
                #endif
            }
            public static var passOnVector: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .passOnVector)
                #else
                    .init()
                #endif
            }
            public static var photoSlot: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .photoSlot)
                #else
                    .init()
                #endif
            }
            public static var photoSlotBitmap: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .photoSlotBitmap)
                #else
                    .init()
                #endif
            }
            public static var photoSlotVector: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .photoSlotVector)
                #else
                    .init()
                #endif
            }
            public static var receive: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .receive)
                #else
                    .init()
                #endif
            }
            public static var receiveBitmap: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .receiveBitmap)
                #else
                    .init()
                #endif
            }
            public static var receiveVector: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .receiveVector)
                #else
                    .init()
                #endif
            }
            public static var star: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .star)
                #else
                    .init()
                #endif
            }
            public static var wear: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .wear)
                #else
                    .init()
                #endif
            }
            public static var wearBitmap: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .wearBitmap)
                #else
                    .init()
                #endif
            }
            public static var wearVector: UIKit.UIImage {
                #if !os(watchOS)
                    .init(resource: .wearVector)
                #else
                    .init()
                #endif
            }
        }
    #endif

    #if canImport(SwiftUI)
        import SwiftUI

        @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
        extension SwiftUI.Color {
            public static var accent: SwiftUI.Color { .init(.accent) }
            public static var camel: SwiftUI.Color { .init(.camel) }
            public static var ink: SwiftUI.Color { .init(.ink) }
            public static var paper: SwiftUI.Color { .init(.paper) }
        }

        @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
        extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {
            public static var accent: SwiftUI.Color { .init(.accent) }
            public static var camel: SwiftUI.Color { .init(.camel) }
            public static var ink: SwiftUI.Color { .init(.ink) }
            public static var paper: SwiftUI.Color { .init(.paper) }
        }
    #endif
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
