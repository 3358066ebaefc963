import BijouxCore
import BijouxSVG

/// One file of `art/images/`, read from its name: `<name>[~dark][~highcontrast][@2x|@3x].<ext>`.
/// The appearance suffixes come before the scale, in that order; a PNG or JPEG without a
/// scale suffix (or with `@1x`) is @1x, and a PDF or SVG is a vector image, which has no scale.
struct ImageFile: Equatable, Sendable {
    enum Format: String, Sendable, CaseIterable {
        case png, jpeg, pdf, svg

        /// By a file's extension, in lower case (`.jpg` and `.jpeg` are both JPEG).
        init?(extension ext: String) {
            switch ext {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "pdf": self = .pdf
            case "svg": self = .svg
            default: return nil
            }
        }

        var isVector: Bool { self == .pdf || self == .svg }

        /// The most bytes a file of this format may have, checked before it is read: an SVG
        /// as an icon's (`SVGSafety.maxFileSize`), anything else 32 MiB (a 4K @3x photo is a
        /// few megabytes).
        var maxBytes: Int { self == .svg ? ImageFile.maxSVGBytes : ImageFile.maxBytes }
    }

    /// An appearance of an image set, in Xcode's order (any, dark, high contrast, dark and
    /// high contrast), as its file names and its `appearances` entries say it.
    enum Appearance: Int, Sendable, CaseIterable, Comparable {
        case any, dark, highContrast, darkHighContrast

        /// What the file name adds after the image's name.
        var suffix: String { ["", "~dark", "~highcontrast", "~dark~highcontrast"][rawValue] }

        /// The `appearances` entries of the set's Contents.json (none for any).
        var entries: [JSONOutput] {
            let dark: JSONOutput = ["appearance": "luminosity", "value": "dark"]
            let high: JSONOutput = ["appearance": "contrast", "value": "high"]
            return [[], [dark], [high], [dark, high]][rawValue]
        }

        /// How the contact sheet names it.
        var label: String { ["any", "dark", "high contrast", "dark, high contrast"][rawValue] }

        static func < (a: Appearance, b: Appearance) -> Bool { a.rawValue < b.rawValue }
    }

    /// The file's name in `art/images/` (and in its image set, but for a Display P3 PNG's pair).
    var fileName: String
    /// The image set it belongs to.
    var name: String
    var appearance: Appearance
    /// 1, 2 or 3; nil for a vector image.
    var scale: Int?
    var format: Format

    static let maxBytes = 32 << 20
    static let maxSVGBytes = SVGSafety.maxFileSize

    /// Reads a file's name; nil when its extension is not one of the formats. The name
    /// itself is checked by `ImageFolder` (which says why it is refused).
    init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), let format = Format(extension: String(fileName[fileName.index(after: dot)...])) else {
            return nil
        }
        var stem = String(fileName[..<dot])
        var scale: Int? = format.isVector ? nil : 1
        // A vector file named with a scale (`logo@2x.pdf`) keeps it, for the error.
        for candidate in [1, 2, 3] where stem.hasSuffix("@\(candidate)x") {
            stem.removeLast(3)
            scale = candidate
            break
        }
        var appearance = Appearance.any
        for candidate in Appearance.allCases.reversed() where candidate != .any && stem.hasSuffix(candidate.suffix) {
            stem.removeLast(candidate.suffix.count)
            appearance = candidate
            break
        }
        self.fileName = fileName
        self.name = stem
        self.appearance = appearance
        self.scale = scale
        self.format = format
    }

    /// A file's slot in its set: its appearance and scale (nil: the vector image).
    var slot: String { appearance.suffix + (scale.map { "@\($0)x" } ?? "") }
}

/// An image of `art/images/`: its files, in Xcode's order (by scale, then appearance).
struct ImageSource: Equatable, Sendable {
    var name: String
    var files: [ImageFile]

    var isVector: Bool { files.first?.format.isVector == true }
    var appearances: [ImageFile.Appearance] { Array(Set(files.map(\.appearance))).sorted() }
}

/// The files of `art/images/` grouped into images and checked by their names alone: every
/// rule that needs no byte of them, so a mistake stops the build while planning.
enum ImageFolder {
    /// At most this many files in `art/images/`: a catalog of a few hundred images is large.
    static let maxFiles = 1024

    /// The images of the folder at `folder` (its entries `names`, hidden ones left out), in
    /// name order, and a warning for each file that is not an image. `place` names a file.
    static func images(_ names: [String], place: (String) -> String) throws(ArtFileError) -> (images: [ImageSource], warnings: [BuildWarning]) {
        var warnings: [BuildWarning] = []
        var byName: [String: [ImageFile]] = [:]
        var folded: [String: String] = [:]
        let files = names.filter { !$0.hasPrefix(".") }
        if files.count > maxFiles {
            throw ArtFileError(file: place(files[maxFiles]), message: "one file too many: art/images holds at most \(maxFiles) files")
        }
        for fileName in files {
            guard let file = ImageFile(fileName: fileName) else {
                let message = "not a PNG, JPEG, PDF or SVG file (.png, .jpg, .jpeg, .pdf or .svg, in lower case); ignored"
                warnings.append(BuildWarning(subject: place(fileName), message: message))
                continue
            }
            guard AssetName.isValid(file.name) else {
                throw ArtFileError(
                    file: place(fileName),
                    message: """
                        "\(file.name)" is not a valid image name (ASCII letters, digits, '-' and '_', starting with a letter or digit, then \
                        ~dark, ~highcontrast, @2x or @3x): it names the image set
                        """)
            }
            if let other = folded[AssetName.caseFolded(file.name)], let clash = AssetName.caseClash(file.name, with: other) {
                throw ArtFileError(file: place(fileName), message: "image names \(clash)")
            }
            folded[AssetName.caseFolded(file.name)] = file.name
            byName[file.name, default: []].append(file)
        }
        var images: [ImageSource] = []
        for name in byName.keys.sorted() {
            images.append(try checked(name, byName[name]!, place: place))
        }
        return (images, warnings)
    }

    /// One image's files, checked: all raster or all vector, a vector one without a
    /// scale, one file per slot, and the base image (any appearance) beside every
    /// variant, with both dark and high contrast beside dark-high-contrast.
    private static func checked(_ name: String, _ files: [ImageFile], place: (String) -> String) throws(ArtFileError) -> ImageSource {
        let sorted = files.sorted { ($0.scale ?? 0, $0.appearance, $0.fileName) < ($1.scale ?? 0, $1.appearance, $1.fileName) }
        if let vector = sorted.first(where: { $0.format.isVector }), let raster = sorted.first(where: { !$0.format.isVector }) {
            throw ArtFileError(
                file: place(vector.fileName),
                message:
                    "image '\(name)' mixes a vector file with scaled ones (\(raster.fileName)); give it either one PDF or SVG, or PNGs/JPEGs at @1x/@2x/@3x")
        }
        if let scaled = sorted.first(where: { $0.format.isVector && $0.scale != nil }) {
            throw ArtFileError(file: place(scaled.fileName), message: "a PDF or SVG is one vector image for every scale: name it without @1x, @2x or @3x")
        }
        var slots: [String: String] = [:]
        for file in sorted {
            if let other = slots[file.slot] {
                throw ArtFileError(file: place(file.fileName), message: "image '\(name)' has two files for one slot (\(other) and \(file.fileName)); keep one")
            }
            slots[file.slot] = file.fileName
        }
        let appearances = Set(sorted.map(\.appearance))
        for file in sorted where file.appearance != .any {
            let needed: [ImageFile.Appearance] = file.appearance == .darkHighContrast ? [.any, .dark, .highContrast] : [.any]
            if let missing = needed.first(where: { !appearances.contains($0) }) {
                let base = "\(name)\(missing.suffix)." + (file.format == .jpeg ? "jpg" : file.format.rawValue)
                throw ArtFileError(
                    file: place(file.fileName),
                    message: "a \(file.appearance.label) variant with no \(missing.label) image beside it (such as \(base)): the set needs it")
            }
        }
        return ImageSource(name: name, files: sorted)
    }
}
