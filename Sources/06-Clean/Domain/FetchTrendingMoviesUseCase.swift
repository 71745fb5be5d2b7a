/// Fetches one page of the movies trending in a time window (T1, T6).
public struct FetchTrendingMoviesUseCase: Sendable {
    private let repository: any MovieRepository

    public init(repository: any MovieRepository) {
        self.repository = repository
    }

    public func execute(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(MovieLoadError) -> MoviePage {
        try await repository.trendingMovies(
            timeWindow: timeWindow, page: page, onRateLimitWait: onRateLimitWait)
    }
}
