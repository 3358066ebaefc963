import BijouxCore
import CLibXML2

/// What an icon may refer to and what it may ask librsvg to draw, checked on the
/// parsed tree.
extension SVGSafety {
    /// The checks on the parsed tree: references, style sheets, and the render cost.
    struct TreeChecker {
        let document: Document
        var byID: [String: xmlNodePtr] = [:]
        /// Elements and path bytes each element stands for once its `<use>`s are
        /// expanded; nil while it is being counted (a `<use>` cycle).
        var expanded: [xmlNodePtr: (elements: Int, pathData: Int)?] = [:]
        var totalBlur = 0.0
        /// What librsvg would pass over, found on the way: attributes it does not know,
        /// values it cannot read.
        var warnings: [Problem] = []

        init(document: Document) { self.document = document }

        mutating func check(_ root: xmlNodePtr) -> Problem? {
            var elements: [(node: xmlNodePtr, checkingNames: Bool)] = []
            collect(root, checkingNames: true, into: &elements)
            for (element, checkingNames) in elements {
                if let problem = checkElement(element) { return problem }
                if checkingNames, let message = SVGNames.elementProblem(localName(element), written: qualifiedName(element)) {
                    return problem(element, message)
                }
                let knownElement = checkingNames && SVGNames.kind(ofElement: localName(element)) == .known
                warnings += self.warnings(of: element, checkingNames: knownElement)
            }
            switch cost(of: root, depth: 0) {
            case .failure(let problem): return problem
            case .success(let cost):
                if cost.elements > Limits.maxExpandedElements {
                    return problem(
                        root,
                        """
                        draws \(cost.elements) elements once every <use> is expanded; the limit is \(Limits.maxExpandedElements) (the expanded elements limit \
                        bounds how long an icon takes to draw)
                        """
                    )
                }
                if cost.pathData > Limits.maxExpandedPathData {
                    return problem(
                        root,
                        """
                        draws \(cost.pathData) bytes of path data once every <use> is expanded; the limit is \(Limits.maxExpandedPathData >> 10) KiB (the \
                        expanded path data limit bounds how long an icon takes to draw)
                        """
                    )
                }
            }
            return nil
        }

        /// Every element in document order, and the ids. Each comes with whether its name
        /// and its attributes' names are checked (`SVGNames`): not for an element of
        /// another namespace (`sodipodi:namedview`), nor for anything inside one, inside
        /// documentation (`title`, `desc`, `metadata`) or a `style`, or inside an
        /// alternative of a `switch` that needs an extension (`requiredExtensions`):
        /// librsvg draws none of that, and implements no extension.
        mutating func collect(_ element: xmlNodePtr, checkingNames: Bool, into elements: inout [(node: xmlNodePtr, checkingNames: Bool)]) {
            let checking = checkingNames && isSVG(element)
            elements.append((element, checking))
            if let id = attribute(element, "id"), byID[id] == nil { byID[id] = element }
            let local = localName(element)
            let inside = checking && SVGNames.kind(ofElement: local) == .known && local != "style"
            var child = element.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE {
                    let unpicked = local == "switch" && unprefixedAttribute(current, "requiredExtensions")?.contains(where: { !$0.isWhitespace }) == true
                    collect(current, checkingNames: inside && !unpicked, into: &elements)
                }
                child = current.pointee.next
            }
        }

        /// Whether `element` is in the SVG namespace, or in none (which librsvg reads as SVG's).
        func isSVG(_ element: xmlNodePtr) -> Bool {
            guard let namespace = element.pointee.ns else { return true }
            return Document.text(namespace.pointee.href) == SVGNames.svgNamespace
        }

        /// Why `element` may not be rendered: an attribute that refers outside the icon, or
        /// what it asks librsvg to draw (`checkCost`).
        mutating func checkElement(_ element: xmlNodePtr) -> Problem? {
            let name = qualifiedName(element)
            if let problem = checkAttributes(element, name) { return problem }
            return checkCost(element, name)
        }

        /// References, `xml:base`, backslashes and CSS in the attributes of `element`.
        func checkAttributes(_ element: xmlNodePtr, _ name: String) -> Problem? {
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
                // librsvg also takes an <image>'s or <feImage>'s `path` as its link.
                if attributeName == "href" || attributeName == "path" && ["image", "feImage"].contains(localName(element)) {
                    let target = value.trimmingSpaces
                    if !target.hasPrefix("#") { return problem(element, "<\(name) \(shown)=…>: \(Self.externalReference(target))") }
                }
                if let css = Self.cssProblem(value) { return problem(element, "<\(name) \(shown)=…>: \(css)") }
            }
            return nil
        }

        /// A style sheet's references, and the filter, turbulence and blur limits.
        mutating func checkCost(_ element: xmlNodePtr, _ name: String) -> Problem? {
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
                            """
                            <feTurbulence numOctaves=\"\(text)\">: at most \(Limits.maxOctaves) octaves (numOctaves; each is a pass over the whole filter \
                            region)
                            """
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
                            """
                            blurs add up to a stdDeviation of \(Format.number(totalBlur)); the limit on the total blur radius is \
                            \(Format.number(Limits.maxTotalBlur))
                            """
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

        /// Where each attribute is written in `element`'s start tag (byte offsets of the
        /// names as written, prefixes included), found in one pass over the tag.
        func attributeOffsets(_ element: xmlNodePtr) -> [String: Int] {
            guard let start = element.pointee._private.map({ Int(bitPattern: $0) - 1 }) else { return [:] }
            let bytes = document.bytes, spaces: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
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

        /// Where the attribute `name` is written (`offsets`: `attributeOffsets`); the start
        /// tag's position when it cannot be found.
        func attributeLocation(_ element: xmlNodePtr, _ name: String, in offsets: [String: Int]) -> SourceLocation? {
            offsets[name].map(document.location) ?? location(of: element)
        }

        /// Where the node's tag starts: its recorded offset, else its line as libxml2 counts it.
        func location(of node: xmlNodePtr) -> SourceLocation {
            let offset = node.pointee._private.map { Int(bitPattern: $0) - 1 }
            return offset.map(document.location) ?? SourceLocation(line: Int(xmlGetLineNo(node)), column: 1)
        }

        func problem(_ node: xmlNodePtr, _ message: String) -> Problem { Problem(message: message, location: location(of: node)) }

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

        /// The value of the attribute `name` without a namespace prefix, the one librsvg reads.
        func unprefixedAttribute(_ node: xmlNodePtr, _ name: String) -> String? {
            var property = node.pointee.properties
            while let attribute = property {
                if attribute.pointee.ns == nil, Document.text(attribute.pointee.name) == name { return value(of: attribute) }
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
                """
                reference \"\(shown)\" is not allowed: an icon must be self-contained, with only same-document references like \"#id\" (no files, paths, URLs \
                or data: images)
                """
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
