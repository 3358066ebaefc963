import BijouxCore

/// Xcode's asset symbols for the catalog, in the shape of the `GeneratedAssetSymbols.swift` Xcode
/// writes for an iOS 17 target (DeveloperDilshad/Trackizer at 94530a1f,
/// NikitaKosolapov/SwiftUITestProject1 at aa6fa2ea): a `ColorResource` member per colour set and an
/// `ImageResource` member per image and symbol set, named by `SwiftIdentifier.assetSymbolName`; and
/// under `#if canImport(…)`, with the availability Xcode writes, the same names as static members
/// of AppKit's `NSColor` and `NSImage`, UIKit's `UIColor` and `UIImage`, and SwiftUI's `Color` and
/// `ShapeStyle where Self == Color`, so `.foregroundStyle(.camel)`, `UIColor.camel` and
/// `UIImage.heart` work with Xcode's own generation off. Where Xcode leaves a member out, so does
/// this, and the build warns at the asset: a name another set of its kind has (the set first by
/// name keeps it), and, on one type, a name the framework gives that type (`AppleStaticMembers`).
enum XcodeAssetSymbols {
    enum Kind: Sendable { case image, color }

    /// A set of the catalog, what a warning calls it, and where the warning points.
    struct Asset: Sendable {
        var set: String
        var kind: Kind
        var subject: String
        var place: String
    }

    /// A set with its name in the generated Swift.
    struct Symbol {
        var asset: Asset
        var name: String
        var bare: String { name.filter { $0 != "`" } }
    }

    /// The OS versions that have Xcode 15's asset symbols.
    static let availability = "@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)"

    /// The declarations (none without assets), nested in `#if canImport(DeveloperToolsSupport)`,
    /// and a warning per member left out.
    static func declarations(_ assets: [Asset]) -> (text: String, warnings: [BuildWarning]) {
        var warnings: [BuildWarning] = []
        let colors = symbols(assets.filter { $0.kind == .color }, resource: "ColorResource", warnings: &warnings)
        let images = symbols(assets.filter { $0.kind == .image }, resource: "ImageResource", warnings: &warnings)
        guard !colors.isEmpty || !images.isEmpty else { return ("", warnings) }
        warnings += clashes(colors, with: [AppleStaticMembers.color, AppleStaticMembers.uiColor, AppleStaticMembers.nsColor], resource: "ColorResource")
        warnings += clashes(images, with: [AppleStaticMembers.uiImage, AppleStaticMembers.nsImage], resource: "ImageResource")
        var text = "\n#if canImport(DeveloperToolsSupport)\n    import DeveloperToolsSupport\n"
        text += resources(colors, type: "ColorResource", what: "colour sets", use: "`Color(.camel)`, `UIColor(resource: .camel)`")
        text += resources(images, type: "ImageResource", what: "image and symbol sets", use: "`Image(.heart)`, `UIImage(resource: .heart)`")
        let macCatalyst = ["@available(macOS 14.0, *)", "@available(macCatalyst, unavailable)"]
        text += platform(
            "AppKit",
            [
                objectMembers(colors, of: AppleStaticMembers.nsColor, availability: macCatalyst, condition: "!targetEnvironment(macCatalyst)"),
                objectMembers(images, of: AppleStaticMembers.nsImage, availability: macCatalyst, condition: "!targetEnvironment(macCatalyst)"),
            ])
        let watchOS = ["@available(iOS 17.0, tvOS 17.0, *)", "@available(watchOS, unavailable)"]
        text += platform(
            "UIKit",
            [
                objectMembers(colors, of: AppleStaticMembers.uiColor, availability: watchOS, condition: "!os(watchOS)"),
                objectMembers(images, of: AppleStaticMembers.uiImage, availability: watchOS, condition: "!os(watchOS)"),
            ])
        let swiftUI = colors.filter { !AppleStaticMembers.color.members.contains($0.bare) }
        text += platform(
            "SwiftUI",
            ["SwiftUI.Color", "SwiftUI.ShapeStyle where Self == SwiftUI.Color"].map { type in
                extensionText(type, [availability], swiftUI.map { "public static var \($0.name): SwiftUI.Color { .init(.\($0.name)) }\n" })
            })
        return (text + "#endif\n", warnings)
    }

    /// The assets of one kind named, first by set name as Xcode takes them; a set whose name an
    /// earlier one has gets none, and a warning.
    private static func symbols(_ assets: [Asset], resource: String, warnings: inout [BuildWarning]) -> [Symbol] {
        var owners: [String: Asset] = [:]
        var symbols: [Symbol] = []
        for asset in assets.sorted(by: { $0.set.utf8.lexicographicallyPrecedes($1.set.utf8) }) {
            let symbol = Symbol(asset: asset, name: SwiftIdentifier.assetSymbolName(for: asset.set))
            if let owner = owners[symbol.bare] {
                warnings.append(
                    BuildWarning(
                        subject: asset.place,
                        message: "\(asset.subject): its set \(asset.set) would be \(resource).\(symbol.name), which \(owner.subject) has (set "
                            + "\(owner.set), first by name), so it gets no asset symbol, as in Xcode's; rename one of them"))
                continue
            }
            owners[symbol.bare] = asset
            symbols.append(symbol)
        }
        return symbols
    }

    /// A warning per symbol that a framework type has already, naming the members left out.
    private static func clashes(_ symbols: [Symbol], with types: [AppleStaticMembers.Extended], resource: String) -> [BuildWarning] {
        func and(_ items: [String]) -> String { items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last! }
        return symbols.compactMap { symbol in
            let taken = types.filter { $0.members.contains(symbol.bare) }
            guard !taken.isEmpty else { return nil }
            let (verb, them) = taken.count == 1 ? ("is", "it") : ("are", "them")
            let members = and(taken.map { "\($0.type).\(symbol.bare)" })
            return BuildWarning(
                subject: symbol.asset.place,
                message: "\(symbol.asset.subject): \(members) \(verb) declared by \(and(taken.map(\.framework))), so left out as Xcode leaves \(them) "
                    + "out (its set \(symbol.asset.set) keeps \(resource).\(symbol.name)); rename it to have \(them)")
        }
    }

    private static func resources(_ symbols: [Symbol], type: String, what: String, use: String) -> String {
        guard !symbols.isEmpty else { return "" }
        let qualified = "DeveloperToolsSupport." + type
        let members = symbols.map { symbol in
            "public static let \(symbol.name) = \(qualified)(name: \(SwiftIdentifier.stringLiteral(symbol.asset.set)), bundle: generatedCatalogBundle)\n"
        }
        return "\n    /// The catalog's \(what) as Xcode 15's asset symbols: \(use).\n"
            + extensionText(qualified, [availability], members, indent: "    ")
    }

    /// A class's static members (`NSColor.camel`), each made from its resource, as Xcode's are.
    private static func objectMembers(
        _ symbols: [Symbol], of extended: AppleStaticMembers.Extended, availability: [String], condition: String
    ) -> String {
        let type = extended.framework + "." + extended.type
        let members = symbols.filter { !extended.members.contains($0.bare) }.map { symbol in
            "public static var \(symbol.name): \(type) {\n    #if \(condition)\n        .init(resource: .\(symbol.name))\n"
                + "    #else\n        .init()\n    #endif\n}\n"
        }
        return extensionText(type, availability, members)
    }

    /// `#if canImport(framework)`, its import and `extensions`, indented in the outer `#if`; nothing
    /// when every extension is empty.
    private static func platform(_ framework: String, _ extensions: [String]) -> String {
        let present = extensions.filter { !$0.isEmpty }
        guard !present.isEmpty else { return "" }
        let body = present.map { "\n" + $0 }.joined()
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }
        return "\n    #if canImport(\(framework))\n        import \(framework)\n" + indented.joined(separator: "\n") + "    #endif\n"
    }

    /// An extension of `type` holding `members` (each one or more lines), or nothing without members.
    private static func extensionText(_ type: String, _ attributes: [String], _ members: [String], indent: String = "") -> String {
        guard !members.isEmpty else { return "" }
        var text = attributes.map { indent + $0 + "\n" }.joined() + indent + "extension \(type) {\n"
        for member in members {
            text += member.split(separator: "\n").map { indent + "    " + $0 + "\n" }.joined()
        }
        return text + indent + "}\n"
    }
}
