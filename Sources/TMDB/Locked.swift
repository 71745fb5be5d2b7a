import Foundation

/// A value behind a lock, for the little shared state the URL protocols keep.
///
/// A class rather than Synchronization's `Mutex`, which the package's macOS 15 minimum would
/// allow: it is shared by reference, where `Mutex` is `~Copyable`, and `withLock` may return
/// values that are not `sending`.
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
