/// Everything that can go wrong reading or writing an image file.
public enum ImageIOError: UserFacingError, Equatable {
    case cannotRead(path: String, reason: String)
    case notPNG(path: String)
    case corrupt(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int, limit: ImageSizeLimit)
    case outOfMemory(path: String)
    case cannotWrite(path: String, reason: String)

    public var diagnostic: Diagnostic {
        switch self {
        case .cannotRead(let path, let reason): Diagnostic(place: path, message: "cannot read: \(reason)")
        case .notPNG(let path): Diagnostic(place: path, message: "not a PNG file (bad signature)")
        case .corrupt(let path, let reason): Diagnostic(place: path, message: "corrupt PNG: \(reason)")
        case .tooLarge(let path, let width, let height, let limit):
            Diagnostic(place: path, message: "image is \(width)×\(height) pixels, over the limit of \(limit)")
        case .outOfMemory(let path): Diagnostic(place: path, message: "out of memory while decoding")
        case .cannotWrite(let path, let reason): Diagnostic(place: path, message: "cannot write: \(reason)")
        }
    }
}

/// The largest image the tool will decode. Art bigger than this is a mistake (or an
/// attack on CI); refusing it before allocating keeps memory bounded.
public struct ImageSizeLimit: Equatable, Sendable, CustomStringConvertible {
    public var maxSide: Int
    public var maxPixels: Int

    /// 16384 px a side and 64 megapixels: four times the largest art we expect.
    public static let standard = ImageSizeLimit(maxSide: 16384, maxPixels: 64 << 20)

    public init(maxSide: Int, maxPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    public var description: String { "\(maxSide) px a side and \(maxPixels / (1 << 20)) megapixels" }
}
