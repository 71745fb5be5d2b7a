import Foundation
import TMDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an `HTTPStub` answers to one request: an HTTP response, or a transport failure.
public struct StubResponse: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data
    /// Waited before the response is delivered; cancelling the request cancels the wait.
    public var delay: Duration
    /// Deliver this transport error instead of a response (offline, timed out…).
    public var failure: URLError.Code?
    /// Held until the gate opens, after `delay`: for answers a test releases in its own order.
    public var gate: StubGate?
    /// Answer with whatever `SampleData` answers for the request (status and body).
    var servesSampleData = false

    public init(
        statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data(),
        delay: Duration = .zero, failure: URLError.Code? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.delay = delay
        self.failure = failure
    }

    /// This response, held until `gate` opens.
    public func held(by gate: StubGate) -> StubResponse {
        var response = self
        response.gate = gate
        return response
    }

    /// A JSON body with the given status.
    public static func json(_ text: String, statusCode: Int = 200, delay: Duration = .zero)
        -> StubResponse
    {
        StubResponse(
            statusCode: statusCode, headers: ["Content-Type": "application/json;charset=utf-8"],
            body: Data(text.utf8), delay: delay)
    }

    /// TMDB's error body `{"success":false,"status_code":code,"status_message":message}`.
    public static func tmdbError(
        statusCode: Int, code: Int, message: String, headers: [String: String] = [:]
    ) -> StubResponse {
        var allHeaders = ["Content-Type": "application/json;charset=utf-8"]
        allHeaders.merge(headers) { _, new in new }
        return StubResponse(
            statusCode: statusCode, headers: allHeaders,
            body: SampleData.errorBody(code: code, message: message))
    }

    /// A transport failure, e.g. `.notConnectedToInternet` or `.timedOut`.
    public static func failure(_ code: URLError.Code, delay: Duration = .zero) -> StubResponse {
        StubResponse(statusCode: 0, delay: delay, failure: code)
    }

    /// Whatever the bundled sample data answers for the request (404 code 34 when absent).
    public static func sampleData(delay: Duration = .zero) -> StubResponse {
        var response = StubResponse(delay: delay)
        response.servesSampleData = true
        return response
    }
}

/// A gate a test opens to release the responses it holds, in the order the test chooses. A
/// request cancelled while held stops waiting at once, as with `delay`.
public final class StubGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// Releases every response held here, and every one held later.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once the gate is open, or at once when the calling task is cancelled.
    func wait() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isWaiting = state.withLock { state in
                    guard !state.isOpen, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !isWaiting {
                    continuation.resume()
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
