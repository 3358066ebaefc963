import BijouxCore

/// The picture of what moved: counted pixels in a strong colour over a faded copy of
/// the expected image, so a person sees at once where the change is and what it sits
/// on.
package enum DiffImage {
    /// Pixels that count as different.
    static let differsColor = RGBA(255, 0, 0, 255)
    /// Pixels that changed but are tolerated (anti-aliased, or below the threshold).
    static let toleratedColor = RGBA(255, 170, 0, 255)
    /// How much of the expected image's contrast is kept in the faded copy.
    static let fade = 0.3
    /// The expected image is laid on mid grey before fading, so light ink on a
    /// transparent ground (icons) stays as visible as dark paint.
    static let ground = 128.0

    /// An opaque image the size of the comparison.
    package static func render(expected: RGBAImage, difference: ImageDifference) -> RGBAImage {
        precondition(expected.width == difference.width && expected.height == difference.height)
        var out = RGBAImage(width: expected.width, height: expected.height)
        expected.withPixels { source in
            difference.classes.withUnsafeBufferPointer { classes in
                out.withMutablePixels { target in
                    for i in 0..<source.pixelCount {
                        let color: RGBA
                        switch ImageDifference.PixelClass(rawValue: classes[i])! {
                        case .differs: color = differsColor
                        case .antiAliased, .belowThreshold: color = toleratedColor
                        case .same:
                            let a = Double(source[i, .alpha]) / 255
                            func laid(_ c: Channel) -> Double { ground + (Double(source[i, c]) - ground) * a }
                            let luma = PixelComparer.brightness(laid(.red), laid(.green), laid(.blue))
                            let faded = UInt8((255 - (255 - luma) * fade).rounded())
                            color = RGBA(faded, faded, faded, 255)
                        }
                        target[rgba: i] = color
                    }
                }
            }
        }
        return out
    }
}

/// Loads images for comparison, and compares files: the one path shared by
/// `bijoux-assets diff` and the golden tests.
package enum ImageFileComparison {
    /// Any PNG as 8-bit RGBA; 16-bit samples are rounded to 8 bits.
    static func load(_ path: String) throws(ImageIOError) -> RGBAImage {
        eightBit(try PNGDecoder.decodeFile(path))
    }

    package static func eightBit(_ decoded: DecodedPNG) -> RGBAImage {
        switch decoded {
        case .rgba8(let image, _): return image
        case .rgba16(let image, _):
            let pixels = image.pixels.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
            return RGBAImage(width: image.width, height: image.height, pixels: pixels)
        }
    }

    /// `bijoux-assets diff`: compares the PNG files `expected` and `actual` pixel by
    /// pixel (`PixelComparer`) and, when `picture` names a file, writes the diff picture
    /// there (differing pixels red, tolerated ones orange, over a faded `expected`). A
    /// size mismatch is a user-facing error naming both files.
    package static func compare(
        expected: String, actual: String, _ comparison: PixelComparison, picture: String?
    ) throws -> ImageDifference {
        let (image, _, difference) = try compare(expected: expected, actual: actual, comparison)
        if let picture {
            try FileIO.writeAtomically(PNGEncoder.encode(DiffImage.render(expected: image, difference: difference), as: .rgb), to: picture)
        }
        return difference
    }

    /// Compares two PNG files; a size mismatch is a user-facing error naming both.
    static func compare(
        expected expectedPath: String, actual actualPath: String, _ comparison: PixelComparison
    ) throws -> (expected: RGBAImage, actual: RGBAImage, difference: ImageDifference) {
        let expected = try load(expectedPath)
        let actual = try load(actualPath)
        do {
            return (expected, actual, try PixelComparer.compare(expected, actual, comparison))
        } catch {
            throw ImageSizeError(expectedPath: expectedPath, actualPath: actualPath, mismatch: error)
        }
    }
}

/// Two files whose images differ in size: no pixel comparison is possible.
struct ImageSizeError: UserFacingError, Equatable {
    var expectedPath: String
    var actualPath: String
    var mismatch: ImageSizeMismatch

    var diagnostic: Diagnostic {
        Diagnostic(
            place: nil,
            message:
                """
                \(expectedPath) is \(mismatch.expected.width)×\(mismatch.expected.height) pixels but \(actualPath) is \
                \(mismatch.actual.width)×\(mismatch.actual.height): images of different sizes cannot be compared pixel by pixel
                """
        )
    }
}
