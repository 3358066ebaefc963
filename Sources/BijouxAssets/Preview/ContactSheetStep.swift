/// A stage whose jobs show on the contact sheet: each job leaves its cards (a
/// `ContactSheet` holding them) as its artifact, with `JobRecorder.leave`, and the
/// build's last stage (`ContactSheetStep`) puts every stage's cards on one page.
protocol ContactSheetStage: Stage {}

extension ContactSheetStage {
    static var artifact: (any ArtifactCoding.Type)? { ContactSheet.self }
}

/// The contact sheet's page, `Preview/index.html`, the build's last stage: one job,
/// in every build (full or `charm <id>`), that takes the cards every job of a
/// `ContactSheetStage` left, in stage and job order, and shows the stages' planning
/// warnings (a stray file among the icons) as warnings about no one asset, drawn in the
/// palette's paper, ink and accent. Keyed with those jobs' keys, the warnings and the
/// palette, so a build that changed nothing it shows does not remake it. A light job
/// (`Job.isLight`): it writes text from cards already made, so a long job beside it
/// (a track's encoding) keeps the build's threads.
enum ContactSheetStep: Stage {
    static let name = "contact sheet"
    static let ownedFolders = [ContactSheetPage.folder]
    static var isAuxiliary: Bool { true }

    static func applies(to art: ArtFolder) -> Bool { true }

    static func plan(_ art: ArtFolder) throws -> StagePlan { try plan(art, after: []) }

    static func plan(_ art: ArtFolder, after earlier: [PlannedStage]) throws -> StagePlan {
        let warnings = earlier.flatMap(\.plan.warnings)
        let shown = earlier.map(\.stage).filter { $0 is any ContactSheetStage.Type }
        let page = Job(name: "page", scope: .always, inputs: .artifacts(ContactSheet.self, from: shown), isLight: true) {
            let key = CacheKey("contact sheet page")
            for (label, color) in SheetStyle.colors(art.palette) { key.add(label, color.css) }
            // The page shows every colour of the palette, each appearance.
            for color in art.palette.colors {
                key.add("colour " + color.name, color.paletteColor.appearances.map { "\($0.name) \($0.components.css)" }.joined(separator: "\n"))
            }
            key.add("accent name", art.palette.accent ?? "")
            for warning in warnings { key.add("warning", warning.description) }
            return Job.Prepared(key: key.hash) { recorder in
                let cards = sheet(recorder.taken(ContactSheet.self), warnings: warnings, art: art.path)
                try recorder.write(ContactSheetPage.path, text: ContactSheetPage.html(cards, palette: art.palette))
            }
        }
        return StagePlan(jobs: [page])
    }

    static func sheet(_ parts: [ContactSheet], warnings: [BuildWarning], art: String) -> ContactSheet {
        var sheet = ContactSheet()
        for cards in parts { sheet.merge(cards) }
        sheet.otherWarnings += warnings.map { shown($0, art: art) }
        return sheet
    }

    /// A warning as the page shows it: its file named from the art folder's own name
    /// (`art/icons/notes.txt`), as the generated files name theirs, so the page is the
    /// same wherever the art lies (a revision `check` builds in a temporary folder).
    static func shown(_ warning: BuildWarning, art: String) -> String {
        var folder = art
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard warning.subject.hasPrefix(folder + "/") else { return warning.description }
        var relative = warning.subject.dropFirst(folder.count + 1)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        return TableStage.sourceName(artFolder: art, file: String(relative)) + ": " + warning.message
    }
}
