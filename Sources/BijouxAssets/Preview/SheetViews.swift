import BijouxShared

/// How long the app's glow is and how strong (SPEC B: camel, opacity 0.35, radius
/// 5 pt): applied at run time, so the page applies it too (a CSS drop shadow) and the
/// catalog never has it baked in.
enum CharmGlow {
    static let opacity = 0.35
    static let radiusPoints = 5.0
}

/// The app's surfaces on the contact sheet, drawn with the app's own recipes
/// (`BijouxKit`: the gold thread, the dish layout, the limits): the geometry is
/// computed here and written into the page as numbers and SVG paths, so the page has
/// no second copy of any recipe. The surfaces' sizes are a mock of the phone (the
/// app's views set their own); what matters is that the recipes are the app's.
enum SheetViews {
    /// A worn charm's width on the Dynamic Island, in points.
    static let islandCharmWidth = 22.0
    /// The app icon's home-screen size, and the size the file is shown at on its card.
    static let homeIconPoints = 60
    static let appIconPreviewPoints = 180
    /// Names on the expanded island: their size in points, and the least scale the
    /// island may shrink them to (SwiftUI's minimumScaleFactor).
    static let nameSize = 11.0
    static let nameMinimumScale = 0.6

    static let canvasRatio = "\(CharmArt.ratio.width):\(CharmArt.ratio.height)"

    static let glowExplanation =
        """
        Charms wear the app's glow (camel at \(Int(CharmGlow.opacity * 100)) % opacity, \(HTML.number(CharmGlow.radiusPoints)) pt blur) as a CSS drop shadow, \
        added here as the app adds it at run time; the catalog's images carry none.
        """

    /// A surface the thread crosses: its size in points and its thread.
    struct Surface {
        var width: Double
        var height: Double
        var thread: GoldThread

        init(width: Double, height: Double, topFraction: Double, controlDrop: Double) {
            self.width = width
            self.height = height
            thread = GoldThread(width: width, height: height, topFraction: topFraction, controlDrop: controlDrop)
        }
    }

    /// The compact island (three charms at 22 pt on the thread) and the expanded one
    /// (bigger charms, names under them), and the home screen's bracelet.
    static let compactIsland = Surface(width: 236, height: 37, topFraction: 0.12, controlDrop: 8)
    static let expandedIsland = Surface(width: 360, height: 112, topFraction: 0.16, controlDrop: 36)
    static let expandedCharmWidth = 40.0
    static let homeBracelet = Surface(width: 390, height: 170, topFraction: 0.18, controlDrop: 84)
    static let homeCharmWidth = 56.0
    /// The dish on the home screen, in points.
    static let dish = (width: 340.0, height: 250.0)
    /// Icon sizes beside the charms.
    static let iconSizes = [22.0, 33.0, 44.0]

    /// A charm hanging from the thread at its own x: the charm's box hangs from the
    /// base curve (not the jitter), and a jump ring rests where the squiggle crosses
    /// that x and reaches into the charm's top.
    struct Hanging {
        var box: (x: Double, y: Double, width: Double)
        var ringCenter: CanvasPoint
        var ringRadius: Double

        init(thread: GoldThread, x: Double, width: Double) {
            ringRadius = width * 0.1
            let top = thread.squiggleY(atX: x) ?? thread.baseY(atX: x)
            ringCenter = CanvasPoint(x: x, y: top + ringRadius)
            box = (x - width / 2, thread.baseY(atX: x) + ringRadius * 1.5, width)
        }
    }

    /// Where the worn charms hang: each in the middle of its share of the width (so
    /// its name has that share), the middle one lowest.
    static func hangingXs(count: Int, width: Double) -> [Double] {
        (0..<count).map { width * (Double($0) + 0.5) / Double(count) }
    }

    /// The views; icons are tinted in `tint` (the palette's accent). Those with
    /// nothing to show are left out (the charms' without charms, the icons' without
    /// icons, the home screen without an app icon), and the section with them.
    static func html(_ sheet: ContactSheet, tint: PaletteColor.Components) -> String {
        let worn = Array(sheet.charms.prefix(CharmLimits.maxWorn))
        var text = ""
        if !worn.isEmpty {
            text += island(worn)
            text += dishView(Array(sheet.charms.prefix(DishLayout.slotCount)))
            text += bracelet(worn)
        }
        if !sheet.icons.isEmpty { text += iconsView(sheet.icons, beside: sheet.charms.first, tint: tint) + iconFormsView(sheet.icons) }
        text += home(sheet.appIcon.filter { $0.kind == "appicon" })
        return text.isEmpty ? "" : "<section id=\"views\">\n<h2>In the app</h2>\n" + text + "</section>\n"
    }

    /// The squiggle as an SVG polyline, in points.
    static func threadPath(_ thread: GoldThread) -> String {
        let points = thread.points(spacing: 1)
        return points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(HTML.number($0.element.x)) \(HTML.number($0.element.y))" }.joined(separator: " ")
    }

    /// A surface at `pt` CSS pixels per point: the thread, the rings, the charms.
    static func surface(
        _ surface: Surface, class kind: String, pt: Double, charms: [ContactSheet.Charm], charmWidth: Double, strokeWidth: Double,
        names: [(text: String, key: String?)]? = nil
    ) -> String {
        let xs = hangingXs(count: charms.count, width: surface.width)
        let hangings = xs.map { Hanging(thread: surface.thread, x: $0, width: charmWidth) }
        var text =
            "<div class=\"surface \(kind)\" style=\"--pt:\(HTML.number(pt));width:\(HTML.number(surface.width * pt))px;"
            + "height:\(HTML.number(surface.height * pt))px;border-radius:\(HTML.number(min(surface.height / 2, 44) * pt))px\">"
        for (charm, hanging) in zip(charms, hangings) {
            let image = charm.images.last!
            text +=
                """
                <img class=\"art hang\" src=\"\(HTML.link(image.path))\" \
                alt=\"\(HTML.escape(charm.displayName))\"\(HTML.altKey(CharmStrings.displayNameKey(id: charm.id))) \
                style=\"--x:\(HTML.number(hanging.box.x));--y:\(HTML.number(hanging.box.y));--w:\(HTML.number(hanging.box.width))\">
                """
        }
        text +=
            """
            <svg viewBox=\"0 0 \(HTML.number(surface.width)) \(HTML.number(surface.height))\" width=\"\(HTML.number(surface.width * pt))\" \
            height=\"\(HTML.number(surface.height * pt))\" aria-hidden=\"true\">
            """
        text +=
            """
            <path d=\"\(threadPath(surface.thread))\" fill=\"none\" stroke=\"var(--camel)\" stroke-width=\"\(HTML.number(strokeWidth))\" \
            stroke-linecap=\"round\" stroke-linejoin=\"round\"/>
            """
        for hanging in hangings {
            text +=
                """
                <circle cx=\"\(HTML.number(hanging.ringCenter.x))\" cy=\"\(HTML.number(hanging.ringCenter.y))\" r=\"\(HTML.number(hanging.ringRadius))\" \
                fill=\"none\" stroke=\"var(--camel)\" stroke-width=\"\(HTML.number(strokeWidth * 0.8))\"/>
                """
        }
        text += "</svg>"
        if let names {
            // Each name centred under its charm, in its share of the island.
            let column = surface.width / Double(max(1, names.count)) - 8
            for (name, hanging) in zip(names, hangings) {
                let y = hanging.box.y + hanging.box.width * CharmArt.aspect + 4
                text +=
                    "<span class=\"name\" data-fit=\"\(HTML.number(nameMinimumScale))\"\(HTML.textKey(name.key)) "
                    + "style=\"--x:\(HTML.number(hanging.ringCenter.x - column / 2));--y:\(HTML.number(y));"
                    + "--w:\(HTML.number(column));--size:\(HTML.number(nameSize))\">\(HTML.escape(name.text))</span>"
            }
        }
        text += "</div>"
        return text
    }

    static func island(_ worn: [ContactSheet.Charm]) -> String {
        var text = "<div class=\"view\" data-view=\"island\">\n<h3>Dynamic Island</h3>\n"
        text +=
            """
            <p>The bracelet worn on the island: \(worn.count) charms at \(HTML.number(islandCharmWidth)) pt on the thread, on black, at @3x (3 px per point, \
            the phone's pixels); then the expanded island with their names, which shrink to at most \(Int(nameMinimumScale * 100)) % to fit \
            \(CharmLimits.maxWorn)-up (a name in red does not fit), and a row of \(CharmLimits.maxNameLength)-character names, the longest allowed. With a \
            String Catalog, the language switch shows each language's names here and on the cards; a name too wide for the island (a wide character counts \
            two) is underlined in red, as the build warns of it.</p>\n
            """
        text += surface(compactIsland, class: "island", pt: 3, charms: worn, charmWidth: islandCharmWidth, strokeWidth: 1.1)
        let longest = String(String(repeating: "Long name ", count: 4).prefix(CharmLimits.maxNameLength))
        let wornNames = worn.map { (text: $0.displayName, key: Optional(CharmStrings.displayNameKey(id: $0.id))) }
        for names in [wornNames, Array(repeating: (text: longest, key: nil), count: worn.count)] {
            text += surface(expandedIsland, class: "island", pt: 1.5, charms: worn, charmWidth: expandedCharmWidth, strokeWidth: 1.6, names: names)
            text += "\n"
        }
        return text + "</div>\n"
    }

    static func dishView(_ charms: [ContactSheet.Charm]) -> String {
        let slots = DishLayout.slots(width: dish.width, height: dish.height)
        let size = DishLayout.charmSize(width: dish.width, height: dish.height)
        var text = "<div class=\"view\" data-view=\"dish\">\n<h3>The dish</h3>\n"
        text +=
            """
            <p>The \(DishLayout.slotCount) slots of a \(HTML.number(dish.width)) × \(HTML.number(dish.height)) pt dish, filled in the app's order with the \
            stock charms at the size the layout derives: \(HTML.number(size)) pt.</p>\n
            """
        text += "<div class=\"surface dish\" style=\"--pt:1;width:\(HTML.number(dish.width))px;height:\(HTML.number(dish.height))px\">"
        text +=
            """
            <svg viewBox=\"0 0 \(HTML.number(dish.width)) \(HTML.number(dish.height))\" width=\"\(HTML.number(dish.width))\" \
            height=\"\(HTML.number(dish.height))\" aria-hidden=\"true\"><ellipse cx=\"\(HTML.number(dish.width / 2))\" cy=\"\(HTML.number(dish.height / 2))\" \
            rx=\"\(HTML.number(dish.width / 2 - 1))\" ry=\"\(HTML.number(dish.height / 2 - 1))\" fill=\"none\" stroke=\"var(--camel)\" \
            stroke-opacity=\"0.5\"/></svg>
            """
        for (charm, slot) in zip(charms, slots) {
            text +=
                """
                <img class=\"art hang\" src=\"\(HTML.link(charm.images.last!.path))\" \
                alt=\"\(HTML.escape(charm.displayName))\"\(HTML.altKey(CharmStrings.displayNameKey(id: charm.id))) \
                style=\"--x:\(HTML.number(slot.x - size / 2));--y:\(HTML.number(slot.y - size * CharmArt.aspect / 2));--w:\(HTML.number(size))\">
                """
        }
        return text + "</div>\n</div>\n"
    }

    static func bracelet(_ worn: [ContactSheet.Charm]) -> String {
        var text = "<div class=\"view\" data-view=\"bracelet\">\n<h3>The bracelet on the home screen</h3>\n"
        text +=
            """
            <p>The thread draped across the home screen's paper, \(HTML.number(homeBracelet.width)) pt wide, the worn charms at \(HTML.number(homeCharmWidth)) \
            pt hanging from it.</p>\n
            """
        text += surface(homeBracelet, class: "tray", pt: 1, charms: worn, charmWidth: homeCharmWidth, strokeWidth: 1.8)
        return text + "\n</div>\n"
    }

    static func iconsView(_ icons: [ContactSheet.Icon], beside charm: ContactSheet.Charm?, tint: PaletteColor.Components) -> String {
        var text = "<div class=\"view\" data-view=\"icons\">\n<h3>Icons beside the charms</h3>\n"
        text +=
            """
            <p>Each icon at \(iconSizes.map { HTML.number($0) }.joined(separator: ", ")) pt beside a charm of the same size: in the light ink on the paper, \
            then tinted camel. They should look drawn by the same hand.</p>\n
            """
        // The tint is an SVG filter (flood the camel into the icon's alpha), as a
        // template image is tinted; a CSS mask would need the image over CORS, which
        // a page opened from a file cannot have.
        text +=
            """
            <svg width=\"0\" height=\"0\" aria-hidden=\"true\" style=\"position:absolute\"><filter id=\"tint-camel\" \
            color-interpolation-filters=\"sRGB\"><feFlood flood-color=\"\(HTML.color(tint))\"/><feComposite in2=\"SourceAlpha\" \
            operator=\"in\"/></filter></svg>\n
            """
        for tinted in [false, true] {
            text += "<div class=\"strip\">"
            for size in iconSizes {
                for icon in icons {
                    let height = size * Double(icon.pointHeight) / Double(max(1, icon.pointWidth))
                    text +=
                        """
                        <img class=\"icon-art\" src=\"\(HTML.link(icon.images.last!.path))\" width=\"\(HTML.number(size))\" height=\"\(HTML.number(height))\" \
                        alt=\"\(HTML.escape(icon.name))\"\(tinted ? " style=\"filter:url(#tint-camel)\"" : "")>
                        """
                }
                if let charm {
                    text +=
                        """
                        <img class=\"art\" src=\"\(HTML.link(charm.images.last!.path))\" width=\"\(HTML.number(size))\" \
                        height=\"\(HTML.number(size * CharmArt.aspect))\" \
                        alt=\"\(HTML.escape(charm.displayName))\"\(HTML.altKey(CharmStrings.displayNameKey(id: charm.id)))>
                        """
                }
            }
            text += "</div>\n"
        }
        return text + "</div>\n"
    }

    /// The app icon's looks on a home screen; nothing without an app icon.
    static func home(_ looks: [ContactSheet.AppIconLook]) -> String {
        guard !looks.isEmpty else { return "" }
        var text = "<div class=\"view\" data-view=\"home\">\n<h3>The app icon on the home screen</h3>\n"
        text += "<p>Each look at \(homeIconPoints) pt among other apps' places, as the home screen masks it.</p>\n<div class=\"home\">\n"
        for look in looks {
            text += "<figure class=\"phone \(look.variant == "default" ? "" : "dark")\">"
            for index in 0..<9 {
                text +=
                    index == 4
                    ? ContactSheetPage.image(look.home, scale: look.home.width / homeIconPoints, alt: "app icon \(look.variant)")
                    : "<span class=\"slot\"></span>"
            }
            text += "<figcaption>\(HTML.escape(look.variant))</figcaption></figure>\n"
        }
        return text + "</div>\n</div>\n"
    }
}
