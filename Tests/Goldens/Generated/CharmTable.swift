// Generated from art/charms.json by bijoux-assets. Do not edit.
// swiftlint:disable all

import BijouxKit
import Foundation

/// The stock charms, in dish order. The raw value is the charm's id in the table
/// (stable: it is what gets saved and sent). `LocalizableCharm` (BijouxKit) gives
/// each its name and note in the app's language: `localizedDisplayName`,
/// `localizedStockNote`, and on Apple platforms `displayNameResource`.
public enum CharmType: String, CaseIterable, Codable, Sendable, LocalizableCharm {
    case heart = "heart"
    case star = "star"
    case cat = "cat"
    case coffeeCup = "coffee-cup"
    case matcha = "matcha"
    case moon = "moon"
    case cherry = "cherry"
    case flower = "flower"
    case clover = "clover"
    case mushroom = "mushroom"
    case butterfly = "butterfly"
    case envelope = "envelope"

    /// The image set in the asset catalog.
    public var imageName: String {
        switch self {
        case .heart: return "heart"
        case .star: return "star"
        case .cat: return "cat"
        case .coffeeCup: return "coffee-cup"
        case .matcha: return "matcha"
        case .moon: return "moon"
        case .cherry: return "cherry"
        case .flower: return "flower"
        case .clover: return "clover"
        case .mushroom: return "mushroom"
        case .butterfly: return "butterfly"
        case .envelope: return "envelope"
        }
    }

    /// What the charm is called, at most 26 characters, in the table's language.
    public var displayName: String {
        switch self {
        case .heart: return "Heart"
        case .star: return "Star"
        case .cat: return "Cat"
        case .coffeeCup: return "Coffee Cup"
        case .matcha: return "Matcha"
        case .moon: return "Moon"
        case .cherry: return "Cherries"
        case .flower: return "Flower"
        case .clover: return "Four-Leaf Clover"
        case .mushroom: return "Mushroom"
        case .butterfly: return "Butterfly"
        case .envelope: return "Love Letter"
        }
    }

    /// The note every stock charm arrives with, in the table's language.
    public var stockNote: String {
        switch self {
        case .heart: return "you have my whole heart"
        case .star: return "you make everything shine"
        case .cat: return "purring because you exist"
        case .coffeeCup: return "coffee soon? my treat"
        case .matcha: return "a calm cup, just for you"
        case .moon: return "goodnight, thinking of you"
        case .cherry: return "we go together, always"
        case .flower: return "you made today bloom"
        case .clover: return "a little luck for you"
        case .mushroom: return "you're a fun guy, truly"
        case .butterfly: return "you give me butterflies"
        case .envelope: return "a little letter, all for you"
        }
    }

    /// The key of `displayName` in the String Catalog (`Localizable.xcstrings`).
    public var displayNameKey: StaticString {
        switch self {
        case .heart: return "charm.heart.displayName"
        case .star: return "charm.star.displayName"
        case .cat: return "charm.cat.displayName"
        case .coffeeCup: return "charm.coffee-cup.displayName"
        case .matcha: return "charm.matcha.displayName"
        case .moon: return "charm.moon.displayName"
        case .cherry: return "charm.cherry.displayName"
        case .flower: return "charm.flower.displayName"
        case .clover: return "charm.clover.displayName"
        case .mushroom: return "charm.mushroom.displayName"
        case .butterfly: return "charm.butterfly.displayName"
        case .envelope: return "charm.envelope.displayName"
        }
    }

    /// The key of `stockNote` in the String Catalog.
    public var stockNoteKey: StaticString {
        switch self {
        case .heart: return "charm.heart.note"
        case .star: return "charm.star.note"
        case .cat: return "charm.cat.note"
        case .coffeeCup: return "charm.coffee-cup.note"
        case .matcha: return "charm.matcha.note"
        case .moon: return "charm.moon.note"
        case .cherry: return "charm.cherry.note"
        case .flower: return "charm.flower.note"
        case .clover: return "charm.clover.note"
        case .mushroom: return "charm.mushroom.note"
        case .butterfly: return "charm.butterfly.note"
        case .envelope: return "charm.envelope.note"
        }
    }

    /// How the charm hangs when worn.
    public var sway: CharmSway {
        switch self {
        case .heart: return CharmSway(duration: 3.2)
        case .star: return CharmSway(duration: 2.4)
        case .cat: return CharmSway(duration: 4.4)
        case .coffeeCup: return CharmSway(duration: 4.3)
        case .matcha: return CharmSway(duration: 3.8)
        case .moon: return CharmSway(duration: 2.8)
        case .cherry: return CharmSway(duration: 2.9)
        case .flower: return CharmSway(duration: 2.7)
        case .clover: return CharmSway(duration: 2.6)
        case .mushroom: return CharmSway(duration: 3.4)
        case .butterfly: return CharmSway(duration: 2.5)
        case .envelope: return CharmSway(duration: 3.6)
        }
    }

    /// The bundle that holds this target's strings: `<language>.lproj/Localizable.strings`, or
    /// the compiled String Catalog.
    public static var stringsBundle: Bundle { generatedStringsBundle }
}

/// The bundle this target was built into: its resource bundle when SwiftPM builds it,
/// else the bundle of this code (an app's main bundle, or its framework's).
private var generatedStringsBundle: Bundle {
    #if SWIFT_PACKAGE
        return .module
    #else
        return Bundle(for: BijouxStringsBundleToken.self)
    #endif
}

private final class BijouxStringsBundleToken {}
