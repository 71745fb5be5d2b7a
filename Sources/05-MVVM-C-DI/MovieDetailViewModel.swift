import Foundation
import MovieDomain
import TMDB
import ViewModelKit

/// One movie as a mapping from what the user does (`Input`) to what the screen shows
/// (`Output`). It fetches the detail and the videos, keeps them and formats them; it knows
/// nothing of how the screen is drawn.
@MainActor
final class MovieDetailViewModel: ViewModelType {
    struct Input {
        /// Fires once, when the screen is first shown.
        let viewDidLoad: Signal<Void>
        /// Fires on `r`; loads again after a failure (D4).
        let retry: Signal<Void>
        /// Fires when the screen is left: its responses must not matter any more (E1).
        let viewDidDisappear: Signal<Void>
    }

    struct Output {
        /// Everything the screen shows, again after every change; a screen that subscribes
        /// late gets the latest at once. It never fails: a failure is a state like any other.
        let state: Driver<State>
    }

    /// What the user did, or what TMDB answered: the only ways the state changes.
    enum Action {
        case load
        case retry
        case stop
        case waiting(secondsLeft: Int)
        case loaded(MovieDetail, trailer: Video?)
        case failed(TMDBError)
    }

    /// Everything the screen knows, as one value: each action makes the next one.
    struct State {
        let movie: Movie
        var dataSourceName = ""
        var detail: MovieDetail?
        var trailer: Video?
        /// True while the detail is being loaded.
        var isLoading = false
        /// The seconds left while TMDB's rate limit is waited out (E6).
        var retryCountdown: Int?
        var loadError: TMDBError?
    }

    let movie: Movie
    private let movieService: any MovieService
    /// "sample data" or "TMDB", for the header.
    private let dataSourceName: String

    init(movie: Movie, movieService: any MovieService, dataSourceName: String) {
        self.movie = movie
        self.movieService = movieService
        self.dataSourceName = dataSourceName
    }

    // MARK: Input

    func transform(input: Input) -> Output {
        let userActions = Observable.merge(
            input.viewDidLoad.map { Action.load }.asObservable(),
            input.retry.map { Action.retry }.asObservable(),
            input.viewDidDisappear.map { Action.stop }.asObservable())
        let movieID = movie.id
        let movieService = movieService
        // E6: the countdown of a request that waits out TMDB's rate limit, as actions.
        let retryCountdowns = PublishRelay<Action>()
        let state = Observable.system(
            initialState: State(movie: movie, dataSourceName: dataSourceName),
            reduce: { state, action in state.reduced(by: action) },
            feedback: { _ in Observable.merge(userActions, retryCountdowns.asObservable()) },
            { state in
                // While the state is loading, the request runs; `stop` cancels it (E1).
                state.map(\.isLoading).distinctUntilChanged()
                    .flatMapLatest { isLoading in
                        isLoading
                            ? Self.load(movieID, from: movieService, countdown: retryCountdowns)
                            : .empty()
                    }
            }
        ).asDriver(onErrorDriveWith: .empty())
        return Output(state: state)
    }

    private static func load(
        _ movieID: Int, from service: any MovieService, countdown: PublishRelay<Action>
    ) -> Observable<Action> {
        Observable.fromAsync { () async -> Action in
            // D2: the videos request runs alongside the detail request, so the screen
            // waits for the slower of the two, not for their sum.
            async let videos = service.movieVideos(id: movieID)
            do throws(TMDBError) {
                let detail = try await service.movieDetail(id: movieID) {
                    @MainActor secondsLeft in
                    countdown.accept(.waiting(secondsLeft: secondsLeft))
                }
                // D3: without videos the screen only loses its trailer line.
                let trailer = (try? await videos)?.preferredTrailer()
                return .loaded(detail, trailer: trailer)
            } catch {
                return .failed(error)
            }
        }
    }
}

// MARK: - Loading

extension MovieDetailViewModel.State {
    typealias Action = MovieDetailViewModel.Action

    /// The state after `action`. Pure, so a burst of keys gives what slow typing gives (E7).
    func reduced(by action: Action) -> Self {
        var state = self
        switch action {
        case .load:
            state.isLoading = true
            state.loadError = nil
        case .retry:
            guard loadError != nil else { break }
            state.isLoading = true
            state.loadError = nil
        case .stop:
            state.isLoading = false
            state.retryCountdown = nil
        case .waiting(let secondsLeft):
            guard isLoading else { break }
            state.retryCountdown = secondsLeft > 0 ? secondsLeft : nil
        case .loaded(let detail, let trailer):
            guard isLoading else { break }
            state.retryCountdown = nil
            state.detail = detail
            state.trailer = trailer
            state.isLoading = false
        case .failed(let error):
            guard isLoading else { break }
            state.retryCountdown = nil
            state.isLoading = false
            state.loadError = error
        }
        return state
    }
}

// MARK: - Output

extension MovieDetailViewModel.State {
    var title: String { movie.title }

    var subtitle: String { dataSourceName }

    var isShowingDetail: Bool { detail != nil }

    var loadingText: String { retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…" }

    var errorMessage: String? { loadError?.message }

    /// The keys that do something on the screen as it is: no scrolling before the detail.
    var hints: String {
        if loadError != nil {
            return "r retry · b back · ? help · q quit"
        } else if detail == nil {
            return "b back · ? help · q quit"
        } else {
            return "↑↓ scroll · b back · ? help · q quit"
        }
    }

    var heading: String {
        guard let detail else { return movie.title }
        return MovieFormatter.heading(title: detail.title, releaseDate: detail.releaseDate)
    }

    var tagline: String { detail?.tagline ?? "" }

    var facts: [String] {
        guard let detail else { return [] }
        return MovieFormatter.facts(
            genres: detail.genres.map(\.name), runtime: detail.runtime,
            releaseDate: detail.releaseDate, voteAverage: detail.voteAverage,
            voteCount: detail.voteCount)
    }

    var overview: String {
        guard let detail else { return "" }
        return MovieFormatter.overview(detail.overview)
    }

    var cast: [String] { MovieFormatter.cast(detail?.cast.map { ($0.name, $0.character) } ?? []) }

    var trailerLink: String { trailer?.youTubeURL?.absoluteString ?? "" }
}
