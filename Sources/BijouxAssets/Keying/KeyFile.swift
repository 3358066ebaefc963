/// `bijoux-assets key`: one painted PNG luminance-keyed at full resolution, with no
/// trim and no resampling (see `LuminanceKey`), written as 8-bit RGBA.
public enum KeyFile {
    /// The black points `key` accepts (0 leaves the matte as painted).
    public static let blackPoints = BlackPoint.validRange

    /// Keys the PNG at `input` into `output` (written atomically, so a failure leaves
    /// what was there), levelling a matte's noise floor `blackPoint` to black first and
    /// encoding on `jobs` threads. Returns the warnings about the input, placed at it:
    /// colour chunks (gAMA, iCCP, sRGB) that are not applied.
    public static func key(_ input: String, to output: String, blackPoint: Int = 0, jobs: Int) throws -> [Diagnostic] {
        let decoded = try PNGDecoder.decodeFile(input)
        let warnings = (decoded.info.warnings + ColorChunkPolicy.warnings(for: decoded.info)).map { Diagnostic(place: input, message: $0) }
        let keyed = LuminanceKey.key(consume decoded, blackPoint: blackPoint)
        try FileIO.writeAtomically(PNGEncoder.encode(keyed, options: .init(jobs: jobs)), to: output)
        return warnings
    }
}
