// The part of Foundation the loopback test server uses, with the shapes of Apple's Foundation.
// It stands in for Foundation because the real one on Linux loads Glibc, whose C declarations
// would collide with the Darwin stubs'. Compiled only to be type-checked against.

@_exported import Darwin

open class Thread {
    public init(block: @escaping @Sendable () -> Void) {}

    open func start() {}
}

public struct POSIXError: Error {
    public typealias Code = POSIXErrorCode

    public init(_ code: Code, userInfo: [String: Any] = [:]) {}
}
