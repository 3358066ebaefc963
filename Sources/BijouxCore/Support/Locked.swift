import Dispatch

/// A value shared between threads, read and written under a lock: the one lock of the
/// tool. Unchecked because the compiler cannot see that the lock guards `stored`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var stored: Value

    package init(_ value: Value) { stored = value }

    package var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    @discardableResult
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.wait()
        defer { lock.signal() }
        return try body(&stored)
    }
}
