/// Language codes as a String Catalog writes them: BCP 47 tags (RFC 5646), such as
/// `en`, `fr`, `de-CH`, `zh-Hans`, `pt-BR`, `es-419`, `sr-Latn-RS`. Each one names an
/// `.lproj` folder of the build, so a tag is checked before anything is made of it.
enum LanguageTag {
    /// Why `tag` is not a well-formed BCP 47 tag, or nil when it is. The form is RFC
    /// 5646's `langtag` (a language of 2 to 3 letters with up to three extended
    /// subtags, or of 4 to 8, then an optional script, region, variants, extensions and
    /// private use) or a private-use tag alone (`x-…`); the grandfathered irregular
    /// tags (`i-klingon`) are not accepted.
    static func problem(with tag: String) -> String? {
        let example = "a BCP 47 language tag such as en, fr, zh-Hans or pt-BR"
        if tag.contains("_") {
            return "\"\(tag)\" is not \(example): its subtags are joined by '-', not '_' (\(tag.replacingUnderscores()))"
        }
        return isWellFormed(tag) ? nil : "\"\(tag)\" is not \(example)"
    }

    /// Whether `tag` is a well-formed BCP 47 tag (see `problem(with:)`).
    static func isWellFormed(_ tag: String) -> Bool {
        guard tag.utf8.count <= 64, tag.unicodeScalars.allSatisfy({ $0.isASCII }) else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map { String($0) }
        guard !subtags.contains(where: \.isEmpty) else { return false }
        var index = 0
        func next() -> String? { index < subtags.count ? subtags[index] : nil }
        // A private-use tag alone: x-1*8alphanum…
        if next()?.lowercased() == "x" { return privateUse(subtags, from: index) }
        // The language: 2-3 letters (with up to three 3-letter extended subtags), or 4-8.
        guard let language = next(), isAlpha(language), (2...8).contains(language.count) else { return false }
        index += 1
        if language.count <= 3 {
            var extensions = 0
            while let subtag = next(), subtag.count == 3, isAlpha(subtag), extensions < 3 {
                index += 1
                extensions += 1
            }
        }
        // Script: 4 letters.
        if let subtag = next(), subtag.count == 4, isAlpha(subtag) { index += 1 }
        // Region: 2 letters or 3 digits.
        if let subtag = next(), (subtag.count == 2 && isAlpha(subtag)) || (subtag.count == 3 && isDigits(subtag)) { index += 1 }
        // Variants: 5-8 alphanumerics, or a digit and 3 alphanumerics.
        while let subtag = next(), isAlphanumeric(subtag),
            (5...8).contains(subtag.count) || (subtag.count == 4 && isDigits(String(subtag.prefix(1))))
        {
            index += 1
        }
        // Extensions: a singleton (not x) and one or more 2-8 alphanumeric subtags.
        while let singleton = next(), singleton.count == 1, isAlphanumeric(singleton), singleton.lowercased() != "x" {
            index += 1
            var count = 0
            while let subtag = next(), (2...8).contains(subtag.count), isAlphanumeric(subtag) {
                index += 1
                count += 1
            }
            if count == 0 { return false }
        }
        if next()?.lowercased() == "x" { return privateUse(subtags, from: index) }
        return index == subtags.count
    }

    /// `x` and one or more subtags of 1-8 alphanumerics, to the end.
    private static func privateUse(_ subtags: [String], from index: Int) -> Bool {
        let rest = subtags[(index + 1)...]
        return !rest.isEmpty && rest.allSatisfy { (1...8).contains($0.count) && isAlphanumeric($0) }
    }

    private static func isAlpha(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    private static func isDigits(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }

    private static func isAlphanumeric(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
