import CleanDomain
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
        repository.answerTrailer(with: .failure(.failed(message: "TMDB had a server error.")))
        let useCase = FetchMovieDetailUseCase(repository: repository)

        let detail = try await useCase.execute(movieID: 7)

        #expect(detail == Self.detail)
        #expect(detail.trailer == nil)
    }

    @Test("D4: a detail that cannot be loaded fails the call with the repository's error")
    func aFailedDetailFailsTheCall() async {
        let failure = MovieLoadError.failed(message: "TMDB has no such movie or page.")
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

    @Test("T1, T6: the trending use case fetches the page of the window it is asked for")
    func trendingFetchesTheWindowsPage() async throws {
        let page = MoviePage(movies: [Movie(id: 1, title: "One")], totalPages: 3)
        repository.answer(.trendingMovies(timeWindow: .day, page: 2), with: .success(page))
        let useCase = FetchTrendingMoviesUseCase(repository: repository)

        #expect(try await useCase.execute(timeWindow: .day, page: 2) == page)
        #expect(repository.started.entries == [.trendingMovies(timeWindow: .day, page: 2)])
    }

    @Test("S2, S6: the search use case fetches the query's page, or fails with why")
    func searchFetchesTheQuerysPage() async throws {
        let page = MoviePage(movies: [Movie(id: 2, title: "Two")], totalPages: 1)
        let failure = MovieLoadError.failed(message: "TMDB took too long to answer.")
        repository.answer(.searchMovies(query: "two", page: 1), with: .success(page))
        repository.answer(.searchMovies(query: "two", page: 2), with: .failure(failure))
        let useCase = SearchMoviesUseCase(repository: repository)

        #expect(try await useCase.execute(query: "two", page: 1) == page)
        await #expect(throws: failure) {
            try await useCase.execute(query: "two", page: 2)
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
            .execute(timeWindow: .week, page: 1, onRateLimitWait: hear)
        _ = try await SearchMoviesUseCase(repository: repository)
            .execute(query: "q", page: 1, onRateLimitWait: hear)
        _ = try await FetchMovieDetailUseCase(repository: repository)
            .execute(movieID: 7, onRateLimitWait: hear)

        #expect(heard.withLock { $0 } == [2, 1, 0, 2, 1, 0, 2, 1, 0])
    }
}
