import CleanDomain
import MovieDomain
import ViewModelKit

/// Where one poster's load stands, for every screen that shows a poster (P1, P2).
enum PosterLoading {
    case none
    case loading
    /// `nil` when the poster cannot be had: the placeholder stays (P1).
    case loaded(Poster?)

    /// One poster: none for no path, at once from memory when it is there (P6), else
    /// `loading` then the picture. Disposing it cancels the use case, and with it the
    /// request (P7): inside `flatMapLatest`, a poster nobody shows any more never arrives.
    @MainActor static func load(at posterPath: String?, with fetchPoster: FetchPosterUseCase)
        -> Observable<PosterLoading>
    {
        guard let posterPath else { return .just(.none) }
        return Observable.create { observer in
            if let cached = fetchPoster.cachedPoster(posterPath: posterPath) {
                observer.onNext(.loaded(cached))
                observer.onCompleted()
                return Disposables.create()
            }
            observer.onNext(.loading)
            let task = Task { @MainActor in
                // A poster that cannot be had is nil: the placeholder stays.
                let poster = await fetchPoster.execute(posterPath: posterPath)
                observer.onNext(.loaded(poster))
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
    }

    var image: Poster? {
        if case .loaded(let image) = self { image } else { nil }
    }

    var isLoading: Bool {
        if case .loading = self { true } else { false }
    }
}

extension PosterPrefetcher {
    /// Fetches ahead through the poster use case, which leaves the work to Data (P7).
    convenience init(fetchPoster: FetchPosterUseCase) {
        self.init(
            prefetch: { fetchPoster.prefetch(posterPaths: $0) },
            cancelPrefetching: { fetchPoster.cancelPrefetching(posterPaths: $0) })
    }
}
