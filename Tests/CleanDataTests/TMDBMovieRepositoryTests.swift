import CleanData
import CleanDomain
import Foundation
import MovieDomain
import TMDB
import TMDBTestSupport
import Testing

/// The repository over TMDB, through the stub URL protocol: what TMDB answers becomes the
/// domain's types, and what fails becomes the domain's error. No terminal, no view model.
@Suite struct TMDBMovieRepositoryTests {
    let stub = HTTPStub()
    var repository: TMDBMovieRepository {
        TMDBMovieRepository(client: stub.makeClient(retryPolicy: .none))
    }

    @Test("T1, T2, T8: a trending page maps each row's fields, adult titles kept for the list")
    func aTrendingPageMapsToDomainMovies() async throws {
        stub.respond(
            to: "/3/trending/movie/day", query: ["page": "2"],
            with: Fixtures.page(
                2, of: 7,
                [
                    Fixtures.Movie(
                        id: 11, title: "Dune", releaseDate: "2024-02-27", voteAverage: 8.4,
                        voteCount: 120),
                    Fixtures.Movie(
                        id: 12, title: "Late", releaseDate: "", voteAverage: 0, voteCount: 0,
                        isAdult: true),
                ]))

        let page = try await repository.trendingMovies(
            timeWindow: .day, page: 2, onRateLimitWait: { _ in })

        #expect(
            page
                == MoviePage(
                    movies: [
                        Movie(
                            id: 11, title: "Dune", releaseDate: "2024-02-27", voteAverage: 8.4,
                            voteCount: 120),
                        // T7 is the list's rule: a repository passes every row on.
                        Movie(id: 12, title: "Late", isAdult: true),
                    ], totalPages: 7))
    }

    @Test("S2: a search page asks TMDB for the query and maps its rows")
    func aSearchPageMapsToDomainMovies() async throws {
        stub.respond(
            to: "/3/search/movie", query: ["query": "dune", "page": "1"],
            with: Fixtures.page(
                1, of: 1, [Fixtures.Movie(id: 11, title: "Dune", releaseDate: "2021-09-15")]))

        let page = try await repository.searchMovies(
            query: "dune", page: 1, onRateLimitWait: { _ in })

        #expect(
            page
                == MoviePage(
                    movies: [
                        Movie(
                            id: 11, title: "Dune", releaseDate: "2021-09-15", voteAverage: 7.4,
                            voteCount: 1_200)
                    ], totalPages: 1))
    }

    @Test("D1: a detail maps its facts, genres by name and cast by billing, with no trailer")
    func aDetailMapsToTheDomainDetail() async throws {
        stub.respond(
            to: "/3/movie/11",
            with: Fixtures.detail(
                Fixtures.Detail(
                    id: 11, title: "Dune", tagline: "Long live the fighters.",
                    genres: ["Science Fiction"], runtime: 166,
                    cast: [("Ada One", "Pilot"), ("Ben Two", "Navigator")])))

        let detail = try await repository.movieDetail(id: 11, onRateLimitWait: { _ in })

        #expect(
            detail
                == MovieDetail(
                    id: 11, title: "Dune", tagline: "Long live the fighters.",
                    overview: "A short overview written for this test.",
                    genres: ["Science Fiction"], runtime: 166, releaseDate: "2024-02-27",
                    voteAverage: 8.4, voteCount: 12_345,
                    cast: [
                        .init(name: "Ada One", character: "Pilot"),
                        .init(name: "Ben Two", character: "Navigator"),
                    ]))
    }

    @Test("D7: the trailer is TMDB's preferred one, as a link; none when no video is a trailer")
    func theTrailerIsThePreferredVideo() async throws {
        stub.respond(
            to: "/3/movie/11/videos",
            with: Fixtures.videos(
                id: 11,
                [
                    Fixtures.Video(key: "teaser", type: "Teaser"),
                    Fixtures.Video(key: "trailer"),
                ]))
        stub.respond(
            to: "/3/movie/12/videos",
            with: Fixtures.videos(id: 12, [Fixtures.Video(key: "clip", type: "Clip")]))

        let trailer = try await repository.trailer(forMovieID: 11)

        #expect(
            trailer
                == Trailer(name: "Video 1", link: "https://www.youtube.com/watch?v=trailer"))
        #expect(try await repository.trailer(forMovieID: 12) == nil)
    }

    /// TMDB's failures, each with the reason TMDB's error gives it.
    static let failures: [(response: StubResponse, reason: LoadFailureReason)] = [
        (.tmdbError(statusCode: 404, code: 34, message: "Not found"), .notFound),
        (.failure(.timedOut), .timedOut),
        (
            .json("<html>", statusCode: 200),
            .unreadableResponse(detail: "the server sent an HTML page, not JSON.")
        ),
        (.tmdbError(statusCode: 503, code: 9, message: "Down"), .serverError(status: 503)),
    ]

    @Test(
        "T9, D4: TMDB's failures reach the domain as its error, with their reason and no TMDB",
        arguments: 0..<failures.count)
    func failuresAreWrappedInTheDomainsError(index: Int) async {
        let failure = Self.failures[index]
        stub.respond(to: "/3/movie/11", with: failure.response)

        await #expect(throws: MovieLoadError.failed(failure.reason)) {
            try await repository.movieDetail(id: 11, onRateLimitWait: { _ in })
        }
    }

    @Test("E1: a cancelled request is the domain's cancellation, not a failure to show")
    func aCancelledRequestIsTheDomainsCancellation() async {
        stub.respond(to: "/3/movie/11/videos", with: .sampleData(delay: .seconds(600)))
        let repository = repository
        let task = Task { try await repository.trailer(forMovieID: 11) }
        #expect(await stub.waitUntil { $0.inFlightCount == 1 })

        task.cancel()

        await #expect(throws: MovieLoadError.cancelled) { try await task.value }
    }
}
