import BijouxCore
import BijouxShared

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
struct AppIconParameters: Equatable, Sendable {
    /// The single size of the iOS app icon, in points and in pixels.
    static let side = 1024

    struct Thread: Equatable, Sendable {
        /// x of the endpoints.
        var startX: Double
        var endX: Double
        var topFraction: Double
        var controlDrop: Double
        /// The icon's wobble stretch (wavelength and amplitude together).
        var stretch: Double
        var strokeWidth: Double
    }

    /// The charm hanging from the thread, by its id in charms.json.
    struct Charm: Equatable, Sendable {
        var id: String
        /// The charm's centre line (and so the ring's x).
        var x: Double
        /// The height of its painted bounds.
        var height: Double
        /// From the base curve at x down to the charm's attach point: where its paint
        /// starts on its centre line (a heart's cleft), which the ring passes through.
        var hang: Double
    }

    /// The jump ring. Its top (the point of its centre line that rests on the thread)
    /// sits `offset` below where the squiggle crosses the charm's x.
    struct Ring: Equatable, Sendable {
        var radius: Double
        var strokeWidth: Double
        var offset: Double
    }

    /// The default paper's fixed grain: a hash of (x, y, seed), so the same every run.
    struct Grain: Equatable, Sendable {
        var seed: UInt32
        /// The largest deviation from the paper ink, in 8-bit levels.
        var amplitude: Double
        /// The size of the grain's soft blotches, in pixels.
        var cell: Double
    }

    /// How the painted charm is inked in a variant.
    enum CharmInk: String, Equatable, Sendable, CaseIterable {
        /// As painted.
        case painted
        /// Its luma (Rec. 709 weights on the sRGB-encoded values), grey.
        case luminance
    }

    struct Inks: Equatable, Sendable {
        /// The background; nil is transparent (the system draws its own).
        var paper: RGBA?
        var thread: RGBA
        /// The sheen along the thread's upper side.
        var highlight: RGBA
        var ring: RGBA
        var charm: CharmInk
        /// Multiplies the charm's colour (or its luma), so it can be lifted where
        /// the ground is darker or the system tints it.
        var charmGain: Double
    }

    enum Variant: String, Equatable, Hashable, Sendable, CaseIterable {
        case `default`, dark, tinted
    }

    var thread: Thread
    var charm: Charm
    var ring: Ring
    var grain: Grain
    var inks: [Variant: Inks]
    /// Where each section (and a few fields) start in the file, for messages: keys
    /// like "thread", "charm", "charm.id".
    var locations: [String: SourceLocation] = [:]

    /// The icon's gold thread: BijouxKit's, across the 1024 pt canvas.
    var curve: GoldThread {
        GoldThread(
            width: Double(Self.side), height: Double(Self.side), topFraction: thread.topFraction,
            controlDrop: thread.controlDrop, stretch: thread.stretch, startX: thread.startX, endX: thread.endX)
    }
}

extension AppIconParameters {
    static let fileName = "appicon.json"

    /// Parses and validates appicon.json. `file` names the file in errors. A colour is
    /// "#RRGGBB" or the name of an opaque colour in `palette` (its `any` appearance, in
    /// 8-bit sRGB: a Display P3 colour converted and clipped to sRGB).
    static func parse(_ bytes: [UInt8], file: String, palette: Palette = Palette()) throws(ArtFileError) -> AppIconParameters {
        let top = try JSONFields(parsing: bytes, file: file, known: ["thread", "charm", "ring", "grain", "variants"])
        var locations: [String: SourceLocation] = [:]
        let side = Double(Self.side)

        let t = try top.object("thread", known: ["startX", "endX", "topFraction", "controlDrop", "stretch", "strokeWidth"])
        locations["thread"] = t.node.location
        let startX = try t.number("startX", "a point from 0 to 1024", in: 0...side)
        let endX = try t.number("endX", "a point from 0 to 1024", in: 0...side)
        if endX <= startX {
            throw t.fail("endX", "\(format(endX)) must be to the right of startX (\(format(startX)))")
        }
        let thread = Thread(
            startX: startX, endX: endX,
            topFraction: try t.number("topFraction", "a fraction of the height, more than 0 and less than 1", in: 0.0...1.0, open: true),
            controlDrop: try t.number("controlDrop", "points from 0 to 1024 (the thread sags; it does not rise)", in: 0...side),
            stretch: try t.number("stretch", "a positive factor up to 64", in: 0...64, open: true),
            strokeWidth: try t.number("strokeWidth", "points, more than 0 and at most 128", in: 0...128, openBelow: true))

        let c = try top.object("charm", known: ["id", "x", "height", "hang"])
        locations["charm"] = c.node.location
        locations["charm.id"] = try c.required("id").location
        let id = try c.required("id", "the id of a charm in charms.json, e.g. \"heart\"") {
            $0.string.flatMap { AssetName.isValid($0) ? $0 : nil }
        }
        let x = try c.number("x", "a point from 0 to 1024", in: 0...side)
        if x <= startX || x >= endX {
            throw c.fail("x", "\(format(x)) is not between the thread's ends (\(format(startX)) and \(format(endX))), so the charm would hang from nothing")
        }
        let charm = Charm(
            id: id, x: x,
            height: try c.number("height", "points, more than 0 and at most 1024", in: 0...side, openBelow: true),
            hang: try c.number("hang", "points from 0 to 1024", in: 0...side))

        let r = try top.object("ring", known: ["radius", "strokeWidth", "offset"])
        locations["ring"] = r.node.location
        let radius = try r.number("radius", "points, more than 0 and at most 256", in: 0...256, openBelow: true)
        let ring = Ring(
            radius: radius,
            strokeWidth: try r.number("strokeWidth", "points, more than 0 and at most the radius (\(format(radius)))", in: 0...radius, openBelow: true),
            offset: try r.number("offset", "points from -1024 to 1024", in: -side...side))

        let g = try top.object("grain", known: ["seed", "amplitude", "cell"])
        let seed = try g.number("seed", "a whole number from 0 to 4294967295", in: 0...Double(UInt32.max))
        if seed != seed.rounded() { throw g.fail("seed", "expected a whole number from 0 to 4294967295") }
        let grain = Grain(
            seed: UInt32(seed),
            amplitude: try g.number("amplitude", "8-bit levels from 0 to 64", in: 0...64),
            cell: try g.number("cell", "pixels from 1 to 64", in: 1...64))

        let v = try top.object("variants", known: Variant.allCases.map(\.rawValue))
        var inks: [Variant: Inks] = [:]
        for variant in Variant.allCases {
            let fields = try v.object(variant.rawValue, known: ["paper", "thread", "highlight", "ring", "charm", "charmGain"])
            inks[variant] = try parseInks(fields, variant: variant, palette: palette)
        }
        return AppIconParameters(thread: thread, charm: charm, ring: ring, grain: grain, inks: inks, locations: locations)
    }

    private static func parseInks(_ fields: JSONFields, variant: Variant, palette: Palette) throws(ArtFileError) -> Inks {
        let named = palette.colors.isEmpty ? "" : ", a palette colour (\(palette.colors.map(\.name).joined(separator: ", ")))"
        /// A "#RRGGBB" field or a palette colour's name (its `any` appearance in 8-bit
        /// sRGB, which must be opaque: the icon is); null only where `nullable`.
        func color(_ name: String, nullable: Bool = false) throws(ArtFileError) -> RGBA? {
            if nullable, fields[name]?.value == .null { return nil }
            if let translucent = fields[name]?.value.string.flatMap({ palette[$0] }), translucent.any.alpha < 1 {
                throw fields.fail(
                    name,
                    "the palette colour '\(translucent.name)' is translucent (alpha \(Format.number(translucent.any.alpha))): the app icon is drawn opaque")
            }
            return try fields.required(name, "a colour \"#RRGGBB\"\(named)\(nullable ? " or null" : "")") {
                $0.string.flatMap { Palette.parseHex($0) ?? palette[$0].map { Palette.rgba($0.any) } }
            }
        }
        let paper = try color("paper", nullable: true)
        let thread = try color("thread")!, highlight = try color("highlight")!, ring = try color("ring")!
        let charm = try fields.required("charm", "\"painted\" or \"luminance\"") { $0.string.flatMap(CharmInk.init) }
        switch variant {
        case .default:
            // SPEC palette: near-black paper, not #000, and opaque (App Store icons have no alpha).
            guard let paper else { throw fields.fail("paper", "the default icon is opaque: it needs a paper colour") }
            if paper == RGBA(0, 0, 0, 255) || max(paper.r, paper.g, paper.b) > 0x40 {
                throw fields.fail("paper", "the paper is near-black but not #000000 (no channel above #40)")
            }
        case .dark:
            if paper != nil {
                throw fields.fail("paper", "must be null: the dark icon's background is transparent and the system draws its own")
            }
        case .tinted:
            if paper != RGBA(0, 0, 0, 255) {
                throw fields.fail("paper", "must be \"#000000\": the tinted icon is grey on black and the system tints it by luminance")
            }
            for (name, ink) in [("thread", thread), ("highlight", highlight), ("ring", ring)] where !(ink.r == ink.g && ink.g == ink.b) {
                throw fields.fail(name, "the tinted icon is greyscale: use a grey (#RRGGBB with RR = GG = BB)")
            }
            if charm != .luminance {
                throw fields.fail("charm", "the tinted icon is greyscale: use \"luminance\"")
            }
        }
        let charmGain = fields["charmGain"] == nil ? 1 : try fields.number("charmGain", "a factor, more than 0 and at most 4", in: 0...4, openBelow: true)
        return Inks(paper: paper, thread: thread, highlight: highlight, ring: ring, charm: charm, charmGain: charmGain)
    }

    static func format(_ value: Double) -> String { Format.number(value) }
}
