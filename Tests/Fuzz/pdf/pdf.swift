// The PDF header reader of art/images/ (`PDFHeader`): any input is read or refused with a
// message; a page size it finds is positive and within PDF's limit.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzPDFHeader(_ bytes: [UInt8]) {
    do {
        let header = try PDFHeader.read(bytes)
        if let size = header.pageSize {
            precondition(size.width > 0 && size.height > 0 && size.width <= PDFHeader.maxSide && size.height <= PDFHeader.maxSide)
        }
    } catch {
        precondition(!error.message.isEmpty)
    }
}
