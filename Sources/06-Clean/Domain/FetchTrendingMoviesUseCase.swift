import MovieDomain

/// Loads the next page of the movies trending in a time window into their list (T1, T6–T8):
/// which page comes next, and what it adds, are Domain's rules, so the view model only keeps
/// the list it is given.
public struct FetchTrendingMoviesUseCase: Sendable {
    private let repository: any MovieRepository

    public init(repository: any MovieRepository) {
        self.repository = repository
    }

    /// `list` with its next page appended, or `list` itself once it is complete.
    public func execute(
        timeWindow: TimeWindow, appendingTo list: MovieList<Movie>,
        onRateLimitWait: RateLimitWaitHandler = { _ in }
    ) async throws(MovieLoadError) -> MovieList<Movie> {
        // T8: a complete list asks for nothing, page 501 included.
        guard let page = list.nextPage else { return list }
        let moviePage = try await repository.trendingMovies(
            timeWindow: timeWindow, page: page, onRateLimitWait: onRateLimitWait)
        // T7: adult titles and movies already shown are left out.
        var list = list
        list.append(moviePage.movies, page: page, totalPages: moviePage.totalPages)
        return list
    }
}
