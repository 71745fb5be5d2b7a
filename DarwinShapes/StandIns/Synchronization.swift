// The part of Synchronization the loopback test server uses. It stands in for the real module
// because that one loads Glibc on Linux, whose C declarations would collide with the Darwin
// stubs'. Compiled only to be type-checked against.

public struct Mutex<Value>: ~Copyable, @unchecked Sendable {
    private let value: Value

    public init(_ initialValue: consuming sending Value) {
        value = initialValue
    }

    public borrowing func withLock<Result>(_ body: (inout sending Value) throws -> sending Result)
        rethrows -> sending Result
    {
        var copy = value
        return try body(&copy)
    }
}
