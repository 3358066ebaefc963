import BijouxCore

/// A set of the asset catalog a stage makes (an image set, a colour set), named from
/// the art folder before any job runs. Sets are not namespaced: the app asks for
/// `UIImage(named: "cat")` whatever folder holds the set.
struct CatalogSet: Equatable, Sendable {
    enum Kind: String, Sendable {
        case image = "imageset"
        case symbol = "symbolset"
        case color = "colorset"
        case data = "dataset"

        /// How messages name sets of this kind.
        var plural: String {
            switch self {
            case .image: "image sets"
            case .symbol: "symbol sets"
            case .color: "colour sets"
            case .data: "data sets"
            }
        }

        /// The sets whose names the app looks up together: an image and a symbol are both
        /// `UIImage(named:)`, so one name for both is a clash.
        var namespace: String { self == .symbol ? Kind.image.rawValue : rawValue }
    }

    var kind: Kind
    var name: String
    /// The folder that holds it, relative to the output folder ("Assets.xcassets/Icons").
    var folder: String

    init(_ kind: Kind, name: String, in folder: String) {
        self.kind = kind
        self.name = name
        self.folder = folder
    }

    /// Its folder in the output ("Assets.xcassets/Icons/give.imageset").
    var path: String { "\(folder)/\(name).\(kind.rawValue)" }

    /// The one rule for the names of a build's sets, checked on the sets of every stage
    /// whose inputs exist before anything is made or written, by every route (`build`,
    /// `charm <id>`, `check`, `watch`): a charm and an icon with one name would be two
    /// image sets Xcode cannot tell apart, and likewise two colour sets (a palette
    /// colour called `accent-color` and the accent). Names that differ in case alone
    /// clash too. The first clash in path order is the error, naming the art folder.
    static func checkUnique(_ sets: [CatalogSet], artFolder: String) throws(ArtFileError) {
        var first: [String: CatalogSet] = [:]
        for set in sets.sorted(by: { $0.path < $1.path }) {
            let folded = "\(set.kind.namespace) \(AssetName.caseFolded(set.name))"
            guard let other = first[folded] else {
                first[folded] = set
                continue
            }
            let kinds = set.kind == other.kind ? set.kind.plural : "an \(other.kind.rawValue) and a \(set.kind.rawValue)"
            if let clash = AssetName.caseClash(set.name, with: other.name) {
                throw ArtFileError(file: artFolder, message: "\(kinds) \(clash) (in \(other.folder) and \(set.folder))")
            }
            let places = "(in \(other.folder) and \(set.folder))"
            let two = set.kind == other.kind ? "two \(kinds)" : kinds
            throw ArtFileError(
                file: artFolder, message: "\(two) are named '\(set.name)' \(places); the app finds them by name alone, so rename one")
        }
    }
}

extension CharmsStage {
    /// One image set per charm of the table, named by its id.
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] {
        (art.table?.charms ?? []).map { CatalogSet(.image, name: $0.id, in: catalogFolder) }
    }
}

extension IconsStage {
    /// The sets of each SVG in icons/ (`catalogSets(name:forms:)`).
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] {
        iconNames(art).flatMap { catalogSets(name: $0, forms: art.iconSettings.forms(for: $0)) }
    }
}

extension PaletteStage {
    /// One colour set per colour, and the accent's `AccentColor`.
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] {
        let palette = art.palette
        var sets = palette.colors.map { CatalogSet(.color, name: $0.colorSetName, in: catalogFolder) }
        if palette.accent.flatMap({ palette[$0] }) != nil { sets.append(CatalogSet(.color, name: "AccentColor", in: AssetCatalog.folderName)) }
        return sets
    }
}

extension ImagesStage {
    /// One image set per image of images/, named by its files' names.
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] {
        imageNames(art).map { CatalogSet(.image, name: $0, in: catalogFolder) }
    }
}

extension DataStage {
    /// One data set per file of data/, named by its file's name without its extension.
    static func catalogSets(_ art: ArtFolder) -> [CatalogSet] {
        dataNames(art).map { CatalogSet(.data, name: $0, in: catalogFolder) }
    }
}
