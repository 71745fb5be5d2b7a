import CleanDomain
import Foundation
import MovieDomain
import MoviePresentation
import ViewModelKit

/// What the list asks of whoever shows it. Handed in at `init`, so the view model asks for a
/// detail and never knows which controller shows it, or how it gets on screen.
public struct TrendingViewModelActions {
    /// T11: the user opened a movie.
    let showMovieDetail: (Movie) -> Void
}

/// The trending list as a mapping from what the user does (`Input`) to what the screen
/// shows (`Output`). It fetches the pages, keeps the state and formats every value; it knows
/// nothing of how the screen is drawn.
@MainActor
public final class TrendingViewModel: ViewModelType {
    public struct Input {
        /// Fires once, when the screen is first shown.
        let viewDidLoad: Signal<Void>
        /// Fires when the user switches between today and this week (T10).
        let toggleTimeWindow: Signal<Void>
        /// Fires on `r`: retry a failed page, or reload (T9, T10).
        let retry: Signal<Void>
        /// The row the user moved the selection to.
        let selection: Signal<Int>
        /// A row coming on screen.
        let rowWillDisplay: Signal<Int>
        /// Fires on Enter with the row the user opened (T11).
        let selectMovie: Signal<Int>
        /// Whether the screen has room for the preview pane: the view's call, by its width (P2).
        let hasRoomForPreview: Driver<Bool>
    }

    public struct Output {
        /// The header: its title, the window and the data source, and "3 / 20" at its end.
        let title: Driver<String>
        let subtitle: Driver<String>
        let position: Driver<String>
        /// The rows, again only when they change: a move sends none, so the list reloads
        /// only when a page arrives or the list starts over.
        let rows: Driver<MovieRows<Movie>>
        /// The selected row, sent after the rows it is a row of.
        let selectedRow: Driver<Int>
        /// Whether the first page is loading, and what the indicator says meanwhile (E6).
        let isLoading: Driver<Bool>
        let loadingText: Driver<String>
        /// The message in place of an empty list: a failed first page, or no movies.
        let message: Driver<ListMessage?>
        /// What the status line says.
        let status: Driver<Status>
        /// Whether the preview pane shows, and the selected movie's poster in it (P2).
        let showsPreview: Driver<Bool>
        let previewPoster: Driver<Poster?>
        let isLoadingPreviewPoster: Driver<Bool>
        /// P7: the posters fetched ahead, the selected row's and the next two rows', while the
        /// pane shows; they are fetched for as long as this is driven.
        let postersAhead: Driver<[String]>
        /// The movie opened, once for each Enter on a row the list has; the actions are told
        /// of it while it passes, so the screen subscribes to it and does nothing else.
        let selectedMovie: Signal<Movie>
    }

    /// What the user did, or what TMDB answered: the only ways the state changes.
    enum Action {
        case reload
        case toggleTimeWindow
        case retry
        case select(row: Int)
        case display(row: Int)
        case waiting(secondsLeft: Int, PageRequest)
        case loaded(MovieList<Movie>, PageRequest)
        case failed(MovieLoadError, PageRequest)
    }

    /// The page the list waits for.
    struct PageRequest: Equatable {
        let timeWindow: TimeWindow
        let page: Int
    }

    /// What the status line says.
    enum Status: Equatable {
        case hint(String)
        /// Something under way: "Loading more…", or TMDB's rate limit waited out, counting
        /// down (E6).
        case activity(String)
        case failed(String)
        case ended(String)
    }

    /// Everything the list knows, as one value: each action makes the next one.
    struct State {
        var timeWindow = TimeWindow.week
        var dataSourceName = ""
        /// The movies shown and the pages behind them (T6–T8).
        var movieList = MovieList<Movie>()
        /// The page being loaded; one at a time (T6).
        var pageRequest: PageRequest?
        /// The seconds left while TMDB's rate limit is waited out (E6).
        var retryCountdown: Int?
        var loadError: MovieLoadError?
        var selectedRow = 0
    }

    private let timeWindow: TimeWindow
    /// What the coordinator handed in.
    private let actions: TrendingViewModelActions
    private let fetchTrendingMovies: FetchTrendingMoviesUseCase
    private let fetchPoster: FetchPosterUseCase
    /// "sample data" or "TMDB", for the header.
    private let dataSourceName: String

    public init(
        timeWindow: TimeWindow, actions: TrendingViewModelActions,
        fetchTrendingMovies: FetchTrendingMoviesUseCase, fetchPoster: FetchPosterUseCase,
        dataSourceName: String
    ) {
        self.timeWindow = timeWindow
        self.actions = actions
        self.fetchTrendingMovies = fetchTrendingMovies
        self.fetchPoster = fetchPoster
        self.dataSourceName = dataSourceName
    }

    // MARK: Input

    public func transform(input: Input) -> Output {
        let userActions = Observable.merge(
            input.viewDidLoad.map { Action.reload }.asObservable(),
            input.toggleTimeWindow.map { Action.toggleTimeWindow }.asObservable(),
            input.retry.map { Action.retry }.asObservable(),
            input.selection.map { Action.select(row: $0) }.asObservable(),
            input.rowWillDisplay.map { Action.display(row: $0) }.asObservable())
        let fetchTrendingMovies = fetchTrendingMovies
        let fetchPoster = fetchPoster
        let state = Observable.system(
            initialState: State(timeWindow: timeWindow, dataSourceName: dataSourceName),
            reduce: { state, action in state.reduced(by: action) },
            feedback: { _ in userActions },
            { state in
                // T6, E1: each page the state asks for is requested once; a newer request
                // (another window, a reload) cancels the older, whose answer never arrives.
                // The use case is handed the list as it is, and answers with the list to show.
                state.distinctUntilChanged(at: \.pageRequest)
                    .compactMap { state in state.pageRequest.map { ($0, state.movieList) } }
                    .flatMapLatest { request, movieList in
                        // E6: the countdown while TMDB's rate limit is waited out, then the
                        // page or the failure: the actions of one request, in one sequence.
                        Observable<Action>.create { observer in
                            let task = Task { @MainActor in
                                do throws(MovieLoadError) {
                                    let movieList = try await fetchTrendingMovies.execute(
                                        timeWindow: request.timeWindow, appendingTo: movieList
                                    ) { @MainActor secondsLeft in
                                        observer.onNext(
                                            .waiting(secondsLeft: secondsLeft, request))
                                    }
                                    observer.onNext(.loaded(movieList, request))
                                } catch {
                                    observer.onNext(.failed(error, request))
                                }
                                observer.onCompleted()
                            }
                            return Disposables.create { task.cancel() }
                        }
                    }
            }
        ).asDriver(onErrorDriveWith: .empty())
        // T11: the movie on that row of the list as it is now, for the coordinator to show.
        let selectedMovie = input.selectMovie.withLatestFrom(
            state.asSignal(onErrorSignalWith: .empty())
        ) { row, state in
            state.movieList.movies.indices.contains(row) ? state.movieList.movies[row] : nil
        }.compactMap { $0 }.do(onNext: actions.showMovieDetail)
        // P2: the selected movie's poster while the pane shows. `flatMapLatest` keeps one
        // poster load: when the selection moves on, disposing the older load cancels its
        // request (P7), so a left row's poster never arrives, whatever order they come in.
        let showsPreview = Driver.combineLatest(input.hasRoomForPreview, state) {
            hasRoom, state in hasRoom && state.selectedMovie != nil
        }.distinctUntilChanged()
        let previewPoster = Driver.combineLatest(input.hasRoomForPreview, state) {
            hasRoom, state in hasRoom ? state.selectedMovie?.posterPath : nil
        }
        .distinctUntilChanged()
        .flatMapLatest { posterPath in
            PosterLoading.load(at: posterPath, with: fetchPoster)
                .asDriver(onErrorDriveWith: .empty())
        }
        // P7: the prefetcher asks for the posters that enter the window and cancels those that
        // leave it, and all of them when the screen lets go of the output.
        let posterPrefetcher = PosterPrefetcher(fetchPoster: fetchPoster)
        let postersAhead = Driver.combineLatest(input.hasRoomForPreview, state) {
            hasRoom, state in hasRoom ? state.movieList.posterPaths(from: state.selectedRow) : []
        }
        .distinctUntilChanged()
        .do(onNext: posterPrefetcher.update, onDispose: posterPrefetcher.stop)
        // What the screen shows, each sent only when it changes.
        return Output(
            title: state.map(\.title).distinctUntilChanged(),
            subtitle: state.map(\.subtitle).distinctUntilChanged(),
            position: state.map(\.position).distinctUntilChanged(),
            rows: state.map(\.movieList.rows).distinctUntilChanged(),
            selectedRow: state.map(\.selectedRow).distinctUntilChanged(),
            isLoading: state.map(\.isLoadingFirstPage).distinctUntilChanged(),
            loadingText: state.map(\.loadingText).distinctUntilChanged(),
            message: state.map(\.message).distinctUntilChanged(),
            status: state.map(\.status).distinctUntilChanged(),
            showsPreview: showsPreview,
            previewPoster: previewPoster.map(\.image),
            isLoadingPreviewPoster: previewPoster.map(\.isLoading).distinctUntilChanged(),
            postersAhead: postersAhead,
            selectedMovie: selectedMovie)
    }
}

// MARK: - Loading

extension TrendingViewModel.State {
    typealias Action = TrendingViewModel.Action

    /// The state after `action`. Pure: the same state and action always give the same
    /// next state, so a burst of keys gives the same list as slow typing (E7).
    func reduced(by action: Action) -> Self {
        var state = self
        switch action {
        case .reload:
            state.reload()
        case .toggleTimeWindow:
            state.timeWindow = timeWindow == .week ? .day : .week
            state.reload()
        case .retry:
            // `r` retries a failed next page and keeps the list (T9); while the first page is on
            // its way it does nothing, as that request is the reload; otherwise it reloads (T10).
            if loadError != nil && !movieList.isEmpty {
                state.loadNextPage()
            } else if !(pageRequest != nil && movieList.nextPage == 1) {
                state.reload()
            }
        case .select(let row):
            guard movieList.movies.indices.contains(row) else { break }
            state.selectedRow = row
            state.loadNextPageIfNeeded(showing: row)
        case .display(let row):
            state.loadNextPageIfNeeded(showing: row)
        case .waiting(let secondsLeft, let request):
            guard request == pageRequest else { break }
            state.retryCountdown = secondsLeft > 0 ? secondsLeft : nil
        case .loaded(let movieList, let request):
            guard request == pageRequest else { break }
            state.retryCountdown = nil
            state.show(movieList)
        case .failed(let error, let request):
            guard request == pageRequest else { break }
            state.retryCountdown = nil
            state.pageRequest = nil
            state.loadError = error
            // T9, T10: a page 1 that fails says why in place of the rows it was to replace.
            if movieList.isStartingOver {
                state.movieList.removeAll()
            }
        }
        return state
    }

    /// Starts over from page 1, with the rows in view until it comes (T10).
    private mutating func reload() {
        movieList.startOver()
        pageRequest = nil
        loadError = nil
        loadNextPage()
    }

    /// Asks for the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private mutating func loadNextPage() {
        guard pageRequest == nil, let page = movieList.nextPage else { return }
        loadError = nil
        retryCountdown = nil
        pageRequest = TrendingViewModel.PageRequest(timeWindow: timeWindow, page: page)
    }

    /// T6: the next page is wanted once `row`, the selection or a row coming on screen,
    /// nears the end of the list; so a first page too short for the screen is followed.
    private mutating func loadNextPageIfNeeded(showing row: Int) {
        guard movieList.wantsNextPage(lastVisibleRow: row) else { return }
        loadNextPage()
    }

    /// T7: the list the use case made, without adult titles or movies already shown. A page
    /// that added nothing new asks for no more by itself: the user's next move does.
    private mutating func show(_ newList: MovieList<Movie>) {
        let addedMovies =
            movieList.isStartingOver ? !newList.isEmpty : newList.count > movieList.count
        movieList = newList
        pageRequest = nil
        // T10: page 1 replaces the rows, with the selection at the top.
        if newList.loadedPages == 1 {
            selectedRow = 0
        }
        if addedMovies {
            loadNextPageIfNeeded(showing: selectedRow)
        }
    }
}

// MARK: - Output

extension TrendingViewModel.State {
    typealias Status = TrendingViewModel.Status

    var title: String { "Trending movies" }

    var subtitle: String {
        "\(MovieFormatter.timeWindowName(isWeek: timeWindow == .week)) · \(dataSourceName)"
    }

    /// The movie the selection is on, if the list has any.
    var selectedMovie: Movie? {
        movieList.movies.indices.contains(selectedRow) ? movieList.movies[selectedRow] : nil
    }

    var position: String {
        movieList.isEmpty ? "" : "\(selectedRow + 1) / \(movieList.count)"
    }

    var isLoadingFirstPage: Bool { movieList.isEmpty && pageRequest != nil }

    var loadingText: String { retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…" }

    var message: ListMessage? {
        guard movieList.isEmpty && pageRequest == nil else { return nil }
        if let loadError {
            return .failure(loadError)
        }
        return ListMessage(
            text: "No trending movies right now.", hint: "t switches between today and this week",
            isError: false)
    }

    var status: Status {
        let hints = "↑↓ move · enter open · / search · t today/this week · ? help · q quit"
        if movieList.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if pageRequest != nil {
            // T10: the rows of a list that starts over stay usable until page 1 replaces them.
            let activity = movieList.isStartingOver ? "Reloading…" : "Loading more…"
            return .activity(retryCountdown.map(MovieFormatter.rateLimitWait) ?? activity)
        } else if let loadError {
            return .failed("Couldn't load more: \(loadError.message) r to retry")
        } else if movieList.isComplete {
            return .ended("\(MovieFormatter.allMovies(movieList.count)) · \(hints)")
        } else {
            return .hint(hints)
        }
    }
}
