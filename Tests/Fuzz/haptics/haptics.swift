// Haptic recipes (art/haptics/*.json). A recipe it accepts is in Core Haptics' ranges,
// and the .ahap written from it is valid JSON with a tap per ramp step, the thud's attack
// and the thud.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzHaptics(_ bytes: [UInt8]) {
    guard let recipe = readArtFile(bytes, HapticRecipe.parse) else { return }
    let (ramp, thud) = (recipe.ramp, recipe.thud)
    let unit = 0.0...1.0
    precondition(HapticRecipe.countRange.contains(ramp.count) && ramp.spacing > 0)
    precondition(
        [ramp.startIntensity, ramp.endIntensity, ramp.startSharpness, ramp.endSharpness, thud.intensity, thud.sharpness, thud.attackSharpness].allSatisfy(
            unit.contains))
    precondition(thud.duration > 0 && thud.duration <= HapticRecipe.maxDuration && (thud.fadeOut ?? 0) <= thud.duration)
    let pattern = AHAPPattern(recipe)
    precondition(pattern.events.count == ramp.count + 2)
    precondition(zip(pattern.events, pattern.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "events out of order")
    checkWritesJSON(pattern.json)
}
