/// `bijoux-assets key`: one painted PNG luminance-keyed at full resolution, with no
/// trim and no resampling (see `LuminanceKey`), written as 8-bit RGBA.
public enum KeyFile {
    /// The black points `key` accepts (0 leaves the matte as painted).
    public static let blackPoints = BlackPoint.validRange

    /// Keys the PNG at `input` into `output` (written atomically, so a failure leaves
    /// what was there), levelling a matte's noise floor `blackPoint` to black first and
    /// encoding on `jobs` threads. Returns the warnings about the input, placed at it:
    /// colour chunks (gAMA, iCCP, sRGB) that are not applied.
    ///
    /// An 8-bit file that is not interlaced is decoded, keyed and encoded in one
    /// pipeline: the calling thread decodes and keys a piece's rows at a time while the
    /// others filter and deflate the pieces already keyed (`PNGEncoder`), so the serial
    /// decoding is most of the time; any other file is decoded whole first.
    public static func key(_ input: String, to output: String, blackPoint: Int = 0, jobs: Int) throws -> [Diagnostic] {
        let png = try PNGRows(PNGDecoder.readFile(input), path: input)
        let warnings = (png.info.warnings + ColorChunkPolicy.warnings(for: png.info)).map { Diagnostic(place: input, message: $0) }
        let options = PNGEncoder.Options(jobs: jobs)
        let encoded: [UInt8]
        if png.readsRowByRow {
            let levels = BlackPoint.levelsTable(blackPoint)
            encoded = try PNGEncoder.encode(width: png.width, height: png.height, options: options) { (rows, pixels) throws(ImageIOError) in
                let pixelRange = pixels.pixel(x: 0, y: rows.lowerBound)..<pixels.pixel(x: 0, y: rows.upperBound)
                try png.readRows(rows.count, into: pixels.address(ofPixel: pixelRange.lowerBound))
                LuminanceKey.key(pixels, pixelRange, levels: levels)
            }
        } else {
            encoded = PNGEncoder.encode(LuminanceKey.key(try png.decodeAll(), blackPoint: blackPoint, threads: jobs), options: options)
        }
        try FileIO.writeAtomically(encoded, to: output)
        return warnings
    }
}
