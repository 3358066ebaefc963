/// The charm table as written in `art/charms.json`: each stock charm's art and its
/// physics in one place, so design intent and simulation constants are the same data.
///
///     {"charms": [{"id": "cat", "displayName": "Cat", "note": "…", "swayDuration": 4.4,
///                  "art": "charms/cat.png", "blackPoint": 0}, …],
///      "canvas": {"pointWidth": 120, "margin": 4}}
///
/// `art`, `blackPoint` and `canvas` are optional.
public struct CharmTableSource: Equatable, Sendable {
    public var charms: [CharmEntry]
    public var canvas: CharmCanvas

    public init(charms: [CharmEntry], canvas: CharmCanvas = .standard) {
        self.charms = charms
        self.canvas = canvas
    }
}

public struct CharmEntry: Equatable, Sendable {
    public var id: String
    public var displayName: String
    public var note: String
    public var swayDuration: Double
    /// Path of the painted PNG, relative to the art folder.
    public var art: String
    /// Where `art` is written, or nil when it is the default `charms/<id>.png`.
    public var artLocation: SourceLocation?
    /// The matte's noise floor to level away before keying (0 = a true black matte).
    public var blackPoint: Int
    /// Where the charm's object starts in charms.json, for messages about it.
    public var location: SourceLocation?

    public init(
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

/// Rules for the table's text. Its numeric limits live with the model they protect:
/// `CharmLimits.maxNameLength`, `CharmPhysics.swayDurationLimits`.
public enum CharmTableRules {
    /// Ids name files and Swift cases: ASCII letters, digits, '-' and '_', starting
    /// with a letter or digit.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= 64 else { return false }
        func allowed(_ s: Unicode.Scalar) -> Bool {
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "_"
        }
        return allowed(first) && first != "-" && first != "_" && id.unicodeScalars.allSatisfy(allowed)
    }
}

/// A problem in charms.json: the file, where, and (for a value) which charm and field.
public struct CharmTableError: UserFacingError, Equatable {
    public var file: String
    public var location: SourceLocation?
    public var charmID: String?
    public var field: String?
    public var message: String

    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": "
        if let charmID { text += "charm '\(charmID)'" + (field.map { ", field '\($0)'" } ?? "") + ": " }
        else if let field { text += "field '\(field)': " }
        return text + message
    }
}

extension CharmTableSource {
    /// Parses and validates charms.json. `file` names the file in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(CharmTableError) -> CharmTableSource {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw CharmTableError(file: file, location: error.location, message: "invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root.value else {
            throw CharmTableError(file: file, location: root.location, message: "expected an object with a \"charms\" array, found \(root.value.typeName)")
        }
        for member in members where !["charms", "canvas"].contains(member.key) {
            throw CharmTableError(file: file, location: member.keyLocation, field: member.key, message: "unknown top-level field (expected \"charms\", optional \"canvas\")")
        }
        guard let charmsNode = root["charms"] else {
            throw CharmTableError(file: file, location: root.location, field: "charms", message: "missing required field")
        }
        guard case .array(let elements) = charmsNode.value else {
            throw CharmTableError(file: file, location: charmsNode.location, field: "charms", message: "expected an array, found \(charmsNode.value.typeName)")
        }
        var charms: [CharmEntry] = []
        var firstSeen: [String: SourceLocation] = [:]
        for element in elements {
            let entry = try parseCharm(element, file: file)
            if let earlier = firstSeen[entry.id] {
                throw CharmTableError(file: file, location: element.location, charmID: entry.id, field: "id", message: "duplicate id (first defined at \(earlier))")
            }
            firstSeen[entry.id] = element.location
            charms.append(entry)
        }
        var canvas = CharmCanvas.standard
        if let canvasNode = root["canvas"] { canvas = try parseCanvas(canvasNode, file: file) }
        return CharmTableSource(charms: charms, canvas: canvas)
    }

    /// The accepted sway durations and why, from the physics constants themselves.
    static var swayDurationRule: String {
        let p = CharmPhysics.self, limits = p.swayDurationLimits
        func rounded(_ x: Double) -> String { JSONWriter.formatNumber((x * 100).rounded() / 100) }
        let refK = JSONWriter.formatNumber(p.referenceStiffness)
        let slope = JSONWriter.formatNumber(p.stiffnessPerSecond)
        let refD = JSONWriter.formatNumber(p.referenceSwayDuration)
        return "it must be more than \(rounded(limits.above)) and less than \(rounded(limits.below)) s (\(refD) + \(refK)/\(slope)), where the spring constant k = \(refK) + \(slope)·(\(refD) − duration) stays positive and the \(JSONWriter.formatNumber(p.tickRate)) Hz step stays stable"
    }

    private static let charmFields: Set = ["id", "displayName", "note", "swayDuration", "art", "blackPoint"]

    private static func parseCharm(_ node: JSONNode, file: String) throws(CharmTableError) -> CharmEntry {
        guard case .object(let members) = node.value else {
            throw CharmTableError(file: file, location: node.location, message: "each charm must be an object, found \(node.value.typeName)")
        }
        let idNode = node["id"]
        var id: String?
        if let idNode, case .string(let text) = idNode.value { id = text }
        func fail(_ at: SourceLocation, _ field: String?, _ message: String) -> CharmTableError {
            CharmTableError(file: file, location: at, charmID: id, field: field, message: message)
        }
        for member in members where !charmFields.contains(member.key) {
            throw fail(member.keyLocation, member.key, "unknown field (expected one of: \(charmFields.sorted().joined(separator: ", ")))")
        }
        func string(_ field: String) throws(CharmTableError) -> (String, SourceLocation)? {
            guard let value = node[field] else { return nil }
            guard case .string(let text) = value.value else {
                throw fail(value.location, field, "expected a string, found \(value.value.typeName)")
            }
            return (text, value.location)
        }
        func required(_ field: String) throws(CharmTableError) -> (String, SourceLocation) {
            guard let found = try string(field) else { throw fail(node.location, field, "missing required field") }
            return found
        }
        let (idText, idLocation) = try required("id")
        guard CharmTableRules.isValidID(idText) else {
            throw fail(idLocation, "id", "\"\(idText)\" is not a valid id (ASCII letters, digits, '-' and '_', starting with a letter or digit, at most 64)")
        }
        let (displayName, nameLocation) = try required("displayName")
        if displayName.allSatisfy(\.isWhitespace) { throw fail(nameLocation, "displayName", "must not be empty") }
        if displayName.count > CharmLimits.maxNameLength {
            throw fail(nameLocation, "displayName", "\"\(displayName)\" is \(displayName.count) characters; at most \(CharmLimits.maxNameLength) fit three-up on the island")
        }
        let (note, noteLocation) = try required("note")
        if note.allSatisfy(\.isWhitespace) { throw fail(noteLocation, "note", "every stock charm arrives with a note; it must not be empty") }
        guard let swayNode = node["swayDuration"] else { throw fail(node.location, "swayDuration", "missing required field") }
        guard case .number(let sway, _) = swayNode.value else {
            throw fail(swayNode.location, "swayDuration", "expected a number of seconds, found \(swayNode.value.typeName)")
        }
        guard CharmPhysics.acceptsSwayDuration(sway) else {
            throw fail(swayNode.location, "swayDuration", "\(JSONWriter.formatNumber(sway)) s is out of range: \(swayDurationRule)")
        }
        var art: String?
        var artLocation: SourceLocation?
        if let (path, location) = try string("art") {
            if let problem = ArtPath.problem(with: path) { throw fail(location, "art", problem) }
            (art, artLocation) = (path, location)
        }
        var blackPoint = 0
        if let blackNode = node["blackPoint"] {
            guard case .number(let value, _) = blackNode.value, value == value.rounded(), BlackPoint.validRange.contains(Int(value)) else {
                throw fail(blackNode.location, "blackPoint", "expected a whole number from 0 to 254")
            }
            blackPoint = Int(value)
        }
        return CharmEntry(
            id: idText, displayName: displayName, note: note, swayDuration: sway, art: art, artLocation: artLocation,
            blackPoint: blackPoint, location: node.location)
    }

    private static func parseCanvas(_ node: JSONNode, file: String) throws(CharmTableError) -> CharmCanvas {
        guard case .object(let members) = node.value else {
            throw CharmTableError(file: file, location: node.location, field: "canvas", message: "expected an object, found \(node.value.typeName)")
        }
        var canvas = CharmCanvas.standard
        for member in members {
            let value = member.value
            switch member.key {
            case "pointWidth":
                guard case .number(let width, _) = value.value, width == width.rounded(), width >= 12, width <= 1200, Int(width) % 12 == 0 else {
                    throw CharmTableError(file: file, location: value.location, field: "canvas.pointWidth", message: "expected a multiple of 12 from 12 to 1200 (the height is width · 110/120 and must be whole)")
                }
                canvas.pointWidth = Int(width)
            case "margin":
                guard case .number(let margin, _) = value.value, margin >= 0 else {
                    throw CharmTableError(file: file, location: value.location, field: "canvas.margin", message: "expected a number of points, 0 or more")
                }
                canvas.marginPoints = margin
            default:
                throw CharmTableError(file: file, location: member.keyLocation, field: "canvas.\(member.key)", message: "unknown field (expected pointWidth, margin)")
            }
        }
        if canvas.marginPoints * 2 >= Double(canvas.pointHeight) {
            throw CharmTableError(file: file, location: node.location, field: "canvas.margin", message: "a margin of \(JSONWriter.formatNumber(canvas.marginPoints)) pt leaves no room on a \(canvas.pointWidth)×\(canvas.pointHeight) pt canvas")
        }
        return canvas
    }
}

extension CharmTableSource {
    /// Checks that each charm's painted PNG is in the art folder, spelled exactly as on
    /// disk (a case mismatch passes on a Mac and fails in Linux CI). Every stage that
    /// needs the art runs this one check, so a missing file reads the same from each.
    /// `tableFile` names charms.json in the error; `only` limits the check to those ids.
    public func checkArtFiles(artFolder: String, tableFile: String, only: Set<String>? = nil) throws(CharmTableError) {
        for entry in charms where only?.contains(entry.id) ?? true {
            guard let problem = ArtPath.fileProblem(entry.art, in: artFolder) else { continue }
            let hint = entry.artLocation == nil ? " (the default path for this id; set \"art\" for another)" : ""
            throw CharmTableError(
                file: tableFile, location: entry.artLocation ?? entry.location, charmID: entry.id, field: "art",
                message: problem + hint)
        }
    }
}

/// Paths inside the art folder. Art is untrusted input in CI: a path may not leave
/// the folder.
public enum ArtPath {
    /// Why a relative path is not acceptable, or nil when it is.
    public static func problem(with path: String) -> String? {
        if path.isEmpty { return "path is empty" }
        if path.hasPrefix("/") || path.hasPrefix("~") { return "\"\(path)\" must be relative to the art folder" }
        if path.split(separator: "/").contains("..") { return "\"\(path)\" must not leave the art folder ('..')" }
        if path.contains("\\") || path.contains("\0") { return "\"\(path)\" contains a backslash or NUL" }
        return nil
    }

    /// Why `path` (relative, already accepted by `problem(with:)`) is not a file in
    /// `folder`, or nil when it is. Each component must match a directory entry
    /// exactly, so the answer is the same on case-insensitive disks.
    public static func fileProblem(_ path: String, in folder: String) -> String? {
        var current = folder
        let components = path.split(separator: "/").map(String.init)
        for (index, component) in components.enumerated() where component != "." {
            let names = FileIO.list(current)
            if !names.contains(component) {
                let spelled = components[..<index].joined(separator: "/")
                if let other = names.first(where: { $0.lowercased() == component.lowercased() }) {
                    let found = (spelled.isEmpty ? "" : spelled + "/") + other
                    return "file \(path) not found: the art folder has \(found), which differs in case"
                }
                return "file \(path) not found"
            }
            current += "/" + component
        }
        if FileIO.isDirectory(current) { return "\(path) is a folder, not a file" }
        return nil
    }
}
