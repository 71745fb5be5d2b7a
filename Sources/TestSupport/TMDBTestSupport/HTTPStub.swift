import Foundation
import TMDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP server stand-in for tests, reached through `session` (the seeds' MockURLProtocol).
///
/// Each stub has its own base URL (unique host), so tests that run in parallel never see each
/// other: one `URLProtocol` class looks the stub up by host in a locked registry.
/// Unmatched requests get `.sampleData()`, so a test only spells out what it is about.
public final class HTTPStub: Sendable {
    /// E.g. `http://stub-<uuid>.invalid`; `.invalid` can never resolve, should a request escape.
    public let baseURL: URL
    /// A session whose `protocolClasses` route here.
    public let session: URLSession
    let state: StubState

    /// `keepsRecord: false` leaves `requests` empty for the stub's whole life: for the bench,
    /// which measures the memory of 500 pages served and must count the app's, not the stub's.
    public init(keepsRecord: Bool = true) {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "stub-\(UUID().uuidString.lowercased()).invalid"
        guard let url = components.url, let host = components.host else {
            preconditionFailure("A UUID host is always a valid URL.")
        }
        baseURL = url
        state = StubState()
        state.storage.withLock { $0.keepsRecord = keepsRecord }
        StubState.register(state, host: host)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        configuration.timeoutIntervalForRequest = Endpoint.requestTimeout
        session = URLSession(configuration: configuration)
    }

    /// A live-mode configuration aimed at this stub (not sample mode, whatever the credential),
    /// posters too: they are asked for under `/t/p/` on the stub's host, as on TMDB's.
    public func configuration(
        credential: Credential? = .apiKey("stub-key"), language: String = "en-US"
    ) -> Configuration {
        Configuration(
            credential: credential, baseURL: baseURL,
            imageBaseURL: baseURL.appending(path: "t/p/"), language: language)
    }

    /// A client that talks to this stub; pass a recording `RetryPolicy` to avoid real waits.
    public func makeClient(
        credential: Credential? = .apiKey("stub-key"), language: String = "en-US",
        retryPolicy: RetryPolicy = .standard
    ) -> TMDBClient {
        TMDBClient(
            configuration: configuration(credential: credential, language: language),
            session: session, retryPolicy: retryPolicy)
    }

    /// Answers requests whose path equals `path` (e.g. "/3/movie/550") and whose query contains
    /// every item of `query`. Later rules win. Unmatched requests get `.sampleData()`.
    public func respond(
        to path: String, query: [String: String] = [:], with response: StubResponse
    ) {
        respond(to: path, query: query, withSequence: [response])
    }

    /// Answers successive matching requests with successive responses; the last one repeats.
    public func respond(
        to path: String, query: [String: String] = [:], withSequence responses: [StubResponse]
    ) {
        state.addRule(StubState.Rule(path: path, query: query, responses: responses))
    }

    /// Answers each matching request with what `makeResponse` returns for it, made when the
    /// request arrives and not kept afterwards: for many or large bodies that a test (or the
    /// bench) should not hold all at once. Later rules win, as with the other `respond`s.
    public func respond(
        to path: String, query: [String: String] = [:],
        making makeResponse: @escaping @Sendable (RecordedRequest) -> StubResponse
    ) {
        state.addRule(
            StubState.Rule(path: path, query: query, responses: [], makeResponse: makeResponse))
    }

    /// Added to every sample-data answer, e.g. to keep a screen loading for a while.
    public func setDefaultDelay(_ delay: Duration) {
        state.storage.withLock { $0.defaultDelay = delay }
    }

    /// Every request received so far, in the order they started.
    public var requests: [RecordedRequest] {
        state.storage.withLock { $0.requests }
    }

    /// The requests for `path` whose query contains every item of `query`.
    public func requests(path: String, query: [String: String] = [:]) -> [RecordedRequest] {
        requests.filter { $0.path == path && StubState.query($0.queryItems, contains: query) }
    }

    /// Requests started and not yet answered or cancelled.
    public var inFlightCount: Int {
        state.storage.withLock { storage in storage.requests.count { $0.finishedAt == nil } }
    }

    /// Waits until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    public func waitUntil(
        timeout: Duration = .seconds(60), _ condition: @Sendable (HTTPStub) -> Bool
    ) async -> Bool {
        await poll(timeout: timeout) { condition(self) }
    }
}
