/// Plans and runs a build: finds which stages have inputs in the art folder, runs
/// them, and commits their files together (see `OutputCommit`), so a failed build
/// leaves the previous good outputs exactly as they were.
public enum Builder {
    public struct Options: Sendable {
        public var artFolder: String
        public var outputFolder: String
        /// Fail the build on any warning.
        public var strict: Bool
        public var jobs: Int
        /// Build only these charms, touching no other output.
        public var onlyCharms: Set<String>?

        public init(
            artFolder: String = "art", outputFolder: String = "build", strict: Bool = false,
            jobs: Int = Parallel.defaultJobs, onlyCharms: Set<String>? = nil
        ) {
            self.artFolder = artFolder
            self.outputFolder = outputFolder
            self.strict = strict
            self.jobs = jobs
            self.onlyCharms = onlyCharms
        }
    }

    public struct Report: Sendable {
        public var stages: [String]
        public var files: OutputCommit.Report
        public var warnings: [BuildWarning]
        public var notes: [String]
    }

    /// What a stage gets: the art folder, its parsed charm table, and the options.
    public struct Context: Sendable {
        public var artFolder: String
        public var options: Options
        /// charms.json, parsed and validated once for every stage that reads it.
        public var table: CharmTableSource?

        public func path(_ relative: String) -> String { artFolder + "/" + relative }
    }

    public struct PlannedStage: Sendable {
        public var name: String
        public var run: @Sendable (Context) throws -> StageProduct
    }

    public static let charmTableFile = "charms.json"

    /// The stages whose inputs exist, in the order they run.
    public static func plan(_ context: Context) -> [PlannedStage] {
        var stages: [PlannedStage] = []
        if let table = context.table, context.options.onlyCharms == nil {
            // First: it is quick, and it stops a build with a bad table before the charms.
            stages.append(PlannedStage(name: "table") { context in
                try TableStage.run(table: table, artFolder: context.artFolder)
            })
        }
        if let table = context.table {
            stages.append(PlannedStage(name: "charms") { context in
                try CharmsStage.run(table: table, artFolder: context.artFolder, only: context.options.onlyCharms, jobs: context.options.jobs)
            })
        }
        if context.options.onlyCharms == nil, FileIO.isDirectory(context.path(IconsStage.sourceFolder)) {
            stages.append(PlannedStage(name: "icons") { context in
                try IconsStage.run(artFolder: context.artFolder, jobs: context.options.jobs)
            })
        }
        if FileIO.exists(context.path(AppIconParameters.fileName)) {
            stages.append(PlannedStage(name: "app icon") { context in
                try AppIconStage.run(artFolder: context.artFolder, table: context.table, only: context.options.onlyCharms, jobs: context.options.jobs)
            })
        }
        return stages
    }

    @discardableResult
    public static func build(_ options: Options) throws -> Report {
        let art = options.artFolder
        guard FileIO.isDirectory(art) else {
            throw ArtFileError(file: art, message: "art folder not found")
        }
        var context = Context(artFolder: art, options: options, table: nil)
        let tablePath = context.path(charmTableFile)
        if FileIO.exists(tablePath) {
            context.table = try CharmTableSource.parse(try FileIO.read(tablePath), file: tablePath)
        }
        if let only = options.onlyCharms {
            guard let table = context.table else {
                throw ArtFileError(file: tablePath, message: "no charm table, so no charm to build")
            }
            let known = Set(table.charms.map(\.id))
            for id in only.sorted() where !known.contains(id) {
                throw ArtFileError(file: tablePath, message: "no charm with id '\(id)' (known: \(table.charms.map(\.id).joined(separator: ", ")))")
            }
        }
        let stages = plan(context)
        guard !stages.isEmpty else {
            throw ArtFileError(file: art, message: "nothing to build: no \(charmTableFile), icons/ or appicon.json")
        }

        var product = StageProduct()
        product.outputs.append(BuildOutput(path: AssetCatalog.folderName + "/Contents.json", text: AssetCatalog.folderContents()))
        for stage in stages { product.merge(try stage.run(context)) }
        if options.onlyCharms == nil {
            // The contact sheet shows every asset, so a full build makes it.
            product.outputs.append(BuildOutput(path: ContactSheetPage.path, text: ContactSheetPage.html(product.sheet)))
            product.ownedFolders.append(ContactSheetPage.folder)
        }
        try checkImageNamesAreUnique(product.outputs, artFolder: art)
        if options.strict && !product.warnings.isEmpty {
            throw StrictModeFailure(warnings: product.warnings)
        }
        let files = try OutputCommit.write(product.outputs, to: options.outputFolder, pruning: product.ownedFolders)
        return Report(stages: stages.map(\.name), files: files, warnings: product.warnings, notes: product.notes)
    }

    /// Image sets are not namespaced (the app asks for `UIImage(named: "cat")`), so a
    /// charm and an icon with one name would be two assets Xcode cannot tell apart.
    static func checkImageNamesAreUnique(_ outputs: [BuildOutput], artFolder: String) throws(ArtFileError) {
        var firstFolder: [String: String] = [:]
        for output in outputs where output.path.hasSuffix(".imageset/Contents.json") {
            let imageSet = output.path.dropLast("/Contents.json".count)
            guard let slash = imageSet.lastIndex(of: "/") else { continue }
            let name = String(imageSet[imageSet.index(after: slash)...].dropLast(".imageset".count))
            let folder = String(imageSet[..<slash])
            if let other = firstFolder[name] {
                throw ArtFileError(file: artFolder, message: "two image sets are named '\(name)' (in \(other) and \(folder)); the app finds images by name alone, so rename one")
            }
            firstFolder[name] = folder
        }
    }
}
