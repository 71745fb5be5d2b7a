import CleanDomain
import MovieDomain
import Synchronization
import Testing

/// The use cases on a fake repository: what they promise, with no HTTP and no terminal.
@Suite struct UseCaseTests {
    let repository = FakeMovieRepository()

    static let detail = MovieDetail(
        id: 7, title: "Seven", genres: ["Drama"], runtime: 127, releaseDate: "1995-09-22")
    static let trailer = Trailer(
        name: "Official Trailer", link: "https://www.youtube.com/watch?v=seven")

    @Test("D2: the detail and its trailer are asked for at the same time, in one call")
    func detailAndTrailerRunTogether() async throws {
        repository.answerDetail(with: .success(Self.detail))
        repository.answerTrailer(with: .success(Self.trailer))
        // Each request waits for the other to start: in turn, the first would wait forever.
        repository.hold(.movieDetail(id: 7), .untilStarted(.trailer(id: 7)))
        repository.hold(.trailer(id: 7), .untilStarted(.movieDetail(id: 7)))
        let useCase = FetchMovieDetailUseCase(repository: repository)

        let detail = try await useCase.execute(movieID: 7)

        #expect(detail.title == "Seven")
        #expect(detail.trailer == Self.trailer, "D7: the detail comes with its trailer")
        #expect(Set(repository.started.entries) == [.movieDetail(id: 7), .trailer(id: 7)])
    }

    @Test("D3: a trailer that cannot be loaded leaves the detail without its link, nothing else")
    func aFailedTrailerOnlyLosesTheLink() async throws {
        repository.answerDetail(with: .success(Self.detail))
        repository.answerTrailer(with: .failure(.failed(.serverError(status: 503))))
        let useCase = FetchMovieDetailUseCase(repository: repository)

        let detail = try await useCase.execute(movieID: 7)

        #expect(detail == Self.detail)
        #expect(detail.trailer == nil)
    }

    @Test("D4: a detail that cannot be loaded fails the call with the repository's error")
    func aFailedDetailFailsTheCall() async {
        let failure = MovieLoadError.failed(.notFound)
        repository.answerDetail(with: .failure(failure))
        repository.answerTrailer(with: .success(Self.trailer))
        let useCase = FetchMovieDetailUseCase(repository: repository)

        await #expect(throws: failure) {
            try await useCase.execute(movieID: 7)
        }
    }

    @Test("E1: cancelling the caller cancels both of the detail's requests")
    func cancellingTheCallerCancelsBothRequests() async {
        repository.hold(.movieDetail(id: 7), .untilCancelled)
        repository.hold(.trailer(id: 7), .untilCancelled)
        let useCase = FetchMovieDetailUseCase(repository: repository)
        let task = Task { try await useCase.execute(movieID: 7) }
        #expect(
            await repository.started.wait(timeout: .seconds(5)) { $0.count == 2 },
            "both requests start at once")

        task.cancel()

        #expect(await repository.cancelled.wait(timeout: .seconds(5)) { Set($0).count == 2 })
        await #expect(throws: MovieLoadError.cancelled) { try await task.value }
    }

    @Test("T1, T6: the trending use case asks for the window's page after the list's last")
    func trendingAsksForTheNextPage() async throws {
        let first = MoviePage(movies: [Movie(id: 1, title: "One")], totalPages: 3)
        let second = MoviePage(movies: [Movie(id: 2, title: "Two")], totalPages: 3)
        repository.answer(.trendingMovies(timeWindow: .day, page: 1), with: .success(first))
        repository.answer(.trendingMovies(timeWindow: .day, page: 2), with: .success(second))
        let useCase = FetchTrendingMoviesUseCase(repository: repository)

        let list = try await useCase.execute(timeWindow: .day, appendingTo: MovieList())
        let longer = try await useCase.execute(timeWindow: .day, appendingTo: list)

        #expect(longer.movies.map(\.title) == ["One", "Two"])
        #expect(longer.nextPage == 3)
        #expect(
            repository.started.entries == [
                .trendingMovies(timeWindow: .day, page: 1),
                .trendingMovies(timeWindow: .day, page: 2),
            ])
    }

    @Test("T7: the next page adds no adult title and no movie already in the list")
    func trendingLeavesOutAdultTitlesAndRepeats() async throws {
        let first = MoviePage(movies: [Movie(id: 1, title: "One")], totalPages: 2)
        let second = MoviePage(
            movies: [
                Movie(id: 1, title: "One"), Movie(id: 3, title: "Adult", isAdult: true),
                Movie(id: 4, title: "Four"),
            ], totalPages: 2)
        repository.answer(.trendingMovies(timeWindow: .week, page: 1), with: .success(first))
        repository.answer(.trendingMovies(timeWindow: .week, page: 2), with: .success(second))
        let useCase = FetchTrendingMoviesUseCase(repository: repository)

        let list = try await useCase.execute(timeWindow: .week, appendingTo: MovieList())
        let longer = try await useCase.execute(timeWindow: .week, appendingTo: list)

        #expect(longer.movies.map(\.title) == ["One", "Four"])
        #expect(longer.isComplete)
    }

    @Test("T8: a complete list asks for no page, and page 500 is the last whatever TMDB claims")
    func aCompleteListAsksForNothing() async throws {
        var list = MovieList<Movie>()
        list.append([Movie(id: 1, title: "One")], page: 499, totalPages: 1000)
        repository.answer(
            .trendingMovies(timeWindow: .week, page: 500),
            with: .success(MoviePage(movies: [Movie(id: 2, title: "Two")], totalPages: 1000)))
        let trending = FetchTrendingMoviesUseCase(repository: repository)
        let search = SearchMoviesUseCase(repository: repository)

        let last = try await trending.execute(timeWindow: .week, appendingTo: list)
        let same = try await trending.execute(timeWindow: .week, appendingTo: last)
        let searched = try await search.execute(query: "two", appendingTo: last)

        #expect(last.isComplete)
        #expect(same == last)
        #expect(searched == last)
        #expect(repository.started.entries == [.trendingMovies(timeWindow: .week, page: 500)])
    }

    @Test("S2, S5, S6: the search use case pages the query's results, or fails with why")
    func searchPagesTheQuerysResults() async throws {
        let page = MoviePage(
            movies: [Movie(id: 2, title: "Two"), Movie(id: 5, title: "Adult", isAdult: true)],
            totalPages: 2)
        let failure = MovieLoadError.failed(.timedOut)
        repository.answer(.searchMovies(query: "two", page: 1), with: .success(page))
        repository.answer(.searchMovies(query: "two", page: 2), with: .failure(failure))
        let useCase = SearchMoviesUseCase(repository: repository)

        let list = try await useCase.execute(query: "two", appendingTo: MovieList())
        #expect(list.movies.map(\.title) == ["Two"])
        #expect(list.nextPage == 2)
        await #expect(throws: failure) {
            try await useCase.execute(query: "two", appendingTo: list)
        }
    }

    @Test("E6: every use case passes the source's countdown on to its caller")
    func theCountdownReachesTheCaller() async throws {
        repository.countDown([2, 1, 0])
        repository.answer(
            .trendingMovies(timeWindow: .week, page: 1),
            with: .success(MoviePage(movies: [], totalPages: 1)))
        repository.answer(
            .searchMovies(query: "q", page: 1), with: .success(MoviePage(movies: [], totalPages: 1))
        )
        repository.answerDetail(with: .success(Self.detail))
        let heard = Mutex<[Int]>([])
        let hear: RateLimitWaitHandler = { secondsLeft in heard.withLock { $0.append(secondsLeft) }
        }

        _ = try await FetchTrendingMoviesUseCase(repository: repository)
            .execute(timeWindow: .week, appendingTo: MovieList(), onRateLimitWait: hear)
        _ = try await SearchMoviesUseCase(repository: repository)
            .execute(query: "q", appendingTo: MovieList(), onRateLimitWait: hear)
        _ = try await FetchMovieDetailUseCase(repository: repository)
            .execute(movieID: 7, onRateLimitWait: hear)

        #expect(heard.withLock { $0 } == [2, 1, 0, 2, 1, 0, 2, 1, 0])
    }
}
