import CLCMS2

/// An RGB colour profile, read and made by Little CMS: a painting's own (an ICC profile,
/// or one made from its gAMA and cHRM chunks) and the two the tool writes (sRGB and
/// Display P3). Immutable once made, so one profile serves any number of threads.
package final class ColourProfile: Sendable {
    private let profile: LittleCMSHandle
    /// The profile's own description ("Display P3", "Adobe RGB (1998)"), or what made it.
    let description: String
    /// Little CMS's float transform from this profile to sRGB (RGBA 16-bit in, RGB float
    /// out): made when the profile is, so a profile it cannot serve is refused there.
    let toSRGB: LittleCMSHandle

    /// Little CMS's profile, for the calls that read it.
    var handle: cmsHPROFILE { profile.pointer }

    /// Takes `handle` over, made in `memory` (an embedded profile's context, which bounds
    /// Little CMS's memory for it; nil for the profiles made here); nil (and the handle
    /// closed) when Little CMS cannot convert from it to sRGB.
    private init?(handle: cmsHPROFILE, description: String, memory: ProfileMemory? = nil) {
        profile = LittleCMSHandle(handle, .profile, keeps: memory)
        let sRGB = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(sRGB) }
        guard
            let transform = cmsCreateTransform(
                handle, BX_TYPE_RGBA_16, sRGB, BX_TYPE_RGB_FLT, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOCACHE))
        else { return nil }
        self.description = description
        toSRGB = LittleCMSHandle(transform, .transform, keeps: memory)
    }

    /// Why a profile cannot be used; `ColourSpace` turns it into the file's error.
    enum Problem: Error, Equatable, Sendable {
        /// The bytes fail `ICCStructure`'s checks, or reading them would take Little CMS
        /// past `ProfileMemory.budget`, for this reason.
        case damaged(String)
        /// Little CMS refuses the profile, or cannot convert from it to sRGB.
        case unreadable
        case notRGB(description: String, space: String)
    }

    /// An embedded ICC profile, which must describe RGB samples (a grey PNG's samples
    /// are expanded to RGB, so a grey profile is accepted for a grey image only).
    static func icc(_ bytes: [UInt8], greyImage: Bool) throws(Problem) -> ColourProfile {
        if let damage = ICCStructure.damage(bytes) { throw .damaged(damage) }
        guard let memory = ProfileMemory(),
            let handle = bytes.withUnsafeBytes({ cmsOpenProfileFromMemTHR(memory.context, $0.baseAddress, cmsUInt32Number($0.count)) })
        else { throw .unreadable }
        let tooLarge = Problem.damaged("reading it would take Little CMS more than the \(ProfileMemory.budget >> 20) MiB a profile may use")
        let description = Self.description(of: handle) ?? "unnamed profile"
        let space = cmsGetColorSpace(handle)
        if space == cmsSigRgbData, cmsGetPCS(handle) == cmsSigXYZData || cmsGetPCS(handle) == cmsSigLabData {
            guard let profile = ColourProfile(handle: handle, description: description, memory: memory) else {
                throw memory.overBudget ? tooLarge : .unreadable
            }
            return profile
        }
        if space == cmsSigGrayData, greyImage, let grey = greyAsRGB(handle, description: description, memory: memory) {
            cmsCloseProfile(handle)
            return grey
        }
        cmsCloseProfile(handle)
        if memory.overBudget { throw tooLarge }
        throw .notRGB(description: description, space: Self.spaceName(space))
    }

    /// The profile PNG's gAMA and cHRM chunks describe: a power-law curve (decoding
    /// exponent 1 ÷ gAMA) on the given primaries and white, or sRGB's where there is no
    /// cHRM.
    static func chunks(gamma: Double, chromaticities: [Double]?) -> ColourProfile? {
        guard gamma > 0, (chromaticities ?? srgbChromaticities).count == 8 else { return nil }
        let name = "gAMA \(Format.number((gamma * 100000).rounded() / 100000))" + (chromaticities == nil ? "" : " and cHRM")
        return rgb(chromaticities ?? srgbChromaticities, curve: cmsBuildGamma(nil, 1 / gamma), description: name)
    }

    /// sRGB's white (D65) and primaries, as a PNG cHRM chunk lists them: white x, y, red
    /// x, y, green x, y, blue x, y.
    static let srgbChromaticities = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]

    /// sRGB (IEC 61966-2-1), as Little CMS makes it.
    package static let sRGB = ColourProfile(handle: cmsCreate_sRGBProfile(), description: "sRGB IEC61966-2.1")!

    /// Display P3: the DCI-P3 primaries, D65 white and sRGB's curve, as Apple defines it.
    static let displayP3: ColourProfile = {
        // sRGB's curve as ICC parametric type 4: (a·x + b)^g above d, c·x below.
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        return rgb([0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060], curve: curve, description: "Display P3")!
    }()

    /// The profile as an ICC file, the same bytes every run: its creation date is fixed
    /// and its ID computed from its content.
    func iccFile() -> [UInt8] {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 36 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        _ = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        // The header's date and time (bytes 24..<36): 2026-01-01 00:00:00.
        bytes.replaceSubrange(24..<36, with: [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        guard let fixed = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return bytes }
        defer { cmsCloseProfile(fixed) }
        guard cmsMD5computeID(fixed) != 0, cmsSaveProfileToMem(fixed, nil, &size) != 0 else { return bytes }
        var withID = [UInt8](repeating: 0, count: Int(size))
        _ = withID.withUnsafeMutableBytes { cmsSaveProfileToMem(fixed, $0.baseAddress, &size) }
        return withID
    }

    /// A matrix/TRC RGB profile made by Little CMS from `chromaticities` (as a cHRM
    /// chunk lists them) and one curve for all three channels, described as `description`.
    private static func rgb(_ chromaticities: [Double], curve: OpaquePointer?, description: String, memory: ProfileMemory? = nil) -> ColourProfile? {
        guard let curve else { return nil }
        defer { cmsFreeToneCurve(curve) }
        let c = chromaticities
        var whitePoint = cmsCIExyY(x: c[0], y: c[1], Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1), Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let handle = cmsCreateRGBProfile(&whitePoint, &triple, &curves) else { return nil }
        setDescription(handle, description)
        return ColourProfile(handle: handle, description: description, memory: memory)
    }

    /// A grey profile as the RGB profile an expanded grey image needs: its curve on
    /// all three channels of sRGB's primaries (so R = G = B stays neutral). Its curve's
    /// copies are in the grey profile's context (`memory`), which it keeps.
    private static func greyAsRGB(_ grey: cmsHPROFILE, description: String, memory: ProfileMemory) -> ColourProfile? {
        guard let curve = cmsReadTag(grey, cmsSigGrayTRCTag).map({ OpaquePointer($0) }), let copy = cmsDupToneCurve(curve) else { return nil }
        return rgb(srgbChromaticities, curve: copy, description: description, memory: memory)
    }

    private static func setDescription(_ handle: cmsHPROFILE, _ text: String) {
        guard let mlu = cmsMLUalloc(nil, 1) else { return }
        defer { cmsMLUfree(mlu) }
        cmsMLUsetASCII(mlu, "en", "US", text)
        cmsWriteTag(handle, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
    }

    private static func description(of handle: cmsHPROFILE) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        guard length > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let printable = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return printable.isEmpty ? nil : String(printable.prefix(80))
    }

    private static func spaceName(_ space: cmsColorSpaceSignature) -> String {
        switch space {
        case cmsSigGrayData: "grey"
        case cmsSigCmykData: "CMYK"
        case cmsSigLabData: "Lab"
        case cmsSigXYZData: "XYZ"
        default: "non-RGB"
        }
    }
}
