import Foundation

/// Waits (at most `seconds`, looking every 50 ms) until `condition` holds; whether it
/// did. The one way the tests wait for something another process does: a deadline
/// that only a hang reaches, never a fixed sleep that a slow machine outlasts.
func poll(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// What a running child writes to a pipe, collected as it arrives (by the pipe's
/// readability handler), so a test can wait for a line while the child still runs.
final class StreamedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private var ended = false

    /// Collects everything written to `pipe` from now on, until its writing end is
    /// closed (the child, and whatever it started, has exited). The handler keeps this
    /// object alive until then.
    init(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                // End of file: a handler left in place would be called again and again.
                handle.readabilityHandler = nil
                self.lock.withLock { self.ended = true }
            } else {
                self.lock.withLock { self.bytes.append(data) }
            }
        }
    }

    /// The output so far.
    var value: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

    /// Whether the writing end is closed, so `value` is all there will be.
    var hasEnded: Bool { lock.withLock { ended } }

    /// Waits (at most `seconds`) until `condition` holds for the output so far.
    func wait(_ seconds: Double, until condition: (String) -> Bool) -> Bool {
        poll(upTo: seconds) { condition(value) }
    }

    /// Waits (at most `seconds`) for the end of the output: the last bytes may reach
    /// the handler after the process has ended.
    func waitForEnd(_ seconds: Double) -> Bool {
        poll(upTo: seconds) { hasEnded }
    }
}
