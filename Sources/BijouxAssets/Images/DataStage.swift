import BijouxCore

/// The data stage: every file of `art/data/` becomes `Assets.xcassets/Data/<name>.dataset/`
/// (`<name>` is the file's name without its last extension), the file copied as it is,
/// for `NSDataAsset`. At most `maxFiles` files of at most `maxBytes` each.
enum DataStage: ContactSheetStage {
    static let name = "data"
    static let sourceFolder = "data"
    static let catalogFolder = AssetCatalog.folderName + "/Data"
    static var ownedFolders: [String] { [catalogFolder] }
    static let maxFiles = 256
    static let maxBytes = 32 << 20

    /// The uniform type identifier Xcode writes for a file of each extension it knows;
    /// other files' sets have none (Xcode's "Universal Type Identifier" left empty).
    static let typeIdentifiers: [String: String] = [
        "json": "public.json", "txt": "public.plain-text", "csv": "public.comma-separated-values-text", "xml": "public.xml",
        "plist": "com.apple.property-list", "html": "public.html", "htm": "public.html", "yaml": "public.yaml", "yml": "public.yaml",
        "png": "public.png", "jpg": "public.jpeg", "jpeg": "public.jpeg", "pdf": "com.adobe.pdf", "svg": "public.svg-image",
        "mp3": "public.mp3", "m4a": "com.apple.m4a-audio", "wav": "com.microsoft.waveform-audio", "zip": "public.zip-archive",
        "gz": "org.gnu.gnu-zip-archive", "ttf": "public.truetype-ttf-font", "otf": "public.opentype-font",
    ]

    static func applies(to art: ArtFolder) -> Bool { art.hasFolder(sourceFolder) }

    /// A data file: its set's name, its file's name, its type identifier when known.
    struct DataFile: Equatable, Sendable {
        var name: String
        var fileName: String
        var typeIdentifier: String?

        init(fileName: String) {
            let dot = fileName.lastIndex(of: ".")
            name = dot.map { String(fileName[..<$0]) } ?? fileName
            self.fileName = fileName
            typeIdentifier = dot.flatMap { DataStage.typeIdentifiers[fileName[fileName.index(after: $0)...].lowercased()] }
        }
    }

    /// The folder's data files, in name order, each name checked.
    static func files(_ art: ArtFolder) throws(ArtFileError) -> [DataFile] {
        var files: [DataFile] = []
        var seen: [String: String] = [:]
        for fileName in art.names(in: sourceFolder) where !fileName.hasPrefix(".") {
            let path = art.file(sourceFolder + "/" + fileName), file = DataFile(fileName: fileName)
            if art.hasFolder(sourceFolder + "/" + fileName) { throw ArtFileError(file: path, message: "is a folder: data/ holds files, each a data set") }
            guard files.count < maxFiles else { throw ArtFileError(file: path, message: "one file too many: art/data holds at most \(maxFiles) files") }
            guard AssetName.isValid(file.name) else {
                throw ArtFileError(
                    file: path,
                    message:
                        "\"\(file.name)\" is not a valid data name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the data set"
                )
            }
            if let other = seen[AssetName.caseFolded(file.name)] {
                throw ArtFileError(
                    file: path,
                    message: AssetName.caseClash(file.name, with: other).map { "data names \($0)" } ?? "two files give the data set '\(file.name)'; rename one")
            }
            seen[AssetName.caseFolded(file.name)] = file.name
            files.append(file)
        }
        return files
    }

    static func dataNames(_ art: ArtFolder) -> [String] { ((try? files(art)) ?? []).map(\.name) }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        var jobs = [
            Job.constant(name: "Contents.json", scope: .whole, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])
        ]
        for file in try files(art) {
            let relative = sourceFolder + "/" + file.fileName
            jobs.append(
                Job(name: file.name, scope: .whole, source: art.file(relative)) {
                    let hash = ContentHash.of(try art.read(relative, limit: maxBytes))
                    let key = CacheKey("data")
                    key.add("file", file.fileName)
                    key.add("bytes", hash)
                    return Job.Prepared(key: key.hash) { recorder in
                        // Read again, as keyed: a job holds no art's bytes from its preparing to its making.
                        let bytes = try art.read(relative, limit: maxBytes)
                        guard ContentHash.of(bytes) == hash else {
                            throw ArtFileError(file: art.file(relative), message: "changed while the build was reading it; build again")
                        }
                        let folder = "\(catalogFolder)/\(file.name).dataset"
                        try recorder.write(folder + "/Contents.json", text: contents(file))
                        try recorder.write(folder + "/" + file.fileName, bytes)
                        recorder.note("data \(file.name): \(file.fileName), \(Format.count(bytes.count, "byte"))")
                        recorder.leave(
                            ContactSheet(data: [
                                ContactSheet.DataAsset(name: file.name, fileName: file.fileName, typeIdentifier: file.typeIdentifier ?? "", bytes: bytes.count)
                            ]))
                    }
                })
        }
        return StagePlan(jobs: jobs)
    }

    /// Contents.json of a data set as Xcode writes one: one universal entry.
    static func contents(_ file: DataFile) -> String {
        var entry: [String: JSONOutput] = ["filename": .string(file.fileName), "idiom": "universal"]
        if let type = file.typeIdentifier { entry["universal-type-identifier"] = .string(type) }
        return JSONWriter.xcodeStyle(["data": [.object(entry)], "info": AssetCatalog.info])
    }
}
