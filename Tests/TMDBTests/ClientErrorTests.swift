import Foundation
import MoviePresentation
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// T9, L8: every failure becomes a `TMDBError`, whose reason MoviePresentation words in one
/// plain line.
@Suite struct ClientErrorTests {
    static let detailPath = "/3/movie/550"

    /// One failure as the stub delivers it, and what the client must make of it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var response: StubResponse
        var expected: TMDBError
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "401 code 7",
            response: .tmdbError(statusCode: 401, code: 7, message: "Invalid API key"),
            expected: .credentialRejected(variable: "TMDB_API_KEY")),
        Case(
            name: "404 code 34",
            response: .tmdbError(statusCode: 404, code: 34, message: "not found"),
            expected: .notFound),
        Case(
            name: "500", response: .tmdbError(statusCode: 500, code: 11, message: "Internal error"),
            expected: .serverError(status: 500)),
        Case(
            name: "503 HTML",
            response: StubResponse(statusCode: 503, body: Data("<html>down</html>".utf8)),
            expected: .serverError(status: 503)),
        Case(
            name: "503 code 9",
            response: .tmdbError(statusCode: 503, code: 9, message: "Service offline."),
            expected: .serverError(status: 503)),
        Case(
            name: "400 code 22",
            response: .tmdbError(
                statusCode: 400, code: 22, message: "Invalid page: Pages start at 1 and max at 500."
            ),
            expected: .requestRejected(
                status: 400, message: "Invalid page: Pages start at 1 and max at 500.")),
        Case(
            name: "malformed JSON", response: .json("{\"id\": 550, \"title\": "),
            expected: .unreadableResponse(detail: "the body was not valid JSON.")),
        Case(
            name: "HTML body", response: StubResponse(body: Data("<!doctype html><p>hi".utf8)),
            expected: .unreadableResponse(detail: "the server sent an HTML page, not JSON.")),
        Case(
            name: "empty body", response: StubResponse(body: Data()),
            expected: .unreadableResponse(detail: "the body was empty.")),
        Case(
            name: "wrong type", response: .json("{\"id\": \"550\", \"title\": \"x\"}"),
            expected: .unreadableResponse(detail: "id: expected Int, found something else.")),
        Case(
            name: "missing key", response: .json("{\"id\": 550}"),
            expected: .unreadableResponse(detail: "title: missing.")),
        Case(
            name: "not connected", response: .failure(.notConnectedToInternet),
            expected: .offline),
        Case(
            name: "international roaming off", response: .failure(.internationalRoamingOff),
            expected: .offline),
        Case(
            name: "connection lost", response: .failure(.networkConnectionLost),
            expected: .connectionLost),
        Case(
            name: "body cut short (Linux reports it as unknown)", response: .failure(.unknown),
            expected: .connectionLost),
        Case(name: "timed out", response: .failure(.timedOut), expected: .timedOut),
        Case(name: "cancelled by the system", response: .failure(.cancelled), expected: .cancelled),
    ]

    @Test(arguments: cases)
    func failureIsMapped(_ testCase: Case) async {
        let stub = HTTPStub()
        stub.respond(to: Self.detailPath, with: testCase.response)
        let client = stub.makeClient()
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.movieDetail(id: 550)
        }
        #expect(error == testCase.expected)
        if let error {
            #expect(!error.message.isEmpty)
            #expect(!error.message.contains("\n"))
        }
    }

    /// The coding path says where in the body decoding failed.
    @Test func decodingErrorNamesTheCodingPath() async {
        let stub = HTTPStub()
        let page = Fixture.trendingPage.replacingOccurrences(
            of: "\"vote_count\": 0", with: "\"vote_count\": \"none\"")
        stub.respond(to: "/3/trending/movie/week", with: .json(page))
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient().trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(
            error
                == .unreadableResponse(
                    detail: "results[1].vote_count: expected Int, found something else."))
    }

    /// L8: the 401 message names the variable, never its value.
    @Test(arguments: [
        (Credential.apiKey(sentinelSecret), "TMDB rejected the API key in TMDB_API_KEY."),
        (
            Credential.accessToken(sentinelSecret),
            "TMDB rejected the access token in TMDB_ACCESS_TOKEN."
        ),
    ])
    func rejectedCredentialNamesTheVariable(credential: Credential, message: String) async {
        let stub = HTTPStub()
        stub.respond(
            to: Self.detailPath,
            with: .tmdbError(
                statusCode: 401, code: 7, message: "Invalid API key: \(sentinelSecret)"))
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(credential: credential).movieDetail(id: 550)
        }
        #expect(error?.message == message)
        #expect(error?.message.contains(sentinelSecret) == false)
    }

    /// L8: over every error kind, no text of the error holds the credential, even when the
    /// server echoes it back in its message or the failing URL carries `api_key=`.
    @Test(
        arguments: cases.map(\.response) + [
            .tmdbError(statusCode: 400, code: 47, message: "bad input: \(sentinelSecret)"),
            .tmdbError(statusCode: 422, code: 5, message: "api_key=\(sentinelSecret) invalid"),
            .json("{\"id\": \"\(sentinelSecret)\"}"),
            .json("{\"results\": \"\(sentinelSecret)\"}"),
            .tmdbError(statusCode: 429, code: 25, message: "\(sentinelSecret) over limit"),
        ])
    func noErrorTextHoldsTheCredential(_ response: StubResponse) async {
        for credential in [Credential.apiKey(sentinelSecret), .accessToken(sentinelSecret)] {
            let stub = HTTPStub()
            stub.respond(to: Self.detailPath, with: response)
            let client = stub.makeClient(credential: credential, retryPolicy: .none)
            let error = await tmdbError { () async throws(TMDBError) in
                try await client.movieDetail(id: 550)
            }
            guard let error else {
                Issue.record("expected an error")
                continue
            }
            var dumped = ""
            dump(error, to: &dumped)
            for text in [
                error.message, "\(error)", String(reflecting: error), dumped,
            ] {
                #expect(!text.contains(sentinelSecret), "\(text)")
            }
        }
    }

    /// L8: the request really did carry the secret; only the error texts lack it.
    @Test func requestCarriesTheSecretButTheTransportErrorDoesNot() async {
        let stub = HTTPStub()
        stub.respond(to: Self.detailPath, with: .failure(.notConnectedToInternet))
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(credential: .apiKey(sentinelSecret)).movieDetail(id: 550)
        }
        #expect(stub.requests.first?.queryItems["api_key"] == sentinelSecret)
        #expect(error == .offline)
        #expect(error?.message.contains(sentinelSecret) == false)
    }

    @Test func transportErrorsAreMappedFromAnyForm() {
        let server = "127.0.0.1:1"
        #expect(TMDBClient.transportError(URLError(.timedOut), server: server) == .timedOut)
        #expect(TMDBClient.transportError(CancellationError(), server: server) == .cancelled)
        #expect(
            TMDBClient.transportError(
                NSError(
                    domain: NSURLErrorDomain, code: URLError.Code.notConnectedToInternet.rawValue),
                server: server)
                == .offline)
        #expect(
            TMDBClient.transportError(
                NSError(domain: NSURLErrorDomain, code: URLError.Code.cancelled.rawValue),
                server: server)
                == .cancelled)
        #expect(
            TMDBClient.transportError(
                NSError(
                    domain: NSURLErrorDomain, code: URLError.Code.cannotConnectToHost.rawValue),
                server: server)
                == .cannotConnect(server: server))
        #expect(
            TMDBClient.transportError(URLError(.httpTooManyRedirects), server: server)
                == .tooManyRedirects(server: server))
        #expect(
            TMDBClient.transportError(
                NSError(domain: NSPOSIXErrorDomain, code: 61), server: server)
                == .unreachable(server: server),
            "an error of no URL domain says only that the server was not reached")
    }

    @Test(
        "a connection that cannot be made names the server; offline only when the system says so (T9)",
        arguments: [
            (URLError.Code.cannotConnectToHost, "Couldn't connect to "),
            (.cannotFindHost, "Couldn't look up "),
            (.dnsLookupFailed, "Couldn't look up "),
            (.secureConnectionFailed, "Couldn't make a secure connection to "),
            (.serverCertificateUntrusted, "Couldn't make a secure connection to "),
            (.resourceUnavailable, "Couldn't reach "),
        ])
    func connectionFailuresNameTheServer(code: URLError.Code, start: String) async throws {
        let stub = HTTPStub()
        stub.respond(to: Self.detailPath, with: .failure(code))
        let client = stub.makeClient(credential: .apiKey(sentinelSecret))
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.movieDetail(id: 550)
        }
        let host = try #require(stub.baseURL.host)
        #expect(error?.message == start + host + ":80.")
        #expect(error?.message.contains("offline") == false)
        #expect(error?.message.contains(sentinelSecret) == false)
    }

    @Test(arguments: [
        TMDBError.offline, .connectionLost, .timedOut,
        .credentialRejected(variable: "TMDB_API_KEY"),
        .credentialRejected(variable: "TMDB_ACCESS_TOKEN"), .credentialRejected(variable: nil),
        .notFound, .rateLimited(retryAfter: 3), .rateLimited(retryAfter: nil),
        .serverError(status: 502), .requestRejected(status: 400, message: "x"),
        .requestRejected(status: 418, message: ""), .unreadableResponse(detail: "x"), .cancelled,
        .redirectRefused(origin: "http://localhost:8080"), .rateLimited(retryAfter: 3600),
        .cannotConnect(server: "127.0.0.1:8080"),
        .serverNotFound(server: String(repeating: "h", count: 59) + "…"),
        .secureConnectionFailed(server: "api.themoviedb.org:443"),
        .unreachable(server: "[::1]:8080"), .tooManyRedirects(server: "127.0.0.1:8080"),
        .rateLimited(retryAfter: 0), .rateLimited(retryAfter: 59),
    ])
    func everyMessageIsOnePlainLine(_ error: TMDBError) {
        #expect(!error.message.isEmpty)
        #expect(!error.message.contains("\n"))
        #expect(error.message.count < 120)
    }

    @Test func serverMessageIsFlattenedToOneLine() async {
        let stub = HTTPStub()
        stub.respond(
            to: Self.detailPath,
            with: .tmdbError(statusCode: 400, code: 47, message: "line\none\u{1B}[31m"))
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient().movieDetail(id: 550)
        }
        guard case .requestRejected(400, let message) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(!message.contains("\n"))
        #expect(!message.contains("\u{1B}"))
    }
}
