/// Fetches a movie's detail with its trailer: one call for the screen, two requests behind it.
public struct FetchMovieDetailUseCase: Sendable {
    private let repository: any MovieRepository

    public init(repository: any MovieRepository) {
        self.repository = repository
    }

    /// Cancelling the calling task cancels both requests (E1).
    public func execute(movieID: Int, onRateLimitWait: RateLimitWaitHandler = { _ in })
        async throws(MovieLoadError) -> MovieDetail
    {
        // D2: the trailer is looked for while the detail loads, so the wait is for the slower
        // of the two, not for their sum.
        async let trailer = repository.trailer(forMovieID: movieID)
        var detail = try await repository.movieDetail(
            id: movieID, onRateLimitWait: onRateLimitWait)
        // D3: without its trailer the detail only loses its link.
        detail.trailer = try? await trailer
        return detail
    }
}
