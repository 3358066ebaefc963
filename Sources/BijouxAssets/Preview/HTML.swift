import BijouxCore
import BijouxShared

/// Text made safe for HTML (the contact sheet, the golden report), and numbers written
/// the same way on every machine.
enum HTML {
    /// Escapes text for element content and double-quoted attribute values: `&`, `<`, `>`,
    /// `"` and `'` wherever they are (even before a combining mark), byte by byte, and a
    /// text with none of them (a symbol's path data, kilobytes long) as it is.
    static func escape(_ text: String) -> String {
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        // Over the bytes in place, not an index of the String per byte.
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22: out += Array("&quot;".utf8)
            case 0x27: out += Array("&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// JSON for the inside of a `<script>` element (the contact sheet's language data):
    /// every `<` written `\u003C`, the same JSON string, so no text in it can end the
    /// element (`</script`, in any case) or open the parser's escaped state (`<!--`, which
    /// runs the element on over the page's own script). Every text a page embeds in a
    /// `<script>` goes through here; no page writes text into an HTML comment.
    static func scriptData(_ json: String) -> String {
        json.replacing("<", with: "\\u003C")
    }

    /// A coordinate rounded to a hundredth (of a point, of a pixel): finer than any
    /// screen shows, and the same text on every machine.
    static func number(_ value: Double) -> String {
        Format.number((value * 100).rounded() / 100)
    }

    /// A link from the page (in `Preview/`) to a file of the output folder.
    static func link(_ outputPath: String) -> String {
        escape(outputPath.hasPrefix(ContactSheetPage.folder + "/") ? String(outputPath.dropFirst(ContactSheetPage.folder.count + 1)) : "../" + outputPath)
    }

    /// A palette colour in CSS, as palette.json writes it (`#RRGGBB`, `#RRGGBBAA`,
    /// `color(display-p3 R G B / A)`), so the browser shows a Display P3 colour as it
    /// is; with an opacity (which multiplies its alpha), `rgba(r, g, b, a)` or
    /// `color(display-p3 R G B / a)`.
    static func color(_ color: PaletteColor.Components, opacity: Double? = nil) -> String {
        guard let opacity else { return color.css }
        let alpha = number(color.alpha * opacity)
        switch color.colorSpace {
        case .sRGB:
            let rgba = Palette.rgba(color)
            return "rgba(\(rgba.r), \(rgba.g), \(rgba.b), \(alpha))"
        case .displayP3:
            return "color(display-p3 \([color.red, color.green, color.blue].map(number).joined(separator: " ")) / \(alpha))"
        }
    }

    /// ` data-text-key="<key>"`: the element's text is the String Catalog's `key`, which the
    /// contact sheet's language switch puts in; empty for nil.
    static func textKey(_ key: String?, of attribute: String = "text") -> String {
        key.map { " data-\(attribute)-key=\"\(escape($0))\"" } ?? ""
    }

    /// ` data-alt-key="<key>"`: the element's `alt` is the String Catalog's `key`.
    static func altKey(_ key: String) -> String { textKey(key, of: "alt") }
}
