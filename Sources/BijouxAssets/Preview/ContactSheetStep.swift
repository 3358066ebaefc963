/// A stage whose jobs show on the contact sheet: each job leaves its cards (a
/// `ContactSheet` holding them) as its artifact, with `JobRecorder.leave`, and the
/// build's final step puts every stage's cards on one page.
protocol ContactSheetStage: Stage {}

extension JobRecorder {
    /// Leaves this job's cards for the contact sheet, as its artifact (kept in the
    /// cache, so a `charm <id>` build can draw the whole page).
    func leave(_ cards: ContactSheet) {
        artifact = cards.encoded
    }
}

/// The build's final step: `Preview/index.html` from the cards every job of a
/// `ContactSheetStage` left, in stage and job order, and the stages' planning warnings
/// (a stray file among the icons) as warnings about no one asset, drawn in the
/// palette's paper, ink and accent.
enum ContactSheetStep {
    static let step = FinalStep(
        name: "contact sheet", ownedFolders: [ContactSheetPage.folder], takes: { $0 is any ContactSheetStage.Type },
        keyed: { art, key in
            for (label, color) in SheetStyle.colors(art.palette) { key.add(label, color.css) }
            // The page shows every colour of the palette, each appearance.
            for color in art.palette.colors {
                key.add("colour " + color.name, color.paletteColor.appearances.map { "\($0.name) \($0.components.css)" }.joined(separator: "\n"))
            }
            key.add("accent name", art.palette.accent ?? "")
        }
    ) { parts, warnings, art, recorder in
        try recorder.write(ContactSheetPage.path, text: ContactSheetPage.html(try sheet(parts, warnings: warnings), palette: art.palette))
    }

    static func sheet(_ parts: [JobArtifact], warnings: [BuildWarning]) throws -> ContactSheet {
        var sheet = ContactSheet()
        for part in parts {
            guard let cards = ContactSheet(encoded: part.artifact) else {
                throw ArtifactError(job: part.id)
            }
            sheet.merge(cards)
        }
        sheet.otherWarnings += warnings.map(\.description)
        return sheet
    }
}
