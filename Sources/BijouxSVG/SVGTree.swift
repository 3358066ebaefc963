import BijouxCore

/// The SVG as libxml2 parsed it, as a value: every element in document order with its
/// attributes (character references decoded) and where each is written. Made once by
/// the parse (`SVGSafety.Document`), so libxml2's pointers stay in SVGParse.swift; the
/// safety checks, the warnings and the drawing's passes all read this.
struct SVGTree: Sendable {
    struct Attribute: Sendable {
        /// The local name: `href` of `xlink:href`.
        var name: String
        /// The prefix as written, nil when there is none (and so no namespace).
        var prefix: String?
        var value: String
        /// Where its name is written; the element's start tag when it cannot be found.
        var location: SourceLocation

        /// The name as written: `xlink:href`.
        var written: String { prefix.map { "\($0):\(name)" } ?? name }
    }

    struct Element: Sendable {
        /// The local name: `rect` of `svg:rect`.
        var name: String
        var prefix: String?
        /// In SVG's namespace, or in none (which librsvg reads as SVG's).
        var isSVG: Bool
        var attributes: [Attribute]
        /// Its child elements, as indices into `elements`, in document order.
        var children: [Int]
        /// For a `style` element, its text and CDATA joined, comments left out: the sheet
        /// librsvg reads. Empty for every other element.
        var text: String
        /// Where its start tag begins.
        var location: SourceLocation

        /// The name as written, with its prefix: `xi:include`.
        var written: String { prefix.map { "\($0):\(name)" } ?? name }

        /// The value of the attribute `name` without a namespace prefix, the one librsvg reads.
        func attribute(_ name: String) -> String? { attributes.first { $0.prefix == nil && $0.name == name }?.value }

        /// The value of the attribute whose local name is `name`, in any namespace.
        func anyAttribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

        /// The unprefixed attribute `name`, with its place.
        func located(_ name: String) -> Attribute? { attributes.first { $0.prefix == nil && $0.name == name } }
    }

    /// Every element, the root first, in document order.
    var elements: [Element]
    /// The first element with each `id` (in any namespace).
    var ids: [String: Int]

    static let root = 0

    subscript(_ index: Int) -> Element { elements[index] }
}
