/// Art is untrusted input in CI, so an icon's SVG is scanned before librsvg sees it.
/// The policy: an icon is self-contained. It may refer to its own elements (`#id`,
/// `url(#id)`) and to nothing else: no files (relative, absolute or `file://`), no
/// URLs, no `data:` images, no CSS `@import`, no `xml-stylesheet`, no `xml:base`.
/// Entity declarations (a DTD internal subset) are refused outright, which is what an
/// entity-expansion bomb needs; a plain `<!DOCTYPE svg …>` line is fine.
///
/// The scan is the first of three layers: librsvg is also given no base URL, so it
/// refuses to load any file or URL on its own, and the file size is capped before it
/// is read. The scan is what turns an attempt into a clear error that names the icon,
/// instead of a silently missing image.
///
/// The scan tokenises the XML the way a parser does (comments, CDATA, quoted
/// attribute values, character references), so `&#47;etc&#47;hosts` or a `>` inside
/// a quoted value cannot slip past it. Backslashes are refused in attribute values
/// and style sheets because CSS escapes could spell `url(` in a way no text search
/// would see.
public enum SVGSafety {
    /// Icons are a few kilobytes of paths; anything past this is not an icon.
    public static let maxFileSize = 256 << 10

    /// Why the SVG may not be rendered, in words for the person who drew it, or nil.
    public static func problem(in bytes: [UInt8]) -> String? {
        if bytes.count > maxFileSize {
            return "file is \(bytes.count) bytes, over the \(maxFileSize >> 10) KiB limit for an icon"
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.first == 0 {
            return "not UTF-8 text (UTF-16 or other encodings are not accepted for icons)"
        }
        if bytes.contains(0) { return "contains a NUL byte" }
        guard String(validating: bytes, as: UTF8.self) != nil else { return "not valid UTF-8 text" }
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Inside a `<style>` element, whose text is a style sheet.
        var inStyle = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func run() -> String? {
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let end = find("<", from: index) ?? bytes.count
                    if inStyle, let problem = styleSheetProblem(bytes[index..<end], decode: true) { return problem }
                    index = end
                    continue
                }
                let problem: String?
                if starts(with: "<!--") {
                    problem = skip(past: "-->", what: "comment")
                } else if starts(with: "<![CDATA[") {
                    let start = index + 9
                    problem = skip(past: "]]>", what: "CDATA section")
                    if problem == nil, inStyle, let css = styleSheetProblem(bytes[start..<(index - 3)], decode: false) { return css }
                } else if starts(with: "<!DOCTYPE") {
                    problem = doctype()
                } else if starts(with: "<!") {
                    problem = "markup declaration \(excerpt(at: index)) is not allowed (entity declarations are how entity-expansion bombs work)"
                } else if starts(with: "<?") {
                    problem = processingInstruction()
                } else if starts(with: "</") {
                    problem = endTag()
                } else {
                    problem = startTag()
                }
                if let problem { return problem }
            }
            return nil
        }

        // MARK: Markup

        /// `<!DOCTYPE svg PUBLIC "…" "…">` is harmless (libxml2 does not fetch
        /// external DTDs for librsvg); an internal subset `[ … ]` is where entities
        /// are declared, so it is refused.
        mutating func doctype() -> String? {
            var i = index + 9
            var quote: UInt8?
            while i < bytes.count {
                let byte = bytes[i]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    return "a DOCTYPE with an internal subset ('[ … ]', where entities are declared) is not allowed: entity expansion is how XML bombs work"
                } else if byte == UInt8(ascii: ">") {
                    index = i + 1
                    return nil
                }
                i += 1
            }
            return "unterminated DOCTYPE"
        }

        /// Only the XML declaration, and only in UTF-8: `<?xml-stylesheet?>` would
        /// load an external style sheet.
        mutating func processingInstruction() -> String? {
            let start = index
            let nameEnd = nameEnd(from: index + 2)
            let target = String(decoding: bytes[(index + 2)..<nameEnd], as: UTF8.self)
            if let problem = skip(past: "?>", what: "processing instruction") { return problem }
            guard target == "xml" else {
                return "processing instruction <?\(target) …?> is not allowed (an xml-stylesheet would load an external style sheet)"
            }
            let declaration = Self.asciiLowercased(bytes[start..<index])
            if let found = Self.index(of: Array("encoding".utf8), in: declaration, from: 0) {
                let name = declaration[(found + 8)...]
                    .drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
                    .prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") }
                let encoding = String(decoding: name, as: UTF8.self)
                if !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding) {
                    return "declares encoding \"\(encoding)\"; icons must be UTF-8"
                }
            }
            return nil
        }

        mutating func endTag() -> String? {
            let nameStart = index + 2
            let end = nameEnd(from: nameStart)
            if localName(bytes[nameStart..<end]) == "style" { inStyle = false }
            guard let close = find(">", from: end) else { return "unterminated end tag" }
            index = close + 1
            return nil
        }

        mutating func startTag() -> String? {
            let nameStart = index + 1
            var i = nameEnd(from: nameStart)
            let element = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            while true {
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return "unterminated tag <\(element)>" }
                if bytes[i] == UInt8(ascii: ">") {
                    if localName(Array(element.utf8)[...]) == "style" { inStyle = true }
                    index = i + 1
                    return nil
                }
                if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") {
                    index = i + 2
                    return nil
                }
                let attributeStart = i
                i = nameEnd(from: i)
                guard i > attributeStart else { return "malformed tag <\(element)>: unexpected \(excerpt(at: i))" }
                let attribute = String(decoding: bytes[attributeStart..<i], as: UTF8.self)
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return "malformed attribute \(attribute) in <\(element)>" }
                i += 1
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    return "attribute \(attribute) in <\(element)> has an unquoted value"
                }
                let quote = bytes[i]
                guard let close = bytes[(i + 1)...].firstIndex(of: quote) else {
                    return "unterminated value of attribute \(attribute) in <\(element)>"
                }
                let decoded: String
                switch Self.decodeReferences(bytes[(i + 1)..<close]) {
                case .success(let text): decoded = text
                case .failure(let problem): return "attribute \(attribute) in <\(element)>: \(problem.message)"
                }
                if let problem = attributeProblem(attribute, decoded) { return "<\(element) \(attribute)=…>: \(problem)" }
                i = close + 1
            }
        }

        func attributeProblem(_ name: String, _ value: String) -> String? {
            if name == "xml:base" { return "xml:base is not allowed (it would move where references point)" }
            if value.contains("\\") { return "backslashes are not allowed in attribute values (CSS escapes could hide a url)" }
            if localName(Array(name.utf8)[...]) == "href" {
                let target = value.trimmingSpaces
                if !target.hasPrefix("#") { return Self.externalReference(target) }
            }
            return cssProblem(value)
        }

        // MARK: Style sheets

        func styleSheetProblem(_ text: ArraySlice<UInt8>, decode: Bool) -> String? {
            let css: String
            if decode {
                switch Self.decodeReferences(text) {
                case .success(let decoded): css = decoded
                case .failure(let problem): return "style sheet: \(problem.message)"
                }
            } else {
                css = String(decoding: text, as: UTF8.self)
            }
            if css.contains("\\") { return "style sheet: backslashes are not allowed (CSS escapes could hide a url)" }
            return cssProblem(css).map { "style sheet: \($0)" }
        }

        /// `@import` and any `url(…)` that is not `url(#id)`, in any letter case.
        func cssProblem(_ css: String) -> String? {
            let text = Array(css.utf8)
            let lower = Self.asciiLowercased(text[...])
            if Self.index(of: Array("@import".utf8), in: lower, from: 0) != nil {
                return "@import is not allowed: an icon may not load style sheets"
            }
            var search = 0
            while let found = Self.index(of: Array("url(".utf8), in: lower, from: search) {
                var i = found + 4
                while i < text.count, isSpace(text[i]) || text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") { i += 1 }
                if i >= text.count || text[i] != UInt8(ascii: "#") {
                    let end = text[i...].firstIndex { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") } ?? text.count
                    return Self.externalReference(String(decoding: text[i..<end], as: UTF8.self))
                }
                search = i
            }
            return nil
        }

        static func externalReference(_ target: String) -> String {
            let shown = target.count > 80 ? String(target.prefix(80)) + "…" : target
            return "reference \"\(shown)\" is not allowed: an icon must be self-contained, with only same-document references like \"#id\" (no files, paths, URLs or data: images)"
        }

        // MARK: Lexical helpers

        struct ReferenceProblem: Error { var message: String }

        /// Replaces XML's five predefined entities and character references, as the
        /// parser will before librsvg sees the value. Any other entity is refused:
        /// without a DTD none can be declared.
        static func decodeReferences(_ text: ArraySlice<UInt8>) -> Result<String, ReferenceProblem> {
            guard text.contains(UInt8(ascii: "&")) else { return .success(String(decoding: text, as: UTF8.self)) }
            var out: [UInt8] = []
            var i = text.startIndex
            while i < text.endIndex {
                guard text[i] == UInt8(ascii: "&") else {
                    out.append(text[i])
                    i += 1
                    continue
                }
                guard let semicolon = text[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 12 else {
                    return .failure(ReferenceProblem(message: "a '&' that does not start a reference"))
                }
                let name = String(decoding: text[(i + 1)..<semicolon], as: UTF8.self)
                let predefined = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
                if let replacement = predefined[name] {
                    out += Array(replacement.utf8)
                } else if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                    guard let code, let scalar = Unicode.Scalar(code), code != 0 else {
                        return .failure(ReferenceProblem(message: "invalid character reference &\(name);"))
                    }
                    out += Array(String(Character(scalar)).utf8)
                } else {
                    return .failure(ReferenceProblem(message: "entity &\(name); is not allowed (only XML's predefined entities and character references)"))
                }
                i = semicolon + 1
            }
            return .success(String(decoding: out, as: UTF8.self))
        }

        func starts(with prefix: String) -> Bool {
            let p = Array(prefix.utf8)
            return bytes.count - index >= p.count && bytes[index..<(index + p.count)].elementsEqual(p)
        }

        func find(_ needle: String, from start: Int) -> Int? {
            Self.index(of: Array(needle.utf8), in: bytes, from: start)
        }

        /// A–Z to a–z, other bytes as they are: the same length, so indices carry over.
        static func asciiLowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        }

        static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
            var i = start
            while i + needle.count <= haystack.count {
                if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }

        mutating func skip(past terminator: String, what: String) -> String? {
            guard let end = find(terminator, from: index + 2) else { return "unterminated \(what)" }
            index = end + terminator.utf8.count
            return nil
        }

        /// End of an XML name (element, attribute or PI target) starting at `start`.
        func nameEnd(from start: Int) -> Int {
            var i = start
            while i < bytes.count {
                let byte = bytes[i]
                if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                    || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    break
                }
                i += 1
            }
            return i
        }

        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// The name after any namespace prefix: `xlink:href` → `href`.
        func localName(_ name: ArraySlice<UInt8>) -> String {
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
            return String(decoding: local, as: UTF8.self)
        }

        func excerpt(at position: Int) -> String {
            guard position < bytes.count else { return "end of file" }
            let end = min(bytes.count, position + 24)
            let text = String(decoding: bytes[position..<end], as: UTF8.self).split(separator: "\n").first ?? ""
            return "'\(text)\(end < bytes.count ? "…" : "")'"
        }
    }
}

extension String {
    /// Without leading and trailing XML white space.
    fileprivate var trimmingSpaces: String {
        let spaces: Set<Character> = [" ", "\t", "\n", "\r", "\r\n"]
        var text = self[...]
        while let first = text.first, spaces.contains(first) { text = text.dropFirst() }
        while let last = text.last, spaces.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
