import ImagePipeline
import ViewModelKit

/// Where one poster's load stands, for every screen that shows a poster (P1, P2).
enum PosterLoading {
    case none
    case loading
    /// `nil` when the poster cannot be had: the placeholder stays (P1).
    case loaded(LoadedImage?)

    /// One poster: none for no path, at once from memory when it is there (P6), else
    /// `loading` then the picture. Disposing it cancels the request (P7): inside
    /// `flatMapLatest`, a poster nobody shows any more never arrives.
    @MainActor static func load(at posterPath: String?, from imageLoader: any ImageLoading)
        -> Observable<PosterLoading>
    {
        guard let posterPath else { return .just(.none) }
        return Observable.create { observer in
            let request = ImageRequest.poster(at: posterPath)
            if let cached = imageLoader.cachedImage(for: request) {
                observer.onNext(.loaded(cached))
                observer.onCompleted()
                return Disposables.create()
            }
            observer.onNext(.loading)
            let task = Task { @MainActor in
                // Whatever goes wrong, the placeholder stays: nil is "no poster".
                let loaded = try? await imageLoader.image(for: request)
                observer.onNext(.loaded(loaded))
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
    }

    var image: LoadedImage? {
        if case .loaded(let image) = self { image } else { nil }
    }

    var isLoading: Bool {
        if case .loading = self { true } else { false }
    }
}
