// The icon settings (art/icons.json). Settings it accepts give every icon a wobble in
// the documented ranges, and no seed in `defaults`.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzIconSettings(_ bytes: [UInt8]) {
    guard let settings = readArtFile(bytes, IconSettings.parse) else { return }
    precondition(settings.defaults.seed == nil, "a seed in defaults")
    for name in settings.icons.keys + ["not-listed"] {
        let wobble = settings.wobble(for: name)
        precondition(WobbleParameters.amplitudeRange.contains(wobble.amplitude) && WobbleParameters.wavelengthRange.contains(wobble.wavelength))
        precondition(WobbleParameters.octaveRange.contains(wobble.octaves))
    }
}
