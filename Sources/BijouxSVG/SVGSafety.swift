import BijouxCore

/// Art is untrusted input in CI, so an icon's SVG is checked before librsvg sees it.
/// The policy: an icon is self-contained and cheap to draw. It may refer to its own
/// elements (`#id`, `url(#id)`) and to nothing else: no files (relative, absolute or
/// `file://`), no URLs, no `data:` images, no CSS `@import`, no processing
/// instructions (`xml-stylesheet`), no `xml:base`. Markup declarations (entities,
/// elements, attribute lists, notations in a DTD internal subset) are refused outright,
/// which is what an entity-expansion bomb needs; a plain `<!DOCTYPE svg …>` line is
/// fine. What it asks librsvg to draw is bounded (`Limits`), so no icon under the
/// size cap renders for minutes. And every element of the SVG namespace is one librsvg
/// draws or uses (`SVGNames`): one it does not know or does not draw would be left out
/// with everything in it, in silence (`<pth d="…"/>`).
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
///
/// The parse and its callbacks are in SVGParse.swift (which makes the tree the rest
/// reads, `SVGTree`), the checks of the tree in SVGPolicy.swift, the warnings in
/// SVGValueWarnings.swift, the names librsvg knows in SVGNames.swift. Event handler
/// attributes (`onload=`) are refused as active content, in every SVG the tool reads.
package enum SVGSafety {
    /// Icons are a few kilobytes of paths; anything past this is not an icon.
    package static let maxFileSize = 256 << 10

    /// Bounds on the cost of drawing an icon, checked before it is drawn.
    enum Limits {
        /// `numOctaves` of an `feTurbulence`: each octave is a full pass over the
        /// filter region, and past a handful they add no detail at icon sizes.
        static let maxOctaves = 8
        /// Primitives (`fe…` children) in one `<filter>`.
        static let maxFilterPrimitives = 16
        /// `stdDeviation` of every `feGaussianBlur` and `feDropShadow` added up, in
        /// user units (the larger of its two values each).
        static let maxTotalBlur = 64.0
        /// Elements once every `<use>` is replaced by what it refers to.
        static let maxExpandedElements = 4096
        /// Bytes of path data (`d` and `points`) once every `<use>` is expanded.
        static let maxExpandedPathData = 1 << 20
        /// Nesting, counting each `<use>` as a level: it bounds the check's own recursion.
        static let maxExpandedDepth = 512
    }

    /// Why an SVG may not be rendered, in words for the person who drew it, and where.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package var message: String
        package var location: SourceLocation?

        package var description: String { location.map { "\($0): \(message)" } ?? message }
    }

    /// What the check found: why the SVG may not be rendered (nil: it may), and, when it
    /// may, what librsvg would pass over (warnings, in document order): attributes it does
    /// not know, and attribute values it cannot read.
    package struct Report: Equatable, Sendable {
        package var problem: Problem?
        package var warnings: [Problem] = []
        /// When asked for and the SVG may be rendered: its drawing normalised for the
        /// vector and symbol forms, with what they cannot carry (`SVGDrawing`).
        package var drawing: SVGDrawing?
    }

    /// Why the SVG may not be rendered, or nil.
    package static func problem(in bytes: [UInt8]) -> Problem? { check(bytes).problem }

    /// Checks the SVG: why it may not be rendered, and, when it may, the attributes
    /// librsvg does not know (`SVGNames`) and the values it would ignore (`AttributeValue`).
    package static func check(_ bytes: [UInt8], readingDrawing: Bool = false) -> Report {
        if bytes.count > maxFileSize {
            return Report(problem: Problem(message: "file is \(bytes.count) bytes, over the \(maxFileSize >> 10) KiB limit for an icon"))
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.first == 0 {
            return Report(problem: Problem(message: "not UTF-8 text (UTF-16 or other encodings are not accepted for icons)"))
        }
        if bytes.contains(0) { return Report(problem: Problem(message: "contains a NUL byte")) }
        guard String(validating: bytes, as: UTF8.self) != nil else { return Report(problem: Problem(message: "not valid UTF-8 text")) }
        return Document.check(bytes, readingDrawing: readingDrawing)
    }
}
