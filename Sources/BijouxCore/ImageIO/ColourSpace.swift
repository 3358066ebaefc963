/// The colour space a PNG's samples are in, by PNG's precedence: an iCCP profile, else
/// an sRGB chunk, else gAMA (with cHRM when there is one), else sRGB (an untagged file
/// means sRGB). A profile or chunks that describe sRGB itself are sRGB, so such a file
/// takes the exact 8-bit key.
package struct SourceColour: Sendable {
    /// The profile to convert from; nil for sRGB.
    package let profile: ColourProfile?
    /// How the file says it, for reports: "sRGB (untagged)", "Display P3 (ICC profile)".
    package let name: String

    var isSRGB: Bool { profile == nil }

    /// sRGB, for pixels that come with no file (tests, generated art).
    package static let sRGB = SourceColour(profile: nil, name: "sRGB")

    /// A gAMA within 1 % of sRGB's 1/2.2, without a cHRM that says otherwise, is read
    /// as sRGB: the exporters that write it mean sRGB.
    static let srgbGamma = 1 / 2.2
    /// How far a cHRM value may be from sRGB's and still be sRGB's.
    static let chromaticityTolerance = 0.002

    /// Reads the colour chunks of a PNG at `path`. A profile that cannot be read, or that
    /// is not an RGB one (a grey profile is taken for a grey image), is an error naming
    /// the profile.
    package static func of(_ info: PNGSourceInfo, path: String) throws(ImageIOError) -> SourceColour {
        if let bytes = info.iccProfile {
            let profile: ColourProfile
            do {
                profile = try ColourProfile.icc(bytes, greyImage: info.colorType == .grey || info.colorType == .greyAlpha)
            } catch {
                switch error {
                case .damaged(let damage):
                    throw .colourProfile(
                        path: path,
                        reason: "the embedded ICC profile ('\(info.iccProfileName ?? "")') is damaged: \(damage); " + advice)
                case .unreadable:
                    throw .colourProfile(
                        path: path,
                        reason: "the embedded ICC profile ('\(info.iccProfileName ?? "")', \(bytes.count) bytes) cannot be read; " + advice)
                case .notRGB(let description, let space):
                    throw .colourProfile(
                        path: path,
                        reason: "the embedded ICC profile '\(description)' describes \(space) samples, not RGB; " + advice)
                }
            }
            if ColourConversion.isSRGB(profile) { return SourceColour(profile: nil, name: "sRGB (ICC profile '\(profile.description)')") }
            return SourceColour(profile: profile, name: "\(profile.description) (ICC profile)")
        }
        if info.hasSRGBChunk { return SourceColour(profile: nil, name: "sRGB (sRGB chunk)") }
        if let gamma = info.gamma, !(abs(gamma - srgbGamma) <= srgbGamma * 0.01 && chromaticitiesAreSRGB(info.chromaticities)) {
            if let profile = ColourProfile.chunks(gamma: gamma, chromaticities: info.chromaticities) {
                return SourceColour(profile: profile, name: "\(profile.description) (PNG chunks)")
            }
            throw .colourProfile(path: path, reason: "gAMA \(gamma) or cHRM does not describe a colour space")
        }
        return SourceColour(profile: nil, name: info.gamma == nil ? "sRGB (untagged)" : "sRGB (gAMA 1/2.2)")
    }

    private static let advice = "export the PNG again as RGB with an sRGB or Display P3 profile"

    private static func chromaticitiesAreSRGB(_ values: [Double]?) -> Bool {
        guard let values else { return true }
        return zip(values, ColourProfile.srgbChromaticities).allSatisfy { abs($0 - $1) <= chromaticityTolerance }
    }
}
