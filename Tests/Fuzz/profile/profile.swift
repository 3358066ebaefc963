// The colour-profile reader: Little CMS on an ICC profile embedded in a painting, then
// the checks and the conversion the key makes with it. Any input must be read or
// refused; a profile that is read converts pixels to numbers, never a crash.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzProfile(_ bytes: [UInt8]) {
    guard let profile = try? ColourProfile.icc(bytes, greyImage: bytes.count % 2 == 0) else { return }
    _ = ColourConversion.isSRGB(profile)
    let pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 128, 12, 200, 99, 1]
    var out = [SIMD4<Float>](repeating: .zero, count: 4)
    out.withUnsafeMutableBufferPointer { ColourConversion(from: profile, sixteenBit: false).convert(pixels, count: 4, into: $0.baseAddress!) }
}
