// The JPEG header reader of art/images/ (`JPEGHeader`): any input is read or refused with
// a message; a header it reads is within the caps it was given, of grey or colour samples.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzJPEGHeader(_ bytes: [UInt8]) {
    let limit = ImageSizeLimit(maxSide: 1024, maxPixels: 1 << 18)
    do {
        let header = try JPEGHeader.read(bytes, limit: limit)
        precondition(header.width > 0 && header.height > 0 && header.width <= 1024 && header.height <= 1024)
        precondition(header.width * header.height <= 1 << 18 && [1, 3].contains(header.components))
    } catch {
        precondition(!error.message.isEmpty)
    }
}
