import TMDB

/// What the view models need from TMDB, as a protocol, so that each one is handed an
/// implementation instead of reaching for a shared client, and tests can hand them a fake.
/// `onRateLimitWait` hears the countdown while TMDB's rate limit is waited out (E6).
protocol MovieService: Sendable {
    func trendingMovies(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
    ) async throws(TMDBError) -> MoviePage
    func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler) async throws(TMDBError)
        -> MovieDetail
    func movieVideos(id: Int) async throws(TMDBError) -> [Video]
    func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(TMDBError) -> MoviePage
}

/// The live implementation is the TMDB client itself.
extension TMDBClient: MovieService {}
