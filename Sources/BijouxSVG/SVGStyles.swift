import BijouxCore

/// The first of the drawing's passes: every element's properties, from its presentation
/// attributes, the style sheets' rules that match it and its `style` attribute, with
/// CSS's precedence (an attribute < the sheets' rules by specificity, then order < the
/// `style` attribute; `!important` above all of them, in the same order).
///
/// The sheets are what editors write (Illustrator's `.st0{fill:#FF5722;}`): rules whose
/// selectors are a type, a class, an id or `*`, or these combined (`path.st0#a`), in
/// comma lists. Anything else in a sheet (a combinator, an attribute selector, a
/// pseudo-class, an at-rule) is a problem by name: what it would select is not worked
/// out. Written by hand because no library the tool links reads CSS (libxml2 does not,
/// and librsvg's own reader is inside the renderer's process, and not public).
struct SVGStyles {
    /// One property as it applies to an element, with where it came from for messages.
    struct Declaration: Equatable, Sendable {
        var value: String
        /// How it is written, as a message quotes it: `fill="red"`, `style="fill: red"`,
        /// `.st0 { fill: red }`.
        var written: String
        var location: SourceLocation
        var source = Source.attribute

        enum Source: Equatable, Sendable {
            case attribute, style, sheet
        }

        /// The element's tag with the declaration, as a message starts: `<path fill="red">`,
        /// or `<path> (style sheet: .st0 { fill: red })`.
        func shown(on element: String) -> String {
            source == .sheet ? "<\(element)> (style sheet: \(written))" : "<\(element) \(written)>"
        }
    }

    /// Each element's declarations by property name, in `tree.elements` order.
    var properties: [[String: Declaration]]
    /// What the sheets hold that is not carried, at the `<style>` element.
    var problems: [SVGSafety.Problem]

    /// A compound selector: a type (nil for `*` or none), an id and classes, all of which
    /// an element must have.
    struct Selector: Equatable {
        var type: String?
        var id: String?
        var classes: [String] = []

        /// CSS's specificity: ids, then classes, then types.
        var specificity: (Int, Int, Int) { (id == nil ? 0 : 1, classes.count, type == nil ? 0 : 1) }
    }

    struct Rule {
        var selector: Selector
        var declarations: [(name: String, value: String, important: Bool)]
        var text: String
        var location: SourceLocation
        var order: Int
    }

    /// The properties librsvg reads in CSS: the drawing reads only these from a sheet or a
    /// `style` (librsvg passes over the others, as editors' own such as
    /// `-inkscape-font-specification`), and `transform`, to refuse it by name.
    static let cssProperties = Set(SVGNames.presentationAttributes + SVGNames.styleOnlyProperties + ["transform"])

    init(_ tree: SVGTree) {
        var problems: [SVGSafety.Problem] = []
        var rules: [Rule] = []
        for element in tree.elements where element.isSVG && element.name == "style" && Self.isCSS(element) {
            rules += Self.rules(element.text, at: element.location, startingAt: rules.count, problems: &problems)
        }
        var buckets: [String: [Int]] = [:]
        for (index, rule) in rules.enumerated() { buckets[Self.bucket(rule.selector), default: []].append(index) }
        properties = tree.elements.map { element in
            guard element.isSVG else { return [:] }
            let matching = Self.candidates(element, buckets).map { rules[$0] }.filter { Self.matches($0.selector, element) }
            return Self.cascade(element, matching.sorted { Self.precedes($0, $1) })
        }
        self.problems = problems
    }

    /// A `<style>` librsvg reads: one without a `type`, or of type text/css.
    static func isCSS(_ element: SVGTree.Element) -> Bool {
        guard let type = element.attribute("type")?.trimmingSpaces.lowercased(), !type.isEmpty else { return true }
        return type == "text/css"
    }

    /// The element's declarations, lowest precedence first, each overriding those before.
    static func cascade(_ element: SVGTree.Element, _ rules: [Rule]) -> [String: Declaration] {
        var result: [String: Declaration] = [:]
        let styleOnly = Set(SVGNames.styleOnlyProperties)
        for attribute in element.attributes where attribute.prefix == nil && !styleOnly.contains(attribute.name) {
            result[attribute.name] = Declaration(
                value: attribute.value, written: "\(attribute.name)=\"\(SVGSafety.TreeChecker.shown(attribute.value))\"", location: attribute.location)
        }
        let style = element.located("style")
        let inline = style.map { AttributeValue.declarations($0.value).map(Self.important) } ?? []
        for important in [false, true] {
            for rule in rules {
                for declaration in rule.declarations where declaration.important == important {
                    result[declaration.name] = Declaration(
                        value: declaration.value, written: "\(rule.text) { \(declaration.name): \(SVGSafety.TreeChecker.shown(declaration.value)) }",
                        location: element.location, source: .sheet)
                }
            }
            for (name, value, isImportant) in inline where isImportant == important && cssProperties.contains(name) {
                result[name] = Declaration(
                    value: value, written: "style=\"\(name): \(SVGSafety.TreeChecker.shown(value))\"", location: style?.location ?? element.location,
                    source: .style)
            }
        }
        return result
    }

    /// Whether `a` gives way to `b`: a lower specificity, or the same and earlier.
    static func precedes(_ a: Rule, _ b: Rule) -> Bool {
        let (x, y) = (a.selector.specificity, b.selector.specificity)
        return (x.0, x.1, x.2, a.order) < (y.0, y.1, y.2, b.order)
    }

    /// A declaration's value without `!important`, and whether it had it.
    static func important(_ declaration: (String, String)) -> (String, String, Bool) {
        let value = declaration.1.trimmingSpaces
        guard let bang = value.lastIndex(of: "!"), String(value[bang...].dropFirst()).trimmingSpaces.lowercased() == "important" else {
            return (declaration.0, value, false)
        }
        return (declaration.0, String(value[..<bang]).trimmingSpaces, true)
    }

    static func matches(_ selector: Selector, _ element: SVGTree.Element) -> Bool {
        if let type = selector.type, type != element.name { return false }
        if let id = selector.id, element.attribute("id") != id { return false }
        guard !selector.classes.isEmpty else { return true }
        let classes = Set(classList(element))
        return selector.classes.allSatisfy(classes.contains)
    }

    static func classList(_ element: SVGTree.Element) -> [String] {
        (element.attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// Rules are looked up by their most telling part, so each element is held against
    /// the few rules that can match it rather than every rule.
    static func bucket(_ selector: Selector) -> String {
        if let id = selector.id { return "#" + id }
        if let first = selector.classes.first { return "." + first }
        return selector.type ?? "*"
    }

    /// The rules that may match `element`, in no particular order, each once.
    static func candidates(_ element: SVGTree.Element, _ buckets: [String: [Int]]) -> [Int] {
        var keys = ["*", element.name] + classList(element).map { "." + $0 }
        if let id = element.attribute("id") { keys.append("#" + id) }
        return Array(Set(keys.flatMap { buckets[$0] ?? [] }))
    }

    /// The rules of one sheet, each selector of a comma list a rule of its own, numbered
    /// on from `first`; what is not carried goes to `problems`, at the sheet's place.
    static func rules(_ sheet: String, at location: SourceLocation, startingAt first: Int, problems: inout [SVGSafety.Problem]) -> [Rule] {
        func refuse(_ what: String) {
            problems.append(SVGSafety.Problem(message: "style sheet: \(what) cannot be carried into the vector or symbol form of an icon", location: location))
        }
        let bytes = Array(withoutComments(sheet).utf8)
        var rules: [Rule] = [], i = 0
        while i < bytes.count {
            let start = SVGValues.skipSpaces(bytes, from: i)
            let isAtRule = start < bytes.count && bytes[start] == UInt8(ascii: "@")
            var j = start
            while j < bytes.count, bytes[j] != UInt8(ascii: "{"), !(isAtRule && bytes[j] == UInt8(ascii: ";")) { j += 1 }
            let prelude = String(decoding: bytes[start..<j], as: UTF8.self).trimmingSpaces
            if j == bytes.count {
                if !prelude.isEmpty { refuse("\"\(SVGSafety.TreeChecker.shown(prelude))\", a rule without its block,") }
                break
            }
            let close = bytes[j] == UInt8(ascii: ";") ? j : matchingBrace(bytes, from: j)
            i = close + 1
            if isAtRule {
                if !prelude.lowercased().hasPrefix("@charset") { refuse("the at-rule \(prelude.prefix { !$0.isWhitespace && $0 != "(" })") }
                continue
            }
            let declarations = AttributeValue.declarations(String(decoding: bytes[(j + 1)..<min(close, bytes.count)], as: UTF8.self))
                .map(important).filter { cssProperties.contains($0.0) }.map { (name: $0.0, value: $0.1, important: $0.2) }
            for text in prelude.split(separator: ",").map({ String($0).trimmingSpaces }) {
                guard let selector = selector(text) else {
                    refuse("the selector \"\(SVGSafety.TreeChecker.shown(text))\" (a type, a class, an id or *, and these combined, are carried)")
                    continue
                }
                rules.append(Rule(selector: selector, declarations: declarations, text: text, location: location, order: first + rules.count))
            }
        }
        return rules
    }

    /// The index of the `}` that closes the `{` at `open`, or the end of the sheet.
    static func matchingBrace(_ bytes: [UInt8], from open: Int) -> Int {
        var depth = 0
        for index in open..<bytes.count {
            if bytes[index] == UInt8(ascii: "{") { depth += 1 }
            if bytes[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return bytes.count
    }

    /// The sheet without its comments, and without the `<!--` and `-->` CSS lets
    /// a sheet be wrapped in.
    static func withoutComments(_ sheet: String) -> String {
        var text = sheet.replacing("<!--", with: " ").replacing("-->", with: " ")
        while let open = text.firstRange(of: "/*") {
            let close = text[open.upperBound...].firstRange(of: "*/")?.upperBound ?? text.endIndex
            text.replaceSubrange(open.lowerBound..<close, with: " ")
        }
        return text
    }

    /// A compound selector (`path`, `.st0`, `#a`, `*`, `path.st0.st1#a`), or nil for
    /// anything else.
    static func selector(_ text: String) -> Selector? {
        let bytes = Array(text.utf8)
        var i = 0, selector = Selector()
        func identifier() -> String? {
            let start = i
            while i < bytes.count, bytes[i] >= 0x80 || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "_") || isAlphanumeric(bytes[i]) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "*") { i += 1 } else { selector.type = identifier() }
        while i < bytes.count {
            let mark = bytes[i]
            i += 1
            guard let name = identifier() else { return nil }
            if mark == UInt8(ascii: ".") {
                selector.classes.append(name)
            } else if mark == UInt8(ascii: "#"), selector.id == nil {
                selector.id = name
            } else {
                return nil
            }
        }
        return bytes.isEmpty ? nil : selector
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
