import CBijouxShims
import CZlib
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes 8-bit PNGs. The pixels are filtered row by row with libpng's own heuristic
/// (the filter whose output has the smallest sum of absolute values; `PNGFilter.swift`), then deflated
/// in independent pieces on all cores and joined into one zlib stream, the way pigz
/// does: each piece is primed with the 32 KiB before it and ends on a byte boundary
/// (a sync flush), so the joined stream is valid and compresses almost as well as one
/// made in a single pass. Piece boundaries depend only on the image, never on the
/// number of threads, so the bytes are the same on every run.
package enum PNGEncoder {
    package enum ColorType: UInt8, Sendable {
        case rgb = 2
        case rgba = 6

        var channels: Int {
            switch self {
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

    /// The colour space the file says its samples are in: every PNG the tool writes says
    /// one, so a browser or Preview shows it as the app will.
    package enum ColourChunk: Sendable {
        /// An `sRGB` chunk (perceptual intent).
        case sRGB
        /// An `iCCP` chunk holding the Display P3 profile.
        case displayP3

    }

    package struct Options: Sendable {
        var compression: Compression
        /// Threads to deflate with.
        package var jobs: Int
        package var colour: ColourChunk

        package init(compression: Compression = .runLength, jobs: Int = Parallel.defaultJobs, colour: ColourChunk = .sRGB) {
            self.compression = compression
            self.jobs = jobs
            self.colour = colour
        }
    }

    /// About this many bytes of filtered rows go into each independently compressed
    /// piece: large enough that the 5-byte flush per piece is noise, small enough to
    /// share well between two cores.
    static let pieceBytes = 256 << 10
    static let windowBytes = 32 << 10

    /// Encodes an image. `.rgb` drops alpha, for outputs that must have no alpha channel
    /// (an opaque app icon).
    package static func encode(_ image: RGBAImage, as colorType: ColorType = .rgba, options: Options = Options()) -> [UInt8] {
        let rows = packedRows(image, colorType)
        let zlibStream = rows.withUnsafeBufferPointer { raw in
            deflateFiltered(raw, width: image.width, height: image.height, bytesPerPixel: colorType.channels, options: options)
        }
        return container(zlibStream, width: image.width, height: image.height, colorType: colorType, colour: options.colour)
    }

    /// Encodes an 8-bit RGBA image as `produce` makes it: called on the calling thread
    /// for every few rows in order (`rows`, to be written in `pixels`, a view of the
    /// whole image), while the pieces whose rows are ready are filtered and deflated on
    /// the other `options.jobs` threads, so making the pixels (decoding, keying) and
    /// encoding them overlap. The bytes are `encode`'s of the finished image. An error
    /// from `produce` stops the encoding and is thrown.
    package static func encode<E: Error>(
        width: Int, height: Int, options: Options = Options(),
        producingRows produce: (_ rows: Range<Int>, _ pixels: MutablePixelView<UInt8>) throws(E) -> Void
    ) throws(E) -> [UInt8] {
        let count = width * height * Channel.count
        var pixels: [UInt8] = imageBuffer(count) { _ in }  // `produce` writes every row
        var failure: E?
        let zlibStream = pixels.withUnsafeMutableBufferPointer { buffer in
            let layout = PieceLayout(width: width, height: height, bytesPerPixel: Channel.count, compression: options.compression)
            let gate = RowGate(pieces: layout.count)
            let view = MutablePixelView(width: width, height: height, samples: buffer)
            return deflateFiltered(UnsafeBufferPointer(buffer), layout: layout, options: options, gate: gate) {
                for piece in 0..<layout.count {
                    do throws(E) { try produce(layout.rows(piece), view) } catch {
                        failure = error
                        gate.fail()
                        return
                    }
                    gate.open(piece)
                }
            }
        }
        if let failure { throw failure }
        return container(zlibStream, width: width, height: height, colorType: .rgba, colour: options.colour)
    }

    /// The PNG file around a zlib stream of filtered rows.
    private static func container(_ zlibStream: [UInt8], width: Int, height: Int, colorType: ColorType, colour: ColourChunk) -> [UInt8] {
        // Split IDAT at 1 MiB: any size is valid; this keeps chunks easy on readers.
        let chunk = 1 << 20
        let idats = max(1, (zlibStream.count + chunk - 1) / chunk)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(8 + 25 + idats * 12 + zlibStream.count + 12)
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, colorType.rawValue, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        switch colour {
        case .sRGB: appendChunk("sRGB", [0], to: &png)
        case .displayP3: appendChunk("iCCP", displayP3Chunk, to: &png)
        }
        var offset = 0
        repeat {
            let end = min(zlibStream.count, offset + chunk)
            appendChunk("IDAT", zlibStream[offset..<end], to: &png)
            offset = end
        } while offset < zlibStream.count
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// An iCCP chunk's data: the profile's description as its name (Latin-1, at most
    /// 79 bytes), a zero, compression method 0, and the profile deflated by zlib.
    private static let displayP3Chunk = iccpData(.displayP3)

    private static func iccpData(_ profile: ColourProfile) -> [UInt8] {
        let name = profile.description.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(79).map { UInt8($0.value) }
        let icc = profile.iccFile()
        var compressedSize = compressBound(uLong(icc.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        let status = compress2(&compressed, &compressedSize, icc, uLong(icc.count), Z_BEST_COMPRESSION)
        precondition(status == Z_OK, "zlib could not deflate a colour profile")
        return (name.isEmpty ? Array("ICC".utf8) : name) + [0, 0] + compressed.prefix(Int(compressedSize))
    }

    /// The image's pixels in the output's channel layout (no copy for RGBA).
    private static func packedRows(_ image: RGBAImage, _ colorType: ColorType) -> [UInt8] {
        switch colorType {
        case .rgba: return image.pixels
        case .rgb:
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

    /// How the rows are cut into independently deflated pieces: a function of the
    /// image's size alone, never of the number of threads.
    struct PieceLayout {
        let height: Int
        let rowBytes: Int
        let bytesPerPixel: Int
        let rowsPerPiece: Int
        let count: Int
        /// Rows before a piece that are filtered again to rebuild the window the piece
        /// before ended with (none for run-length matches, which never reach back more
        /// than one pixel).
        let rowsForWindow: Int

        init(width: Int, height: Int, bytesPerPixel: Int, compression: Compression) {
            self.height = height
            self.bytesPerPixel = bytesPerPixel
            rowBytes = width * bytesPerPixel
            rowsPerPiece = max(1, pieceBytes / (rowBytes + 1))
            count = max(1, (height + rowsPerPiece - 1) / rowsPerPiece)
            rowsForWindow = compression == .runLength ? 0 : (windowBytes + rowBytes) / (rowBytes + 1)
        }

        func rows(_ piece: Int) -> Range<Int> { (piece * rowsPerPiece)..<min(height, (piece + 1) * rowsPerPiece) }
    }

    /// Which pieces' rows are ready, for the threads that wait to encode them.
    final class RowGate: Sendable {
        private let ready: [DispatchSemaphore]
        /// The pieces opened so far (in order), and whether making the rows failed.
        private let state = Locked((opened: 0, failed: false))

        init(pieces: Int) { ready = (0..<pieces).map { _ in DispatchSemaphore(value: 0) } }

        func open(_ piece: Int) {
            state.withLock { $0.opened = piece + 1 }
            ready[piece].signal()
        }

        /// Wakes every piece still waiting, to find that there is nothing to encode.
        func fail() {
            let opened = state.withLock { state in
                state.failed = true
                return state.opened
            }
            for piece in opened..<ready.count { ready[piece].signal() }
        }

        /// Waits for the piece's rows: false when they will never come.
        func wait(_ piece: Int) -> Bool {
            ready[piece].wait()
            return !state.value.failed
        }
    }

    /// Filters and compresses rows into a complete zlib stream.
    static func deflateFiltered(
        _ raw: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, options: Options
    ) -> [UInt8] {
        let layout = PieceLayout(width: width, height: height, bytesPerPixel: bytesPerPixel, compression: options.compression)
        return deflateFiltered(raw, layout: layout, options: options, gate: nil) {}
    }

    /// `deflateFiltered`, each piece waiting for its rows at `gate` while the calling
    /// thread runs `first` (which makes them).
    private static func deflateFiltered(
        _ raw: UnsafeBufferPointer<UInt8>, layout: PieceLayout, options: Options, gate: RowGate?, first: () -> Void
    ) -> [UInt8] {
        let filteredRowBytes = layout.rowBytes + 1
        let workspaces = Workspaces(rowBytes: layout.rowBytes, compression: options.compression)
        let pieces: [(bytes: [UInt8], adler: UInt, length: Int)] = Parallel.map(layout.count, jobs: options.jobs, callerFirst: first) { piece in
            if let gate, !gate.wait(piece) { return ([], 1, 0) }
            let rows = layout.rows(piece)
            // Re-filter the rows just before this piece to rebuild the window the
            // previous piece ended with: filtering is deterministic, so it matches.
            let windowStart = max(0, rows.lowerBound - layout.rowsForWindow)
            return workspaces.with { workspace in
                let filtered = workspace.filtered(rows: rows.upperBound - windowStart)
                // The piece's Adler-32, a row at a time: a row of zeros (most of keyed art's
                // canvas) adds to it arithmetically, without a pass over its bytes.
                var adler: UInt = 1
                for row in windowStart..<rows.upperBound {
                    let out = filtered.baseAddress! + (row - windowStart) * filteredRowBytes
                    let zeros = filterRow(
                        raw, row: row, rowBytes: layout.rowBytes, bytesPerPixel: layout.bytesPerPixel, into: out, zeroRow: workspace.zeroRow)
                    guard row >= rows.lowerBound else { continue }
                    adler =
                        zeros
                        ? adler32_combine(adler, UInt(filteredRowBytes % 65521) << 16 | 1, off_t(filteredRowBytes))
                        : adler32(adler, out, UInt32(filteredRowBytes))
                }
                let dictionaryLength = min(windowBytes, (rows.lowerBound - windowStart) * filteredRowBytes)
                let dataStart = (rows.lowerBound - windowStart) * filteredRowBytes
                let data = UnsafeBufferPointer(rebasing: filtered[dataStart..<(rows.upperBound - windowStart) * filteredRowBytes])
                let dictionary = UnsafeBufferPointer(rebasing: filtered[(dataStart - dictionaryLength)..<dataStart])
                let compressed = workspace.deflate(data, dictionary: dictionary, isLast: piece == layout.count - 1)
                return (compressed, adler, data.count)
            }
        }

        var stream: [UInt8] = [0x78, 0x9C]  // deflate, 32 KiB window, default level
        stream.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.bytes.count } + 4)
        var adler: UInt = 1
        for piece in pieces {
            stream += piece.bytes
            adler = adler32_combine(adler, piece.adler, off_t(piece.length))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: adler), to: &stream)
        return stream
    }

    /// What a thread needs to encode a piece, kept for the next piece it encodes: the
    /// filtered rows, zlib's stream (reset between pieces, which makes the same bytes as
    /// a new one, without its allocations), and its output.
    final class Workspace {
        let zeroRow: UnsafeMutablePointer<UInt8>
        private var filteredRows = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        private var output = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let rowBytes: Int
        private let compression: Compression

        init(rowBytes: Int, compression: Compression) {
            (self.rowBytes, self.compression) = (rowBytes, compression)
            zeroRow = .allocate(capacity: max(1, rowBytes))
            zeroRow.initialize(repeating: 0, count: max(1, rowBytes))
            let (level, strategy) =
                switch compression {
                case .runLength: (Int32(6), Z_RLE)
                case .filtered(let level): (level, Z_FILTERED)
                }
            guard bx_deflate_init_raw(stream, level, strategy) == Z_OK else {
                fatalError("zlib could not initialise a deflate stream (out of memory)")
            }
        }

        deinit {
            deflateEnd(stream)
            stream.deallocate()
            zeroRow.deallocate()
            filteredRows.deallocate()
            output.deallocate()
        }

        /// Room for `rows` filtered rows.
        func filtered(rows: Int) -> UnsafeMutableBufferPointer<UInt8> {
            let count = rows * (rowBytes + 1)
            if filteredRows.count < count {
                filteredRows.deallocate()
                filteredRows = .allocate(capacity: count)
            }
            return UnsafeMutableBufferPointer(rebasing: filteredRows[..<count])
        }

        /// One piece as raw deflate: primed with the preceding window, ended with a sync
        /// flush (byte-aligned, not final) or, for the last piece, a finish.
        func deflate(_ data: UnsafeBufferPointer<UInt8>, dictionary: UnsafeBufferPointer<UInt8>, isLast: Bool) -> [UInt8] {
            guard deflateReset(stream) == Z_OK else { fatalError("zlib could not reset a deflate stream") }
            if dictionary.count > 0 {
                deflateSetDictionary(stream, dictionary.baseAddress, UInt32(dictionary.count))
            }
            let bound = Int(deflateBound(stream, UInt(data.count))) + 16
            if output.count < bound {
                output.deallocate()
                output = .allocate(capacity: bound)
            }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress)
            stream.pointee.avail_in = UInt32(data.count)
            stream.pointee.next_out = output.baseAddress
            stream.pointee.avail_out = UInt32(bound)
            let result = CZlib.deflate(stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
            precondition(
                result == (isLast ? Z_STREAM_END : Z_OK) && stream.pointee.avail_in == 0,
                "deflate did not consume its piece (result \(result))")
            // A fresh array of exactly the compressed size: all the pieces together
            // would otherwise hold as much memory as the image itself.
            return Array(output[..<(bound - Int(stream.pointee.avail_out))])
        }
    }

    /// The workspaces of one image's encoding, each used by one thread at a time.
    final class Workspaces: Sendable {
        private let idle = Locked<[Workspace]>([])
        private let rowBytes: Int
        private let compression: Compression

        init(rowBytes: Int, compression: Compression) { (self.rowBytes, self.compression) = (rowBytes, compression) }

        func with<T>(_ body: (Workspace) -> T) -> T {
            let workspace = idle.withLock { $0.popLast() } ?? Workspace(rowBytes: rowBytes, compression: compression)
            defer { idle.withLock { $0.append(workspace) } }
            return body(workspace)
        }
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
