import Foundation

/// A value behind a lock, for the little shared state the URL protocols keep.
///
/// `Mutex` (Synchronization) would do, but it needs macOS 15 and the package supports 14.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
