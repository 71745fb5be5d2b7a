import MovieDomain

/// Loads the next page of the movies whose titles match a query into their list (S2, S5):
/// the same paging rules as trending, applied by Domain.
public struct SearchMoviesUseCase: Sendable {
    private let repository: any MovieRepository

    public init(repository: any MovieRepository) {
        self.repository = repository
    }

    /// `list` with its next page appended, or `list` itself once it is complete.
    public func execute(
        query: String, appendingTo list: MovieList<Movie>,
        onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(MovieLoadError) -> MovieList<Movie> {
        // S5: a complete list asks for nothing, page 501 included.
        guard let page = list.nextPage else { return list }
        let moviePage = try await repository.searchMovies(
            query: query, page: page, onRateLimitWait: onRateLimitWait)
        // S5: adult titles and movies already shown are left out.
        var list = list
        list.append(moviePage.movies, page: page, totalPages: moviePage.totalPages)
        return list
    }
}
