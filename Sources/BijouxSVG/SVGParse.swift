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
            var checker = TreeChecker(document: document)
            if let problem = checker.check(root) { return Report(problem: problem) }
            return Report(problem: nil, warnings: checker.warnings, drawing: readingDrawing ? checker.drawing(root) : nil)
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
