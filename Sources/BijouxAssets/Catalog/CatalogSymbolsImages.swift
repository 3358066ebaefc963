import BijouxCore

/// The part of `CatalogSymbols.swift` for `art/images/` and `art/data/`: `BijouxImage`, one
/// case per image set, a BijouxKit `CatalogImage` (so `image`, `uiImage`, `nsImage` and
/// `imageResource` are BijouxKit's); and `BijouxData`, one case per data set, whose
/// `dataAsset()` is UIKit's or AppKit's `NSDataAsset` and `data()` its bytes. Both name their
/// cases as Xcode names the sets.
extension CatalogSymbolsSwift {
    /// What `BijouxImage` has besides its cases (as `ActionIcon`).
    static let imageMembers = iconMembers
    /// What `BijouxData` has besides its cases.
    static let dataMembers: Set<String> = ["allCases", "rawValue", "hashValue", "init", "dataName", "bundle", "dataAsset", "data"]

    /// The types (before the bundle's declaration) and the data sets' accessors, each empty when
    /// there is nothing for it.
    static func imagesAndData(_ input: Input) throws(ArtFileError) -> (types: String, accessors: String) {
        var types = "", accessors = ""
        if !input.images.isEmpty {
            let names = try SwiftIdentifier.assetCaseNames(for: input.images.map { ($0.name, $0.file, nil) }, kind: "image", members: imageMembers)
            types += setEnum(
                "BijouxImage", conformance: "CatalogImage", names: names, values: input.images.map(\.name), nameMember: "imageName",
                summary: "The images of art/images/", set: "image set", use: "BijouxKit's `CatalogImage` gives each its image.")
        }
        if !input.data.isEmpty {
            let names = try SwiftIdentifier.assetCaseNames(for: input.data.map { ($0.name, $0.file, nil) }, kind: "data file", members: dataMembers)
            types += setEnum(
                "BijouxData", conformance: nil, names: names, values: input.data.map(\.name), nameMember: "dataName",
                summary: "The data files of art/data/", set: "data set", use: "`dataAsset()` loads it (UIKit, AppKit) and `data()` gives its bytes.")
            accessors = dataAccessors
        }
        return (types, accessors)
    }

    /// A `String` enum with a case per set (its raw value the set's name), the member that
    /// names the set, and the bundle that holds the catalog.
    private static func setEnum(
        _ type: String, conformance: String?, names: [String], values: [String], nameMember: String, summary: String, set: String, use: String
    ) -> String {
        var text = "\n/// \(summary), in catalog order. The raw value is the \(set)'s name;\n/// \(use)\n"
        text += SwiftIdentifier.stringEnumOpening(type, conformance: conformance, names: names, values: values)
        text += "\n    /// The \(set) in the asset catalog.\n    public var \(nameMember): String { rawValue }\n"
        return text + "    /// The bundle that holds the catalog.\n    public static var bundle: Bundle { generatedCatalogBundle }\n}\n"
    }

    /// `NSDataAsset` is UIKit's and AppKit's, so the accessors are for those platforms.
    private static let dataAccessors = """

        #if canImport(UIKit)
            import UIKit
        #elseif canImport(AppKit)
            import AppKit
        #endif

        #if canImport(UIKit) || canImport(AppKit)
            extension BijouxData {
                /// The data set from the catalog in `bundle`; nil only when the catalog was left out of the app.
                public func dataAsset(in bundle: Bundle = BijouxData.bundle) -> NSDataAsset? { NSDataAsset(name: rawValue, bundle: bundle) }

                /// The data set's bytes; the build writes every case's set, so it is missing only when the
                /// catalog was left out of the app (a precondition failure naming the set and the bundle).
                public func data(in bundle: Bundle = BijouxData.bundle) -> Data {
                    guard let asset = dataAsset(in: bundle) else {
                        preconditionFailure("no data set '\\(rawValue)' in the asset catalog of \\(bundle.bundlePath)")
                    }
                    return asset.data
                }
            }
        #endif

        """
}
