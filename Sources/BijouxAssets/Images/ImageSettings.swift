import BijouxCore

/// How each image of `art/images/` is set up in its image set, from the optional
/// `art/images.json`:
///
///     {"defaults": {"renderingIntent": "original"},
///      "images": {"wordmark": {"renderingIntent": "template", "preservesVector": false}}}
///
/// Every field is optional. `renderingIntent` is Xcode's `template-rendering-intent`
/// ("template": the app tints the image; "original": its own colours); without one the
/// set has none and the system decides ("Default" in Xcode). `preservesVector` is Xcode's
/// `preserves-vector-representation`, for a PDF or SVG only: true unless set false, so the
/// app scales the vector rather than a bitmap Xcode rasterises at build time, as
/// element-x-ios's SVG sets (`images/poll-winner.imageset`) and mastodon-ios's PDF sets have
/// it. An image's own values override `defaults`.
struct ImageSettings: Equatable, Sendable {
    struct Overrides: Equatable, Sendable {
        var renderingIntent: IconSettings.RenderingIntent?
        var preservesVector: Bool?
        var location: SourceLocation?
    }

    var defaults = Overrides()
    /// By image name (its files' names without suffixes and extension).
    var images: [String: Overrides] = [:]

    static let fileName = "images.json"

    func renderingIntent(for name: String) -> IconSettings.RenderingIntent? {
        images[name]?.renderingIntent ?? defaults.renderingIntent
    }

    func preservesVector(for name: String) -> Bool {
        images[name]?.preservesVector ?? defaults.preservesVector ?? true
    }

    /// The image set's `properties`, for an image that is a vector one or not.
    func properties(for name: String, isVector: Bool) -> [String: JSONOutput] {
        var properties: [String: JSONOutput] = [:]
        if let intent = renderingIntent(for: name) { properties["template-rendering-intent"] = .string(intent.rawValue) }
        if isVector && preservesVector(for: name) { properties["preserves-vector-representation"] = true }
        return properties
    }
}

extension ImageSettings {
    /// Parses and validates images.json. `file` names the file in errors. Whether each
    /// named image is there is checked by the images stage, which lists the folder.
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> ImageSettings {
        let read = try NamedSettings<Overrides>.parse(bytes, file: file, list: "images", noun: "image", location: \.location) {
            (node, image) throws(ArtFileError) in try parseOverrides(node, image: image, file: file)
        }
        var settings = ImageSettings()
        if let defaults = read.defaults { settings.defaults = defaults }
        settings.images = read.named
        return settings
    }

    private static func parseOverrides(_ node: JSONNode, image: String?, file: String) throws(ArtFileError) -> Overrides {
        let fields = try JSONFields(
            node, file: file, path: image == nil ? "defaults" : nil, subject: image.map { "image '\($0)'" }, known: ["renderingIntent", "preservesVector"])
        return Overrides(
            renderingIntent: try fields.optional("renderingIntent", "\"template\" (the app tints the image) or \"original\"") {
                $0.string.flatMap(IconSettings.RenderingIntent.init)
            },
            preservesVector: try fields.optional("preservesVector", "true or false", saysFound: true, \.bool),
            location: node.location)
    }

    /// Every image the file sets is one of `images`, and `preservesVector` is set only
    /// for vector ones: an entry for an image that is not there is an error, not silently unused.
    func check(_ images: [ImageSource], file: String, folder: String) throws(ArtFileError) {
        for (name, overrides) in self.images.sorted(by: { $0.key < $1.key }) {
            guard let image = images.first(where: { $0.name == name }) else {
                throw ArtFileError(file: file, location: overrides.location, subject: "image '\(name)'", message: "there is no such image in \(folder)/")
            }
            if overrides.preservesVector == true && !image.isVector {
                throw ArtFileError(
                    file: file, location: overrides.location, subject: "image '\(name)'", field: "preservesVector",
                    message: "the image is not a PDF or SVG, so it has no vector representation to preserve")
            }
        }
    }
}
