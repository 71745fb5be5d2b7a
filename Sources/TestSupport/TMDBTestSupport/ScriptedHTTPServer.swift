import Foundation
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 whose answer to each request a test decides: a response,
/// a redirect, a reset connection or a body cut short. It records every request it receives
/// (with its `Host` header, so a test can tell `localhost` from `127.0.0.1`) and serves
/// loopback only. One connection a request; the server closes it after answering.
public final class ScriptedHTTPServer: Sendable {
    /// One request as it arrived.
    public struct Request: Sendable {
        /// "/3/trending/movie/week?page=1&language=en-US".
        public var target: String
        /// Header names in lower case.
        public var headers: [String: String]

        /// The target without its query.
        public var path: String { String(target.prefix { $0 != "?" }) }
        /// The `Host` header, e.g. "localhost:49152".
        public var host: String { headers["host"] ?? "" }
        public var queryItems: [String: String] {
            let items = URLComponents(string: target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        }
    }

    /// What the server does with one request.
    public enum Answer: Sendable {
        /// A complete response.
        case response(StubResponse)
        /// A 3xx pointing to `location`.
        case redirect(status: Int = 301, location: String)
        /// Closes the connection with a TCP reset instead of answering.
        case reset
        /// Closes the connection in the ordinary way (FIN) without a byte of answer.
        case close
        /// Headers that promise `declaredLength` body bytes, then only `body`, then close.
        case shortBody(declaredLength: Int, body: String)
        /// Reads the request and never answers, keeping the connection open until the client
        /// hangs up (recorded in `hangUps`) or `stop()`.
        case hang
    }

    /// "http://127.0.0.1:<port>".
    public let baseURL: String
    public let port: UInt16
    private let listener: Int32
    private let recorded = Mutex<[Request]>([])
    /// Connections left unanswered (`hang`), and whether `stop()` has shut them down.
    private let held = Mutex((connections: [Int32](), isStopped: false))
    private let recordedHangUps = Mutex<[HangUp]>([])

    /// A client that closed its connection while the server held back the answer (`hang`):
    /// what a cancelled request looks like from the server (E1).
    public struct HangUp: Sendable {
        public var request: Request
        public var time: ContinuousClock.Instant
    }

    /// Every request received so far, in order.
    public var requests: [Request] { recorded.withLock { $0 } }

    /// Every held request whose client hung up, in the order they hung up.
    public var hangUps: [HangUp] { recordedHangUps.withLock { $0 } }

    /// Waits until `condition` holds of the requests and hang-ups so far, or `timeout`
    /// passes; returns whether it held.
    public func waitUntil(
        timeout: Duration = .seconds(60), _ condition: @Sendable (ScriptedHTTPServer) -> Bool
    ) async -> Bool {
        await poll(timeout: timeout) { condition(self) }
    }

    /// Starts listening on an ephemeral port of 127.0.0.1; `answer` runs on the server's thread.
    public init(answer: @escaping @Sendable (Request) -> Answer) throws {
        guard let listening = LoopbackSocket.makeListener() else {
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listening.descriptor
        self.port = listening.port
        self.baseURL = "http://127.0.0.1:\(port)"
        let thread = Thread { [self] in serve(answer) }
        thread.start()
    }

    /// Stops accepting and shuts down every held connection (its watcher closes it, and
    /// records no hang-up). The serving thread is woken by a connection of the server's own
    /// and closes the listener itself, so that no later server can get the listener's
    /// number while this one's thread may still accept on it.
    public func stop() {
        let connections = held.withLock { held in
            held.isStopped = true
            return held.connections
        }
        for connection in connections {
            LoopbackSocket.shutDown(connection)
        }
        LoopbackSocket.knock(onPort: port)
    }

    private var isStopped: Bool { held.withLock { $0.isStopped } }

    private func serve(_ answer: @Sendable (Request) -> Answer) {
        defer { LoopbackSocket.closeListener(listener) }
        while true {
            guard let connection = LoopbackSocket.nextConnection(on: listener) else { return }
            guard !isStopped else {
                LoopbackSocket.closeConnection(connection)
                return
            }
            guard let request = Self.readRequest(from: connection) else {
                LoopbackSocket.closeConnection(connection)
                continue
            }
            recorded.withLock { $0.append(request) }
            switch answer(request) {
            case .response(let response):
                LoopbackSocket.sendAll(
                    Self.head(
                        status: response.statusCode, headers: response.headers,
                        length: response.body.count) + Array(response.body), to: connection)
            case .redirect(let status, let location):
                LoopbackSocket.sendAll(
                    Self.head(status: status, headers: ["Location": location], length: 0),
                    to: connection)
            case .reset:
                LoopbackSocket.reset(connection)
                continue
            case .close:
                break
            case .shortBody(let declaredLength, let body):
                LoopbackSocket.sendAll(
                    Self.head(status: 200, headers: [:], length: declaredLength) + Array(body.utf8),
                    to: connection)
            case .hang:
                // Held after `stop()`, a connection would never be shut down: end it now.
                let isHeld = held.withLock { held in
                    guard !held.isStopped else { return false }
                    held.connections.append(connection)
                    return true
                }
                guard isHeld else {
                    LoopbackSocket.closeConnection(connection)
                    continue
                }
                let watcher = Thread { [self] in holdUntilHangUp(connection, request: request) }
                watcher.start()
                continue
            }
            LoopbackSocket.closeConnection(connection)
        }
    }

    /// Keeps a held connection until its client closes it (reads end) or `stop()` shuts it
    /// down, then closes it; a client's close is recorded with its time.
    private func holdUntilHangUp(_ connection: Int32, request: Request) {
        var buffer = [UInt8](repeating: 0, count: 512)
        while LoopbackSocket.receive(from: connection, into: &buffer) > 0 {}
        let time = ContinuousClock.now
        let isStopped = held.withLock { held in
            held.connections.removeAll { $0 == connection }
            return held.isStopped
        }
        if !isStopped {
            recordedHangUps.withLock { $0.append(HangUp(request: request, time: time)) }
        }
        LoopbackSocket.closeConnection(connection)
    }

    private static func head(status: Int, headers: [String: String], length: Int) -> [UInt8] {
        var lines = ["HTTP/1.1 \(status) Status"]
        var fields = headers
        fields["Content-Type"] = fields["Content-Type"] ?? "application/json;charset=utf-8"
        fields["Content-Length"] = String(length)
        fields["Connection"] = "close"
        lines += fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    private static func readRequest(from connection: Int32) -> Request? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received: [UInt8] = []
        while !(received.count >= 4 && received.suffix(4).elementsEqual("\r\n\r\n".utf8)) {
            let count = LoopbackSocket.receive(from: connection, into: &buffer)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(target: String(requestLine[1]), headers: headers)
    }
}
