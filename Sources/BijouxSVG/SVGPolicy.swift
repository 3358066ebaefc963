import BijouxCore

/// What an icon may refer to and what it may ask librsvg to draw, checked on the
/// parsed tree.
extension SVGSafety {
    /// The checks on the parsed tree: references, style sheets, and the render cost.
    struct TreeChecker {
        let tree: SVGTree
        /// Elements and path bytes each element stands for once its `<use>`s are
        /// expanded; nil while it is being counted (a `<use>` cycle).
        var expanded: [Int: (elements: Int, pathData: Int)?] = [:]
        var totalBlur = 0.0
        /// What librsvg would pass over, found on the way: attributes it does not know,
        /// values it cannot read.
        var warnings: [Problem] = []

        init(tree: SVGTree) { self.tree = tree }

        mutating func check() -> Problem? {
            var elements: [(index: Int, checkingNames: Bool)] = []
            collect(SVGTree.root, checkingNames: true, into: &elements)
            for (index, checkingNames) in elements {
                let element = tree[index]
                if let problem = checkElement(element) { return problem }
                if checkingNames, let message = SVGNames.elementProblem(element.name, written: element.written) {
                    return Problem(message: message, location: element.location)
                }
                let knownElement = checkingNames && SVGNames.kind(ofElement: element.name) == .known
                warnings += self.warnings(of: element, checkingNames: knownElement)
            }
            switch cost(of: SVGTree.root, depth: 0) {
            case .failure(let problem): return problem
            case .success(let cost):
                let root = tree[SVGTree.root].location
                if cost.elements > Limits.maxExpandedElements {
                    return Problem(
                        message: """
                            draws \(cost.elements) elements once every <use> is expanded; the limit is \(Limits.maxExpandedElements) (the expanded elements \
                            limit bounds how long an icon takes to draw)
                            """, location: root)
                }
                if cost.pathData > Limits.maxExpandedPathData {
                    return Problem(
                        message: """
                            draws \(cost.pathData) bytes of path data once every <use> is expanded; the limit is \(Limits.maxExpandedPathData >> 10) KiB (the \
                            expanded path data limit bounds how long an icon takes to draw)
                            """, location: root)
                }
            }
            return nil
        }

        /// Every element in document order. Each comes with whether its name and its
        /// attributes' names are checked (`SVGNames`): not for an element of another
        /// namespace (`sodipodi:namedview`), nor for anything inside one, inside
        /// documentation (`title`, `desc`, `metadata`) or a `style`, or inside an
        /// alternative of a `switch` that needs an extension (`requiredExtensions`):
        /// librsvg draws none of that, and implements no extension.
        func collect(_ index: Int, checkingNames: Bool, into elements: inout [(index: Int, checkingNames: Bool)]) {
            let element = tree[index]
            let checking = checkingNames && element.isSVG
            elements.append((index, checking))
            let inside = checking && SVGNames.kind(ofElement: element.name) == .known && element.name != "style"
            for child in element.children {
                let unpicked = element.name == "switch" && tree[child].attribute("requiredExtensions")?.contains(where: { !$0.isWhitespace }) == true
                collect(child, checkingNames: inside && !unpicked, into: &elements)
            }
        }

        /// Why `element` may not be rendered: an attribute that refers outside the icon or
        /// runs script, or what it asks librsvg to draw (`checkCost`).
        mutating func checkElement(_ element: SVGTree.Element) -> Problem? {
            if let problem = checkAttributes(element) { return problem }
            return checkCost(element)
        }

        /// References, `xml:base`, event handlers, backslashes and CSS in the attributes of `element`.
        func checkAttributes(_ element: SVGTree.Element) -> Problem? {
            let name = element.written
            for attribute in element.attributes {
                let shown = attribute.written, value = attribute.value
                func refuse(_ why: String) -> Problem { Problem(message: "<\(name) \(shown)=…>: \(why)", location: element.location) }
                if attribute.prefix == "xml" && attribute.name == "base" { return refuse("xml:base is not allowed (it would move where references point)") }
                if Self.isEventHandler(attribute.name) {
                    return refuse("an event handler is active content (script a browser would run on opening the SVG), which art may not carry")
                }
                if value.contains("\\") { return refuse("backslashes are not allowed in attribute values (CSS escapes could hide a url)") }
                // librsvg also takes an <image>'s or <feImage>'s `path` as its link.
                if attribute.name == "href" || attribute.name == "path" && ["image", "feImage"].contains(element.name) {
                    let target = value.trimmingSpaces
                    if !target.hasPrefix("#") { return refuse(Self.externalReference(target)) }
                }
                if let css = Self.cssProblem(value) { return refuse(css) }
            }
            return nil
        }

        /// Whether an attribute is an event handler (`onload`, `onclick`, `onbegin`…): a
        /// name that starts with `on`, in any letter case. No SVG attribute that draws
        /// anything does.
        static func isEventHandler(_ name: String) -> Bool { name.count > 2 && name.lowercased().hasPrefix("on") }

        /// A style sheet's references, and the filter, turbulence and blur limits.
        mutating func checkCost(_ element: SVGTree.Element) -> Problem? {
            let name = element.written
            func refuse(_ message: String) -> Problem { Problem(message: message, location: element.location) }
            switch element.name {
            case "style":
                if element.text.contains("\\") { return refuse("style sheet: backslashes are not allowed (CSS escapes could hide a url)") }
                if let css = Self.cssProblem(element.text) { return refuse("style sheet: \(css)") }
            case "filter":
                let primitives = element.children.filter { tree[$0].name.hasPrefix("fe") }.count
                if primitives > Limits.maxFilterPrimitives {
                    return refuse("<filter> has \(primitives) primitives; the limit is \(Limits.maxFilterPrimitives) filter primitives per filter")
                }
            case "feTurbulence":
                if let text = element.anyAttribute("numOctaves") {
                    guard let octaves = Double(text.trimmingSpaces), octaves <= Double(Limits.maxOctaves) else {
                        return refuse(
                            """
                            <feTurbulence numOctaves=\"\(text)\">: at most \(Limits.maxOctaves) octaves (numOctaves; each is a pass over the whole filter \
                            region)
                            """
                        )
                    }
                }
            case "feGaussianBlur", "feDropShadow":
                if let text = element.anyAttribute("stdDeviation") {
                    let values = text.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" }).map { Double($0) }
                    guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite }) else {
                        return refuse("<\(name) stdDeviation=\"\(text)\">: not one or two numbers")
                    }
                    totalBlur += values.map { abs($0!) }.max()!
                    if totalBlur > Limits.maxTotalBlur {
                        return refuse(
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

        /// Elements and path data the element at `index` stands for, with `<use>` expanded.
        mutating func cost(of index: Int, depth: Int) -> Result<(elements: Int, pathData: Int), Problem> {
            let element = tree[index]
            if depth > Limits.maxExpandedDepth {
                return .failure(
                    Problem(message: "elements nest deeper than \(Limits.maxExpandedDepth) levels once every <use> is expanded", location: element.location))
            }
            if let known = expanded[index] {
                guard let known else { return .failure(Problem(message: "<use> refers, through its target, to itself", location: element.location)) }
                return .success(known)
            }
            expanded[index] = .some(nil)
            var total = (elements: 1, pathData: (element.anyAttribute("d")?.utf8.count ?? 0) + (element.anyAttribute("points")?.utf8.count ?? 0))
            var parts = element.children
            if element.name == "use", let href = element.anyAttribute("href")?.trimmingSpaces, href.hasPrefix("#"),
                let target = tree.ids[String(href.dropFirst())]
            {
                parts.append(target)
            }
            for part in parts {
                switch cost(of: part, depth: depth + 1) {
                case .failure(let problem): return .failure(problem)
                case .success(let cost): total = (total.elements + cost.elements, total.pathData + cost.pathData)
                }
                if total.elements > Limits.maxExpandedElements || total.pathData > Limits.maxExpandedPathData { break }
            }
            // Saturate, so a deep chain of <use> cannot overflow the sums.
            total = (min(total.elements, Limits.maxExpandedElements + 1), min(total.pathData, Limits.maxExpandedPathData + 1))
            expanded[index] = .some(total)
            return .success(total)
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
