/// The app icon's design as written in `art/appicon.json`. Every length and position
/// is in points of the 1024 pt icon canvas (= pixels of the 1024 px master, x to the
/// right, y down); `topFraction` is the SPEC's fraction of the height.
///
///     {"thread": {"startX": 118, "endX": 906, "topFraction": 0.285, "controlDrop": 232,
///                 "stretch": 5, "strokeWidth": 26},
///      "charm": {"id": "heart", "x": 512, "height": 330, "hang": 64},
///      "ring": {"radius": 36, "strokeWidth": 11, "offset": 0},
///      "grain": {"seed": 1873, "amplitude": 5, "cell": 3},
///      "variants": {
///        "default": {"paper": "#171513", "thread": "#C9A16B", "highlight": "#EBD3A4", "ring": "#E2C084", "charm": "painted"},
///        "dark": {"paper": null, …, "charm": "painted", "charmGain": 1.08},
///        "tinted": {"paper": "#000000", "thread": "#D6D6D6", …, "charm": "luminance", "charmGain": 1.6}}}
public struct AppIconParameters: Equatable, Sendable {
    /// The single size of the iOS app icon, in points and in pixels.
    public static let side = 1024

    public struct Thread: Equatable, Sendable {
        /// x of the endpoints.
        public var startX: Double
        public var endX: Double
        public var topFraction: Double
        public var controlDrop: Double
        /// The icon's wobble stretch (wavelength and amplitude together).
        public var stretch: Double
        public var strokeWidth: Double
    }

    /// The charm hanging from the thread, by its id in charms.json.
    public struct Charm: Equatable, Sendable {
        public var id: String
        /// The charm's centre line (and so the ring's x).
        public var x: Double
        /// The height of its painted bounds.
        public var height: Double
        /// From the base curve at x down to the charm's attach point: where its paint
        /// starts on its centre line (a heart's cleft), which the ring passes through.
        public var hang: Double
    }

    /// The jump ring. Its top (the point of its centre line that rests on the thread)
    /// sits `offset` below where the squiggle crosses the charm's x.
    public struct Ring: Equatable, Sendable {
        public var radius: Double
        public var strokeWidth: Double
        public var offset: Double
    }

    /// The default paper's fixed grain: a hash of (x, y, seed), so the same every run.
    public struct Grain: Equatable, Sendable {
        public var seed: UInt32
        /// The largest deviation from the paper ink, in 8-bit levels.
        public var amplitude: Double
        /// The size of the grain's soft blotches, in pixels.
        public var cell: Double
    }

    /// How the painted charm is inked in a variant.
    public enum CharmInk: String, Equatable, Sendable, CaseIterable {
        /// As painted.
        case painted
        /// Its luma (Rec. 709 weights on the sRGB-encoded values), grey.
        case luminance
    }

    public struct Inks: Equatable, Sendable {
        /// The background; nil is transparent (the system draws its own).
        public var paper: RGBA?
        public var thread: RGBA
        /// The sheen along the thread's upper side.
        public var highlight: RGBA
        public var ring: RGBA
        public var charm: CharmInk
        /// Multiplies the charm's colour (or its luma), so it can be lifted where
        /// the ground is darker or the system tints it.
        public var charmGain: Double
    }

    public enum Variant: String, Equatable, Hashable, Sendable, CaseIterable {
        case `default`, dark, tinted
    }

    public var thread: Thread
    public var charm: Charm
    public var ring: Ring
    public var grain: Grain
    public var inks: [Variant: Inks]
    /// Where each section (and a few fields) start in the file, for messages: keys
    /// like "thread", "charm", "charm.id".
    public var locations: [String: SourceLocation] = [:]

    public var curve: ThreadCurve {
        ThreadCurve(
            startX: thread.startX, endX: thread.endX, height: Double(Self.side), topFraction: thread.topFraction,
            controlDrop: thread.controlDrop, stretch: thread.stretch)
    }
}

/// A problem with appicon.json or with what it names: the file, where, and the field.
public struct AppIconError: UserFacingError, Equatable {
    public var file: String
    public var location: SourceLocation?
    public var field: String?
    public var message: String

    public var description: String {
        SourceLocation.place(file, location) + ": " + (field.map { "field '\($0)': " } ?? "") + message
    }
}

extension AppIconParameters {
    public static let fileName = "appicon.json"

    /// Parses and validates appicon.json. `file` names the file in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(AppIconError) -> AppIconParameters {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw AppIconError(file: file, location: error.location, message: "invalid JSON: \(error.message)")
        }
        let reader = FieldReader(file: file)
        let top = try reader.object(root, path: nil, fields: ["thread", "charm", "ring", "grain", "variants"])
        var locations: [String: SourceLocation] = [:]
        let side = Double(Self.side)

        let threadNode = try top.required("thread")
        locations["thread"] = threadNode.location
        let t = try reader.object(threadNode, path: "thread", fields: ["startX", "endX", "topFraction", "controlDrop", "stretch", "strokeWidth"])
        let startX = try t.number("startX", in: 0...side, "a point from 0 to 1024")
        let endX = try t.number("endX", in: 0...side, "a point from 0 to 1024")
        if endX <= startX {
            throw reader.fail(try t.required("endX").location, "thread.endX", "\(format(endX)) must be to the right of startX (\(format(startX)))")
        }
        let thread = Thread(
            startX: startX, endX: endX,
            topFraction: try t.number("topFraction", in: 0.0...1.0, "a fraction of the height, more than 0 and less than 1", open: true),
            controlDrop: try t.number("controlDrop", in: 0...side, "points from 0 to 1024 (the thread sags; it does not rise)"),
            stretch: try t.number("stretch", in: 0...64, "a positive factor up to 64", open: true),
            strokeWidth: try t.number("strokeWidth", in: 0...128, "points, more than 0 and at most 128", openBelow: true))

        let charmNode = try top.required("charm")
        locations["charm"] = charmNode.location
        let c = try reader.object(charmNode, path: "charm", fields: ["id", "x", "height", "hang"])
        let idNode = try c.required("id")
        locations["charm.id"] = idNode.location
        guard case .string(let id) = idNode.value, CharmTableRules.isValidID(id) else {
            throw reader.fail(idNode.location, "charm.id", "expected the id of a charm in charms.json, e.g. \"heart\"")
        }
        let x = try c.number("x", in: 0...side, "a point from 0 to 1024")
        if x <= startX || x >= endX {
            throw reader.fail(try c.required("x").location, "charm.x", "\(format(x)) is not between the thread's ends (\(format(startX)) and \(format(endX))), so the charm would hang from nothing")
        }
        let charm = Charm(
            id: id, x: x,
            height: try c.number("height", in: 0...side, "points, more than 0 and at most 1024", openBelow: true),
            hang: try c.number("hang", in: 0...side, "points from 0 to 1024"))

        let ringNode = try top.required("ring")
        locations["ring"] = ringNode.location
        let r = try reader.object(ringNode, path: "ring", fields: ["radius", "strokeWidth", "offset"])
        let radius = try r.number("radius", in: 0...256, "points, more than 0 and at most 256", openBelow: true)
        let ring = Ring(
            radius: radius,
            strokeWidth: try r.number("strokeWidth", in: 0...radius, "points, more than 0 and at most the radius (\(format(radius)))", openBelow: true),
            offset: try r.number("offset", in: -side...side, "points from -1024 to 1024"))

        let grainNode = try top.required("grain")
        let g = try reader.object(grainNode, path: "grain", fields: ["seed", "amplitude", "cell"])
        let seed = try g.number("seed", in: 0...Double(UInt32.max), "a whole number from 0 to 4294967295")
        if seed != seed.rounded() {
            throw reader.fail(try g.required("seed").location, "grain.seed", "expected a whole number from 0 to 4294967295")
        }
        let grain = Grain(
            seed: UInt32(seed),
            amplitude: try g.number("amplitude", in: 0...64, "8-bit levels from 0 to 64"),
            cell: try g.number("cell", in: 1...64, "pixels from 1 to 64"))

        let variantsNode = try top.required("variants")
        let v = try reader.object(variantsNode, path: "variants", fields: Variant.allCases.map(\.rawValue))
        var inks: [Variant: Inks] = [:]
        for variant in Variant.allCases {
            inks[variant] = try parseInks(try v.required(variant.rawValue), variant: variant, reader: reader)
        }
        return AppIconParameters(thread: thread, charm: charm, ring: ring, grain: grain, inks: inks, locations: locations)
    }

    private static func parseInks(_ node: JSONNode, variant: Variant, reader: FieldReader) throws(AppIconError) -> Inks {
        let path = "variants.\(variant.rawValue)"
        let fields = try reader.object(node, path: path, fields: ["paper", "thread", "highlight", "ring", "charm", "charmGain"])
        /// A "#RRGGBB" field; null only where `nullable`.
        func color(_ name: String, nullable: Bool = false) throws(AppIconError) -> RGBA? {
            let value = try fields.required(name)
            if case .null = value.value, nullable { return nil }
            guard case .string(let text) = value.value, let color = parseHex(text) else {
                throw reader.fail(value.location, "\(path).\(name)", "expected a colour \"#RRGGBB\"\(nullable ? " or null" : "")")
            }
            return color
        }
        let paperNode = try fields.required("paper")
        let paper = try color("paper", nullable: true)
        let thread = try color("thread")!, highlight = try color("highlight")!, ring = try color("ring")!
        let charmNode = try fields.required("charm")
        guard case .string(let charmText) = charmNode.value, let charm = CharmInk(rawValue: charmText) else {
            throw reader.fail(charmNode.location, "\(path).charm", "expected \"painted\" or \"luminance\"")
        }
        func fail(_ at: SourceLocation, _ field: String, _ message: String) -> AppIconError {
            reader.fail(at, "\(path).\(field)", message)
        }
        switch variant {
        case .default:
            // SPEC palette: near-black paper, not #000, and opaque (App Store icons have no alpha).
            guard let paper else { throw fail(paperNode.location, "paper", "the default icon is opaque: it needs a paper colour") }
            if paper == RGBA(0, 0, 0, 255) || max(paper.r, paper.g, paper.b) > 0x40 {
                throw fail(paperNode.location, "paper", "the paper is near-black but not #000000 (no channel above #40)")
            }
        case .dark:
            if paper != nil {
                throw fail(paperNode.location, "paper", "must be null: the dark icon's background is transparent and the system draws its own")
            }
        case .tinted:
            if paper != RGBA(0, 0, 0, 255) {
                throw fail(paperNode.location, "paper", "must be \"#000000\": the tinted icon is grey on black and the system tints it by luminance")
            }
            for (name, ink) in [("thread", thread), ("highlight", highlight), ("ring", ring)] where !(ink.r == ink.g && ink.g == ink.b) {
                throw fail(try fields.required(name).location, name, "the tinted icon is greyscale: use a grey (#RRGGBB with RR = GG = BB)")
            }
            if charm != .luminance {
                throw fail(charmNode.location, "charm", "the tinted icon is greyscale: use \"luminance\"")
            }
        }
        let charmGain = fields.node["charmGain"] == nil ? 1 : try fields.number("charmGain", in: 0...4, "a factor, more than 0 and at most 4", openBelow: true)
        return Inks(paper: paper, thread: thread, highlight: highlight, ring: ring, charm: charm, charmGain: charmGain)
    }

    /// "#RRGGBB" (either case) as an opaque colour.
    static func parseHex(_ text: String) -> RGBA? {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = Character(Unicode.Scalar(digit)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        return RGBA(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255)
    }

    static func format(_ value: Double) -> String { JSONWriter.formatNumber(value) }
}

/// Reads the objects of appicon.json, naming the file, line:column and dotted field
/// path in every error.
private struct FieldReader {
    let file: String

    func fail(_ location: SourceLocation, _ field: String?, _ message: String) -> AppIconError {
        AppIconError(file: file, location: location, field: field, message: message)
    }

    struct Fields {
        let reader: FieldReader
        let node: JSONNode
        let path: String?

        func name(_ field: String) -> String { path.map { "\($0).\(field)" } ?? field }

        func required(_ field: String) throws(AppIconError) -> JSONNode {
            guard let value = node[field] else { throw reader.fail(node.location, name(field), "missing required field") }
            return value
        }

        /// A number in `range`; `open` excludes both ends, `openBelow` the lower one.
        func number(
            _ field: String, in range: ClosedRange<Double>, _ expected: String, open: Bool = false, openBelow: Bool = false
        ) throws(AppIconError) -> Double {
            let value = try required(field)
            guard case .number(let number, _) = value.value else {
                throw reader.fail(value.location, name(field), "expected \(expected), found \(value.value.typeName)")
            }
            let belowOK = open || openBelow ? number > range.lowerBound : number >= range.lowerBound
            let aboveOK = open ? number < range.upperBound : number <= range.upperBound
            guard belowOK && aboveOK else {
                throw reader.fail(value.location, name(field), "\(JSONWriter.formatNumber(number)) is out of range: expected \(expected)")
            }
            return number
        }
    }

    /// The object at `node`, rejecting unknown and repeated fields.
    func object(_ node: JSONNode, path: String?, fields: [String]) throws(AppIconError) -> Fields {
        guard case .object(let members) = node.value else {
            throw fail(node.location, path, "expected an object, found \(node.value.typeName)")
        }
        var seen: Set<String> = []
        for member in members {
            let name = path.map { "\($0).\(member.key)" } ?? member.key
            guard fields.contains(member.key) else {
                throw fail(member.keyLocation, name, "unknown field (expected one of: \(fields.joined(separator: ", ")))")
            }
            guard seen.insert(member.key).inserted else { throw fail(member.keyLocation, name, "repeated field") }
        }
        return Fields(reader: self, node: node, path: path)
    }
}
