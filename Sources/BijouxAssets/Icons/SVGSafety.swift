import CLibXML2

/// Art is untrusted input in CI, so an icon's SVG is checked before librsvg sees it.
/// The policy: an icon is self-contained and cheap to draw. It may refer to its own
/// elements (`#id`, `url(#id)`) and to nothing else: no files (relative, absolute or
/// `file://`), no URLs, no `data:` images, no CSS `@import`, no processing
/// instructions (`xml-stylesheet`), no `xml:base`. Markup declarations (entities,
/// elements, attribute lists, notations in a DTD internal subset) are refused outright,
/// which is what an entity-expansion bomb needs; a plain `<!DOCTYPE svg …>` line is
/// fine. And what it asks librsvg to draw is bounded (`Limits`), so no icon under the
/// size cap renders for minutes.
///
/// The SVG is read by libxml2, the parser librsvg itself uses, with no network, no DTD
/// loading and no entity substitution; any entity reference other than XML's five
/// predefined ones and character references is refused. The checks run on what the
/// parser produced: attribute values with their character references decoded, and a
/// style sheet as the text and CDATA of its `<style>` element joined, so splitting a
/// keyword with a comment (`@imp<!-- -->ort`) cannot hide it. Backslashes are refused
/// in attribute values and style sheets because CSS escapes could spell `url(` in a
/// way no text search would see.
///
/// It is the first of three layers: librsvg is also given no base URL, so it refuses
/// to load any file or URL on its own, and the file size is capped before it is read.
/// The check is what turns an attempt into a clear error at the icon's line and
/// column, instead of a silently missing image.
package enum SVGSafety {
    /// Icons are a few kilobytes of paths; anything past this is not an icon.
    package static let maxFileSize = 256 << 10

    /// Bounds on the cost of drawing an icon, checked before it is drawn.
    package enum Limits {
        /// `numOctaves` of an `feTurbulence`: each octave is a full pass over the
        /// filter region, and past a handful they add no detail at icon sizes.
        package static let maxOctaves = 8
        /// Primitives (`fe…` children) in one `<filter>`.
        package static let maxFilterPrimitives = 16
        /// `stdDeviation` of every `feGaussianBlur` and `feDropShadow` added up, in
        /// user units (the larger of its two values each).
        package static let maxTotalBlur = 64.0
        /// Elements once every `<use>` is replaced by what it refers to.
        package static let maxExpandedElements = 4096
        /// Bytes of path data (`d` and `points`) once every `<use>` is expanded.
        package static let maxExpandedPathData = 1 << 20
        /// Nesting, counting each `<use>` as a level: it bounds the check's own recursion.
        package static let maxExpandedDepth = 512
    }

    /// Why an SVG may not be rendered, in words for the person who drew it, and where.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package var message: String
        package var location: SourceLocation?

        package var description: String { location.map { "\($0): \(message)" } ?? message }
    }

    /// What the check found: why the SVG may not be rendered (nil: it may), and the
    /// attribute values librsvg would ignore (warnings, in document order).
    package struct Report: Equatable, Sendable {
        package var problem: Problem?
        package var ignoredValues: [Problem] = []
    }

    /// Why the SVG may not be rendered, or nil.
    package static func problem(in bytes: [UInt8]) -> Problem? { check(bytes).problem }

    /// Checks the SVG: why it may not be rendered, and, when it may, the attribute values
    /// librsvg would ignore (`AttributeValue`).
    package static func check(_ bytes: [UInt8]) -> Report {
        if bytes.count > maxFileSize {
            return Report(problem: Problem(message: "file is \(bytes.count) bytes, over the \(maxFileSize >> 10) KiB limit for an icon"))
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.first == 0 {
            return Report(problem: Problem(message: "not UTF-8 text (UTF-16 or other encodings are not accepted for icons)"))
        }
        if bytes.contains(0) { return Report(problem: Problem(message: "contains a NUL byte")) }
        guard String(validating: bytes, as: UTF8.self) != nil else { return Report(problem: Problem(message: "not valid UTF-8 text")) }
        return Document.check(bytes)
    }

    /// libxml2 is initialised once, before any thread parses.
    private static let parserReady: Void = xmlInitParser()

    /// One parse: the bytes, what the parser callbacks found, and the tree checks.
    private final class Document {
        let bytes: [UInt8]
        /// The first problem, from a parser callback or the checks of the tree.
        var problem: Problem?
        /// Byte offset of the start of each line.
        lazy var lineStarts: [Int] = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }

        init(bytes: [UInt8]) { self.bytes = bytes }

        static func check(_ bytes: [UInt8]) -> Report {
            _ = SVGSafety.parserReady
            guard let context = xmlNewParserCtxt() else { return Report(problem: Problem(message: "out of memory reading the SVG")) }
            defer { xmlFreeParserCtxt(context) }
            let document = Document(bytes: bytes)
            context.pointee._private = Unmanaged.passUnretained(document).toOpaque()
            let sax = context.pointee.sax!
            sax.pointee.entityDecl = { context, name, _, _, _, _ in
                Document.refuse(
                    context, "entity declaration <!ENTITY \(Document.text(name))> is not allowed: entity expansion is how XML bombs work", marker: "<!")
            }
            sax.pointee.unparsedEntityDecl = { context, name, _, _, _ in
                Document.refuse(
                    context, "entity declaration <!ENTITY \(Document.text(name))> is not allowed: entity expansion is how XML bombs work", marker: "<!")
            }
            sax.pointee.elementDecl = { context, name, _, _ in
                Document.refuse(context, "markup declaration <!ELEMENT \(Document.text(name))> is not allowed (no DTD internal subset)", marker: "<!")
            }
            sax.pointee.attributeDecl = { context, element, name, _, _, _, tree in
                xmlFreeEnumeration(tree)
                Document.refuse(
                    context,
                    "markup declaration <!ATTLIST \(Document.text(element)) \(Document.text(name))> is not allowed: defaults could add attributes nothing checks",
                    marker: "<!")
            }
            sax.pointee.notationDecl = { context, name, _, _ in
                Document.refuse(context, "markup declaration <!NOTATION \(Document.text(name))> is not allowed (no DTD internal subset)", marker: "<!")
            }
            sax.pointee.getEntity = { context, name in
                Document.refuse(
                    context, "entity &\(Document.text(name)); is not allowed (only XML's predefined entities and character references)", marker: "&")
                return nil
            }
            sax.pointee.processingInstruction = { context, target, _ in
                Document.refuse(
                    context, "processing instruction <?\(Document.text(target)) …?> is not allowed (an xml-stylesheet would load an external style sheet)",
                    marker: "<?")
            }
            sax.pointee.startElementNs = { context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
                xmlSAX2StartElementNs(context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
                // Remember where the start tag began, for messages about the element.
                guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let node = parser.pointee.node else { return }
                let end = Int(xmlByteConsumed(parser))
                let document = Document.of(parser)
                let start = document.bytes[..<min(max(end, 0), document.bytes.count)].lastIndex(of: UInt8(ascii: "<")) ?? 0
                node.pointee._private = UnsafeMutableRawPointer(bitPattern: start + 1)
            }
            sax.pointee.serror = { context, error in
                guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
                    let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self)
                else { return }
                let document = Document.of(parser)
                guard document.problem == nil else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? "malformed"
                let words = message.split(whereSeparator: \.isNewline).joined(separator: " ")
                let location = error.pointee.line > 0 ? SourceLocation(line: Int(error.pointee.line), column: max(1, Int(error.pointee.int2))) : nil
                document.problem = Problem(message: "not well-formed XML: \(words)", location: location)
            }
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue)
            // Errors raised outside the parser (a failed encoding conversion) would go
            // to stderr; on this thread they go nowhere while the icon is read, and
            // the parse they end is reported below as not well-formed.
            xmlSetStructuredErrorFunc(nil) { _, _ in }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let tree = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), "icon.svg", nil, options)
                }
            }
            defer { xmlFreeDoc(tree) }
            if let problem = document.problem { return Report(problem: problem) }
            if let encoding = tree?.pointee.encoding.map({ String(cString: $0).lowercased() }),
                !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding)
            {
                return Report(problem: Problem(message: "declares encoding \"\(encoding)\"; icons must be UTF-8", location: SourceLocation(line: 1, column: 1)))
            }
            guard let tree, context.pointee.wellFormed != 0, let root = xmlDocGetRootElement(tree) else {
                return Report(problem: Problem(message: "not well-formed XML (or not readable in the encoding it declares)"))
            }
            var checker = TreeChecker(document: document)
            if let problem = checker.check(root) { return Report(problem: problem) }
            return Report(problem: nil, ignoredValues: checker.ignoredValues)
        }

        static func of(_ parser: UnsafeMutablePointer<xmlParserCtxt>) -> Document {
            Unmanaged<Document>.fromOpaque(parser.pointee._private).takeUnretainedValue()
        }

        /// Records a problem found while parsing, at the last `marker` before the
        /// parser's position, and stops the parse.
        static func refuse(_ context: UnsafeMutableRawPointer?, _ message: String, marker: String) {
            guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
            let document = of(parser)
            if document.problem == nil {
                let end = min(max(Int(xmlByteConsumed(parser)), 0), document.bytes.count)
                let start = document.lastIndex(of: Array(marker.utf8), before: end)
                document.problem = Problem(message: message, location: start.map(document.location))
            }
            xmlStopParser(parser)
        }

        static func text(_ name: UnsafePointer<xmlChar>?) -> String { name.map { String(cString: $0) } ?? "" }

        func lastIndex(of marker: [UInt8], before end: Int) -> Int? {
            var i = end - marker.count
            while i >= 0 {
                if bytes[i..<(i + marker.count)].elementsEqual(marker) { return i }
                i -= 1
            }
            return nil
        }

        /// Line and column (in characters) of a byte offset.
        func location(_ offset: Int) -> SourceLocation {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            let column = bytes[lineStarts[low]..<offset].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            return SourceLocation(line: low + 1, column: column)
        }
    }

    /// The checks on the parsed tree: references, style sheets, and the render cost.
    private struct TreeChecker {
        let document: Document
        var byID: [String: xmlNodePtr] = [:]
        /// Elements and path bytes each element stands for once its `<use>`s are
        /// expanded; nil while it is being counted (a `<use>` cycle).
        var expanded: [xmlNodePtr: (elements: Int, pathData: Int)?] = [:]
        var totalBlur = 0.0
        /// Attribute values librsvg would ignore, found on the way.
        var ignoredValues: [Problem] = []

        init(document: Document) { self.document = document }

        mutating func check(_ root: xmlNodePtr) -> Problem? {
            var elements: [xmlNodePtr] = []
            collect(root, into: &elements)
            for element in elements {
                if let problem = checkElement(element) { return problem }
                ignoredValues += self.ignoredValues(of: element)
            }
            switch cost(of: root, depth: 0) {
            case .failure(let problem): return problem
            case .success(let cost):
                if cost.elements > Limits.maxExpandedElements {
                    return problem(
                        root,
                        "draws \(cost.elements) elements once every <use> is expanded; the limit is \(Limits.maxExpandedElements) (the expanded elements limit bounds how long an icon takes to draw)"
                    )
                }
                if cost.pathData > Limits.maxExpandedPathData {
                    return problem(
                        root,
                        "draws \(cost.pathData) bytes of path data once every <use> is expanded; the limit is \(Limits.maxExpandedPathData >> 10) KiB (the expanded path data limit bounds how long an icon takes to draw)"
                    )
                }
            }
            return nil
        }

        /// Every element in document order, and the ids.
        mutating func collect(_ element: xmlNodePtr, into elements: inout [xmlNodePtr]) {
            elements.append(element)
            if let id = attribute(element, "id"), byID[id] == nil { byID[id] = element }
            var child = element.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { collect(current, into: &elements) }
                child = current.pointee.next
            }
        }

        mutating func checkElement(_ element: xmlNodePtr) -> Problem? {
            let name = qualifiedName(element)
            var property = element.pointee.properties
            while let attribute = property {
                property = attribute.pointee.next
                let attributeName = Document.text(attribute.pointee.name)
                let prefix = attribute.pointee.ns?.pointee.prefix.map { String(cString: $0) }
                let shown = prefix.map { "\($0):\(attributeName)" } ?? attributeName
                let value = self.value(of: attribute)
                if prefix == "xml" && attributeName == "base" {
                    return problem(element, "<\(name) xml:base=…>: xml:base is not allowed (it would move where references point)")
                }
                if value.contains("\\") {
                    return problem(element, "<\(name) \(shown)=…>: backslashes are not allowed in attribute values (CSS escapes could hide a url)")
                }
                if attributeName == "href" {
                    let target = value.trimmingSpaces
                    if !target.hasPrefix("#") { return problem(element, "<\(name) \(shown)=…>: \(Self.externalReference(target))") }
                }
                if let css = Self.cssProblem(value) { return problem(element, "<\(name) \(shown)=…>: \(css)") }
            }
            switch localName(element) {
            case "style":
                let sheet = text(in: element.pointee.children)
                if sheet.contains("\\") { return problem(element, "style sheet: backslashes are not allowed (CSS escapes could hide a url)") }
                if let css = Self.cssProblem(sheet) { return problem(element, "style sheet: \(css)") }
            case "filter":
                var primitives = 0
                var child = element.pointee.children
                while let current = child {
                    if current.pointee.type == XML_ELEMENT_NODE, localName(current).hasPrefix("fe") { primitives += 1 }
                    child = current.pointee.next
                }
                if primitives > Limits.maxFilterPrimitives {
                    return problem(element, "<filter> has \(primitives) primitives; the limit is \(Limits.maxFilterPrimitives) filter primitives per filter")
                }
            case "feTurbulence":
                if let text = attribute(element, "numOctaves") {
                    guard let octaves = Double(text.trimmingSpaces), octaves <= Double(Limits.maxOctaves) else {
                        return problem(
                            element,
                            "<feTurbulence numOctaves=\"\(text)\">: at most \(Limits.maxOctaves) octaves (numOctaves; each is a pass over the whole filter region)"
                        )
                    }
                }
            case "feGaussianBlur", "feDropShadow":
                if let text = attribute(element, "stdDeviation") {
                    let values = text.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" }).map { Double($0) }
                    guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite }) else {
                        return problem(element, "<\(name) stdDeviation=\"\(text)\">: not one or two numbers")
                    }
                    totalBlur += values.map { abs($0!) }.max()!
                    if totalBlur > Limits.maxTotalBlur {
                        return problem(
                            element,
                            "blurs add up to a stdDeviation of \(Format.number(totalBlur)); the limit on the total blur radius is \(Format.number(Limits.maxTotalBlur))"
                        )
                    }
                }
            default: break
            }
            return nil
        }

        /// Elements and path data `node` stands for, with `<use>` expanded.
        mutating func cost(of node: xmlNodePtr, depth: Int) -> Result<(elements: Int, pathData: Int), Problem> {
            if depth > Limits.maxExpandedDepth {
                return .failure(problem(node, "elements nest deeper than \(Limits.maxExpandedDepth) levels once every <use> is expanded"))
            }
            if let known = expanded[node] {
                guard let known else { return .failure(problem(node, "<use> refers, through its target, to itself")) }
                return .success(known)
            }
            expanded[node] = .some(nil)
            var total = (elements: 1, pathData: (attribute(node, "d")?.utf8.count ?? 0) + (attribute(node, "points")?.utf8.count ?? 0))
            var child = node.pointee.children
            while let current = child {
                child = current.pointee.next
                guard current.pointee.type == XML_ELEMENT_NODE else { continue }
                switch cost(of: current, depth: depth + 1) {
                case .failure(let problem): return .failure(problem)
                case .success(let cost): total = (total.elements + cost.elements, total.pathData + cost.pathData)
                }
                if total.elements > Limits.maxExpandedElements || total.pathData > Limits.maxExpandedPathData { break }
            }
            if localName(node) == "use", let href = attribute(node, "href")?.trimmingSpaces, href.hasPrefix("#"),
                let target = byID[String(href.dropFirst())]
            {
                switch cost(of: target, depth: depth + 1) {
                case .failure(let problem): return .failure(problem)
                case .success(let cost): total = (total.elements + cost.elements, total.pathData + cost.pathData)
                }
            }
            // Saturate, so a deep chain of <use> cannot overflow the sums.
            total = (min(total.elements, Limits.maxExpandedElements + 1), min(total.pathData, Limits.maxExpandedPathData + 1))
            expanded[node] = .some(total)
            return .success(total)
        }

        /// The attribute values of `element` (and the declarations of its `style`) that
        /// librsvg would ignore, each at its attribute.
        func ignoredValues(of element: xmlNodePtr) -> [Problem] {
            let name = qualifiedName(element), local = localName(element)
            var found: [Problem] = []
            var property = element.pointee.properties
            while let attribute = property {
                property = attribute.pointee.next
                guard attribute.pointee.ns == nil else { continue }
                let attributeName = Document.text(attribute.pointee.name), value = self.value(of: attribute)
                let at = attributeLocation(element, attributeName)
                if attributeName == "style" {
                    for (property, declared) in AttributeValue.declarations(value) {
                        if let kind = AttributeValue.kind(of: property, on: nil), let why = kind.problem(declared) {
                            let message = "<\(name) style=…>: \(property): \(why), so \(AttributeValue.consequence(property, on: nil))"
                            found.append(Problem(message: message, location: at))
                        }
                    }
                } else if let kind = AttributeValue.kind(of: attributeName, on: local), let why = kind.problem(value) {
                    let message = "<\(name) \(attributeName)=\"\(Self.shown(value))\">: \(why), so \(AttributeValue.consequence(attributeName, on: local))"
                    found.append(Problem(message: message, location: at))
                }
            }
            return found
        }

        /// Where the attribute `name` is written in `element`'s start tag; the tag's
        /// position when it cannot be found.
        func attributeLocation(_ element: xmlNodePtr, _ name: String) -> SourceLocation? {
            guard let start = element.pointee._private.map({ Int(bitPattern: $0) - 1 }) else { return problem(element, "").location }
            let bytes = document.bytes, target = Array(name.utf8)
            var i = start, quote: UInt8? = nil
            while i < bytes.count {
                let byte = bytes[i]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(byte), bytes[(i + 1)...].starts(with: target) {
                    var j = i + 1 + target.count
                    while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "=") { return document.location(i + 1) }
                }
                i += 1
            }
            return problem(element, "").location
        }

        /// A value as a message quotes it: at most 40 characters.
        static func shown(_ value: String) -> String { value.count > 40 ? String(value.prefix(40)) + "…" : value }

        func problem(_ node: xmlNodePtr, _ message: String) -> Problem {
            let offset = node.pointee._private.map { Int(bitPattern: $0) - 1 }
            let location = offset.map(document.location) ?? SourceLocation(line: Int(xmlGetLineNo(node)), column: 1)
            return Problem(message: message, location: location)
        }

        func localName(_ node: xmlNodePtr) -> String { Document.text(node.pointee.name) }

        /// The element's name as written, with its prefix: `xi:include`.
        func qualifiedName(_ node: xmlNodePtr) -> String {
            (node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" } ?? "") + localName(node)
        }

        /// The value of the attribute whose local name is `name`, in any namespace.
        func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
            var property = node.pointee.properties
            while let attribute = property {
                if Document.text(attribute.pointee.name) == name { return value(of: attribute) }
                property = attribute.pointee.next
            }
            return nil
        }

        func value(of attribute: xmlAttrPtr) -> String { text(in: attribute.pointee.children) }

        /// The text and CDATA of `first` and its siblings and their descendants,
        /// joined, comments left out: an attribute's value, or the style sheet
        /// librsvg reads from a `<style>`.
        func text(in first: xmlNodePtr?) -> String {
            var joined = ""
            var child = first
            while let current = child {
                child = current.pointee.next
                if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE {
                    joined += current.pointee.content.map { String(cString: $0) } ?? ""
                } else if current.pointee.type == XML_ELEMENT_NODE {
                    joined += text(in: current.pointee.children)
                }
            }
            return joined
        }

        /// `@import` and any `url(…)` that is not `url(#id)`, in any letter case.
        static func cssProblem(_ css: String) -> String? {
            let text = Array(css.utf8)
            let lower = text.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
            if index(of: Array("@import".utf8), in: lower, from: 0) != nil {
                return "@import is not allowed: an icon may not load style sheets"
            }
            var search = 0
            while let found = index(of: Array("url(".utf8), in: lower, from: search) {
                var i = found + 4
                while i < text.count, [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x27].contains(text[i]) { i += 1 }
                if i >= text.count || text[i] != UInt8(ascii: "#") {
                    let end = text[i...].firstIndex { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") } ?? text.count
                    return externalReference(String(decoding: text[i..<end], as: UTF8.self))
                }
                search = i
            }
            return nil
        }

        static func externalReference(_ target: String) -> String {
            let shown = target.count > 80 ? String(target.prefix(80)) + "…" : target
            return
                "reference \"\(shown)\" is not allowed: an icon must be self-contained, with only same-document references like \"#id\" (no files, paths, URLs or data: images)"
        }

        static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
            var i = start
            while i + needle.count <= haystack.count {
                if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }
    }
}

/// The values librsvg reads for the attributes an icon's look depends on, so one it
/// cannot read (`stroke-width="abc"`, `fill="blu"`) is a warning rather than a silent
/// change: librsvg ignores such a value, as if the attribute were not there (so the
/// inherited or initial value applies: `r` 0 draws no circle), and does not draw a
/// `<line>` whose `x1`, `y1`, `x2` or `y2` it cannot read (librsvg 2.54, tried). The
/// grammar is CSS's, read generously (any CSS unit, any colour function), so what it
/// flags is what no version reads; what it does not know, it does not check.
enum AttributeValue {
    case length, lengthOrAuto, number, alpha, paint, color

    /// CSS's keywords every property takes.
    static let cssWide: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]
    /// CSS's length units, and the percentage.
    static let units: Set<String> = [
        "px", "pt", "pc", "cm", "mm", "in", "q", "em", "ex", "ch", "rem", "vw", "vh", "vmin", "vmax", "%",
    ]
    /// CSS's colour functions.
    static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"]
    /// CSS's named colours (CSS Color 4), `transparent` and `currentcolor`, lower-cased.
    static let colorNames: Set<String> = Set(
        """
        aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue
        chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
        darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
        darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
        fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
        lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
        lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
        limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
        mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
        olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
        powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver
        skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
        whitesmoke yellow yellowgreen transparent currentcolor
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// What `attribute` holds on the element `element` (nil: in a `style`, where only
    /// presentation properties count), or nil when it is not one this checks.
    static func kind(of attribute: String, on element: String?) -> AttributeValue? {
        switch attribute {
        case "stroke-width", "stroke-dashoffset": .length
        case "stroke-miterlimit": .number
        case "opacity", "fill-opacity", "stroke-opacity", "stop-opacity", "flood-opacity": .alpha
        case "fill", "stroke": .paint
        case "color", "stop-color", "flood-color", "lighting-color": .color
        case "cx", "cy": element == "circle" || element == "ellipse" ? .length : nil
        case "r": element == "circle" ? .length : nil
        case "rx", "ry": element == "ellipse" || element == "rect" ? .lengthOrAuto : nil
        case "x1", "y1", "x2", "y2": element == "line" ? .length : nil
        default: nil
        }
    }

    /// What librsvg does with a value of `attribute` on `element` that it cannot read.
    static func consequence(_ attribute: String, on element: String?) -> String {
        element == "line" && ["x1", "y1", "x2", "y2"].contains(attribute)
            ? "librsvg does not draw the line" : "librsvg ignores it, as if it were not there"
    }

    /// Why librsvg would not read `value` (what it is not), or nil when it would.
    func problem(_ value: String) -> String? {
        var text = value.trimmingSpaces.lowercased()
        if text.hasSuffix("!important") { text = String(text.dropLast("!important".count)).trimmingSpaces }
        if Self.cssWide.contains(text) { return nil }
        switch self {
        case .length: return Self.isLength(text) ? nil : "not a length (a number with an optional unit such as px or %)"
        case .lengthOrAuto: return Self.isLength(text) || text == "auto" ? nil : "not a length or auto"
        case .number: return Self.number(text) == text.utf8.count ? nil : "not a number"
        case .alpha:
            return Self.number(text).map { $0 == text.utf8.count || text.dropFirst($0) == "%" } == true ? nil : "not a number or a percentage"
        case .color: return Self.isColor(text) ? nil : "not a colour (#RGB, #RRGGBB, rgb(…), a CSS colour name or currentColor)"
        case .paint:
            if ["none", "context-fill", "context-stroke"].contains(text) || Self.isColor(text) { return nil }
            if text.hasPrefix("url("), let close = text.firstIndex(of: ")") {
                let fallback = String(text[close...].dropFirst()).trimmingSpaces
                if fallback.isEmpty || fallback == "none" || Self.isColor(fallback) { return nil }
            }
            return "not a paint (none, a colour, currentColor or url(#id))"
        }
    }

    static func isLength(_ text: String) -> Bool {
        // calc() is left to librsvg: what it reads of it is not checked here.
        if text.hasPrefix("calc(") { return true }
        guard let digits = number(text) else { return false }
        let unit = String(text.dropFirst(digits))
        return unit.isEmpty || units.contains(unit)
    }

    /// The length of the CSS number `text` starts with (sign, digits, fraction,
    /// exponent), or nil when it does not start with one.
    static func number(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var mantissa = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = digits()
            if fraction == 0 { return nil }
            mantissa += fraction
        }
        guard mantissa > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") {
            let mark = i
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = mark }
        }
        return i
    }

    static func isColor(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            return [3, 4, 6, 8].contains(hex.count) && hex.allSatisfy(\.isHexDigit)
        }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") { return colorFunctions.contains(String(text[..<open]).trimmingSpaces) }
        return colorNames.contains(text)
    }

    /// The declarations of a `style` attribute: (property, value), property lower-cased.
    static func declarations(_ style: String) -> [(String, String)] {
        style.split(separator: ";").compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            return (String(declaration[..<colon]).trimmingSpaces.lowercased(), String(declaration[colon...].dropFirst()))
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
