import Dispatch

/// A value shared between threads, read and written under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    @discardableResult
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.wait()
        defer { lock.signal() }
        return try body(&stored)
    }
}
