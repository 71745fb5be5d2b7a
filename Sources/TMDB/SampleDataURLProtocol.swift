import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request of a sample-data session from `SampleData.response(for:)`: the API's
/// JSON, and the sample posters for image paths (P9).
///
/// A protocol class cannot hold per-session values, so the latency travels in a request
/// header: `TMDBClient` stamps it in sample mode, and the session's additional headers carry
/// it where the platform shows them to protocols (Darwin may; Linux does not). Without either,
/// the latency of the most recent `SampleData.makeSession(latency:)` applies.
final class SampleDataURLProtocol: URLProtocol {
    static let latencyHeader = "X-Sample-Data-Latency-Microseconds"

    /// The header a sample-mode client adds to its requests.
    static func latencyHeaderField(for latency: Duration) -> (name: String, value: String) {
        (latencyHeader, headerValue(for: latency))
    }

    private static let lastLatency = Locked(Duration.zero)

    private let delivery = ScheduledDelivery()

    static func rememberLatency(_ latency: Duration) {
        lastLatency.withLock { $0 = latency }
    }

    static func headerValue(for latency: Duration) -> String {
        let (seconds, attoseconds) = latency.components
        return String(max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url else {
            let loader = UncheckedSendable(self)
            delivery.schedule(after: .zero, serving: task) { loader.value.deliverFailure(.badURL) }
            return
        }
        let latency: Duration
        if let text = request.value(forHTTPHeaderField: Self.latencyHeader),
            let microseconds = Int64(text)
        {
            latency = .microseconds(microseconds)
        } else {
            latency = Self.lastLatency.withLock { $0 }
        }
        let loader = UncheckedSendable(self)
        delivery.schedule(after: latency, serving: task) {
            let answer = SampleData.response(for: url)
            let isPoster = SampleData.isPosterRequest(url) && answer.statusCode == 200
            loader.value.deliverResponse(
                statusCode: answer.statusCode,
                headers: [
                    "Content-Type": isPoster ? "image/jpeg" : "application/json;charset=utf-8"
                ], body: answer.body)
        }
    }

    override func stopLoading() {
        delivery.cancel()
    }
}
