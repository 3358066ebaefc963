// The PNG decoder: libpng through the C shim and PNGDecoder's own handling. Any input
// must decode or be refused; a decoded image must have the size its header claims.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzPNG(_ bytes: [UInt8]) {
    // Small limits keep each run fast; the caps are what is under test, not their size.
    let limit = ImageSizeLimit(maxSide: 1024, maxPixels: 1 << 18)
    guard let decoded = try? PNGDecoder.decode(bytes, path: "fuzz.png", limit: limit) else { return }
    // The colour chunks read as the key reads them, and the image keyed in its space.
    if let colour = try? SourceColour.of(decoded.info, path: "fuzz.png") {
        let (width, height) = (decoded.width, decoded.height)
        let keyed = LuminanceKey.key(decoded, colour: colour)
        precondition(keyed.image.width == width && keyed.image.height == height)
    }
    switch decoded {
    case .rgba8(let image, _): precondition(image.pixels.count == image.width * image.height * 4)
    case .rgba16(let image, _): precondition(image.pixels.count == image.width * image.height * 4)
    }
}
