import BijouxCore
import BijouxShared

/// The charm table as written in `art/charms.json`: each stock charm's art and its
/// physics in one place, so design intent and simulation constants are the same data.
///
///     {"charms": [{"id": "cat", "displayName": "Cat", "note": "…", "swayDuration": 4.4,
///                  "art": "charms/cat.png", "blackPoint": 0}, …],
///      "canvas": {"pointWidth": 120, "margin": 4}}
///
/// `art`, `blackPoint` and `canvas` are optional.
struct CharmTableSource: Equatable, Sendable {
    var charms: [CharmEntry]
    var canvas: CharmCanvas

    init(charms: [CharmEntry], canvas: CharmCanvas = .standard) {
        self.charms = charms
        self.canvas = canvas
    }
}

struct CharmEntry: Equatable, Sendable {
    var id: String
    var displayName: String
    var note: String
    var swayDuration: Double
    /// Path of the painted PNG, relative to the art folder.
    var art: String
    /// Where `art` is written, or nil when it is the default `charms/<id>.png`.
    var artLocation: SourceLocation?
    /// The matte's noise floor to level away before keying (0 = a true black matte).
    var blackPoint: Int
    /// Where the charm's object starts in charms.json, for messages about it.
    var location: SourceLocation?

    init(
        id: String, displayName: String, note: String, swayDuration: Double, art: String? = nil,
        artLocation: SourceLocation? = nil, blackPoint: Int = 0, location: SourceLocation? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.note = note
        self.swayDuration = swayDuration
        self.art = art ?? "charms/\(id).png"
        self.artLocation = art == nil ? nil : artLocation
        self.blackPoint = blackPoint
        self.location = location
    }
}

extension CharmTableSource {
    /// Parses and validates charms.json. `file` names the file in errors.
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> CharmTableSource {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["charms", "canvas"],
            notAnObject: "expected an object with a \"charms\" array",
            unknown: "unknown top-level field (expected \"charms\", optional \"canvas\")")
        var charms: [CharmEntry] = []
        var firstSeen: [String: (id: String, location: SourceLocation)] = [:]
        for element in try top.required("charms", "an array", saysFound: true, \.array) {
            let entry = try parseCharm(element, file: file)
            if let earlier = firstSeen[AssetName.caseFolded(entry.id)] {
                let clash = AssetName.caseClash(entry.id, with: earlier.id).map { "\($0) (first defined at \(earlier.location))" }
                throw ArtFileError(
                    file: file, location: element.location, subject: "charm '\(entry.id)'", field: "id",
                    message: clash ?? "duplicate id (first defined at \(earlier.location))")
            }
            firstSeen[AssetName.caseFolded(entry.id)] = (entry.id, element.location)
            charms.append(entry)
        }
        var canvas = CharmCanvas.standard
        if top["canvas"] != nil {
            let fields = try top.object("canvas", known: ["pointWidth", "margin"], unknown: "unknown field (expected pointWidth, margin)")
            canvas.pointWidth =
                try fields.optional("pointWidth", "a multiple of 12 from 12 to 1200 (the height is width · 110/120 and must be whole)") {
                    $0.wholeNumber(in: 12...1200).flatMap { $0 % 12 == 0 ? $0 : nil }
                } ?? canvas.pointWidth
            canvas.marginPoints = try fields.optional("margin", "a number of points, 0 or more") { $0.number(in: 0...Double.infinity) } ?? canvas.marginPoints
            if canvas.marginPoints * 2 >= Double(canvas.pointHeight) {
                throw fields.fail(
                    "margin", "a margin of \(Format.number(canvas.marginPoints)) pt leaves no room on a \(canvas.pointWidth)×\(canvas.pointHeight) pt canvas",
                    at: fields.node.location)
            }
        }
        return CharmTableSource(charms: charms, canvas: canvas)
    }

    /// Why `name` does not fit three-up on the island (`CharmLimits.islandWidth`), or nil
    /// when it fits: the one message for a name in charms.json and a translated one.
    static func islandProblem(_ name: String) -> String? {
        let width = CharmLimits.islandWidth(of: name)
        guard width > CharmLimits.maxNameLength else { return nil }
        let measure = width == name.count ? "\(width) characters" : "\(width) characters wide (a wide character counts two)"
        return "\"\(name)\" is \(measure); at most \(CharmLimits.maxNameLength) fit three-up on the island"
    }

    /// Why `note` is too long for its card, or nil: for charms.json and translations.
    static func noteProblem(_ note: String) -> String? {
        note.count > CharmLimits.maxNoteLength ? "is \(note.count) characters; a note is at most \(CharmLimits.maxNoteLength)" : nil
    }

    /// The accepted sway durations and why, from the physics constants themselves.
    static var swayDurationRule: String {
        let p = CharmPhysics.self, limits = p.swayDurationLimits
        func rounded(_ x: Double) -> String { Format.number((x * 100).rounded() / 100) }
        let refK = Format.number(p.referenceStiffness)
        let slope = Format.number(p.stiffnessPerSecond)
        let refD = Format.number(p.referenceSwayDuration)
        return
            """
            it must be more than \(rounded(limits.above)) and less than \(rounded(limits.below)) s (\(refD) + \(refK)/\(slope)), where the spring constant k = \
            \(refK) + \(slope)·(\(refD) − duration) stays positive and the \(Format.number(p.tickRate)) Hz step stays stable
            """
    }

    private static func parseCharm(_ node: JSONNode, file: String) throws(ArtFileError) -> CharmEntry {
        let fields = try JSONFields(
            node, file: file, subject: node["id"]?.value.string.map { "charm '\($0)'" },
            known: ["art", "blackPoint", "displayName", "id", "note", "swayDuration"], notAnObject: "each charm must be an object")
        let id = try fields.string("id")
        guard AssetName.isValid(id) else {
            throw fields.fail("id", "\"\(id)\" is not a valid id (ASCII letters, digits, '-' and '_', starting with a letter or digit, at most 64)")
        }
        let displayName = try fields.string("displayName")
        if displayName.allSatisfy(\.isWhitespace) { throw fields.fail("displayName", "must not be empty") }
        if let problem = islandProblem(displayName) { throw fields.fail("displayName", problem) }
        let note = try fields.string("note")
        if note.allSatisfy(\.isWhitespace) { throw fields.fail("note", "every stock charm arrives with a note; it must not be empty") }
        if let problem = noteProblem(note) { throw fields.fail("note", problem) }
        let sway = try fields.number("swayDuration", "a number of seconds")
        guard CharmPhysics.acceptsSwayDuration(sway) else {
            throw fields.fail("swayDuration", "\(Format.number(sway)) s is out of range: \(swayDurationRule)")
        }
        let art = try fields.optional("art", "a string", saysFound: true, \.string)
        if let art, let problem = ArtPath.problem(with: art) { throw fields.fail("art", problem) }
        let blackPoint = try fields.optional("blackPoint", "a whole number from 0 to 254") { $0.wholeNumber(in: BlackPoint.validRange) }
        return CharmEntry(
            id: id, displayName: displayName, note: note, swayDuration: sway, art: art, artLocation: fields["art"]?.location,
            blackPoint: blackPoint ?? 0, location: node.location)
    }
}

/// Paths inside the art folder. Art is untrusted input in CI: a path may not leave
/// the folder.
enum ArtPath {
    /// Why a relative path is not acceptable, or nil when it is.
    static func problem(with path: String) -> String? {
        if path.isEmpty { return "path is empty" }
        if path.hasPrefix("/") || path.hasPrefix("~") { return "\"\(path)\" must be relative to the art folder" }
        if path.split(separator: "/").contains("..") { return "\"\(path)\" must not leave the art folder ('..')" }
        if path.contains("\\") || path.contains("\0") { return "\"\(path)\" contains a backslash or NUL" }
        return nil
    }

    /// Why `path` (relative, already accepted by `problem(with:)`) is not a file in
    /// the folder `listing` describes (`ArtFolder.listing`), or nil when it is. Each
    /// component must match a directory entry exactly, so the answer is the same on
    /// case-insensitive disks.
    static func fileProblem(_ path: String, listing: [String: [String]]) -> String? {
        var current = ""
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        for (index, component) in components.enumerated() {
            let names = listing[current] ?? []
            if !names.contains(component) {
                let spelled = components[..<index].joined(separator: "/")
                if let other = names.first(where: { $0.lowercased() == component.lowercased() }) {
                    let found = (spelled.isEmpty ? "" : spelled + "/") + other
                    return "file \(path) not found: the art folder has \(found), which differs in case"
                }
                return "file \(path) not found"
            }
            current += (current.isEmpty ? "" : "/") + component
        }
        if listing[current] != nil { return "\(path) is a folder, not a file" }
        return nil
    }
}
