import Foundation
import MovieUI
import StepTestSupport
import Synchronization
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVVMCDI

/// Lesson 05, exercise 1: `CachingMovieService(wrapping:)` remembers each movie's detail by
/// id, and the app is wired with it in one place. `swift run lessons check 5.1` runs these
/// against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct CachingMovieServiceTests {
    /// A service that answers everything and counts what it was asked.
    final class CountingService: MovieService {
        let detailCalls = Mutex<[Int]>([])
        let otherCalls = Mutex(0)

        func trendingMovies(timeWindow: TimeWindow, page: Int) async throws(TMDBError)
            -> MoviePage
        {
            otherCalls.withLock { $0 += 1 }
            return MoviePage(page: page, results: [], totalPages: 1, totalResults: 0)
        }

        func movieDetail(id: Int) async throws(TMDBError) -> MovieDetail {
            detailCalls.withLock { $0.append(id) }
            return MovieDetail(id: id, title: "Movie \(id)")
        }

        func movieVideos(id: Int) async throws(TMDBError) -> [Video] {
            otherCalls.withLock { $0 += 1 }
            return []
        }

        func searchMovies(query: String, page: Int) async throws(TMDBError) -> MoviePage {
            otherCalls.withLock { $0 += 1 }
            return MoviePage(page: page, results: [], totalPages: 1, totalResults: 0)
        }
    }

    @Test("the second detail of the same movie comes from the cache")
    func sameMovieTwiceAsksOnce() async throws {
        let counting = CountingService()
        let service: any MovieService = CachingMovieService(wrapping: counting)
        let first = try await service.movieDetail(id: 550)
        let second = try await service.movieDetail(id: 550)
        #expect(first.title == "Movie 550" && second.title == "Movie 550")
        #expect(counting.detailCalls.withLock { $0 } == [550], "one detail request for 550")
    }

    @Test("each movie's detail is asked for once, by its own id")
    func differentMoviesAskEach() async throws {
        let counting = CountingService()
        let service = CachingMovieService(wrapping: counting)
        _ = try await service.movieDetail(id: 1)
        _ = try await service.movieDetail(id: 2)
        _ = try await service.movieDetail(id: 1)
        #expect(counting.detailCalls.withLock { $0 } == [1, 2])
    }

    @Test("the list, the videos and the search still reach the service every time")
    func everythingElsePassesThrough() async throws {
        let counting = CountingService()
        let service = CachingMovieService(wrapping: counting)
        _ = try await service.trendingMovies(timeWindow: .week, page: 1)
        _ = try await service.trendingMovies(timeWindow: .week, page: 1)
        _ = try await service.movieVideos(id: 1)
        _ = try await service.movieVideos(id: 1)
        _ = try await service.searchMovies(query: "dune", page: 1)
        _ = try await service.searchMovies(query: "dune", page: 1)
        #expect(counting.otherCalls.withLock { $0 } == 6)
    }

    @Test("the app is wired with it: opening a movie, going back, opening it again asks once")
    func theAppAsksForADetailOnce() async throws {
        let stub = HTTPStub()
        let client = stub.makeClient(retryPolicy: .immediate)
        let app = App(client: client, timeWindow: .week, clock: TestClock())
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: VirtualTerminal(),
            help: MovieApp.help(for: client.configuration))
        application.start()
        for key in [Key.enter, .character("b"), .enter] {
            #expect(await application.waitUntilSettled())
            application.send(key)
        }
        #expect(await application.waitUntilSettled())
        let details = stub.requests.filter {
            $0.path.wholeMatch(of: /\/3\/movie\/\d+/) != nil
        }
        #expect(details.count == 1, "the detail of the first movie, requested once")
    }
}
