#if canImport(Glibc)
    import Glibc
#endif

/// The channels of a pixel, in the order every buffer of the pipeline stores them.
public enum Channel: Int, CaseIterable, Sendable {
    case red, green, blue, alpha

    /// Samples a pixel takes: every buffer is packed RGBA, rows top to bottom, no padding.
    public static let count = 4
    /// The colour channels, without alpha.
    static let colour: [Channel] = [.red, .green, .blue]
}

/// The one way into a pixel buffer: pixel `i` counts in reading order (row by row, left
/// to right), so `(x, y)` is pixel `y * width + x`, and a sample is named by its pixel
/// and its `Channel`. No loop computes a byte offset of its own.
///
/// A view lives only inside the `withPixels` closure that made it (it holds the buffer's
/// address); `MutablePixelView` is the writable kind. Indices are checked in debug
/// builds and not in optimised ones, as for the unsafe buffers underneath. `Sample` is `UInt8` for images,
/// `UInt16` for 16-bit art and `Float` for the sums of resampling and averaging.
public struct PixelView<Sample> {
    /// Pixels in a row.
    public let width: Int
    /// Rows.
    public let height: Int
    @usableFromInline let samples: UnsafeBufferPointer<Sample>

    @usableFromInline init(width: Int, height: Int, samples: UnsafeBufferPointer<Sample>) {
        precondition(samples.count == width * height * Channel.count)
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// Pixels in the buffer.
    @inlinable
    public var pixelCount: Int { width &* height }

    /// The pixel at column x of row y.
    @inlinable @inline(__always)
    public func pixel(x: Int, y: Int) -> Int { y &* width &+ x }

    /// The pixels of row y.
    @inlinable
    public func row(_ y: Int) -> Range<Int> { pixel(x: 0, y: y)..<pixel(x: 0, y: y + 1) }

    /// The sample of `channel` of `pixel`.
    @inlinable @inline(__always)
    public subscript(pixel: Int, channel: Channel) -> Sample { samples[pixel &* Channel.count &+ channel.rawValue] }

    /// The sample of `channel` of the pixel at column x of row y.
    @inlinable @inline(__always)
    public subscript(x x: Int, y y: Int, channel: Channel) -> Sample { self[pixel(x: x, y: y), channel] }

    /// The samples of `pixels`, consecutive in the buffer (a run of a row, or rows).
    package func samples(_ pixels: Range<Int>) -> Slice<UnsafeBufferPointer<Sample>> {
        samples[(pixels.lowerBound * Channel.count)..<(pixels.upperBound * Channel.count)]
    }
}

/// A `PixelView` that also writes.
public struct MutablePixelView<Sample> {
    @usableFromInline let view: PixelView<Sample>
    @usableFromInline let samples: UnsafeMutableBufferPointer<Sample>

    @usableFromInline package init(width: Int, height: Int, samples: UnsafeMutableBufferPointer<Sample>) {
        view = PixelView(width: width, height: height, samples: UnsafeBufferPointer(samples))
        self.samples = samples
    }

    package var width: Int { view.width }
    var height: Int { view.height }
    /// Pixels in the buffer.
    @inlinable
    public var pixelCount: Int { view.pixelCount }

    /// The pixel at column x of row y.
    @inlinable @inline(__always)
    public func pixel(x: Int, y: Int) -> Int { view.pixel(x: x, y: y) }

    @inlinable
    func row(_ y: Int) -> Range<Int> { view.row(y) }

    /// The sample of `channel` of `pixel`, read or written.
    @inlinable @inline(__always)
    public subscript(pixel: Int, channel: Channel) -> Sample {
        get { samples[pixel &* Channel.count &+ channel.rawValue] }
        nonmutating set { samples[pixel &* Channel.count &+ channel.rawValue] = newValue }
    }

    /// The sample of `channel` of the pixel at column x of row y, read or written.
    @inlinable @inline(__always)
    public subscript(x x: Int, y y: Int, channel: Channel) -> Sample {
        get { self[pixel(x: x, y: y), channel] }
        nonmutating set { self[pixel(x: x, y: y), channel] = newValue }
    }

    /// The samples of `pixels`, consecutive in the buffer, for writing.
    func samples(_ pixels: Range<Int>) -> Slice<UnsafeMutableBufferPointer<Sample>> {
        samples[(pixels.lowerBound * Channel.count)..<(pixels.upperBound * Channel.count)]
    }

    /// Where pixel `pixel`'s samples start, for C code that writes rows (libpng) and for
    /// loops that take four pixels at once.
    @inlinable
    public func address(ofPixel pixel: Int) -> UnsafeMutableRawPointer {
        precondition(pixel >= 0 && pixel <= pixelCount)
        return UnsafeMutableRawPointer(samples.baseAddress! + pixel * Channel.count)
    }
}

extension PixelView where Sample: SIMDScalar {
    /// All four samples of a pixel, red first.
    @inlinable @inline(__always)
    public subscript(pixel: Int) -> SIMD4<Sample> {
        UnsafeRawBufferPointer(samples).loadUnaligned(fromByteOffset: pixel &* Channel.count &* MemoryLayout<Sample>.stride, as: SIMD4<Sample>.self)
    }
}

extension MutablePixelView where Sample: SIMDScalar {
    /// All four samples of a pixel, red first.
    @inlinable @inline(__always)
    public subscript(pixel: Int) -> SIMD4<Sample> {
        get { view[pixel] }
        nonmutating set {
            UnsafeMutableRawBufferPointer(samples).storeBytes(
                of: newValue, toByteOffset: pixel &* Channel.count &* MemoryLayout<Sample>.stride, as: SIMD4<Sample>.self)
        }
    }
}

extension PixelView where Sample == UInt8 {
    /// A pixel as a colour.
    @inlinable @inline(__always)
    public subscript(rgba pixel: Int) -> RGBA {
        RGBA(self[pixel, .red], self[pixel, .green], self[pixel, .blue], self[pixel, .alpha])
    }
}

extension MutablePixelView where Sample == UInt8 {
    /// A pixel as a colour.
    @inlinable @inline(__always)
    public subscript(rgba pixel: Int) -> RGBA {
        get { view[rgba: pixel] }
        nonmutating set {
            self[pixel, .red] = newValue.r
            self[pixel, .green] = newValue.g
            self[pixel, .blue] = newValue.b
            self[pixel, .alpha] = newValue.a
        }
    }
}

/// A buffer of packed RGBA pixels with its size: the images of the pipeline, and the
/// `Float` buffers resampling works in.
public protocol PixelBuffer {
    associatedtype Sample
    var width: Int { get }
    var height: Int { get }
    /// width · height · `Channel.count` samples.
    var pixels: [Sample] { get set }
}

extension PixelBuffer {
    /// Reads the pixels through a view.
    @inlinable
    public func withPixels<R>(_ body: (PixelView<Sample>) throws -> R) rethrows -> R {
        try pixels.withUnsafeBufferPointer { try body(PixelView(width: width, height: height, samples: $0)) }
    }

    /// Reads and writes the pixels through a view.
    @inlinable
    public mutating func withMutablePixels<R>(_ body: (MutablePixelView<Sample>) throws -> R) rethrows -> R {
        let width = width, height = height
        return try pixels.withUnsafeMutableBufferPointer { try body(MutablePixelView(width: width, height: height, samples: $0)) }
    }
}

/// Resampling's working buffer: premultiplied RGBA as `Float` in 0...255.
struct FloatPixels: PixelBuffer, Sendable {
    let width: Int
    let height: Int
    var pixels: [Float]

    /// Zeros.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * Channel.count)
    }

    /// Room for every sample, not zeroed (`imageBuffer`): for a pass that writes each one.
    init(unwrittenWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = imageBuffer(width * height * Channel.count) { _ in }
    }
}

/// Room for a whole image's samples, which `fill` writes, every one of them. On Linux
/// the kernel is asked first to back a buffer this large with transparent huge pages
/// (`madvise`; the kernel's `madvise` mode gives them only to buffers that ask), so
/// writing an image takes one page fault per 2 MiB instead of one per 4 KiB (measured in
/// docs/performance.md). The bytes are the same either way.
func imageBuffer<Sample, E: Error>(_ count: Int, _ fill: (UnsafeMutableBufferPointer<Sample>) throws(E) -> Void) throws(E) -> [Sample] {
    var failure: E?
    let samples = [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
        #if canImport(Glibc)
            // Only whole huge pages inside the buffer: madvise wants a page-aligned start.
            let huge = 2 << 20
            if let base = UnsafeMutableRawPointer(buffer.baseAddress) {
                let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
                let end = (Int(bitPattern: base) + buffer.count * MemoryLayout<Sample>.stride) & ~(huge - 1)
                if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
            }
        #endif
        do throws(E) { try fill(buffer) } catch { failure = error }
        initialized = count
    }
    if let failure { throw failure }
    return samples
}
