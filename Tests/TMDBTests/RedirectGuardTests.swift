import Foundation
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// L3 L8 on both Foundations. Linux's URLSession proposes a redirect with the original
/// headers; Darwin's drops `Authorization`, even for the same host. These tests hand the
/// guard the request each platform proposes, so the Darwin case is checked here too.
@Suite struct RedirectGuardTests {
    static let baseURL = URL(string: "https://api.themoviedb.org")
    static let bearer = "Bearer \(sentinelSecret)"

    /// Asks the guard about a redirect from the original request to `proposed`, through the
    /// delegate call URLSession makes.
    static func answer(
        redirecting original: URLRequest, to proposed: URLRequest,
        guard redirectGuard: RedirectGuard
    ) throws -> URLRequest? {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: original)
        let url = try #require(original.url)
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 302, httpVersion: "HTTP/1.1",
                headerFields: ["Location": proposed.url?.absoluteString ?? ""]))
        let answer = Locked<URLRequest??>(nil)
        redirectGuard.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: proposed
        ) { request in answer.withLock { $0 = .some(request) } }
        return try #require(answer.withLock { $0 }, "the guard answers at once")
    }

    static func request(_ url: String, authorization: String?) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        return request
    }

    @Test("L3: a same-host redirect proposed without Authorization, as on Darwin, keeps the token")
    func sameHostRedirectWithoutTheHeaderGetsItBack() throws {
        let redirectGuard = RedirectGuard(baseURL: try #require(Self.baseURL))
        let original = try Self.request(
            "https://api.themoviedb.org/3/movie/550", authorization: Self.bearer)
        let darwinProposal = try Self.request(
            "https://api.themoviedb.org/3/movie/550/moved", authorization: nil)

        let followed = try Self.answer(
            redirecting: original, to: darwinProposal, guard: redirectGuard)

        #expect(followed?.url == darwinProposal.url)
        #expect(followed?.value(forHTTPHeaderField: "Authorization") == Self.bearer)
    }

    @Test("L3: a same-host redirect proposed with Authorization, as on Linux, keeps it once")
    func sameHostRedirectWithTheHeaderKeepsIt() throws {
        let redirectGuard = RedirectGuard(baseURL: try #require(Self.baseURL))
        let original = try Self.request(
            "https://api.themoviedb.org/3/movie/550", authorization: Self.bearer)
        let linuxProposal = try Self.request(
            "https://API.themoviedb.org:443/3/movie/551", authorization: Self.bearer)

        let followed = try Self.answer(
            redirecting: original, to: linuxProposal, guard: redirectGuard)

        #expect(followed?.value(forHTTPHeaderField: "Authorization") == Self.bearer)
        #expect(followed?.allHTTPHeaderFields?.count == 1)
    }

    @Test(
        "L8: a redirect to another origin is refused, whatever headers it was proposed with",
        arguments: [
            "https://elsewhere.example/3/movie/550", "http://api.themoviedb.org/3/movie/550",
            "https://api.themoviedb.org:8443/3/movie/550",
        ], [true, false])
    func redirectToAnotherOriginIsRefused(target: String, proposedWithHeader: Bool) throws {
        let redirectGuard = RedirectGuard(baseURL: try #require(Self.baseURL))
        let original = try Self.request(
            "https://api.themoviedb.org/3/movie/550", authorization: Self.bearer)
        let proposal = try Self.request(
            target, authorization: proposedWithHeader ? Self.bearer : nil)

        #expect(try Self.answer(redirecting: original, to: proposal, guard: redirectGuard) == nil)
    }

    @Test("L3: with an API key there is no header to copy, and none is invented")
    func apiKeyRedirectGetsNoHeader() throws {
        let redirectGuard = RedirectGuard(baseURL: try #require(Self.baseURL))
        let original = try Self.request(
            "https://api.themoviedb.org/3/movie/550?api_key=\(sentinelSecret)", authorization: nil)
        let proposal = try Self.request(
            "https://api.themoviedb.org/3/movie/550/moved?api_key=\(sentinelSecret)",
            authorization: nil)

        let followed = try Self.answer(redirecting: original, to: proposal, guard: redirectGuard)

        #expect(followed?.url == proposal.url)
        #expect(followed?.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
