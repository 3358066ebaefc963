import BijouxCore
import Dispatch

/// The art folder read once, for every stage: its listing, the charm table and the
/// palette parsed and validated, and the charms keyed once each, even when two stages use one (the
/// app icon hangs a charm the charms stage also keys). Stages read through it, and it
/// reads through `FileIO` with the folder as `below`, so every read gets the same
/// checks: no symbolic link is followed and no special file is opened (see `FileIO`).
struct ArtFolder: Sendable {
    static let charmTableFile = "charms.json"

    /// The folder as given (`art`, `../design/art/`): how messages name its files.
    let path: String
    /// Every folder's entries, relative to `path` ("" is the folder itself), sorted.
    /// Art is files and folders only: see `list`.
    let listing: [String: [String]]
    /// charms.json, parsed and validated, when there is one.
    let table: CharmTableSource?
    /// palette.json, parsed and validated; empty when there is none. Every stage that
    /// draws or writes a colour takes it from here, and puts that colour in its keys.
    let palette: Palette
    /// bijoux-assets.json, parsed and validated; the defaults when there is none.
    let configuration: BuildConfiguration
    /// icons.json, parsed and validated; the defaults when there is none. Whether each
    /// icon it names has an SVG is the icon stage's check.
    let iconSettings: IconSettings
    /// images.json, parsed and validated; the defaults when there is none. Whether each
    /// image it names is there is the images stage's check.
    let imageSettings: ImageSettings
    /// What the engine learns while it builds from this folder: set when the folder is
    /// read, never after, so the folder is the same value for every stage.
    let context: BuildContext
    /// The limits and the time so far of drawing this build's icons.
    var renders: RenderSession { context.renders }
    /// Set when a newer change supersedes the build (`watch`): the drawings and the
    /// encoder it runs are killed, and the build fails.
    var cancel: StopFlag? { renders.cancel }
    /// The system libraries the helpers load, as this build finds them.
    var libraries: LinkedLibraries { context.libraries }
    private let memo: KeyedCharmMemo

    /// Reads the listing, the charm table, the palette and the configuration; throws when
    /// the folder is missing, when any folder in it cannot be listed or holds anything but
    /// files and folders, or when any of those files is malformed.
    init(_ path: String, context: BuildContext = BuildContext()) throws {
        // The folder itself is as the user gave it: a link to it is followed.
        switch try FileIO.kind(of: path) {
        case .directory: break
        case .file: throw ArtFileError(file: path, message: "is a file; expected the art folder")
        case nil: throw ArtFileError(file: path, message: "art folder not found")
        }
        self.path = path
        self.context = context
        let listing = try ArtFolder.list(path)
        self.listing = listing
        memo = KeyedCharmMemo()
        func parsed<Value>(_ name: String, _ parse: ([UInt8], String) throws -> Value) throws -> Value? {
            try Self.parsedIfListed(name, in: path, listing: listing, parse)
        }
        table = try parsed(Self.charmTableFile, CharmTableSource.parse)
        palette = try parsed(Palette.fileName, Palette.parse) ?? Palette()
        configuration = try parsed(BuildConfiguration.fileName, BuildConfiguration.parse) ?? BuildConfiguration()
        iconSettings = try parsed(IconSettings.fileName, IconSettings.parse) ?? IconSettings()
        imageSettings = try parsed(ImageSettings.fileName, ImageSettings.parse) ?? ImageSettings()
    }

    /// The full path of a file in the folder, as messages name it.
    func file(_ relative: String) -> String { path + "/" + relative }

    var tablePath: String { file(Self.charmTableFile) }

    var palettePath: String { file(Palette.fileName) }

    /// Whether the folder has this entry (relative path, any kind).
    func contains(_ relative: String) -> Bool {
        let parent = FileIO.parentDirectory(of: relative)
        let name = parent.isEmpty ? relative : String(relative.dropFirst(parent.count + 1))
        return listing[parent]?.contains(name) == true
    }

    /// Whether the folder has this sub-folder.
    func hasFolder(_ relative: String) -> Bool { listing[relative] != nil }

    /// The entries of a sub-folder, sorted; empty when there is none.
    func names(in relative: String) -> [String] { listing[relative] ?? [] }

    func read(_ relative: String, limit: Int = FileIO.maxReadSize) throws(FileError) -> [UInt8] {
        try FileIO.read(file(relative), limit: limit, below: path)
    }

    /// An art-folder JSON file (charms.json, icons.json, appicon.json, a score), refused past
    /// `JSONFields.maxFileSize` before it is read.
    func readJSON(_ relative: String) throws(FileError) -> [UInt8] { try Self.readJSON(relative, in: path) }

    /// The top-level JSON file `name` of the folder at `path`, read and parsed by `parse`
    /// (given its bytes and its path for errors); nil when the listing has no such file.
    private static func parsedIfListed<Value>(
        _ name: String, in path: String, listing: [String: [String]], _ parse: ([UInt8], String) throws -> Value
    ) throws -> Value? {
        guard listing[""]?.contains(name) == true else { return nil }
        return try parse(try readJSON(name, in: path), path + "/" + name)
    }

    private static func readJSON(_ relative: String, in path: String) throws(FileError) -> [UInt8] {
        try FileIO.read(path + "/" + relative, limit: JSONFields.maxFileSize, below: path)
    }

    /// The table, or an error naming `file` (the file that needs it).
    func requireTable(for file: String, location: SourceLocation? = nil, field: String? = nil, _ message: String) throws(ArtFileError)
        -> CharmTableSource
    {
        guard let table else { throw ArtFileError(file: file, location: location, field: field, message: message) }
        return table
    }

    /// Checks that a charm's painted PNG is in the folder, spelled exactly as listed,
    /// then returns the hash of its bytes. Every stage that reads a charm's art calls
    /// this, so a missing file reads the same from each.
    func artHash(of entry: CharmEntry) throws -> ContentHash {
        try checkArtFile(entry)
        return try FileIO.contentHash(file(entry.art), below: path)
    }

    func checkArtFile(_ entry: CharmEntry) throws(ArtFileError) {
        guard let problem = ArtPath.fileProblem(entry.art, listing: listing) else { return }
        let hint = entry.artLocation == nil ? " (the default path for this id; set \"art\" for another)" : ""
        throw ArtFileError(
            file: tablePath, location: entry.artLocation ?? entry.location, subject: "charm '\(entry.id)'", field: "art",
            message: problem + hint)
    }

    /// A charm's art decoded and keyed (`PaintedCharm.keyAndTrim`). `expected` is the
    /// hash its key was made from: art that changed since then stops the build rather
    /// than be cached under the old key. Keyed once per build for charms the engine
    /// said would be used twice (`expectUses`).
    func keyedCharm(_ entry: CharmEntry, expected: ContentHash, threads: Int = 1) throws -> KeyedCharm {
        try memo.value(for: entry.id) {
            let bytes = try read(entry.art)
            guard ContentHash.of(bytes) == expected else {
                throw ArtFileError(file: file(entry.art), message: "changed while the build was reading it; build again")
            }
            let decoded = try PNGDecoder.decode(bytes, path: file(entry.art))
            let info = decoded.info
            let colour = try SourceColour.of(info, path: file(entry.art))
            let (keyed, bounds, floor) = PaintedCharm.keyAndTrim(decoded, colour: colour, blackPoint: entry.blackPoint, threads: threads)
            if floor > MatteCheck.keyableFloor {
                throw ArtFileError(file: file(entry.art), message: MatteCheck.notBlackMessage(id: entry.id, floor: floor))
            }
            return KeyedCharm(keyed: keyed.image, gamut: keyed.gamut, bounds: bounds, matteFloor: floor, info: info, colourName: colour.name)
        }
    }

    /// How many jobs of this build will key each charm; a charm used more than once is
    /// kept after its first keying until its last use, any other is not kept at all.
    func expectUses(_ counts: [String: Int]) { memo.expect(counts) }

    /// The listing of `root`: every folder below it, each opened without following a
    /// link (`FileIO.entries`). A folder that cannot be listed is an error naming it,
    /// never an empty folder (an unreadable icons/ read as empty would remove every
    /// icon); so is a symbolic link anywhere in the folder (it could bring in files
    /// from outside) or a FIFO, device or socket (a read of it could block the build
    /// forever), each refused before any read. Dot-named ones are not art and are
    /// left out (Emacs's lock links, `.#cat.svg`); a read of one would be refused.
    static func list(_ root: String) throws(FileError) -> [String: [String]] {
        var listing: [String: [String]] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let entries = try FileIO.entries(relative.isEmpty ? root : root + "/" + relative, below: root, skippingHidden: true)
            listing[relative] = entries.map(\.name)
            for entry in entries where entry.kind == .directory {
                pending.append(relative.isEmpty ? entry.name : relative + "/" + entry.name)
            }
        }
        return listing
    }
}

/// A charm's art keyed and trimmed: where every use of a painted charm starts.
struct KeyedCharm: Sendable {
    /// The keyed pixels, their colours in `gamut`.
    var keyed: RGBAImage
    var gamut: Gamut
    var bounds: PixelRect
    var matteFloor: Int
    /// What the PNG said about itself (for warnings).
    var info: PNGSourceInfo
    /// The colour space the art was read in (`SourceColour.name`).
    var colourName: String
}

/// Keyed charms shared between jobs, each made by whichever job asks first while the
/// others wait, and dropped after its last expected use.
private final class KeyedCharmMemo: Sendable {
    /// One charm's keying: done once `ready` is signalled (and signalled on by each
    /// waiter), then read by its remaining uses.
    private final class Slot: Sendable {
        let ready = DispatchSemaphore(value: 0)
        let result = Locked<Result<KeyedCharm, any Error>?>(nil)
    }

    private let state = Locked<(expected: [String: Int], slots: [String: (slot: Slot, remaining: Int)])>(([:], [:]))

    func expect(_ counts: [String: Int]) {
        state.withLock { $0 = (counts, [:]) }
    }

    func value(for id: String, make: () throws -> KeyedCharm) throws -> KeyedCharm {
        enum Role {
            case maker(Slot)
            case waiter(Slot)
            case alone
        }
        let role = state.withLock { state -> Role in
            if let (slot, remaining) = state.slots[id] {
                state.slots[id] = remaining <= 1 ? nil : (slot, remaining - 1)
                return .waiter(slot)
            }
            let uses = state.expected[id] ?? 1
            guard uses > 1 else { return .alone }
            let slot = Slot()
            state.slots[id] = (slot, uses - 1)
            return .maker(slot)
        }
        switch role {
        case .alone:
            return try make()
        case .maker(let slot):
            let result = Result { try make() }
            slot.result.value = result
            slot.ready.signal()
            return try result.get()
        case .waiter(let slot):
            slot.ready.wait()
            slot.ready.signal()
            guard let result = slot.result.value else { preconditionFailure("a charm's slot is signalled only once its result is set") }
            return try result.get()
        }
    }
}

/// What a build learns as it runs, beside the art it reads: the icons' renderers (their
/// limits, the time so far, the word that cancels them) and the libraries the helpers
/// load. Both are shared, thread-safe objects, so the art folder holding them stays one
/// immutable value.
struct BuildContext: Sendable {
    var renders = RenderSession()
    var libraries = LinkedLibraries()
}
