import BijouxAudio
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What comparing one output with its baseline found, judged by the tolerance table:
/// the one comparison `check` and this repository's golden tests share.
package enum Finding: Sendable {
    /// Two images of one size, compared pixel by pixel under `tolerance`.
    case image(ImageDifference, GoldenTolerance)
    /// Two images of different sizes: always a change.
    case imageSize(before: PixelSize, after: PixelSize)
    /// Two texts: the hunks where they differ (`TextDiff`).
    case text(hunks: String)
    /// Two encoded sounds, compared by their decoded signals under `tolerance`.
    case audio(AudioDifference, AudioTolerance)
    /// One side could not be read, decoded or compared (a baseline file that is not a
    /// PNG, a link where the file goes, a text past the diff limit): a change, and why.
    case unreadable(String)

    /// Whether the change is within the tolerance, so it passes.
    package var passes: Bool {
        switch self {
        case .image(let difference, let tolerance): tolerance.passes(difference)
        case .audio(let difference, let tolerance): difference.passes(tolerance)
        case .imageSize, .text, .unreadable: false
        }
    }

    /// One line for people: the figures of the change.
    var summary: String {
        switch self {
        case .image(let difference, _): difference.summary
        case .imageSize(let before, let after): "the size changed from \(before) to \(after)"
        case .text(let hunks): "text differs from line \(TextDiff.firstLine(of: hunks) ?? 1)"
        case .audio(let difference, _): difference.summary
        case .unreadable(let reason): reason
        }
    }
}

/// A width and height in pixels, as messages show it (`24×24`).
package struct PixelSize: Equatable, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    package var description: String { "\(width)×\(height)" }

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Judges an output against its baseline by its kind (`GoldenTolerances`).
package enum OutputJudge {
    /// The most bytes of an image or a sound read to compare it: far past any output
    /// (an image of `art/images/` is at most 32 MiB), so only a hostile baseline is refused.
    static let maxComparedBytes = 64 << 20

    /// The most bytes of either side of the output `path` that are read to judge it: a
    /// text's diff limit (`TextDiff.maxBytes`), else `maxComparedBytes`.
    static func readLimit(for path: String) -> Int {
        GoldenTolerances.isImage(path) || GoldenTolerances.isAudio(path) ? maxComparedBytes : TextDiff.maxBytes
    }

    /// Why two sides of `before` and `after` bytes were not judged: one is past the limit.
    static func pastLimit(_ path: String, before: Int, after: Int) -> String {
        let sizes = "\(size(before)) before, \(size(after)) after", limit = Format.limit(readLimit(for: path))
        if readLimit(for: path) == TextDiff.maxBytes { return "text differs (\(sizes)), past the diff limit of \(limit)" }
        return "differs (\(sizes)), past the limit of \(limit) this comparison reads"
    }

    /// A size as people read it: bytes, kB or MB (powers of ten).
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return Format.count(bytes, "byte") }
        return bytes < 1_000_000 ? Format.number(Double(bytes) / 1000, decimals: 1) + " kB" : Format.number(Double(bytes) / 1_000_000, decimals: 1) + " MB"
    }

    /// The finding for two different byte strings of the output `path` (relative to
    /// the output folder, which decides its kind); `names` name the two files in
    /// messages about a side that cannot be decoded. A side past `readLimit` is not
    /// judged: the finding says it differs, and by how much.
    package static func judge(
        before: [UInt8], after: [UInt8], path: String, names: (before: String, after: String), tolerances: GoldenTolerances
    ) -> Finding {
        if max(before.count, after.count) > readLimit(for: path) { return .unreadable(pastLimit(path, before: before.count, after: after.count)) }
        if GoldenTolerances.isAudio(path) {
            do {
                return .audio(try AudioDifference.between(before, after, names: names), tolerances.audio)
            } catch {
                return .unreadable(error.reason)
            }
        }
        guard GoldenTolerances.isImage(path) else {
            return .text(hunks: TextDiff.hunks(expected: String(decoding: before, as: UTF8.self), actual: String(decoding: after, as: UTF8.self)))
        }
        let old: RGBAImage, new: RGBAImage
        do {
            old = try ImageFileComparison.eightBit(PNGDecoder.decode(before, path: names.before))
            new = try ImageFileComparison.eightBit(PNGDecoder.decode(after, path: names.after))
        } catch {
            return .unreadable(error.description)
        }
        let tolerance = tolerances.tolerance(for: path)
        guard let difference = try? PixelComparer.compare(old, new, tolerance.comparison) else {
            return .imageSize(before: PixelSize(width: old.width, height: old.height), after: PixelSize(width: new.width, height: new.height))
        }
        return .image(difference, tolerance)
    }
}

/// Two sounds compared by their decoded signals: durations, integrated loudness (EBU
/// R 128, libebur128) and the energy of their difference relative to the baseline's.
package struct AudioDifference: Equatable, Sendable {
    var beforeSeconds: Double
    var afterSeconds: Double
    /// Integrated loudness, LUFS.
    var beforeLoudness: Double
    var afterLoudness: Double
    /// 10·log10(Σ(a−b)² / Σa²) over the frames both have, in dB; −∞ for equal samples.
    var differenceDB: Double

    func passes(_ tolerance: AudioTolerance) -> Bool {
        abs(afterSeconds - beforeSeconds) <= tolerance.seconds && abs(afterLoudness - beforeLoudness) <= tolerance.loudness
            && differenceDB <= tolerance.differenceDB
    }

    package var summary: String {
        "duration \(Format.number(beforeSeconds, decimals: 3)) s → \(Format.number(afterSeconds, decimals: 3)) s, loudness "
            + "\(Format.number(beforeLoudness, decimals: 1)) → \(Format.number(afterLoudness, decimals: 1)) LUFS, difference "
            + (differenceDB.isFinite ? "\(Format.number(differenceDB, decimals: 1)) dB" : "none")
    }

    /// Decodes both sounds (the encoder's helper, `AACCodec.decode`) and measures them.
    static func between(_ before: [UInt8], _ after: [UInt8], names: (before: String, after: String)) throws(AACCodec.Failure) -> AudioDifference {
        let old = try AACCodec.decode(before, file: names.before)
        let new = try AACCodec.decode(after, file: names.after)
        var signal = 0.0, difference = 0.0
        for (a, b) in [(old.buffer.left, new.buffer.left), (old.buffer.right, new.buffer.right)] {
            for i in 0..<min(a.count, b.count) {
                signal += Double(a[i]) * Double(a[i])
                difference += Double(a[i] - b[i]) * Double(a[i] - b[i])
            }
        }
        let ratio = difference == 0 ? -Double.infinity : 10 * log10(difference / max(signal, .leastNonzeroMagnitude))
        return AudioDifference(
            beforeSeconds: Double(old.buffer.frames) / Double(old.sampleRate), afterSeconds: Double(new.buffer.frames) / Double(new.sampleRate),
            beforeLoudness: Loudness.measure(old.buffer).integrated, afterLoudness: Loudness.measure(new.buffer).integrated, differenceDB: ratio)
    }
}
