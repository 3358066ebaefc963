/// Images as a job's artifact (see `JobRecorder.artifact`): each as its width and
/// height (4 bytes each, big-endian) and its RGBA pixels.
package enum ImageArtifact {
    package static func encode(_ images: [RGBAImage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for image in images {
            for value in [image.width, image.height] { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
            bytes += image.pixels
        }
        return bytes
    }

    /// The images, or nil when the bytes are not a whole number of images.
    package static func decode(_ bytes: [UInt8]) -> [RGBAImage]? {
        var images: [RGBAImage] = []
        var at = 0
        func number() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        while at < bytes.count {
            guard let width = number(), let height = number(), width <= 1 << 14, height <= 1 << 14,
                at + width * height * 4 <= bytes.count
            else { return nil }
            images.append(RGBAImage(width: width, height: height, pixels: Array(bytes[at..<at + width * height * 4])))
            at += width * height * 4
        }
        return images
    }
}

/// A summary found an artifact it cannot read: a bug, or a cache that lied.
struct ArtifactError: UserFacingError {
    var job: String
    var diagnostic: Diagnostic {
        Diagnostic(place: nil, message: "internal error: the artifact of \(job) is unreadable; delete the output folder's .bijoux cache and build again")
    }
}
