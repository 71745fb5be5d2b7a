/// Fetches a movie's poster. A poster that cannot be had is not an error the screen
/// reports: the poster box stays empty (P1).
public struct FetchPosterUseCase: Sendable {
    private let repository: any PosterRepository

    public init(repository: any PosterRepository) {
        self.repository = repository
    }

    /// Cancelling the calling task cancels the download (P7).
    public func execute(posterPath: String) async -> Poster? {
        await repository.poster(path: posterPath)
    }

    /// The poster at once when it is in memory, for a screen shown again (P6).
    public func cachedPoster(posterPath: String) -> Poster? {
        repository.cachedPoster(path: posterPath)
    }

    /// Fetches these posters ahead, for the rows a list shows next (P7).
    public func prefetch(posterPaths: [String]) {
        repository.prefetchPosters(paths: posterPaths)
    }

    /// Stops fetching these ahead: the list's selection left them behind (P7).
    public func cancelPrefetching(posterPaths: [String]) {
        repository.cancelPrefetchingPosters(paths: posterPaths)
    }
}
