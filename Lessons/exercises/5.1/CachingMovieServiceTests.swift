import Foundation
import ImagePipeline
import MovieLauncher
import MovieUI
import StepTestSupport
import Synchronization
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVVMCDI

/// Lesson 05, exercise 1: `CachingMovieService(wrapping:)` remembers each movie's detail by
/// id (a detail that arrived, never a failure, so that `r` still retries), and the app is
/// wired with it in one place. `swift run lessons check 5.1` runs these
/// against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct CachingMovieServiceTests {
    /// A service that answers everything and counts what it was asked.
    final class CountingService: MovieService {
        let detailCalls = Mutex<[Int]>([])
        let otherCalls = Mutex(0)

        func trendingMovies(
            timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
        ) async throws(TMDBError) -> MoviePage {
            otherCalls.withLock { $0 += 1 }
            return MoviePage(page: page, results: [], totalPages: 1, totalResults: 0)
        }

        /// How many detail requests fail, offline, before the service answers them.
        let failuresLeft: Mutex<Int>

        init(failingFirst failures: Int = 0) {
            failuresLeft = Mutex(failures)
        }

        func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler) async throws(TMDBError)
            -> MovieDetail
        {
            detailCalls.withLock { $0.append(id) }
            let fails = failuresLeft.withLock { left in
                defer { left = max(left - 1, 0) }
                return left > 0
            }
            if fails { throw .offline }
            return MovieDetail(id: id, title: "Movie \(id)")
        }

        func movieVideos(id: Int) async throws(TMDBError) -> [Video] {
            otherCalls.withLock { $0 += 1 }
            return []
        }

        func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
            async throws(TMDBError) -> MoviePage
        {
            otherCalls.withLock { $0 += 1 }
            return MoviePage(page: page, results: [], totalPages: 1, totalResults: 0)
        }
    }

    @Test("the second detail of the same movie comes from the cache")
    func sameMovieTwiceAsksOnce() async throws {
        let counting = CountingService()
        let service: any MovieService = CachingMovieService(wrapping: counting)
        let first = try await service.movieDetail(id: 550, onRateLimitWait: { _ in })
        let second = try await service.movieDetail(id: 550, onRateLimitWait: { _ in })
        #expect(first.title == "Movie 550" && second.title == "Movie 550")
        #expect(counting.detailCalls.withLock { $0 } == [550], "one detail request for 550")
    }

    @Test("each movie's detail is asked for once, by its own id")
    func differentMoviesAskEach() async throws {
        let counting = CountingService()
        let service = CachingMovieService(wrapping: counting)
        _ = try await service.movieDetail(id: 1, onRateLimitWait: { _ in })
        _ = try await service.movieDetail(id: 2, onRateLimitWait: { _ in })
        _ = try await service.movieDetail(id: 1, onRateLimitWait: { _ in })
        #expect(counting.detailCalls.withLock { $0 } == [1, 2])
    }

    @Test("a failed detail is not remembered: the next request reaches the service again")
    func aFailureIsNotCached() async throws {
        let counting = CountingService(failingFirst: 1)
        let service = CachingMovieService(wrapping: counting)
        do {
            let detail = try await service.movieDetail(id: 550, onRateLimitWait: { _ in })
            Issue.record("the first request fails, yet it returned \(detail.title)")
        } catch {
            #expect(error == .offline, "the service's own error, passed on")
        }
        let second: MovieDetail
        do {
            second = try await service.movieDetail(id: 550, onRateLimitWait: { _ in })
        } catch {
            let calls = counting.detailCalls.withLock { $0.count }
            Issue.record(
                """
                after one failure the next request failed too (\(error)), and the service was \
                asked \(calls == 1 ? "once" : "\(calls) times"): is the failure remembered? Only a \
                detail that arrived may be.
                """)
            return
        }
        #expect(second.title == "Movie 550")
        _ = try await service.movieDetail(id: 550, onRateLimitWait: { _ in })
        #expect(
            counting.detailCalls.withLock { $0 } == [550, 550],
            "the failure and the success; the third comes from the cache")
    }

    @Test("the list, the videos and the search still reach the service every time")
    func everythingElsePassesThrough() async throws {
        let counting = CountingService()
        let service = CachingMovieService(wrapping: counting)
        _ = try await service.trendingMovies(timeWindow: .week, page: 1, onRateLimitWait: { _ in })
        _ = try await service.trendingMovies(timeWindow: .week, page: 1, onRateLimitWait: { _ in })
        _ = try await service.movieVideos(id: 1)
        _ = try await service.movieVideos(id: 1)
        _ = try await service.searchMovies(query: "dune", page: 1, onRateLimitWait: { _ in })
        _ = try await service.searchMovies(query: "dune", page: 1, onRateLimitWait: { _ in })
        #expect(counting.otherCalls.withLock { $0 } == 6)
    }

    @Test("the app is wired with it: opening a movie, going back, opening it again asks once")
    func theAppAsksForADetailOnce() async throws {
        let stub = HTTPStub()
        let client = stub.makeClient(retryPolicy: .immediate)
        let app = App(
            client: client, imageLoader: ImagePipeline(client: client), timeWindow: .week,
            clock: TestClock())
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: VirtualTerminal(),
            help: MovieApp.help(for: client.configuration))
        application.start()
        for key in [Key.enter, .character("b"), .enter] {
            #expect(
                await application.waitUntilSettled(timeout: .seconds(5)),
                "the screen never settled before \(key)")
            application.send(key)
        }
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the detail opened again never settled")
        let details = stub.requests.filter {
            $0.path.wholeMatch(of: /\/3\/movie\/\d+/) != nil
        }
        #expect(details.count == 1, "the detail of the first movie, requested once")
    }

    @Test("D4 in the app: a failed detail says so, r loads it, and opened again it is cached")
    func theAppRetriesAFailedDetail() async throws {
        let stub = HTTPStub()
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 1, title: "Dune: Part Two")]))
        stub.respond(
            to: "/3/movie/1",
            withSequence: [
                .tmdbError(
                    statusCode: 404, code: 34,
                    message: "The resource you requested could not be found."),
                Fixtures.detail(Fixtures.Detail(id: 1, title: "Dune: Part Two")),
            ])
        stub.respond(to: "/3/movie/1/videos", with: Fixtures.videos(id: 1, []))
        let client = stub.makeClient(retryPolicy: .immediate)
        let app = App(
            client: client, imageLoader: ImagePipeline(client: client), timeWindow: .week,
            clock: TestClock())
        let terminal = VirtualTerminal(width: 80, height: 24)
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: client.configuration))
        // The rows that show something, each with its runs of spaces made one; no more than
        // a message can show.
        var screen: String {
            String(
                terminal.rows.map { $0.split(separator: " ").joined(separator: " ") }
                    .filter { !$0.isEmpty }.joined(separator: " | ").prefix(300))
        }
        let shows = { (text: String) in terminal.rows.contains { $0.contains(text) } }
        let detailRequests = { stub.requests(path: "/3/movie/1").count }
        application.start()
        try #require(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && shows("Dune: Part Two")
            }, "the list never showed; the screen reads: \(screen)")
        application.send(.enter)
        try #require(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && shows("r to retry")
            }, "the failed detail never offered r; the screen reads: \(screen)")
        application.send(.character("r"))
        try #require(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && shows("Released 2024-02-27")
            },
            "r after the failure never showed the detail; the screen reads: \(screen)")
        #expect(detailRequests() == 2, "the failure, then r: two requests")
        application.send(.character("b"))
        try #require(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "going back never settled; the screen reads: \(screen)")
        application.send(.enter)
        try #require(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && shows("Released 2024-02-27")
            }, "opened again, the detail never showed; the screen reads: \(screen)")
        #expect(detailRequests() == 2, "opened again, the detail comes from the cache")
    }

    /// A cache reached from any task must keep its dictionary safe, and the compiler must be
    /// able to prove it: an actor, or a `Mutex` that holds the dictionary. `@unchecked Sendable`
    /// or `nonisolated(unsafe)` turns that proof off, and a lock beside it proves nothing: one
    /// taken on the read but not on the write after the `await` still races.
    @Test("the cache is safe to reach from any task, and the compiler proves it")
    func theCacheIsSafeFromAnyTask() throws {
        let root = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appending(path: "Sources/05-MVVM-C-DI")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let declaring = try files.map {
            try String(contentsOf: sources.appending(path: $0), encoding: .utf8)
        }.first { $0.contains(#/(class|struct|actor|enum) CachingMovieService\b/#) }
        let text = try #require(
            declaring, "no file under Sources/05-MVVM-C-DI declares CachingMovieService")
        let optOuts = ["@unchecked Sendable", "nonisolated(unsafe)"].filter { text.contains($0) }
        #expect(
            optOuts.isEmpty,
            """
            CachingMovieService opts out of the compiler's Sendable check (\(optOuts.joined(separator: ", "))), \
            so nothing proves that every read and every write of its dictionary is locked: a \
            lock missed on one path, such as the write after the `await`, races. Keep the details \
            in a Mutex, or make the cache an actor, and let the compiler check it.
            """)
    }
}
