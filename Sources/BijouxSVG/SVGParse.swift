import BijouxCore
import CLibXML2

/// The SVG read with libxml2: the parser's callbacks, which refuse markup declarations,
/// entities and processing instructions as they are met, and the positions messages give.
extension SVGSafety {
    /// libxml2 is initialised once, before any thread parses.
    static let parserReady: Void = xmlInitParser()

    /// One parse: the bytes, what the parser callbacks found, and the tree checks.
    final class Document {
        let bytes: [UInt8]
        /// The first problem, from a parser callback or the checks of the tree.
        var problem: Problem?
        /// Byte offset of the start of each line.
        lazy var lineStarts: [Int] = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        /// The last position `location` found.
        var lastLocation: (offset: Int, location: SourceLocation)?

        init(bytes: [UInt8]) { self.bytes = bytes }

        static func check(_ bytes: [UInt8], readingDrawing: Bool) -> Report {
            _ = SVGSafety.parserReady
            guard let context = xmlNewParserCtxt() else { return Report(problem: Problem(message: "out of memory reading the SVG")) }
            defer { xmlFreeParserCtxt(context) }
            let document = Document(bytes: bytes)
            context.pointee._private = Unmanaged.passUnretained(document).toOpaque()
            installCallbacks(context.pointee.sax!)
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
            var checker = TreeChecker(tree: document.tree(root))
            if let problem = checker.check() { return Report(problem: problem) }
            return Report(problem: nil, warnings: checker.warnings, drawing: readingDrawing ? SVGDrawing(checker.tree) : nil)
        }

        /// Points the parser's callbacks for markup declarations, entities and processing
        /// instructions at refusals, remembers where each start tag begins, and keeps the
        /// first error the parser reports.
        static func installCallbacks(_ sax: xmlSAXHandlerPtr) {
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
                    """
                    markup declaration <!ATTLIST \(Document.text(element)) \(Document.text(name))> is not allowed: defaults could add attributes nothing checks
                    """,
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
        }

        /// The parsed tree as a value (`SVGTree`), each element and attribute with its place.
        func tree(_ root: xmlNodePtr) -> SVGTree {
            var tree = SVGTree(elements: [], ids: [:])
            _ = append(root, to: &tree)
            return tree
        }

        /// Appends `node` and, after it, everything inside it; returns its index.
        private func append(_ node: xmlNodePtr, to tree: inout SVGTree) -> Int {
            let index = tree.elements.count
            let start = node.pointee._private.map { Int(bitPattern: $0) - 1 }
            let place = start.map(location) ?? SourceLocation(line: Int(xmlGetLineNo(node)), column: 1)
            let offsets = start.map(attributeOffsets) ?? [:]
            var attributes: [SVGTree.Attribute] = []
            var property = node.pointee.properties
            while let attribute = property {
                property = attribute.pointee.next
                let prefix = attribute.pointee.ns?.pointee.prefix.map { String(cString: $0) }
                let name = Self.text(attribute.pointee.name)
                let written = prefix.map { "\($0):\(name)" } ?? name
                let value = Self.joinedText(attribute.pointee.children)
                attributes.append(SVGTree.Attribute(name: name, prefix: prefix, value: value, location: offsets[written].map(location) ?? place))
            }
            let name = Self.text(node.pointee.name)
            let isSVG = node.pointee.ns.map { Self.text($0.pointee.href) == SVGNames.svgNamespace } ?? true
            let text = name == "style" ? Self.joinedText(node.pointee.children) : ""
            tree.elements.append(
                SVGTree.Element(
                    name: name, prefix: node.pointee.ns?.pointee.prefix.map { String(cString: $0) }, isSVG: isSVG, attributes: attributes,
                    children: [], text: text, location: place))
            if let id = attributes.first(where: { $0.name == "id" })?.value, tree.ids[id] == nil { tree.ids[id] = index }
            var children: [Int] = []
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { children.append(append(current, to: &tree)) }
                child = current.pointee.next
            }
            tree.elements[index].children = children
            return index
        }

        /// Where each attribute is written in the start tag at `start` (byte offsets of the
        /// names as written, prefixes included), found in one pass over the tag.
        func attributeOffsets(_ start: Int) -> [String: Int] {
            let spaces: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
            var offsets: [String: Int] = [:]
            var i = start, quote: UInt8? = nil
            while i < bytes.count {
                let byte = bytes[i]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if spaces.contains(byte), i + 1 < bytes.count, !spaces.contains(bytes[i + 1]) {
                    // A name starts here: each name, and the spaces after it, are read once.
                    var end = i + 1
                    while end < bytes.count, !spaces.contains(bytes[end]), ![UInt8(ascii: "="), UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
                    var j = end
                    while j < bytes.count, spaces.contains(bytes[j]) { j += 1 }
                    if end > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                        let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                        if offsets[name] == nil { offsets[name] = i + 1 }
                    }
                }
                i += 1
            }
            return offsets
        }

        /// The text and CDATA of `first` and its siblings and their descendants,
        /// joined, comments left out: an attribute's value, or the style sheet
        /// librsvg reads from a `<style>`.
        static func joinedText(_ first: xmlNodePtr?) -> String {
            var joined = ""
            var child = first
            while let current = child {
                child = current.pointee.next
                if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE {
                    joined += current.pointee.content.map { String(cString: $0) } ?? ""
                } else if current.pointee.type == XML_ELEMENT_NODE {
                    joined += joinedText(current.pointee.children)
                }
            }
            return joined
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

        /// Line and column (in characters) of a byte offset. The columns are counted on
        /// from the last position asked for when it is earlier on the same line, so the
        /// positions of many warnings on one long line cost that line once.
        func location(_ offset: Int) -> SourceLocation {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            var from = (offset: lineStarts[low], column: 1)
            if let last = lastLocation, last.location.line == low + 1, last.offset <= offset { from = (last.offset, last.location.column) }
            let column = bytes[from.offset..<offset].reduce(from.column) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            let location = SourceLocation(line: low + 1, column: column)
            lastLocation = (offset, location)
            return location
        }
    }
}
