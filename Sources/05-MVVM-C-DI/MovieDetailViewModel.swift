import Foundation
import ImagePipeline
import MoviePresentation
import TMDB
import ViewModelKit

/// One movie as a mapping from what the user does (`Input`) to what the screen shows
/// (`Output`). It fetches the detail and the videos and formats them; it knows nothing of
/// how the screen is drawn.
@MainActor
final class MovieDetailViewModel: ViewModelType {
    struct Input {
        /// Fires once, when the screen is first shown.
        let viewDidLoad: Signal<Void>
        /// Fires on `r` while the screen shows a failure: load again (D4).
        let retry: Signal<Void>
        /// Fires when the screen is left: its responses must not matter any more (E1).
        let viewDidDisappear: Signal<Void>
    }

    struct Output {
        /// The header: the movie's title, and where the data comes from.
        let title: Driver<String>
        let subtitle: Driver<String>
        /// True while the detail is on its way (D1).
        let isLoading: Driver<Bool>
        /// "Loading…", or the countdown while TMDB's rate limit is waited out (E6).
        let loadingText: Driver<String>
        /// The detail, every value formatted, once it has come (D1, D7); `nil` before.
        let detail: Driver<MovieDetailContent?>
        /// Why the detail could not be loaded (D4); `nil` when nothing failed.
        let errorMessage: Driver<String?>
        /// The keys that do something on the screen as it is: no scrolling before the detail.
        let hints: Driver<String>
        /// Whether the screen has a poster box: only when the detail names a poster (P1).
        let hasPoster: Driver<Bool>
        /// The poster once it has come; `nil` before, and when it cannot come.
        let poster: Driver<LoadedImage?>
        /// True while the poster is on its way.
        let isLoadingPoster: Driver<Bool>
    }

    /// Where the detail's load stands; every output is read from it.
    enum Loading: Equatable {
        /// Not loading: before the screen is shown, or after it was left (E1).
        case idle
        /// On its way; `secondsLeft` counts down TMDB's rate limit (E6).
        case loading(secondsLeft: Int?)
        case loaded(MovieDetailContent, posterPath: String?)
        case failed(message: String)
    }

    let movie: Movie
    private let movieService: any MovieService
    private let imageLoader: any ImageLoading
    /// "sample data" or "TMDB", for the header.
    private let dataSourceName: String

    init(
        movie: Movie, movieService: any MovieService, imageLoader: any ImageLoading,
        dataSourceName: String
    ) {
        self.movie = movie
        self.movieService = movieService
        self.imageLoader = imageLoader
        self.dataSourceName = dataSourceName
    }

    // MARK: Input

    func transform(input: Input) -> Output {
        let movie = movie
        let movieService = movieService
        let imageLoader = imageLoader
        // D1, D4: showing the screen loads the detail and `r` loads it again; leaving the
        // screen stops the load (E1). `flatMapLatest` keeps one load running: a new one
        // cancels the one before, whose answer never arrives.
        let loading = Observable.merge(
            input.viewDidLoad.map { true }.asObservable(),
            input.retry.map { true }.asObservable(),
            input.viewDidDisappear.map { false }.asObservable()
        )
        .flatMapLatest { isShown in isShown ? Self.load(movie, from: movieService) : .just(.idle) }
        .asDriver(onErrorDriveWith: .empty())
        .startWith(.idle)
        // P1: the poster the detail names. `flatMapLatest` keeps one poster load: when the
        // detail goes (a retry, or the screen left), disposing it cancels the request (P7).
        let poster = loading.map(\.posterPath).distinctUntilChanged()
            .flatMapLatest { posterPath in
                PosterLoading.load(at: posterPath, from: imageLoader)
                    .asDriver(onErrorDriveWith: .empty())
            }
        return Output(
            title: .just(movie.title),
            subtitle: .just(dataSourceName),
            isLoading: loading.map(\.isLoading).distinctUntilChanged(),
            loadingText: loading.map(\.loadingText).distinctUntilChanged(),
            detail: loading.map(\.detail).distinctUntilChanged(),
            errorMessage: loading.map(\.errorMessage).distinctUntilChanged(),
            hints: loading.map(\.hints).distinctUntilChanged(),
            hasPoster: loading.map { $0.posterPath != nil }.distinctUntilChanged(),
            poster: poster.map(\.image),
            isLoadingPoster: poster.map(\.isLoading).distinctUntilChanged())
    }

    /// One load: `loading` at once, the countdown while TMDB's rate limit is waited out,
    /// then the detail or the failure. Disposing it cancels both requests (E1).
    private static func load(_ movie: Movie, from service: any MovieService)
        -> Observable<Loading>
    {
        Observable.create { observer in
            observer.onNext(.loading(secondsLeft: nil))
            let task = Task { @MainActor in
                // D2: the videos request runs alongside the detail request, so the screen
                // waits for the slower of the two, not for their sum.
                async let videos = service.movieVideos(id: movie.id)
                do throws(TMDBError) {
                    let detail = try await service.movieDetail(id: movie.id) {
                        @MainActor secondsLeft in
                        observer.onNext(.loading(secondsLeft: secondsLeft > 0 ? secondsLeft : nil))
                    }
                    // D3: without videos the screen only loses its trailer line.
                    let trailer = (try? await videos)?.preferredTrailer()
                    observer.onNext(
                        .loaded(
                            MovieDetailContent(detail, trailer: trailer),
                            posterPath: detail.posterPath))
                } catch {
                    observer.onNext(.failed(message: error.message))
                }
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
    }
}

// MARK: - Output

extension MovieDetailContent {
    /// The detail with every value formatted for the screen.
    init(_ detail: MovieDetail, trailer: Video?) {
        self.init(
            tagline: detail.tagline,
            facts: MovieFormatter.facts(
                genres: detail.genres.map(\.name), runtime: detail.runtime,
                releaseDate: detail.releaseDate, voteAverage: detail.voteAverage,
                voteCount: detail.voteCount),
            overview: MovieFormatter.overview(detail.overview),
            cast: MovieFormatter.cast(detail.cast.map { ($0.name, $0.character) }),
            trailerLink: trailer?.youTubeURL?.absoluteString ?? "")
    }
}

extension MovieDetailViewModel.Loading {
    var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    var loadingText: String {
        if case .loading(let secondsLeft?) = self {
            MovieFormatter.rateLimitWait(secondsLeft: secondsLeft)
        } else {
            "Loading…"
        }
    }

    var detail: MovieDetailContent? {
        if case .loaded(let detail, _) = self { detail } else { nil }
    }

    var posterPath: String? {
        if case .loaded(_, let posterPath) = self { posterPath } else { nil }
    }

    var errorMessage: String? {
        if case .failed(let message) = self { message } else { nil }
    }

    var hints: String {
        switch self {
        case .failed: "r retry · b back · ? help · q quit"
        case .loaded: "↑↓ scroll · b back · ? help · q quit"
        case .idle, .loading: "b back · ? help · q quit"
        }
    }
}
