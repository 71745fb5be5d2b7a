// Every socket call of the loopback test server lives here, so that macOS and Linux differ in
// one short file: SOCK_STREAM's type, the address's length byte, and how a write to a client
// that hung up is kept from raising SIGPIPE (a flag on each send on Linux, a socket option on
// Darwin). DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin
// branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)

    /// Nothing to set: each send says MSG_NOSIGNAL.
    private func turnOffBrokenPipeSignal(on connection: Int32) {}
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let sendFlags: Int32 = 0

    /// Darwin has no MSG_NOSIGNAL: the socket itself is told.
    private func turnOffBrokenPipeSignal(on connection: Int32) {
        var noSignal: Int32 = 1
        _ = setsockopt(
            connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    }
#endif

/// TCP sockets on 127.0.0.1, as the test server needs them. A client that hangs up first
/// cannot end the test process with SIGPIPE.
enum LoopbackSocket {
    /// A socket listening on an ephemeral port of 127.0.0.1, and that port; nil if none.
    static func makeListener() -> (descriptor: Int32, port: UInt16)? {
        let listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            return nil
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    /// Opens a connection to `port` on 127.0.0.1 and closes it: what wakes a thread waiting
    /// in `nextConnection(on:)` without closing the listener under it.
    static func knock(onPort port: UInt16) {
        let connection = socket(AF_INET, streamSocket, 0)
        guard connection >= 0 else { return }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                connect(connection, address, length)
            }
        }
        close(connection)
    }

    /// The next connection, or nil once the listener is closed.
    static func nextConnection(on listener: Int32) -> Int32? {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return nil }
        turnOffBrokenPipeSignal(on: connection)
        return connection
    }

    /// Reads what has arrived into `buffer`: the count, 0 at the end, -1 on an error.
    static func receive(from connection: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { bytes in read(connection, bytes.baseAddress, bytes.count) }
    }

    /// Sends all of `bytes`, or as much as the client takes before it hangs up.
    static func sendAll(_ bytes: [UInt8], to connection: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                send(
                    connection, buffer.baseAddress.map { $0 + offset }, bytes.count - offset,
                    sendFlags)
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Closes with a TCP reset instead of FIN: linger on, timeout zero.
    static func reset(_ connection: Int32) {
        var abort = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(
            connection, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        close(connection)
    }

    /// Ends both directions of a connection without closing it: a thread reading from it
    /// wakes with the end of the data, and its owner closes it.
    static func shutDown(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_RDWR))
    }

    static func closeConnection(_ connection: Int32) {
        close(connection)
    }

    /// Closes the listener. Only the thread that accepts on it may call this: closed from
    /// elsewhere, its number could be handed to a new listener before that thread's next
    /// `accept`, which would then take the new listener's connections.
    static func closeListener(_ listener: Int32) {
        close(listener)
    }
}
