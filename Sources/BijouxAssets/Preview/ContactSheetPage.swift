import BijouxCore
import BijouxShared

/// The designer's contact sheet: `Preview/index.html`, one self-contained page (its
/// style and script inline, images linked by relative path inside the output folder,
/// nothing from the network) with a card per asset and the app's surfaces drawn
/// with the app's own recipes. Pure: a `ContactSheet` in, the page's text out.
package enum ContactSheetPage {
    /// The page's folder in the output folder.
    static let folder = "Preview"
    /// The page itself, relative to the output folder.
    package static let path = folder + "/index.html"

    /// The page. `views` are the app's surfaces (`SheetViews.html`), drawn from the
    /// same sheet, in the palette's paper, ink and accent.
    static func html(_ sheet: ContactSheet, palette: Palette) -> String {
        var page = "<!doctype html>\n<html lang=\"en\" data-ground=\"dark\" data-outlines=\"off\">\n<head>\n"
        page += "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>Bijoux contact sheet</title>\n<style>\n\(SheetStyle.css(palette))</style>\n</head>\n<body>\n"
        let sections = [
            ("charms", "Charms", sheet.charms.map(charmCard)), ("icons", "Icons", sheet.icons.map(iconCard)),
            ("app-icon", "App icon", sheet.appIcon.map { appIconCard($0, safeZone: sheet.appIconSafeZone) }),
            ("palette", "Palette", palette.colors.map { paletteCard($0, isAccent: $0.name == palette.accent) }),
            ("images", "Images", sheet.images.map(imageCard)), ("data", "Data", sheet.data.map(dataCard)),
        ].filter { !$0.2.isEmpty }
        let views = SheetViews.html(sheet, tint: palette.accentColor)
        page += header(sheet, colors: palette.colors.count, sections: (views.isEmpty ? [] : [("views", "In the app")]) + sections.map { ($0.0, $0.1) })
        page += "<main>\n" + views
        for (id, title, cards) in sections { page += section(id, title, cards) }
        page += "</main>\n" + languageData(sheet.languages) + "<script>\n\(SheetStyle.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The top of the page: counts, warnings, a link to each section there is (`sections`:
    /// their ids and titles; a section with nothing in it is left out), the controls.
    static func header(_ sheet: ContactSheet, colors: Int, sections: [(id: String, title: String)]) -> String {
        let warned = sheet.assetsWithWarnings
        var text = "<header class=\"top\">\n<h1>Bijoux contact sheet</h1>\n"
        let counts =
            [
                Format.count(sheet.charms.count, "charm"), Format.count(sheet.icons.count, "icon"),
                Format.count(sheet.appIcon.count, "app icon look"), Format.count(colors, "colour"),
            ].joined(separator: " · ") + imageCounts(sheet)
        text += "<p class=\"summary\" data-warned=\"\(warned)\">\(counts). "
        if warned == 0 {
            text += "<strong class=\"ok\">No asset warns.</strong>"
        } else {
            let links = warnedAssets(sheet).map { "<a href=\"#\(anchor($0.asset))\">\(HTML.escape($0.name))</a>" }
            text += "<strong class=\"warn\">\(Format.count(warned, "asset warns", "assets warn"))</strong>: \(links.joined(separator: ", "))."
        }
        text += "</p>\n"
        for warning in sheet.otherWarnings { text += "<p class=\"other-warning\">\(HTML.escape(warning))</p>\n" }
        text += "<nav>" + sections.map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined(separator: " ") + "</nav>\n"
        text += """
            <div class="controls">
            Background: <button type="button" data-ground="dark">Dark</button> <button type="button" data-ground="light">Light</button> \
            <button type="button" data-ground="checkerboard">Checkerboard</button>
            <button type="button" data-toggle="outlines" data-on="on" data-off="off">Outlines</button>
            \(languageSwitch(sheet.languages))</div>
            <details class="legend"><summary>How to read this page</summary>
            <p>\(HTML.escape(LegibilityReport.explanation))</p>
            <p>\(HTML.escape(SheetViews.glowExplanation))</p>
            <p>Outlines: the dashed line is each image's bounds (a charm's is its \(HTML.escape(SheetViews.canvasRatio)) canvas), the dotted box is where the \
            paint is; on the app icon, the safe zone picture shows the mask (cyan), the safe zone (orange), the 21 % line the charm stays above (red) and the \
            base curve (white).</p>
            <p>Run <code>bijoux-assets watch --serve</code> (or <code>make preview</code>) and this page reloads itself after every rebuild, keeping its \
            place.</p>
            </details>
            </header>

            """
        return text
    }

    /// The language switch, when the art has a String Catalog: the names and notes of
    /// the cards and the app's surfaces in each language of the catalog, or the
    /// double-length pseudolanguage; a name too wide for the island is marked as the
    /// build's warning says. The texts are data in the page (`languageData`); the
    /// script puts them in place.
    static func languageSwitch(_ languages: [ContactSheet.Language]) -> String {
        guard !languages.isEmpty else { return "" }
        let options = languages.map { "<option value=\"\(HTML.escape($0.code))\">\(HTML.escape($0.label))</option>" }.joined()
        return "<label class=\"language\">Language <select data-language>\(options)</select></label>\n"
    }

    /// The languages' texts as JSON for the script, safe inside a `<script>` element.
    static func languageData(_ languages: [ContactSheet.Language]) -> String {
        guard !languages.isEmpty else { return "" }
        var object: [String: JSONOutput] = [:]
        for language in languages {
            object[language.code] = [
                "texts": .object(language.texts.mapValues { .string($0) }), "fallback": .array(language.fallback.map { .string($0) }),
                "tooWide": .object(language.tooWide.mapValues { .string($0) }),
            ]
        }
        let json = HTML.scriptData(JSONWriter.xcodeStyle(.object(object), trailingNewline: false))
        return "<script type=\"application/json\" id=\"bijoux-languages\">\(json)</script>\n"
    }

    /// Every card that warns, as (its data-asset value, its name), in page order.
    static func warnedAssets(_ sheet: ContactSheet) -> [(asset: String, name: String)] {
        sheet.charms.filter { !$0.warnings.isEmpty }.map { ("charm:" + $0.id, $0.displayName) }
            + sheet.icons.filter { !$0.warnings.isEmpty }.map { ("icon:" + $0.name, $0.name) }
            + sheet.appIcon.filter { !$0.warnings.isEmpty }.map { ("\($0.kind):\($0.variant)", "app icon (\($0.variant))") }
    }

    /// The element id of a card: `charm:cat` → `charm-cat`.
    static func anchor(_ asset: String) -> String {
        HTML.escape(asset.replacingColons())
    }

    static func section(_ id: String, _ title: String, _ cards: [String]) -> String {
        "<section id=\"\(id)\">\n<h2>\(title)</h2>\n<div class=\"cards\">\n" + cards.joined() + "</div>\n</section>\n"
    }

    /// The opening of a card: its asset, its warning count, its title.
    /// `titleKey`: the title's key in the String Catalog, so the language switch changes it.
    static func cardOpening(asset: String, kind: String, warnings: [String], title: String, titleKey: String? = nil, subtitle: String) -> String {
        let flagged = warnings.isEmpty ? "" : " data-warnings=\"\(warnings.count)\""
        var text = "<article class=\"card \(kind)\" id=\"\(anchor(asset))\" data-asset=\"\(HTML.escape(asset))\"\(flagged)>\n"
        text += "<header><h3\(HTML.textKey(titleKey))>\(HTML.escape(title))</h3> <code>\(HTML.escape(subtitle))</code>"
        if !warnings.isEmpty { text += " <span class=\"badge\">\(Format.count(warnings.count, "warning"))</span>" }
        return text + "</header>\n"
    }

    static func warningList(_ warnings: [String]) -> String {
        guard !warnings.isEmpty else { return "" }
        return "<ul class=\"warnings\">\n" + warnings.map { "<li>\(HTML.escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    /// An image at its size in points (`scale` image pixels per point).
    static func image(_ image: ContactSheet.Image, scale: Int, alt: String, extra: String = "") -> String {
        let width = HTML.number(Double(image.width) / Double(scale)), height = HTML.number(Double(image.height) / Double(scale))
        return "<img src=\"\(HTML.link(image.path))\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTML.escape(alt))\"\(extra)>"
    }

    static func charmCard(_ charm: ContactSheet.Charm) -> String {
        var text = cardOpening(
            asset: "charm:" + charm.id, kind: "charm", warnings: charm.warnings, title: charm.displayName,
            titleKey: CharmStrings.displayNameKey(id: charm.id), subtitle: charm.id)
        text +=
            "<p class=\"note\">\u{201C}<span\(HTML.textKey(CharmStrings.noteKey(id: charm.id)))>\(HTML.escape(charm.note))</span>\u{201D}</p>\n"
        if !charm.colour.isEmpty {
            let wide = charm.isWide ? "<span class=\"badge wide\">Display P3</span> " : ""
            text += "<p class=\"colour\" data-gamut=\"\(charm.isWide ? "display-P3" : "sRGB")\">\(wide)\(HTML.escape(charm.colour))</p>\n"
        }
        text += "<div class=\"scales\">\n"
        let box = charm.paintedBox
        for (index, render) in charm.images.enumerated() {
            let scale = index + 1
            text += "<figure><div class=\"well canvas\">"
            text += image(render, scale: scale, alt: "\(charm.id) @\(scale)x", extra: " class=\"art\"")
            text +=
                "<span class=\"painted\" style=\"left:\(HTML.number(box.x))px;top:\(HTML.number(box.y))px;"
                + "width:\(HTML.number(box.width))px;height:\(HTML.number(box.height))px\"></span>"
            text += "</div><figcaption>@\(scale)x · \(render.width)×\(render.height) px</figcaption></figure>\n"
        }
        text += "</div>\n<div class=\"readings\">\n"
        for reading in charm.readings {
            let shown = SheetViews.islandCharmWidth * 3
            let magnify = reading.scale == 3 ? "" : " pixelated"
            text += "<figure class=\"reading\" data-grade=\"\(HTML.escape(reading.legibility.grade))\">"
            text += "<div class=\"well\">"
            text += image(reading.image, scale: reading.scale, alt: "\(charm.id) at 22 pt @\(reading.scale)x", extra: " class=\"art actual\"")
            text +=
                """
                <img src=\"\(HTML.link(reading.image.path))\" width=\"\(HTML.number(shown))\" height=\"\(HTML.number(shown * CharmArt.aspect))\" alt=\"\" \
                class=\"art magnified\(magnify)\">
                """
            let which = reading.scale == 3 ? ", what the phone shows" : ", the strict check"
            text += "</div><figcaption><b>22 pt @\(reading.scale)x (\(reading.image.width) px\(which))</b>: "
            text += "\(HTML.escape(reading.legibility.verdict)).</figcaption></figure>\n"
        }
        text += "</div>\n" + warningList(charm.warnings) + "</article>\n"
        return text
    }

    static func iconCard(_ icon: ContactSheet.Icon) -> String {
        var text = cardOpening(
            asset: "icon:" + icon.name, kind: "icon", warnings: icon.warnings, title: icon.name,
            subtitle: "\(icon.pointWidth)×\(icon.pointHeight) pt, \(icon.renderingIntent)")
        text += "<div class=\"scales\">\n"
        for (index, render) in icon.images.enumerated() {
            let scale = index + 1
            text += "<figure><div class=\"well\">" + image(render, scale: scale, alt: "\(icon.name) @\(scale)x", extra: " class=\"icon-art\"")
            text += "</div><figcaption>@\(scale)x · \(render.width)×\(render.height) px</figcaption></figure>\n"
        }
        text += "</div>\n"
        let hint =
            icon.renderingIntent == "template" ? "Template: the app tints it with its ink; shown in the light ink." : "Original: drawn in its own colours."
        text += "<p class=\"hint\">\(hint)</p>\n"
        return text + warningList(icon.warnings) + "</article>\n"
    }

    static func appIconCard(_ look: ContactSheet.AppIconLook, safeZone: ContactSheet.Image?) -> String {
        var text = cardOpening(
            asset: "\(look.kind):\(look.variant)", kind: "appicon", warnings: look.warnings,
            title: look.variant.prefix(1).uppercased() + look.variant.dropFirst(), subtitle: look.kind == "appicon" ? "appiconset" : "Icon Composer")
        text += "<div class=\"scales\">\n"
        if let file = look.image {
            text += "<figure><div class=\"well\">" + image(file, scale: file.width / SheetViews.appIconPreviewPoints, alt: "app icon \(look.variant), the file")
            if look.variant == "default", let safeZone {
                text += image(safeZone, scale: safeZone.width / SheetViews.appIconPreviewPoints, alt: "app icon safe zone", extra: " class=\"safe-zone\"")
            }
            text += "</div><figcaption>the file, \(file.width)×\(file.height) px</figcaption></figure>\n"
        }
        text +=
            "<figure><div class=\"well wallpaper\">"
            + image(look.home, scale: look.home.width / SheetViews.homeIconPoints, alt: "app icon \(look.variant) at 60 pt")
        text += "</div><figcaption>as the home screen shows it, 60 pt</figcaption></figure>\n</div>\n"
        if let approximation = look.approximation { text += "<p class=\"hint\">Approximation: \(HTML.escape(approximation))</p>\n" }
        return text + warningList(look.warnings) + "</article>\n"
    }
}

extension ContactSheetPage {
    /// A palette colour's card: a swatch per appearance it has (over a checkerboard, so
    /// an alpha shows), each with its value as palette.json writes it and, for a Display
    /// P3 colour, its sRGB equivalent, and what the build draws in it.
    static func paletteCard(_ color: Palette.Color, isAccent: Bool) -> String {
        let sets = ["Colors/\(color.colorSetName).colorset"] + (isAccent ? ["AccentColor.colorset"] : [])
        var text = cardOpening(asset: "colour:" + color.name, kind: "colour", warnings: [], title: color.name, subtitle: sets.joined(separator: ", "))
        text += "<div class=\"swatches\">\n"
        let titles = ["any": "Any", "dark": "Dark", "highContrast": "High contrast", "darkHighContrast": "Dark, high contrast"]
        for (appearance, components) in color.paletteColor.appearances {
            text += "<figure data-appearance=\"\(appearance)\"><span class=\"swatch\" style=\"--swatch: \(HTML.escape(HTML.color(components)))\"></span>"
            text += "<figcaption><b>\(titles[appearance] ?? appearance)</b><br><code>\(HTML.escape(components.css))</code>"
            if components.colorSpace == .displayP3 { text += "<br>in sRGB \(components.hex)" }
            text += "</figcaption></figure>\n"
        }
        text += "</div>\n"
        let roles = [
            color.name == "ink" ? "the icons are drawn in it" : nil, color.name == "paper" ? "this page is drawn on it" : nil,
            isAccent ? "the accent: the charms' glow and the icons' tint" : nil,
        ].compactMap { $0 }
        if !roles.isEmpty { text += "<p class=\"hint\">\(HTML.escape(roles.joined(separator: "; ")))</p>\n" }
        return text + "</article>\n"
    }
}

extension String {
    /// `charm:cat` → `charm-cat`, for element ids.
    fileprivate func replacingColons() -> String {
        String(map { $0 == ":" ? "-" : $0 })
    }
}
