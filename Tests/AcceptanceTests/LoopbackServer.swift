import Foundation
import Synchronization

// DARWIN_SHAPES is set only by DarwinShapes/check, which type-checks the Darwin branch on Linux.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
#endif

/// An HTTP server on 127.0.0.1 that gives every request the same answer, so the real
/// binaries can meet a server that rejects them. It serves loopback only.
final class LoopbackServer: Sendable {
    let baseURL: String
    private let listener: Int32
    private let count = Mutex(0)

    var requestCount: Int { count.withLock { $0 } }

    init(status: Int, body: String) throws {
        let listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
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
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        self.baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let response = Array(
            """
            HTTP/1.1 \(status) Status\r
            Content-Type: application/json;charset=utf-8\r
            Content-Length: \(body.utf8.count)\r
            Connection: close\r
            \r
            \(body)
            """.utf8)
        let thread = Thread { [self] in serve(response) }
        thread.start()
    }

    private func serve(_ response: [UInt8]) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 8192)
            var received: [UInt8] = []
            while !received.containsHeaderEnd {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            count.withLock { $0 += 1 }
            _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            close(connection)
        }
    }

    /// Stops accepting; the serving thread ends on its next `accept`.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

extension [UInt8] {
    /// True once a request's headers are complete (the bodies sent here are empty).
    fileprivate var containsHeaderEnd: Bool {
        count >= 4 && suffix(4).elementsEqual("\r\n\r\n".utf8)
    }
}
