import BijouxCore
import CBijouxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a track waits, before its gain, between its synthesis and its mastering:
/// interleaved frames (left, right), written where `TrackSynthesis` says and read in order.
protocol TrackStore {
    mutating func write(_ interleaved: [Float], at frame: Int)
    func read(_ frames: Range<Int>) -> [Float]
}

/// The track in memory: for tests, which look at every sample.
struct MemoryStore: TrackStore {
    var samples: [Float]

    init(frames: Int) { samples = [Float](repeating: 0, count: 2 * frames) }

    mutating func write(_ interleaved: [Float], at frame: Int) {
        samples.replaceSubrange((2 * frame)..<(2 * frame + interleaved.count), with: interleaved)
    }

    func read(_ frames: Range<Int>) -> [Float] { Array(samples[(2 * frames.lowerBound)..<(2 * frames.upperBound)]) }
}

/// The track in a temporary file that has no name: it is unlinked as soon as it is
/// made, so nothing is left whatever ends the process, and the system frees its blocks
/// when the descriptor closes. The descriptor is close-on-exec from its creation, so no
/// helper the build spawns meanwhile holds the file (and its blocks) open. It is in
/// `$TMPDIR` (else /tmp); the page cache, not the process, holds what is read back. A
/// failed write or read is kept and thrown by `check`.
final class ScratchFile: TrackStore {
    struct Failure: UserFacingError, Equatable {
        var file: String
        var reason: String
        var diagnostic: Diagnostic { Diagnostic(place: file, message: reason) }
    }

    private let fd: Int32
    private let file: String
    private let folder: String
    private var failure: String?

    init(file: String) throws(Failure) {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        folder = variable.isEmpty ? "/tmp" : variable
        self.file = file
        var template = Array((folder + "/bijoux-track.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { pointer in pointer.baseAddress.map { bx_mkstemp_cloexec($0) } ?? -1 }
        guard fd >= 0 else { throw Failure(file: file, reason: "cannot make a temporary file for the track in \(folder): " + String(cString: strerror(errno))) }
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        self.fd = fd
    }

    deinit { close(fd) }

    func write(_ interleaved: [Float], at frame: Int) {
        guard failure == nil else { return }
        interleaved.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count, let base = bytes.baseAddress {
                let wrote = pwrite(fd, base + done, bytes.count - done, off_t(frame * 8 + done))
                if wrote < 0 && errno == EINTR { continue }
                guard wrote > 0 else {
                    failure = "cannot write the track to a temporary file in \(folder): " + String(cString: strerror(errno))
                    return
                }
                done += wrote
            }
        }
    }

    func read(_ frames: Range<Int>) -> [Float] {
        var samples = [Float](repeating: 0, count: 2 * frames.count)
        guard failure == nil else { return samples }
        samples.withUnsafeMutableBytes { bytes in
            var done = 0
            while done < bytes.count, let base = bytes.baseAddress {
                let got = pread(fd, base + done, bytes.count - done, off_t(frames.lowerBound * 8 + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    let reason = got == 0 ? "it is shorter than written" : String(cString: strerror(errno))
                    failure = "cannot read the track back from its temporary file in \(folder): " + reason
                    return
                }
                done += got
            }
        }
        return samples
    }

    func check() throws(Failure) {
        if let failure { throw Failure(file: file, reason: failure) }
    }
}
