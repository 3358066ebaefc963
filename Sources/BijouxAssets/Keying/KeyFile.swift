import BijouxCore

/// `bijoux-assets key`: one painted PNG luminance-keyed at full resolution, with no
/// trim and no resampling (see `LuminanceKey`), written as 8-bit RGBA.
package enum KeyFile {
    /// The black points `key` accepts (0 leaves the matte as painted).
    package static let blackPoints = BlackPoint.validRange

    /// Keys the PNG at `input` into `output` (written atomically, so a failure leaves
    /// what was there), levelling a matte's noise floor `blackPoint` to black first and
    /// encoding on `jobs` threads. The painting is read in its own colour space
    /// (`SourceColour`) and written as sRGB, or as Display P3 when its colours leave
    /// sRGB (`ColourManagedKey`). Returns what it found: the source's colour space, the
    /// output's gamut, and libpng's warnings about the input, placed at it.
    ///
    /// An 8-bit file that is not interlaced is decoded, keyed and encoded in one
    /// pipeline: the calling thread decodes and keys a piece's rows at a time while the
    /// others filter and deflate the pieces already keyed (`PNGEncoder`), so the serial
    /// decoding is most of the time; any other file is decoded whole first.
    package static func key(_ input: String, to output: String, blackPoint: Int = 0, jobs: Int) throws -> Report {
        let png = try PNGRows(PNGDecoder.readFile(input), path: input)
        let colour = try SourceColour.of(png.info, path: input)
        let warnings = png.info.warnings.map { Diagnostic(place: input, message: $0) }
        let options = PNGEncoder.Options(jobs: jobs)
        let encoded: [UInt8]
        var gamut = Gamut.sRGB
        if let profile = colour.profile {
            (encoded, gamut) = try keyInColour(png, profile: profile, input: input, blackPoint: blackPoint, options: options)
        } else if png.readsRowByRow {
            let levels = BlackPoint.levelsTable(blackPoint)
            encoded = try PNGEncoder.encode(width: png.width, height: png.height, options: options) { (rows, pixels) throws(ImageIOError) in
                let pixelRange = pixels.pixel(x: 0, y: rows.lowerBound)..<pixels.pixel(x: 0, y: rows.upperBound)
                try png.readRows(rows.count, into: pixels.address(ofPixel: pixelRange.lowerBound))
                LuminanceKey.key(pixels, pixelRange, levels: levels)
            }
        } else {
            encoded = PNGEncoder.encode(LuminanceKey.key(try png.decodeAll(), blackPoint: blackPoint, threads: options.jobs), options: options)
        }
        try FileIO.writeAtomically(encoded, to: output)
        return Report(source: colour.name, gamut: gamut, warnings: warnings)
    }

    /// A painting in another colour space, keyed as sRGB in the same pipeline as an sRGB
    /// one (8-bit, not interlaced); when its colours turn out to leave sRGB, or it cannot
    /// be read row by row, it is decoded whole and keyed by `ColourManagedKey`.
    private static func keyInColour(
        _ png: PNGRows, profile: ColourProfile, input: String, blackPoint: Int, options: PNGEncoder.Options
    ) throws -> (png: [UInt8], gamut: Gamut) {
        var options = options
        if png.readsRowByRow {
            let conversion = ColourConversion(from: profile, sixteenBit: false)
            let levels = ColourManagedKey.Levels(blackPoint: blackPoint)
            var wide = false
            let encoded = try PNGEncoder.encode(width: png.width, height: png.height, options: options) { (rows, pixels) throws(ImageIOError) in
                let first = pixels.address(ofPixel: pixels.pixel(x: 0, y: rows.lowerBound))
                try png.readRows(rows.count, into: first)
                let rowBytes = png.width * Channel.count
                let keyedRows = 0..<rows.count
                let viewed = MutablePixelView(
                    width: png.width, height: rows.count, samples: .init(start: first.assumingMemoryBound(to: UInt8.self), count: rows.count * rowBytes))
                if ColourManagedKey.keyRows(keyedRows, UnsafeRawPointer(first), rowBytes: rowBytes, into: viewed, colour: conversion, levels: levels, as: .sRGB)
                {
                    wide = true
                }
            }
            if !wide { return (encoded, .sRGB) }
        }
        let decoded = try PNGRows(PNGDecoder.readFile(input), path: input).decodeAll()
        let conversion = ColourConversion(from: profile, sixteenBit: png.sixteenBit)
        let keyed = ColourManagedKey.key(decoded, blackPoint: blackPoint, colour: conversion, threads: options.jobs)
        options.colour = .init(keyed.gamut)
        return (PNGEncoder.encode(keyed.image, options: options), keyed.gamut)
    }

    /// What `key` found.
    package struct Report: Sendable {
        /// The colour space the painting was read in ("Display P3 (ICC profile)").
        var source: String
        /// The gamut the keyed file is written in.
        var gamut: Gamut
        /// libpng's warnings about the input, placed at it.
        package var warnings: [Diagnostic]

        /// One line for the terminal.
        package var summary: String {
            "read as \(source); written as \(gamut == .sRGB ? "sRGB" : "Display P3 (its colours leave sRGB)")"
        }
    }
}
