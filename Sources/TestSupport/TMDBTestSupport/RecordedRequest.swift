import Foundation

/// One request an `HTTPStub` received, with when it started and when it was answered, so that
/// a test can prove two requests overlapped (D2) or that one was never sent twice (T6).
public struct RecordedRequest: Sendable {
    public var url: URL
    /// The URL's path, e.g. "/3/movie/550".
    public var path: String
    public var queryItems: [String: String]
    public var headers: [String: String]
    public var startedAt: ContinuousClock.Instant
    /// When the response or failure was delivered, or the request was cancelled; `nil` while
    /// it is in flight.
    public var finishedAt: ContinuousClock.Instant?

    public init(
        url: URL, path: String, queryItems: [String: String], headers: [String: String],
        startedAt: ContinuousClock.Instant, finishedAt: ContinuousClock.Instant? = nil
    ) {
        self.url = url
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// Whether this request was still in flight when `other` started, or the other way round.
    public func overlaps(_ other: RecordedRequest) -> Bool {
        let distantFuture = ContinuousClock.now.advanced(by: .seconds(3600 * 24))
        let end = finishedAt ?? distantFuture
        let otherEnd = other.finishedAt ?? distantFuture
        return startedAt < otherEnd && other.startedAt < end
    }

    /// A header by name, ignoring case as HTTP does.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
