import BijouxCore

/// What a build checks in the catalog it ships, for every language, where each text
/// shows:
/// - a translated display name wider than the island allows (`CharmLimits.islandWidth`,
///   the same measure as charms.json's) is a warning at its place in the catalog, and
///   so is a translated note longer than a card takes;
/// - a translation whose format specifiers are not its source's is an error;
/// - the keys a language has no text for, and its translations to review since their
///   source changed, are one warning per language.
/// Only the texts that ship are checked (`StringCatalog.ships`); `--strict` makes the
/// warnings errors, as every build warning.
enum StringChecks {
    /// The warnings, in key order; throws the first error. Linear in the keys: the
    /// catalog's languages, which every key's check goes through, are listed once.
    static func run(_ catalog: StringCatalog, file: String) throws(ArtFileError) -> [BuildWarning] {
        var warnings: [BuildWarning] = []
        let keys = catalog.sortedKeys
        let translations = catalog.languages.filter { $0 != catalog.sourceLanguage }
        for key in keys {
            guard let entry = catalog.entries[key], entry.extractionState != .stale else { continue }
            let charm = TableStrings.charm(of: key)
            let source = FormatSpecifiers(catalog.sourceText(key))
            for language in translations {
                guard let unit = entry.unit(language), catalog.ships(unit, in: language) else { continue }
                let subject = (charm.map { "charm '\($0.id)'" } ?? StringCatalog.subject(key)) + ", '\(language)'"
                let specifiers = FormatSpecifiers(unit.value)
                if specifiers.arguments != source.arguments {
                    throw ArtFileError(
                        file: file, location: unit.location ?? entry.location, subject: subject,
                        message:
                            """
                            the translation's format specifiers (\(specifiers.described)) are not the source's (\(source.described)): each argument must \
                            appear, with the same type
                            """
                    )
                }
                guard let charm else { continue }
                let problem = charm.isDisplayName ? nameProblem(unit.value) : CharmTableSource.noteProblem(unit.value).map { "the note " + $0 }
                if let problem {
                    warnings.append(BuildWarning(subject: SourceLocation.place(file, unit.location ?? entry.location), message: "\(subject): \(problem)"))
                }
            }
        }
        let translatable = keys.filter { catalog.entries[$0]?.extractionState != .stale && catalog.entries[$0]?.shouldTranslate != false }
        for language in translations {
            var untranslated: [String] = [], toReview: [String] = []
            for key in translatable {
                guard let entry = catalog.entries[key] else { continue }
                if let unit = entry.unit(language), catalog.ships(unit, in: language) {
                    if unit.state == .needsReview { toReview.append(key) }
                } else {
                    untranslated.append(key)
                }
            }
            var parts: [String] = []
            if !untranslated.isEmpty {
                parts.append(
                    """
                    \(untranslated.count) of \(Format.count(translatable.count, "key")) untranslated (\(listed(untranslated))); the app shows them in \
                    '\(catalog.sourceLanguage)'
                    """
                )
            }
            if !toReview.isEmpty {
                parts.append("\(Format.count(toReview.count, "translation")) to review since the source changed (\(listed(toReview)))")
            }
            if !parts.isEmpty { warnings.append(BuildWarning(subject: file, message: "'\(language)': " + parts.joined(separator: "; "))) }
        }
        return warnings
    }

    /// Why a translated name does not fit on the island, in the words of its warning
    /// (and of its mark on the contact sheet), or nil when it fits.
    static func nameProblem(_ name: String) -> String? {
        CharmTableSource.islandProblem(name).map { "the name " + $0 }
    }

    /// The first ten keys, then how many more.
    static func listed(_ keys: [String]) -> String {
        let shown = keys.prefix(10).joined(separator: ", ")
        return keys.count > 10 ? "\(shown) and \(keys.count - 10) more" : shown
    }
}
