import BijouxCore
import CBijouxShims
import CCairo
import CEbur128
import CKissFFT
import CLCMS2
import CLibPNG
import CZlib

/// The system libraries the tool links whose code decides an output's bytes, each as
/// it reports itself at run time (not as the headers the tool was compiled against
/// said): cairo rasterises the app icon, libpng and
/// zlib write every PNG, libebur128 measures the loudness a track is mastered to, and
/// KISS FFT convolves its reverb, Little CMS reads every painting's colours. They are part of the cache's identity (see
/// `ToolIdentity`), so upgrading one of them makes the next build a full one.
///
/// KISS FFT has no version function or constant: it is identified by the hash of the
/// library file that holds its code in this process (found with `dladdr`), which
/// changes with any rebuild of it, a distribution's patch included. The others are
/// identified by their version numbers: a distribution's patch that keeps a version
/// is not seen. (libxml2 only decides whether an SVG is refused, and xxHash only the
/// cache's own hashes, so neither is here. librsvg, with the cairo that draws the
/// icons, is the icon renderer's, and FFmpeg the AAC helper's: see `LinkedLibraries`.)
enum SystemLibraries {
    /// Name and version of each, in a fixed order.
    static let current: [(name: String, version: String)] = [
        ("cairo", text(cairo_version_string())),
        ("libpng", text(png_get_libpng_ver(nil))),
        ("zlib", text(zlibVersion())),
        ("libebur128", ebur128Version),
        ("KISS FFT", kissFFT),
        ("Little CMS", String(cmsGetEncodedCMMversion())),
    ]

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? "unreported"
    }

    private static var ebur128Version: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        ebur128_get_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// The hash of the file that holds `kiss_fftr_alloc` (the executable itself, whose
    /// hash the identity has, when it is linked statically); when that cannot be found
    /// or read, `unidentified`.
    private static var kissFFT: String {
        let alloc: @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> kiss_fftr_cfg? = kiss_fftr_alloc
        guard let file = bx_library_file(unsafeBitCast(alloc, to: UnsafeRawPointer.self)).map({ String(cString: $0) }) else { return unidentified }
        guard !file.isEmpty, file != FileIO.executablePath() else { return "in the executable" }
        return (try? FileIO.contentHash(ofFile: file))?.description ?? unidentified
    }

    /// A library that cannot be identified: a value no other process has, so no cache
    /// is trusted (every job is made) rather than one another build of it made.
    static let unidentified = "unidentified \(UInt64.random(in: 0...UInt64.max))"
}
