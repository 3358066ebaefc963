import BijouxCore

/// The cards of `art/images/` and `art/data/` on the contact sheet: an image's files side by
/// side (a PDF, which a browser does not show in an image, as its name and page size), a
/// data file's name, type and size. Every text from the art is escaped.
extension ContactSheetPage {
    static func imageCard(_ asset: ContactSheet.ImageAsset) -> String {
        let kind = asset.vector.isEmpty ? "raster" : asset.vector
        var text = cardOpening(
            asset: "image:" + asset.name, kind: "image", warnings: [], title: asset.name,
            subtitle: "Images/\(asset.name).imageset, " + kind + (asset.renderingIntent.isEmpty ? "" : ", " + asset.renderingIntent))
        text += "<div class=\"scales\">\n"
        for variant in asset.variants {
            let label = HTML.escape(variant.label)
            text += "<figure data-format=\"\(HTML.escape(variant.format))\"><div class=\"well\">"
            let size = variant.image.width > 0 ? "\(variant.image.width)×\(variant.image.height) \(variant.format == "pdf" ? "pt" : "px")" : "size unknown"
            if variant.format == "pdf" {
                text += "<a class=\"vector-file\" href=\"\(HTML.link(variant.image.path))\">PDF</a>"
            } else {
                let scale = variant.label.hasSuffix("@3x") ? 3 : variant.label.hasSuffix("@2x") ? 2 : 1
                // An SVG of unknown size is shown in a box of 64 points, its aspect kept.
                let shown = variant.image.width > 0 ? variant.image : ContactSheet.Image(path: variant.image.path, width: 64, height: 64)
                text += image(shown, scale: variant.format == "svg" ? 1 : scale, alt: "\(asset.name) \(variant.label)")
            }
            text += "</div><figcaption>\(label) · \(HTML.escape(variant.format.uppercased())) · \(size)"
            if !variant.colour.isEmpty { text += "<br>\(HTML.escape(variant.colour))" }
            text += "</figcaption></figure>\n"
        }
        text += "</div>\n"
        if !asset.vector.isEmpty {
            let how =
                asset.vector.hasSuffix("preserved")
                ? "its vector data ships too, so it stays sharp at any size" : "Xcode renders it at each scale at build time"
            text += "<p class=\"hint\">Vector: \(how).</p>\n"
        }
        return text + "</article>\n"
    }

    /// The images and data files in the page's counts, when there are any (a page without
    /// them reads as before).
    static func imageCounts(_ sheet: ContactSheet) -> String {
        (sheet.images.isEmpty ? "" : " · " + Format.count(sheet.images.count, "image"))
            + (sheet.data.isEmpty ? "" : " · " + Format.count(sheet.data.count, "data file"))
    }

    static func dataCard(_ asset: ContactSheet.DataAsset) -> String {
        var text = cardOpening(asset: "data:" + asset.name, kind: "data", warnings: [], title: asset.name, subtitle: "Data/\(asset.name).dataset")
        let type = asset.typeIdentifier.isEmpty ? "no type identifier" : asset.typeIdentifier
        text += "<p><code>\(HTML.escape(asset.fileName))</code> · \(HTML.escape(type)) · \(Format.count(asset.bytes, "byte"))</p>\n"
        return text + "</article>\n"
    }
}
