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
/// member would be declared twice).
package struct BuildConfiguration: Equatable, Sendable {
    package static let fileName = "bijoux-assets.json"

    /// Warnings fail the build.
    package var strict = false
    /// CatalogSymbols.swift declares Xcode 15's asset symbols.
    package var assetSymbols = true

    package init(strict: Bool = false, assetSymbols: Bool = true) {
        self.strict = strict
        self.assetSymbols = assetSymbols
    }

    /// Parses and validates bijoux-assets.json. `file` names the file in errors.
    package static func parse(_ bytes: [UInt8], file: String) throws(ArtFileError) -> BuildConfiguration {
        let top = try JSONFields(
            parsing: bytes, file: file, known: ["strict", "assetSymbols"], notAnObject: "expected an object such as {\"strict\": true}",
            unknown: "unknown field (expected \"strict\" or \"assetSymbols\")")
        var configuration = BuildConfiguration()
        configuration.strict = try top.optional("strict", "true or false", saysFound: true, \.bool) ?? false
        configuration.assetSymbols = try top.optional("assetSymbols", "true or false", saysFound: true, \.bool) ?? true
        return configuration
    }
}
