/// Everything that can go wrong decoding an image file: its file could not be read
/// (`FileError`), or what it holds is not a PNG the tool takes.
package enum ImageIOError: UserFacingError, Equatable {
    case file(FileError)
    case notPNG(path: String)
    case corrupt(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int, limit: ImageSizeLimit)
    case outOfMemory(path: String)
    /// The colour profile a PNG embeds cannot be applied.
    case colourProfile(path: String, reason: String)

    package var diagnostic: Diagnostic {
        switch self {
        case .file(let error): error.diagnostic
        case .notPNG(let path): Diagnostic(place: path, message: "not a PNG file (bad signature)")
        case .corrupt(let path, let reason): Diagnostic(place: path, message: "corrupt PNG: \(reason)")
        case .tooLarge(let path, let width, let height, let limit):
            Diagnostic(place: path, message: "image is \(width)×\(height) pixels, over the limit of \(limit)")
        case .outOfMemory(let path): Diagnostic(place: path, message: "out of memory while decoding")
        case .colourProfile(let path, let reason): Diagnostic(place: path, message: reason)
        }
    }
}

/// The largest image the tool will decode. Art bigger than this is a mistake (or an
/// attack on CI); refusing it before allocating keeps memory bounded.
package struct ImageSizeLimit: Equatable, Sendable, CustomStringConvertible {
    package var maxSide: Int
    package var maxPixels: Int

    /// 16384 px a side and 64 megapixels: four times the largest art we expect.
    package static let standard = ImageSizeLimit(maxSide: 16384, maxPixels: 64 << 20)

    init(maxSide: Int, maxPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    package var description: String { "\(maxSide) px a side and \(maxPixels / (1 << 20)) megapixels" }
}
