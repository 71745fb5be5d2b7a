import Foundation
import MoviePresentation
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// L3, L8, T9 against a real loopback server: the credential goes only to the configured
/// host, and a connection that breaks after the server was reached says so.
@Suite struct HostileServerTests {
    static let credentials: [Credential] = [.accessToken(sentinelSecret), .apiKey(sentinelSecret)]

    /// A client on the live path (its own URLSession, not a stub's) aimed at `server`.
    static func liveClient(_ server: ScriptedHTTPServer, credential: Credential) throws
        -> TMDBClient
    {
        let baseURL = try #require(URL(string: server.baseURL))
        return TMDBClient(
            configuration: Configuration(credential: credential, baseURL: baseURL),
            retryPolicy: .none)
    }

    static var page: StubResponse { Fixtures.page(1, of: 1, Fixtures.movies(1...3)) }

    /// Whether a request carried the secret in the header or the query.
    static func carriesSecret(_ request: ScriptedHTTPServer.Request) -> Bool {
        request.headers["authorization"]?.contains(sentinelSecret) == true
            || request.queryItems["api_key"] == sentinelSecret
    }

    /// Sends a plain request (no credential) and reports whether it arrived: proves that a
    /// redirect target is reachable, so that "nothing arrived there" means something.
    static func reaches(_ url: String) async throws -> Bool {
        let (_, response) = try await URLSession.shared.data(from: #require(URL(string: url)))
        return (response as? HTTPURLResponse)?.statusCode == 200
    }

    @Test(
        "L3 L8: a redirect to another host (a host name for the same address) is refused",
        arguments: credentials)
    func redirectToAnotherHostNameIsRefused(credential: Credential) async throws {
        let holder = PortHolder()
        let server = try ScriptedHTTPServer { request in
            if request.path == "/probe" { return .response(.json("{}")) }
            if request.path.hasPrefix("/elsewhere") { return .response(Self.page) }
            return .redirect(location: "http://localhost:\(holder.port)/elsewhere\(request.target)")
        }
        defer { server.stop() }
        holder.port = server.port
        try #require(await Self.reaches("http://localhost:\(server.port)/probe"))
        let probes = server.requests.count

        let client = try Self.liveClient(server, credential: credential)
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }

        #expect(error == .redirectRefused(origin: "http://localhost:\(server.port)"))
        #expect(error?.message.contains("another server") == true)
        #expect(error?.message.contains(sentinelSecret) == false)
        let afterProbe = server.requests.dropFirst(probes)
        #expect(afterProbe.count == 1, "only the first request, to 127.0.0.1")
        #expect(afterProbe.allSatisfy { $0.host == "127.0.0.1:\(server.port)" })
        #expect(!afterProbe.contains { $0.path.hasPrefix("/elsewhere") })
    }

    @Test(
        "L3 L8: a redirect to another port of the same address is refused", arguments: credentials)
    func redirectToAnotherPortIsRefused(credential: Credential) async throws {
        let elsewhere = try ScriptedHTTPServer { _ in .response(Self.page) }
        defer { elsewhere.stop() }
        let server = try ScriptedHTTPServer { request in
            .redirect(status: 307, location: elsewhere.baseURL + request.target)
        }
        defer { server.stop() }

        let client = try Self.liveClient(server, credential: credential)
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }

        #expect(error == .redirectRefused(origin: elsewhere.baseURL))
        #expect(elsewhere.requests.isEmpty, "nothing, and so no credential, reached the other port")
        #expect(server.requests.count == 1)
    }

    @Test(
        "L3: a redirect within the configured host is followed with the credential",
        arguments: credentials, [true, false])
    func redirectWithinTheHostIsFollowed(credential: Credential, isRelative: Bool) async throws {
        let holder = PortHolder()
        let server = try ScriptedHTTPServer { request in
            if request.path.hasPrefix("/moved") { return .response(Self.page) }
            let origin = isRelative ? "" : "http://127.0.0.1:\(holder.port)"
            return .redirect(location: origin + "/moved" + request.target)
        }
        defer { server.stop() }
        holder.port = server.port

        let page = try await Self.liveClient(server, credential: credential)
            .trendingMovies(timeWindow: .week, page: 1)

        #expect(page.results.map(\.id) == [1, 2, 3])
        let paths = server.requests.map(\.path)
        #expect(paths == ["/3/trending/movie/week", "/moved/3/trending/movie/week"])
        #expect(server.requests.allSatisfy(Self.carriesSecret))
    }

    @Test("T9: a reset connection says the connection was lost, not offline")
    func resetConnectionIsLost() async throws {
        let server = try ScriptedHTTPServer { _ in .reset }
        defer { server.stop() }
        let client = try Self.liveClient(server, credential: .apiKey("k"))
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .connectionLost)
        #expect(server.requests.count == 1)
    }

    @Test("T9: a body shorter than its Content-Length says the connection was lost")
    func shortBodyIsLost() async throws {
        let server = try ScriptedHTTPServer { _ in
            .shortBody(declaredLength: 1000, body: #"{"page":1,"res"#)
        }
        defer { server.stop() }
        let client = try Self.liveClient(server, credential: .apiKey("k"))
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .connectionLost)
        #expect(error?.message == "Lost the connection to TMDB before its answer was complete.")
    }

    @Test("T9: a connection closed with no answer is a lost connection, not a malformed answer")
    func connectionClosedWithNoAnswerIsLost() async throws {
        let server = try ScriptedHTTPServer { _ in .close }
        defer { server.stop() }
        let client = try Self.liveClient(server, credential: .apiKey("k"))
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .connectionLost)
        #expect(error?.message == "Lost the connection to TMDB before its answer was complete.")
        #expect(server.requests.count == 1)
    }

    @Test(
        "T9: a server that redirects to itself for ever says it redirected too many times",
        arguments: credentials)
    func redirectLoopSaysSo(credential: Credential) async throws {
        let server = try ScriptedHTTPServer { request in
            .redirect(status: 302, location: request.target)
        }
        defer { server.stop() }
        let client = try Self.liveClient(server, credential: credential)
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }
        let name = "127.0.0.1:\(server.port)"
        #expect(error == .tooManyRedirects(server: name))
        #expect(error?.message == "\(name) redirected the request too many times.")
        #expect(server.requests.count > 2, "the redirects were followed before giving up")
    }

    /// The mapping itself, on every platform: a 3xx that reaches the client names its target.
    @Test("L8: a 3xx to another host that reaches the client is reported, not decoded")
    func stubbedRedirectToAnotherHostIsReported() async {
        let stub = HTTPStub()
        stub.respond(
            to: "/3/movie/550",
            with: StubResponse(
                statusCode: 302, headers: ["Location": "https://elsewhere.invalid:8443/x"],
                body: Data()))
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(credential: .apiKey(sentinelSecret)).movieDetail(id: 550)
        }
        #expect(error == .redirectRefused(origin: "https://elsewhere.invalid:8443"))
    }
}

/// The port a server's answers refer to, known only once the server is listening.
private final class PortHolder: Sendable {
    private let stored = Locked<UInt16>(0)
    var port: UInt16 {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
