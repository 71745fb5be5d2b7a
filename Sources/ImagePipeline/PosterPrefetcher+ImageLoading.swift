import MovieDomain

extension PosterPrefetcher {
    /// Fetches ahead through `imageLoader`, each poster sized for a poster box (P5, P7).
    public convenience init(imageLoader: any ImageLoading) {
        self.init(
            prefetch: { imageLoader.prefetch($0.map(ImageRequest.poster(at:))) },
            cancelPrefetching: { imageLoader.cancelPrefetching($0.map(ImageRequest.poster(at:))) })
    }
}
