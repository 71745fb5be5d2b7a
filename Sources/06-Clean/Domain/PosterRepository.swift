/// Where posters come from, as the use case needs them. Domain declares it and Data
/// implements it, so Domain never imports the code that downloads, decodes or caches them.
public protocol PosterRepository: Sendable {
    /// The poster `path` names, from wherever it is; nil when it cannot be had. Cancelling
    /// the calling task stops the download (P7).
    func poster(path: String) async -> Poster?
    /// The poster if the repository holds it in memory now (P6).
    func cachedPoster(path: String) -> Poster?
    /// Fetches these posters ahead, at low priority, for a list's rows about to show (P7).
    func prefetchPosters(paths: [String])
    /// Forgets posters fetched ahead that nobody wants any more; their downloads stop (P7).
    func cancelPrefetchingPosters(paths: [String])
}
