import CleanApp
import CleanData
import CleanDomain
import Foundation
import ImagePipeline
import MovieLauncher
import StepTestSupport
import Synchronization
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

/// Lesson 06, exercise 1: `CachingMovieRepository(wrapping:)`, in Data, remembers each movie's
/// detail by id (a detail that arrived, never a failure, so that `r` still retries), the app
/// is wired with it in one place, and Domain and Presentation are untouched.
/// `swift run lessons check 6.1` runs these against your working copy.
@MainActor
struct CachingMovieRepositoryTests {
    /// A repository that answers everything and counts what it was asked.
    final class CountingRepository: MovieRepository {
        let detailCalls = Mutex<[Int]>([])
        let otherCalls = Mutex(0)
        /// How many detail requests fail before the repository answers them.
        let failuresLeft: Mutex<Int>

        init(failingFirst failures: Int = 0) {
            failuresLeft = Mutex(failures)
        }

        func trendingMovies(
            timeWindow: CleanDomain.TimeWindow, page: Int,
            onRateLimitWait: CleanDomain.RateLimitWaitHandler
        ) async throws(MovieLoadError) -> CleanDomain.MoviePage {
            otherCalls.withLock { $0 += 1 }
            return CleanDomain.MoviePage(movies: [], totalPages: 1)
        }

        func searchMovies(
            query: String, page: Int, onRateLimitWait: CleanDomain.RateLimitWaitHandler
        )
            async throws(MovieLoadError) -> CleanDomain.MoviePage
        {
            otherCalls.withLock { $0 += 1 }
            return CleanDomain.MoviePage(movies: [], totalPages: 1)
        }

        func movieDetail(id: Int, onRateLimitWait: CleanDomain.RateLimitWaitHandler)
            async throws(MovieLoadError) -> CleanDomain.MovieDetail
        {
            detailCalls.withLock { $0.append(id) }
            let fails = failuresLeft.withLock { left in
                defer { left = max(left - 1, 0) }
                return left > 0
            }
            if fails { throw .failed(.offline) }
            return CleanDomain.MovieDetail(id: id, title: "Movie \(id)")
        }

        func trailer(forMovieID id: Int) async throws(MovieLoadError) -> Trailer? {
            otherCalls.withLock { $0 += 1 }
            return nil
        }
    }

    @Test("the second detail of the same movie comes from the cache, through the use case")
    func sameMovieTwiceAsksOnce() async throws {
        let counting = CountingRepository()
        let repository: any MovieRepository = CachingMovieRepository(wrapping: counting)
        let useCase = FetchMovieDetailUseCase(repository: repository)
        let first = try await useCase.execute(movieID: 550)
        let second = try await useCase.execute(movieID: 550)
        #expect(first.title == "Movie 550" && second.title == "Movie 550")
        #expect(counting.detailCalls.withLock { $0 } == [550], "one detail request for 550")
    }

    @Test("each movie's detail is asked for once, by its own id, and is that movie's")
    func differentMoviesAskEach() async throws {
        let counting = CountingRepository()
        let repository = CachingMovieRepository(wrapping: counting)
        // 1, 9 and 1025 share a slot in any cache of 2, 4, 8 … slots.
        for id in [1, 9, 1025, 1, 9, 1025] {
            let detail = try await repository.movieDetail(id: id, onRateLimitWait: { _ in })
            #expect(
                detail.id == id && detail.title == "Movie \(id)",
                "asked for movie \(id), the cache gave \(detail.title): remember each detail by its own id"
            )
        }
        #expect(counting.detailCalls.withLock { $0 } == [1, 9, 1025])
    }

    @Test("a failed detail is not remembered: the next request reaches the repository again")
    func aFailureIsNotCached() async throws {
        let counting = CountingRepository(failingFirst: 1)
        let repository = CachingMovieRepository(wrapping: counting)
        do {
            let detail = try await repository.movieDetail(id: 550, onRateLimitWait: { _ in })
            Issue.record("the first request fails, yet it returned \(detail.title)")
        } catch {
            #expect(
                error == .failed(.offline),
                "the wrapped repository's own error, passed on")
        }
        let second: CleanDomain.MovieDetail
        do {
            second = try await repository.movieDetail(id: 550, onRateLimitWait: { _ in })
        } catch {
            let calls = counting.detailCalls.withLock { $0.count }
            Issue.record(
                """
                after one failure the next request failed too (\(error)), and the repository \
                was asked \(calls == 1 ? "once" : "\(calls) times"): is the failure remembered? \
                Only a detail that arrived may be.
                """)
            return
        }
        #expect(second.title == "Movie 550")
        _ = try await repository.movieDetail(id: 550, onRateLimitWait: { _ in })
        #expect(
            counting.detailCalls.withLock { $0 } == [550, 550],
            "the failure and the success; the third comes from the cache")
    }

    @Test("the list, the trailers and the search still reach the repository every time")
    func everythingElsePassesThrough() async throws {
        let counting = CountingRepository()
        let repository = CachingMovieRepository(wrapping: counting)
        func reached(_ call: String, _ body: () async throws -> Void) async throws {
            let before = counting.otherCalls.withLock { $0 }
            try await body()
            try await body()
            let calls = counting.otherCalls.withLock { $0 } - before
            #expect(
                calls == 2,
                "\(call) twice reached the wrapped repository \(calls == 1 ? "once" : "\(calls) times"): only details may be cached"
            )
        }
        try await reached("the same trending page") {
            _ = try await repository.trendingMovies(timeWindow: .week, page: 1) { _ in }
        }
        try await reached("the same movie's trailer") {
            _ = try await repository.trailer(forMovieID: 1)
        }
        try await reached("the same search page") {
            _ = try await repository.searchMovies(query: "dune", page: 1) { _ in }
        }
    }

    /// A checksum of each file of Domain and Presentation as this step has them: the cache
    /// is Data's business, and the composition root's one line.
    static let untouched: [String: UInt64] = [
        "Domain/FetchMovieDetailUseCase.swift": 0x9fee_5ba9_287a_cffb,
        "Domain/FetchPosterUseCase.swift": 0x4e68_bf7b_a910_d241,
        "Domain/FetchTrendingMoviesUseCase.swift": 0x9c61_f16b_6aae_8f87,
        "Domain/Movie.swift": 0x208a_e03c_9002_5fe3,
        "Domain/MovieDetail.swift": 0x965b_6ebe_8631_68d1,
        "Domain/MovieLoadError.swift": 0x3ad2_3d0b_792e_e9fc,
        "Domain/MovieRepository.swift": 0xc7ac_9e24_0b1f_b1d9,
        "Domain/Poster.swift": 0xdc85_2664_729e_f77d,
        "Domain/PosterRepository.swift": 0xd3f0_3bcb_7270_e1ce,
        "Domain/SearchMoviesUseCase.swift": 0x5a09_f342_6d69_a524,
        "Presentation/AppCoordinator.swift": 0xedb8_062f_7cb7_8608,
        "Presentation/MovieDetailCoordinator.swift": 0xe3c2_3f83_df50_8321,
        "Presentation/MovieDetailViewController.swift": 0xde49_d112_557d_94c1,
        "Presentation/MovieDetailViewModel.swift": 0x1220_e497_c23b_0df8,
        "Presentation/PosterImages.swift": 0xc8b9_8708_7c42_d6ea,
        "Presentation/PosterLoading.swift": 0x74ae_7ee1_5ed1_873d,
        "Presentation/SearchResultsViewController.swift": 0xd204_95b3_fcc2_ae6e,
        "Presentation/SearchViewModel.swift": 0xd172_beb4_ea36_dd63,
        "Presentation/TrendingViewController.swift": 0x9c8a_3940_739e_f0c7,
        "Presentation/TrendingViewModel.swift": 0x6a97_3d3e_71a8_414b,
    ]

    @Test("the decorator is declared in Data, beside the repository it wraps")
    func theDecoratorLivesInData() {
        let name = String(reflecting: CachingMovieRepository.self)
        #expect(
            name == "CleanData.CachingMovieRepository",
            """
            \(name) is declared in \(name.split(separator: ".").first ?? "another module"): \
            a repository that caches is Data's, like TMDBMovieRepository \
            (Sources/06-Clean/Data); App only wires it
            """)
    }

    @Test("Domain and Presentation are as the step has them: the decorator is Data's alone")
    func domainAndPresentationAreUntouched() throws {
        let root = URL(filePath: #filePath)
            .deletingLastPathComponent()  // 6.1
            .deletingLastPathComponent()  // exercises
            .deletingLastPathComponent()  // Lessons
            .deletingLastPathComponent()  // the package root
        var found: Set<String> = []
        for layer in ["Domain", "Presentation"] {
            let folder = root.appending(path: "Sources/06-Clean/\(layer)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where name.hasSuffix(".swift") {
                let path = "\(layer)/\(name)"
                found.insert(path)
                let data = try Data(contentsOf: folder.appending(path: name))
                #expect(
                    Self.untouched[path] == Self.checksum(data),
                    """
                    Sources/06-Clean/\(path) \(Self.untouched[path] == nil ? "is new" : "changed"): \
                    the cache goes in Data and is wired in App; put \(layer) back as the step has it
                    """)
            }
        }
        for path in Set(Self.untouched.keys).subtracting(found).sorted() {
            Issue.record("Sources/06-Clean/\(path) is gone: put it back as the step has it")
        }
    }

    /// FNV-1a, 64 bits: enough to notice any edit.
    static func checksum(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in
            (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
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
        let sources = root.appending(path: "Sources/06-Clean/Data")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let declaring = try files.map {
            try String(contentsOf: sources.appending(path: $0), encoding: .utf8)
        }.first { $0.contains(#/(class|struct|actor|enum) CachingMovieRepository\b/#) }
        let text = try #require(
            declaring, "no file under Sources/06-Clean/Data declares CachingMovieRepository")
        let optOuts = ["@unchecked Sendable", "nonisolated(unsafe)"].filter { text.contains($0) }
        #expect(
            optOuts.isEmpty,
            """
            CachingMovieRepository opts out of the compiler's Sendable check (\(optOuts.joined(separator: ", "))), \
            so nothing proves that every read and every write of its dictionary is locked: a \
            lock missed on one path, such as the write after the `await`, races. Keep the details \
            in a Mutex, or make the repository an actor, and let the compiler check it.
            """)
    }
}
