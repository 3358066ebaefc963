import BijouxCore
import BijouxSVG

/// The images stage: every image of `art/images/` (its PNG, JPEG, PDF or SVG files, see
/// `ImageFile`) becomes `Assets.xcassets/Images/<name>.imageset/`, its files copied as
/// they are, with per-image settings from the optional `art/images.json`. A Display P3 PNG
/// also gets its sRGB conversion (`ImageColour`). One job per image; each reads its files
/// within the caps (`ImageFile.Format.maxBytes`, the PNG reader's, `JPEGHeader`,
/// `PDFHeader`, `SVGSafety`) and leaves its card on the contact sheet.
enum ImagesStage: ContactSheetStage {
    static let name = "images"
    static let sourceFolder = "images"
    static let catalogFolder = AssetCatalog.folderName + "/Images"
    static var ownedFolders: [String] { [catalogFolder] }

    static func applies(to art: ArtFolder) -> Bool { art.hasFolder(sourceFolder) || art.contains(ImageSettings.fileName) }

    /// The folder's images, checked by their files' names (`ImageFolder`).
    static func images(_ art: ArtFolder) throws(ArtFileError) -> (images: [ImageSource], warnings: [BuildWarning]) {
        try ImageFolder.images(art.names(in: sourceFolder)) { art.file(sourceFolder + "/" + $0) }
    }

    /// The images' names, for the catalog's sets and the symbols (none when the folder is
    /// bad: `plan` reports that).
    static func imageNames(_ art: ArtFolder) -> [String] { ((try? images(art))?.images ?? []).map(\.name) }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let (images, warnings) = try images(art)
        let settings = art.imageSettings
        if art.contains(ImageSettings.fileName) {
            try settings.check(images, file: art.file(ImageSettings.fileName), folder: art.file(sourceFolder))
        }
        var jobs = [
            Job.constant(name: "Contents.json", scope: .whole, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])
        ]
        for image in images { jobs.append(imageJob(image, art: art, properties: settings.properties(for: image.name, isVector: image.isVector))) }
        return StagePlan(jobs: jobs, warnings: warnings)
    }

    /// One image's job: reads and checks its files, keys them with its settings, and copies
    /// them into its set when the cache misses.
    private static func imageJob(_ image: ImageSource, art: ArtFolder, properties: [String: JSONOutput]) -> Job {
        Job(name: image.name, scope: .whole, source: art.file(sourceFolder + "/" + image.files[0].fileName)) {
            var files: [CheckedImageFile] = []
            let key = CacheKey("image")
            key.add("name", image.name)
            key.add("properties", JSONWriter.xcodeStyle(.object(properties)))
            for file in image.files {
                let relative = sourceFolder + "/" + file.fileName
                let bytes = try art.read(relative, limit: file.format.maxBytes)
                files.append(try CheckedImageFile.check(file, bytes: bytes, path: art.file(relative)))
                key.add("file " + file.fileName, files.last!.hash)
            }
            try CheckedImageFile.checkSizes(files, image: image.name, place: { art.file(sourceFolder + "/" + $0) })
            let set = ImageSetPlan(name: image.name, files: files, properties: properties)
            return Job.Prepared(key: key.hash) { recorder in try make(set, art: art, recorder) }
        }
    }

    private static func make(_ set: ImageSetPlan, art: ArtFolder, _ recorder: JobRecorder) throws {
        let folder = "\(catalogFolder)/\(set.name).imageset"
        try recorder.write(folder + "/Contents.json", text: set.contents())
        var variants: [ContactSheet.ImageVariant] = []
        for checked in set.files {
            // Read again (a job holds no art's bytes from its preparing to its making), as keyed.
            let relative = sourceFolder + "/" + checked.file.fileName, path = art.file(relative)
            let bytes = try art.read(relative, limit: checked.file.format.maxBytes)
            guard ContentHash.of(bytes) == checked.hash else { throw ArtFileError(file: path, message: "changed while the build was reading it; build again") }
            if checked.file.format == .png {
                // Every PNG is decoded once within the caps, so a damaged one is refused, never shipped.
                _ = try PNGDecoder.decode(bytes, path: path)
            }
            if let pages = checked.pages, pages > 1 {
                recorder.warn(path, "a PDF of \(pages) pages: an image is one page, so Xcode uses its first and leaves the others out")
            }
            if checked.colour == .displayP3 {
                try recorder.write(folder + "/" + set.fileName(checked, gamut: .sRGB), try ImageColour.sRGBTwin(bytes, path: path))
            }
            let shipped = folder + "/" + set.fileName(checked, gamut: checked.colour == .displayP3 ? .displayP3 : .sRGB)
            try recorder.write(shipped, bytes)
            variants.append(
                ContactSheet.ImageVariant(
                    label: checked.file.appearance.label + (checked.file.scale.map { " @\($0)x" } ?? ""), format: checked.file.format.rawValue,
                    image: ContactSheet.Image(path: shipped, width: checked.width, height: checked.height), colour: checked.colourNote))
        }
        let intent = set.properties["template-rendering-intent"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
        let vector = set.isVector ? (set.properties["preserves-vector-representation"] != nil ? "vector, preserved" : "vector") : ""
        recorder.note("image \(set.name): \(set.files.count) files" + (vector.isEmpty ? "" : ", \(vector)") + (intent.isEmpty ? "" : ", \(intent)"))
        recorder.leave(ContactSheet(images: [ContactSheet.ImageAsset(name: set.name, variants: variants, vector: vector, renderingIntent: intent)]))
    }
}

/// A file of an image read and checked: the hash of its bytes and what its header says.
struct CheckedImageFile: Sendable {
    var file: ImageFile
    var hash: ContentHash
    /// Pixels for a PNG or JPEG; the page in points for a PDF whose size was found; 0 when unknown.
    var width: Int
    var height: Int
    /// A PNG's colour; sRGB for the other formats, which ship as they are.
    var colour: ImageColour = .sRGB
    /// A PDF's pages, when its page tree says.
    var pages: Int?

    /// How the contact sheet words its colour: empty for sRGB.
    var colourNote: String {
        switch colour {
        case .sRGB: ""
        case .displayP3: "Display P3, shipped with its sRGB conversion"
        case .other(let name): "\(name), shipped as it is"
        }
    }

    /// Reads the header of `bytes` as its format says, within the caps; a file that is not
    /// what its name says, or is truncated or too large, is one error naming it.
    static func check(_ file: ImageFile, bytes: [UInt8], path: String) throws -> CheckedImageFile {
        switch file.format {
        case .png:
            let png = try PNGRows(bytes, path: path)
            let colour = try ImageColour.of(bytes, info: png.info, path: path)
            return CheckedImageFile(file: file, hash: ContentHash.of(bytes), width: png.width, height: png.height, colour: colour)
        case .jpeg:
            do {
                let header = try JPEGHeader.read(bytes)
                return CheckedImageFile(file: file, hash: ContentHash.of(bytes), width: header.width, height: header.height)
            } catch { throw ArtFileError(file: path, message: error.message) }
        case .pdf:
            do {
                let header = try PDFHeader.read(bytes)
                let (width, height) = (header.pageSize?.width ?? 0, header.pageSize?.height ?? 0)
                return CheckedImageFile(
                    file: file, hash: ContentHash.of(bytes), width: Int(width.rounded()), height: Int(height.rounded()), pages: header.pages)
            } catch { throw ArtFileError(file: path, message: error.message) }
        case .svg:
            if let problem = SVGSafety.check(bytes).problem { throw ArtFileError(file: path, location: problem.location, message: problem.message) }
            return CheckedImageFile(file: file, hash: ContentHash.of(bytes), width: 0, height: 0)
        }
    }

    /// Every raster file of one image is one size in points (pixels over scale), whatever its
    /// scale and appearance: the first file in set order is the measure.
    static func checkSizes(_ files: [CheckedImageFile], image: String, place: (String) -> String) throws(ArtFileError) {
        guard let first = files.first, let firstScale = first.file.scale else { return }
        for other in files.dropFirst() {
            guard let scale = other.file.scale else { continue }
            if other.width * firstScale != first.width * scale || other.height * firstScale != first.height * scale {
                func size(_ f: CheckedImageFile, _ s: Int) -> String {
                    "\(f.width)×\(f.height) px at @\(s)x (\(Format.number(Double(f.width) / Double(s)))×\(Format.number(Double(f.height) / Double(s))) pt)"
                }
                throw ArtFileError(
                    file: place(other.file.fileName),
                    message: """
                        is \(size(other, scale)), but \(first.file.fileName) is \(size(first, firstScale)): every scale and appearance of \
                        image '\(image)' must be one size in points
                        """)
            }
        }
    }
}
