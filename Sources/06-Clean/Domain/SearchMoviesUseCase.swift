/// Fetches one page of the movies whose titles match a query (S2).
public struct SearchMoviesUseCase: Sendable {
    private let repository: any MovieRepository

    public init(repository: any MovieRepository) {
        self.repository = repository
    }

    public func execute(
        query: String, page: Int, onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(MovieLoadError) -> MoviePage {
        try await repository.searchMovies(
            query: query, page: page, onRateLimitWait: onRateLimitWait)
    }
}
