import Foundation

extension CharmStrings {
    /// `key`'s text in `bundle`'s strings table: in the language the bundle picks for the
    /// running app (its preferred localization), or in `localization` ("fr") when given.
    /// `value` (the source language's text) when that language has no translation of it,
    /// and when `localization` is one the bundle does not have.
    public static func localized(_ key: String, value: String, bundle: Bundle, localization: String? = nil) -> String {
        guard let localization else { return bundle.localizedString(forKey: key, value: value, table: table) }
        guard let path = bundle.path(forResource: localization, ofType: "lproj"), let strings = Bundle(path: path) else { return value }
        return strings.localizedString(forKey: key, value: value, table: table)
    }
}
