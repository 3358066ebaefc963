import BijouxCore

/// `art/bijoux-assets.json`, optional: how the art folder is built, for every route into
/// the build, including the plugins, which cannot be given options (as `swiftgen.yml`
/// configures SwiftGen). Read like every art file, strictly: an unknown or repeated
/// field, or a value of the wrong type, is an error at its line and column.
///
///     {"strict": true, "assetSymbols": false}
///
/// `strict`: warnings fail the build (`build`, `charm`, `app-assets`, and so both plugins, which run
/// `build`), as `--strict` does; either one makes a build strict, and `"strict": false`
/// does not undo `--strict`. `watch` keeps building on warnings, which it is for seeing
/// on the contact sheet; `check` compares outputs, which warnings do not change.
/// `assetSymbols` (true): the generated `ImageResource`/`ColorResource` members; false
/// leaves them out, for a target whose catalog Xcode already generates them for (each
/// member would be declared twice). `tolerances`: how `check` compares each kind of
/// output with its baseline (`GoldenTolerances`, adjusted as `ToleranceSettings.swift` reads it).
struct BuildConfiguration: Equatable, Sendable {
    static let fileName = "bijoux-assets.json"

    /// Warnings fail the build.
    var strict = false
    /// CatalogSymbols.swift declares Xcode 15's asset symbols.
    var assetSymbols = true
    /// How `check` judges each kind of output.
    var tolerances = GoldenTolerances.standard

    init(strict: Bool = false, assetSymbols: Bool = true, tolerances: GoldenTolerances = .standard) {
        self.strict = strict
        self.assetSymbols = assetSymbols
        self.tolerances = tolerances
    }

    /// Parses and validates bijoux-assets.json. `file` names the file in errors.
    static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> BuildConfiguration {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["strict", "assetSymbols", "tolerances"],
            notAnObject: "expected an object such as {\"strict\": true}",
            unknown: "unknown field (expected \"strict\", \"assetSymbols\" or \"tolerances\")")
        var configuration = BuildConfiguration()
        configuration.strict = try top.optional("strict", "true or false", saysFound: true, \.bool) ?? false
        configuration.assetSymbols = try top.optional("assetSymbols", "true or false", saysFound: true, \.bool) ?? true
        if top["tolerances"] != nil {
            let known = GoldenTolerances.standard.kinds
            let settings = try top.object("tolerances", known: known, unknown: "unknown kind (expected one of: \(known.joined(separator: ", ")))")
            configuration.tolerances = try GoldenTolerances.standard.adjusted(by: settings)
        }
        return configuration
    }
}
