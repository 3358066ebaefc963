/// The one rule for the names the art gives assets: charm ids, icon, sound and palette
/// names and app-icon ids, which name files, catalog sets, bundle resources and Swift
/// cases. Every stage checks its names with it. (Numeric limits live with the model
/// they protect: `CharmLimits.maxNameLength`, `CharmPhysics.swayDurationLimits`.)
enum AssetName {
    /// ASCII letters, digits, '-' and '_', starting with a letter or digit, at most 64.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else { return false }
        func allowed(_ s: Unicode.Scalar) -> Bool {
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "_"
        }
        return allowed(first) && first != "-" && first != "_" && name.unicodeScalars.allSatisfy(allowed)
    }

    /// What two names that differ only in letter case share: such names are one file
    /// on a Mac's case-insensitive disk and one image to Xcode, so names must differ by
    /// more than case. (Names are ASCII, see `isValid`.)
    static func caseFolded(_ name: String) -> String { name.lowercased() }

    /// Why `name` may not join names already seen (keyed by `caseFolded`), or nil.
    static func caseClash(_ name: String, with seen: String) -> String? {
        name == seen ? nil : "'\(name)' and '\(seen)' differ only in letter case; on a Mac's disk and in Xcode they are one name, so rename one"
    }
}
