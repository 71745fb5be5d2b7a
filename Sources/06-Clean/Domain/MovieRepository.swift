/// Hears the seconds left while the source waits out its rate limit before it asks again (E6).
public typealias RateLimitWaitHandler = @Sendable (_ secondsLeft: Int) async -> Void

/// Where movies come from, as the use cases need it. Domain declares it and Data implements
/// it, so the dependency points inwards: Domain never imports the code that talks to TMDB.
/// A repository keeps nothing between pages: paging is the list use cases' job.
public protocol MovieRepository: Sendable {
    func trendingMovies(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
    ) async throws(MovieLoadError) -> MoviePage
    func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> MoviePage
    /// The detail without its trailer, which `trailer(forMovieID:)` finds.
    func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> MovieDetail
    /// The movie's trailer, or nil when it has none.
    func trailer(forMovieID id: Int) async throws(MovieLoadError) -> Trailer?
}
