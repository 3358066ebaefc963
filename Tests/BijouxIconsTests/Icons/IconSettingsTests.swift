import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG

@Suite("icons.json parsing and validation")
struct IconSettingsTests {
    static func parse(_ text: String) throws(ArtFileError) -> IconSettings {
        try IconSettings.parse(Array(text.utf8), file: "art/icons.json")
    }

    @Test func iconOverridesDefaultsOverrideBuiltIns() throws {
        let settings = try Self.parse(
            """
            {"defaults": {"amplitude": 0.3, "octaves": 3},
             "icons": {"give": {"amplitude": 0, "seed": 7, "renderingIntent": "original"}, "wear": {"wavelength": 12}}}
            """)
        let standard = WobbleParameters.standard(seed: 0)
        #expect(settings.wobble(for: "give") == WobbleParameters(amplitude: 0, wavelength: standard.wavelength, octaves: 3, seed: 7))
        #expect(settings.wobble(for: "give").isOff)
        #expect(settings.wobble(for: "wear") == WobbleParameters(amplitude: 0.3, wavelength: 12, octaves: 3, seed: WobbleParameters.seed(forName: "wear")))
        #expect(settings.wobble(for: "receive").wavelength == standard.wavelength)
        #expect(settings.renderingIntent(for: "give") == .original)
        #expect(settings.renderingIntent(for: "wear") == .template)
        #expect(IconSettings().wobble(for: "x") == .standard(seed: WobbleParameters.seed(forName: "x")))
    }

    @Test(arguments: [
        (#"{"defaults": {"amplitude": -1}}"#, "art/icons.json:1:28: field 'amplitude': expected a number of points from 0 (no wobble) to 8"),
        (#"{"icons": {"give": {"wavelength": 0.5}}}"#, "art/icons.json:1:35: icon 'give', field 'wavelength': expected a number of points from 1 to 256"),
        (#"{"icons": {"give": {"octaves": 2.5}}}"#, "art/icons.json:1:32: icon 'give', field 'octaves': expected a whole number from 1 to 5"),
        (#"{"icons": {"give": {"seed": 4294967296}}}"#, "art/icons.json:1:29: icon 'give', field 'seed': expected a whole number from 0 to 4294967295"),
        (
            #"{"icons": {"give": {"renderingIntent": "tinted"}}}"#,
            "art/icons.json:1:40: icon 'give', field 'renderingIntent': expected \"template\" (the app tints the icon) or \"original\""
        ),
        (
            #"{"icons": {"give": {"wobble": 1}}}"#,
            "art/icons.json:1:21: icon 'give', field 'wobble': unknown field "
                + "(expected one of: amplitude, wavelength, octaves, seed, renderingIntent, vector, symbol)"
        ),
        (
            #"{"defaults": {"seed": 3}}"#,
            "art/icons.json:1:23: field 'defaults.seed': a seed belongs to one icon; by default each icon's seed comes from its name"
        ),
        (#"{"icons": {"give": {}, "give": {}}}"#, "art/icons.json:1:24: icon 'give': listed twice (first at 1:20)"),
        (#"{"icons": []}"#, "art/icons.json:1:11: field 'icons': expected an object from icon name to settings, found an array"),
        (#"{"icon": {}}"#, "art/icons.json:1:2: field 'icon': unknown top-level field (expected \"defaults\", \"icons\")"),
        (#"[]"#, "art/icons.json:1:1: expected an object with \"defaults\" and/or \"icons\", found an array"),
        (#"{"icons": {"give": {"amplitude": 1,}}}"#, "art/icons.json:1:35: invalid JSON: trailing comma before '}' (JSON allows none)"),
        (#"{"defaults": {"amplitude": 0.1, "amplitude": 0.2}}"#, "art/icons.json:1:33: field 'amplitude': repeated field"),
        (#"{"icons": {}, "icons": {}}"#, "art/icons.json:1:15: field 'icons': repeated field"),
    ])
    func rejectsBadSettingsNamingFileLineAndField(text: String, message: String) {
        #expect(throws: ArtFileError.self) { _ = try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.description == message) }
    }
}
