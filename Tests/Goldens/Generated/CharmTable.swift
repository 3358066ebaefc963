// Generated from art/charms.json by bijoux-assets. Do not edit.
// swiftlint:disable all

import BijouxKit

/// The stock charms, in dish order. The raw value is the charm's id in the table
/// (stable: it is what gets saved and sent).
public enum CharmType: String, CaseIterable, Codable, Sendable {
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

    /// What the charm is called, at most 26 characters.
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

    /// The note every stock charm arrives with.
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
}
