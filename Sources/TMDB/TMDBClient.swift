import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Told the whole seconds left, rounded up, while a 429 is waited out, and 0 once the request
/// goes again, so that a screen can count down (E6).
public typealias RateLimitWaitHandler = @Sendable (_ secondsLeft: Int) async -> Void

/// Sends endpoints with `URLSession.data(for:)`, checks the status, decodes, and maps every
/// failure to `TMDBError`.
///
/// The same code runs against live TMDB, the bundled sample data and the test stub: only the
/// `URLSession` differs (its `URLProtocol` answers instead of the network).
public struct TMDBClient: Sendable {
    public let configuration: Configuration
    /// The session requests go through; sample data and tests swap it, not the client.
    public let session: URLSession
    public let retryPolicy: RetryPolicy
    /// Keeps the credential on the configured host: other servers' redirects are not followed.
    private let redirectGuard: RedirectGuard

    /// `session == nil`: a session that serves bundled sample data when
    /// `configuration.usesSampleData`, otherwise a plain ephemeral session.
    public init(
        configuration: Configuration, session: URLSession? = nil,
        retryPolicy: RetryPolicy = .standard
    ) {
        self.configuration = configuration
        self.retryPolicy = retryPolicy
        let redirectGuard = RedirectGuard(baseURL: configuration.baseURL)
        self.redirectGuard = redirectGuard
        if let session {
            self.session = session
        } else if configuration.usesSampleData {
            self.session = SampleData.makeSession(sessionLatency: configuration.sampleLatency)
        } else {
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
            // The session's delegate, not a task's: Linux's URLSession asks only the session's
            // delegate about redirects. Injected sessions (sample data, stubs) never redirect.
            self.session = URLSession(
                configuration: sessionConfiguration, delegate: redirectGuard, delegateQueue: nil)
        }
    }

    /// Sends `endpoint` and decodes a 2xx body as `Response`; a 429 is retried per `retryPolicy`,
    /// and `onRateLimitWait` hears the countdown.
    public func send<Response: Decodable & Sendable>(
        _ endpoint: Endpoint, as type: Response.Type,
        onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(TMDBError) -> Response {
        var request = endpoint.makeRequest(configuration: configuration)
        if configuration.usesSampleData {
            // The sample protocol cannot see which session it serves; tell it the latency (L5).
            let field = SampleDataURLProtocol.latencyHeaderField(for: configuration.sampleLatency)
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        var retry = 0
        while true {
            let (data, response) = try await load(request)
            guard let httpResponse = response as? HTTPURLResponse else {
                throw .unreadableResponse(detail: "the answer was not an HTTP response.")
            }
            let status = httpResponse.statusCode
            if status == 429 {
                let retryAfter = Self.retryAfterSeconds(in: httpResponse)
                guard retry < retryPolicy.maximumRetries,
                    retryPolicy.waitsOut(retryAfter: retryAfter)
                else {
                    throw .rateLimited(retryAfter: retryAfter)
                }
                let delay = retryPolicy.delay(beforeRetry: retry, retryAfter: retryAfter)
                do {
                    try await waitOut(delay, reporting: onRateLimitWait)
                } catch {
                    throw .cancelled
                }
                if Task.isCancelled { throw .cancelled }
                retry += 1
                continue
            }
            if (300..<400).contains(status), let origin = refusedRedirect(httpResponse) {
                throw .redirectRefused(origin: origin)
            }
            guard (200..<300).contains(status) else {
                throw error(status: status, body: data)
            }
            return try decode(Response.self, from: data)
        }
    }

    /// A page of trending movies (T1, T6). Adult titles are still in it: a `MovieList` leaves them out.
    public func trendingMovies(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(TMDBError) -> MoviePage {
        try await send(
            .trendingMovies(timeWindow: timeWindow, page: page), as: MoviePage.self,
            onRateLimitWait: onRateLimitWait)
    }

    /// The detail with its cast appended (D1).
    public func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler = { _ in })
        async throws(TMDBError) -> MovieDetail
    {
        try await send(.movieDetail(id: id), as: MovieDetail.self, onRateLimitWait: onRateLimitWait)
    }

    /// The movie's videos; pick the trailer with `preferredTrailer()` (D7).
    public func movieVideos(id: Int) async throws(TMDBError) -> [Video] {
        try await send(.movieVideos(id: id), as: VideoList.self).results
    }

    /// A page of search results (adult titles excluded by TMDB).
    public func searchMovies(
        query: String, page: Int, onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(TMDBError) -> MoviePage {
        try await send(
            .searchMovies(query: query, page: page), as: MoviePage.self,
            onRateLimitWait: onRateLimitWait)
    }

    /// TMDB's 19 movie genres.
    public func movieGenres() async throws(TMDBError) -> [Genre] {
        try await send(.movieGenres, as: GenreList.self).genres
    }

    // MARK: - Steps of `send`

    /// Sleeps `delay` a second at a time, telling `report` the whole seconds left before each
    /// (rounded up), then 0 as the request goes again (E6).
    private func waitOut(_ delay: Duration, reporting report: RateLimitWaitHandler) async throws {
        var left = delay
        while left > .zero {
            await report(Int((left / .seconds(1)).rounded(.up)))
            let slice = Swift.min(left, .seconds(1))
            try await retryPolicy.sleep(slice)
            left -= slice
        }
        await report(0)
    }

    private func load(_ request: URLRequest) async throws(TMDBError) -> (Data, URLResponse) {
        if Task.isCancelled { throw .cancelled }
        let result: (Data, URLResponse)
        do {
            result = try await Transfer(request, on: session).response()
        } catch {
            throw Self.transportError(error, server: configuration.serverName)
        }
        // An answer that arrives after the caller gave up is not delivered (E1).
        if Task.isCancelled { throw .cancelled }
        return result
    }

    /// The server a 3xx pointed to, when it is not the configured one (the guard did not
    /// follow it), for the message; nil for a redirect within the configured origin.
    private func refusedRedirect(_ response: HTTPURLResponse) -> String? {
        guard let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
            !redirectGuard.allows(target)
        else { return nil }
        let origin = Origin(target)?.description ?? "a URL that is not http(s)"
        return redact(origin).truncatedForMessage(maximumCount: 60)
    }

    private func error(status: Int, body: Data) -> TMDBError {
        switch status {
        case 401:
            return .credentialRejected(variable: configuration.credential?.environmentVariable)
        case 404:
            return .notFound
        case 500...599:
            return .serverError(status: status)
        default:
            let message =
                (try? JSONDecoder().decode(ErrorBody.self, from: body))?.statusMessage
                ?? HTTPURLResponse.localizedString(forStatusCode: status)
            return .requestRejected(status: status, message: redact(message))
        }
    }

    private func decode<Response: Decodable>(
        _ type: Response.Type, from data: Data
    ) throws(TMDBError) -> Response {
        let firstByte = data.first { !Self.whitespaceBytes.contains($0) }
        guard let firstByte else {
            throw .unreadableResponse(detail: "the body was empty.")
        }
        if firstByte == UInt8(ascii: "<") {
            throw .unreadableResponse(detail: "the server sent an HTML page, not JSON.")
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch let decodingError as DecodingError {
            throw .unreadableResponse(detail: redact(Self.describe(decodingError)))
        } catch {
            throw .unreadableResponse(detail: "the body was not valid JSON.")
        }
    }

    /// Removes the secret (should any outside text echo it) and keeps the text to one line.
    private func redact(_ text: String) -> String {
        var result = text
        if let secret = configuration.credential?.secret, !secret.isEmpty {
            result = result.replacingOccurrences(of: secret, with: "(redacted)")
        }
        result = String(
            result.unicodeScalars.map { scalar in
                CharacterSet.controlCharacters.contains(scalar) ? " " : Character(scalar)
            })
        return result.truncatedForMessage(maximumCount: 200)
    }

    private static let whitespaceBytes: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// `Retry-After` as whole seconds; an HTTP date or garbage counts as absent.
    static func retryAfterSeconds(in response: HTTPURLResponse) -> Int? {
        guard let text = response.value(forHTTPHeaderField: "Retry-After") else { return nil }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            return nil
        }
        return seconds
    }

    /// Maps what `URLSession` throws by its code alone (its `failingURL` may hold `api_key=`, L8).
    package static func transportError(_ error: any Error, server: String) -> TMDBError {
        if let error = error as? TMDBError { return error }
        if error is CancellationError { return .cancelled }
        let code: URLError.Code
        if let urlError = error as? URLError {
            code = urlError.code
        } else {
            let nsError = error as NSError
            // Failable on Linux, not on Darwin: the annotation makes both read the same.
            let bridged: URLError.Code? = URLError.Code(rawValue: nsError.code)
            guard nsError.domain == NSURLErrorDomain, let bridged else {
                return .unreachable(server: server)
            }
            code = bridged
        }
        switch code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut
        case .networkConnectionLost, .unknown:
            // The server was reached and the connection broke: a reset, or a body shorter than
            // its Content-Length (Linux's URLSession reports that one as `.unknown`).
            return .connectionLost
        case let code where closedWithoutAnswer.contains(code):
            return .connectionLost
        case .httpTooManyRedirects:
            return .tooManyRedirects(server: server)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData,
            .cannotDecodeRawData, .zeroByteResource:
            return .unreadableResponse(detail: "the server's answer was malformed.")
        default:  // No answer came: what is known of why, and no more (T9, TMDBError.swift).
            return TMDBError(connectionFailure: code, server: server)
        }
    }

    #if canImport(FoundationNetworking)
        /// What a connection closed before any answer is reported as, besides
        /// `.networkConnectionLost`: libcurl's "empty reply from server" arrives as
        /// `.badServerResponse`, which never means anything else on Linux (T9).
        static let closedWithoutAnswer: Set<URLError.Code> = [.badServerResponse]
    #else
        /// Apple's URLSession reports a connection closed before any answer as
        /// `.networkConnectionLost`, and keeps `.badServerResponse` for an answer it could not
        /// read (T9).
        static let closedWithoutAnswer: Set<URLError.Code> = []
    #endif

    /// "results[3].vote_count: expected Int, found a string" — where and what, in one line.
    package static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found something else."
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null."
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath, key)): missing."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body was not valid JSON."
                : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the body did not match the expected shape."
        }
    }
}

extension String {
    /// At most `maximumCount` characters, ending with "…" when cut.
    func truncatedForMessage(maximumCount: Int) -> String {
        count > maximumCount ? String(prefix(maximumCount - 1)) + "…" : self
    }
}

/// TMDB's error body: `{"success": false, "status_code": 34, "status_message": "…"}`.
struct ErrorBody: Decodable {
    var success: Bool?
    var statusCode: Int?
    var statusMessage: String?

    enum CodingKeys: String, CodingKey {
        case success
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }
}

extension TMDBClient {
    /// The one client every screen reaches for in steps 01–04, as tutorials start: a global
    /// that each step's `App` sets once at launch. Step 05 stops using it in favour of injection.
    @MainActor public static var shared = TMDBClient(configuration: Configuration())
}
