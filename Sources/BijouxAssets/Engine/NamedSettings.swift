import BijouxCore

/// The shape of an art file of settings by name (icons.json, images.json): an object of
/// `defaults` and of `list` (`"icons"`, `"images"`), a map from a name to its own
/// settings, each read by `overrides` (given the name, nil for the defaults). A name
/// listed twice is an error at the second, naming the first.
struct NamedSettings<Overrides> {
    var defaults: Overrides?
    /// Where the defaults are, for errors about them.
    var defaultsNode: JSONNode?
    var named: [String: Overrides] = [:]

    static func parse(
        _ bytes: [UInt8], file: String, list: String, noun: String, location: (Overrides) -> SourceLocation?,
        overrides: (JSONNode, String?) throws(ArtFileError) -> Overrides
    ) throws(ArtFileError) -> NamedSettings {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["defaults", list],
            notAnObject: "expected an object with \"defaults\" and/or \"\(list)\"",
            unknown: "unknown top-level field (expected \"defaults\", \"\(list)\")")
        var settings = NamedSettings(defaultsNode: top["defaults"])
        if let node = top["defaults"] { settings.defaults = try overrides(node, nil) }
        for entry in try top.optional(list, "an object from \(noun) name to settings", saysFound: true, \.members) ?? [] {
            if let earlier = settings.named[entry.key].flatMap(location) {
                throw ArtFileError(file: file, location: entry.keyLocation, subject: "\(noun) '\(entry.key)'", message: "listed twice (first at \(earlier))")
            }
            settings.named[entry.key] = try overrides(entry.value, entry.key)
        }
        return settings
    }
}
