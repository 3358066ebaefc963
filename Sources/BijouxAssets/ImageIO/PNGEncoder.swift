import CBijouxShims
import CZlib

/// Writes 8-bit PNGs. The pixels are filtered row by row with libpng's own heuristic
/// (the filter whose output has the smallest sum of absolute values), then deflated
/// in independent pieces on all cores and joined into one zlib stream, the way pigz
/// does: each piece is primed with the 32 KiB before it and ends on a byte boundary
/// (a sync flush), so the joined stream is valid and compresses almost as well as one
/// made in a single pass. Piece boundaries depend only on the image, never on the
/// number of threads, so the bytes are the same on every run.
package enum PNGEncoder {
    package enum ColorType: UInt8, Sendable {
        case grey = 0
        case rgb = 2
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey: 1
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// How the filtered rows are deflated.
    package enum Compression: Sendable, Equatable {
        /// zlib's run-length strategy: matches only at distance one. After PNG
        /// filtering, keyed art is long zero runs (transparent black, flat paint) and
        /// brush texture that no longer match elsewhere, so this is about three times
        /// faster than level 6 and, on the sample charms, within 2 % of its size
        /// (often smaller). The default.
        case runLength
        /// zlib's general-purpose strategy at a level (libpng's default is level 6
        /// with Z_FILTERED), kept as the size reference the tests compare against.
        case filtered(level: Int32)
    }

    package struct Options: Sendable {
        package var compression: Compression
        /// Threads to deflate with.
        package var jobs: Int

        package init(compression: Compression = .runLength, jobs: Int = Parallel.defaultJobs) {
            self.compression = compression
            self.jobs = jobs
        }
    }

    /// About this many bytes of filtered rows go into each independently compressed
    /// piece: large enough that the 5-byte flush per piece is noise, small enough to
    /// share well between two cores.
    static let pieceBytes = 256 << 10
    static let windowBytes = 32 << 10

    /// Encodes an image. `.rgb` drops alpha and `.grey` keeps the red channel, for
    /// outputs that must have no alpha channel (an opaque app icon).
    package static func encode(_ image: RGBAImage, as colorType: ColorType = .rgba, options: Options = Options()) -> [UInt8] {
        let rows = packedRows(image, colorType)
        let bytesPerPixel = colorType.channels
        let zlibStream = rows.withUnsafeBufferPointer { raw in
            deflateFiltered(raw, width: image.width, height: image.height, bytesPerPixel: bytesPerPixel, options: options)
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(image.width), to: &header)
        appendBigEndian(UInt32(image.height), to: &header)
        header += [8, colorType.rawValue, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        // Split IDAT at 1 MiB: any size is valid; this keeps chunks easy on readers.
        var offset = 0
        repeat {
            let end = min(zlibStream.count, offset + (1 << 20))
            appendChunk("IDAT", zlibStream[offset..<end], to: &png)
            offset = end
        } while offset < zlibStream.count
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The image's pixels in the output's channel layout (no copy for RGBA).
    private static func packedRows(_ image: RGBAImage, _ colorType: ColorType) -> [UInt8] {
        switch colorType {
        case .rgba: return image.pixels
        case .rgb, .grey:
            let channels = Channel.allCases.prefix(colorType.channels)
            let count = image.width * image.height
            return [UInt8](unsafeUninitializedCapacity: count * channels.count) { out, filled in
                image.withPixels { source in
                    var o = 0
                    for i in 0..<count {
                        for c in channels {
                            out[o] = source[i, c]
                            o += 1
                        }
                    }
                }
                filled = count * channels.count
            }
        }
    }

    /// Filters and compresses rows into a complete zlib stream.
    static func deflateFiltered(
        _ raw: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, options: Options
    ) -> [UInt8] {
        let rowBytes = width * bytesPerPixel
        let filteredRowBytes = rowBytes + 1
        let rowsPerPiece = max(1, pieceBytes / filteredRowBytes)
        let pieceCount = max(1, (height + rowsPerPiece - 1) / rowsPerPiece)
        // Run-length matches never reach back more than one pixel, so its pieces need
        // no window from the piece before.
        let rowsForWindow = options.compression == .runLength ? 0 : (windowBytes + filteredRowBytes - 1) / filteredRowBytes

        let pieces: [(bytes: [UInt8], adler: UInt, length: Int)] = Parallel.map(pieceCount, jobs: options.jobs) { piece in
            let firstRow = piece * rowsPerPiece
            let endRow = min(height, firstRow + rowsPerPiece)
            // Re-filter the rows just before this piece to rebuild the window the
            // previous piece ended with: filtering is deterministic, so it matches.
            let windowStart = max(0, firstRow - rowsForWindow)
            var filtered = [UInt8](repeating: 0, count: (endRow - windowStart) * filteredRowBytes)
            filtered.withUnsafeMutableBufferPointer { out in
                let scratch = FilterScratch(rowBytes: rowBytes)
                for row in windowStart..<endRow {
                    filterRow(
                        raw, row: row, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel,
                        into: out.baseAddress! + (row - windowStart) * filteredRowBytes, scratch: scratch)
                }
            }
            let dictionaryLength = min(windowBytes, (firstRow - windowStart) * filteredRowBytes)
            let dataStart = (firstRow - windowStart) * filteredRowBytes
            return filtered.withUnsafeBufferPointer { buffer in
                let data = UnsafeBufferPointer(rebasing: buffer[dataStart...])
                let dictionary = UnsafeBufferPointer(rebasing: buffer[(dataStart - dictionaryLength)..<dataStart])
                let compressed = deflatePiece(
                    data, dictionary: dictionary, isLast: piece == pieceCount - 1, compression: options.compression)
                let adler = adler32(1, data.baseAddress, UInt32(data.count))
                return (compressed, adler, data.count)
            }
        }

        var stream: [UInt8] = [0x78, 0x9C]  // deflate, 32 KiB window, default level
        var adler: UInt = 1
        for piece in pieces {
            stream += piece.bytes
            adler = adler32_combine(adler, piece.adler, off_t(piece.length))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: adler), to: &stream)
        return stream
    }

    /// One piece as raw deflate: primed with the preceding window, ended with a sync
    /// flush (byte-aligned, not final) or, for the last piece, a finish.
    private static func deflatePiece(
        _ data: UnsafeBufferPointer<UInt8>, dictionary: UnsafeBufferPointer<UInt8>, isLast: Bool, compression: Compression
    ) -> [UInt8] {
        var stream = z_stream()
        let (level, strategy) =
            switch compression {
            case .runLength: (Int32(6), Z_RLE)
            case .filtered(let level): (level, Z_FILTERED)
            }
        guard bx_deflate_init_raw(&stream, level, strategy) == Z_OK else {
            fatalError("zlib could not initialise a deflate stream (out of memory)")
        }
        defer { deflateEnd(&stream) }
        if dictionary.count > 0 {
            deflateSetDictionary(&stream, dictionary.baseAddress, UInt32(dictionary.count))
        }
        let bound = Int(deflateBound(&stream, UInt(data.count))) + 16
        var out = [UInt8](repeating: 0, count: bound)
        let produced = out.withUnsafeMutableBufferPointer { output -> Int in
            stream.next_in = UnsafeMutablePointer(mutating: data.baseAddress)
            stream.avail_in = UInt32(data.count)
            stream.next_out = output.baseAddress
            stream.avail_out = UInt32(output.count)
            let result = deflate(&stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
            precondition(
                result == (isLast ? Z_STREAM_END : Z_OK) && stream.avail_in == 0,
                "deflate did not consume its piece (result \(result))")
            return output.count - Int(stream.avail_out)
        }
        // A fresh array of exactly the compressed size: trimming would keep the
        // worst-case capacity alive, and all the pieces together would then hold as
        // much memory as the image itself.
        return Array(out[..<produced])
    }

    /// Per-thread buffers for the five candidate filterings of a row, and the zero row
    /// that stands above the first.
    final class FilterScratch {
        let candidates: UnsafeMutablePointer<UInt8>
        let zeroRow: UnsafeMutablePointer<UInt8>

        init(rowBytes: Int) {
            candidates = .allocate(capacity: 5 * rowBytes)
            zeroRow = .allocate(capacity: rowBytes)
            zeroRow.initialize(repeating: 0, count: rowBytes)
        }

        deinit {
            candidates.deallocate()
            zeroRow.deallocate()
        }
    }

    /// Filters one row with each of the five PNG filters and keeps the one whose bytes,
    /// read as signed, have the smallest sum of magnitudes (libpng's default choice).
    static func filterRow(
        _ raw: UnsafeBufferPointer<UInt8>, row: Int, rowBytes: Int, bytesPerPixel bpp: Int,
        into out: UnsafeMutablePointer<UInt8>, scratch: FilterScratch
    ) {
        let current = raw.baseAddress! + row * rowBytes
        // The row above the first is all zeros, as the PNG spec defines it.
        let previous: UnsafePointer<UInt8> =
            row > 0 ? raw.baseAddress! + (row - 1) * rowBytes : UnsafePointer(scratch.zeroRow)
        let lead = min(bpp, rowBytes)

        // A row of zeros (transparent black, common in keyed art) filters to zeros
        // under every filter; None is the choice and the work is a memset.
        var allZero = true
        for i in 0..<rowBytes where current[i] != 0 { allZero = false; break }
        if allZero {
            out[0] = 0
            (out + 1).update(repeating: 0, count: rowBytes)
            return
        }

        var bestFilter = 0
        var bestSum = Int.max
        for filter in 0..<5 {
            let c = scratch.candidates + filter * rowBytes
            var sum = 0
            do {
                switch filter {
                case 0:
                    for i in 0..<rowBytes { c[i] = current[i] }
                case 1:
                    for i in 0..<lead { c[i] = current[i] }
                    for i in lead..<rowBytes { c[i] = current[i] &- current[i - bpp] }
                case 2:
                    for i in 0..<rowBytes { c[i] = current[i] &- previous[i] }
                case 3:
                    for i in 0..<lead { c[i] = current[i] &- previous[i] >> 1 }
                    for i in lead..<rowBytes {
                        c[i] = current[i] &- UInt8((Int(current[i - bpp]) + Int(previous[i])) >> 1)
                    }
                default:
                    for i in 0..<lead { c[i] = current[i] &- previous[i] }
                    for i in lead..<rowBytes {
                        c[i] = current[i] &- paeth(Int(current[i - bpp]), Int(previous[i]), Int(previous[i - bpp]))
                    }
                }
                for i in 0..<rowBytes {
                    let v = Int(Int8(bitPattern: c[i]))
                    sum &+= v < 0 ? -v : v
                }
            }
            if sum < bestSum {
                bestSum = sum
                bestFilter = filter
            }
        }
        out[0] = UInt8(bestFilter)
        (out + 1).update(from: scratch.candidates + bestFilter * rowBytes, count: rowBytes)
    }

    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return UInt8(a) }
        return pb <= pc ? UInt8(b) : UInt8(c)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk<C: Collection>(_ type: String, _ data: C, to png: inout [UInt8]) where C.Element == UInt8 {
        appendBigEndian(UInt32(data.count), to: &png)
        let typeBytes = Array(type.utf8)
        let start = png.count
        png += typeBytes
        png += data
        let crc = png[start...].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, UInt32($0.count)) }!
        appendBigEndian(UInt32(crc), to: &png)
    }
}
