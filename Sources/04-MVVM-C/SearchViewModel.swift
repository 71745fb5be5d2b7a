import Foundation
import ImagePipeline
import MovieDomain
import MoviePresentation
import TMDB
import ViewModelKit

/// What the search asks of whoever shows it. Handed in at `init`, so the view model asks for
/// a detail and never knows which controller shows it, or how it gets on screen.
struct SearchViewModelActions {
    /// S7: the user opened a result.
    let showMovieDetail: (Movie) -> Void
}

/// The search as a mapping from what the user types and does (`Input`) to what the screen
/// shows (`Output`). It waits for the typing to pause, sends the query, keeps the pages and
/// formats every value; it knows nothing of how the screen is drawn.
@MainActor
final class SearchViewModel: ViewModelType {
    struct Input {
        /// The search bar's text, after every edit.
        let text: Signal<String>
        /// Fires on `r`: retry a failed page, or the query (S6).
        let retry: Signal<Void>
        /// The row the user moved the selection to.
        let selection: Signal<Int>
        /// A row coming on screen.
        let rowWillDisplay: Signal<Int>
        /// Fires on Enter with the row the user opened (S7).
        let selectMovie: Signal<Int>
        /// Whether the screen has room for the preview pane: the view's call, by its width (P2).
        let hasRoomForPreview: Driver<Bool>
    }

    struct Output {
        /// The header: its title, the query the results are for, and "3 / 20" at its end.
        let title: Driver<String>
        let subtitle: Driver<String>
        let position: Driver<String>
        /// The rows, again only when they change: a move sends none, so the list reloads
        /// only when a page arrives or the results start over.
        let rows: Driver<MovieRows<Movie>>
        /// The selected row, sent after the rows it is a row of.
        let selectedRow: Driver<Int>
        /// Whether the first page is on its way, and what the indicator says meanwhile (E6).
        let isSearching: Driver<Bool>
        let loadingText: Driver<String>
        /// The message in place of empty results: a failed first page, or no match.
        let message: Driver<ListMessage?>
        /// What the status line says.
        let status: Driver<Status>
        /// What the status line says while the search bar has the keys, when not the bar's
        /// own hint: `r` types into the bar, so after a failure it says the way to a retry.
        let searchBarHint: Driver<String?>
        /// Whether `r` retries: once a query has been sent (S6).
        let isRetryEnabled: Driver<Bool>
        /// Whether the preview pane shows, and the selected movie's poster in it (P2).
        let showsPreview: Driver<Bool>
        let previewPoster: Driver<LoadedImage?>
        let isLoadingPreviewPoster: Driver<Bool>
        /// P7: the posters fetched ahead, the selected row's and the next two rows', while the
        /// pane shows; they are fetched for as long as this is driven.
        let postersAhead: Driver<[String]>
        /// The movie opened, once for each Enter on a row the results have; the actions are
        /// told of it while it passes, so the screen subscribes to it and does nothing else.
        let selectedMovie: Signal<Movie>
    }

    /// What the user did, or what TMDB answered: the only ways the state changes.
    enum Action {
        case edited
        case cleared
        case paused
        case search(String)
        case retry
        case select(row: Int)
        case display(row: Int)
        case waiting(secondsLeft: Int, PageRequest)
        case loaded(MoviePage, PageRequest)
        case failed(TMDBError, PageRequest)
    }

    /// The page the results wait for.
    struct PageRequest: Equatable {
        let query: String
        let page: Int
    }

    /// What the status line says.
    enum Status: Equatable {
        case hint(String)
        /// Something under way: "Loading more…", "Searching…", or TMDB's rate limit waited
        /// out, counting down (E6).
        case activity(String)
        case failed(String)
        case ended(String)
    }

    /// Everything the search knows, as one value: each action makes the next one.
    struct State {
        /// The query last sent; its results are the ones shown (S2, S4).
        var query = ""
        /// The movies shown and the pages behind them (S5).
        var movieList = MovieList<Movie>()
        /// The page being loaded; one at a time (S5).
        var pageRequest: PageRequest?
        /// True while the typing has not paused long enough to send what it typed (S2).
        var isWaitingForTyping = false
        /// The seconds left while TMDB's rate limit is waited out (E6).
        var retryCountdown: Int?
        var loadError: TMDBError?
        var selectedRow = 0
    }

    private let scheduler: any SchedulerType
    /// What the coordinator handed in.
    private let actions: SearchViewModelActions

    init(scheduler: any SchedulerType, actions: SearchViewModelActions) {
        self.scheduler = scheduler
        self.actions = actions
    }

    // MARK: Input

    func transform(input: Input) -> Output {
        let edits = input.text.asObservable()
        // S2, S3: once the typing pauses, what is worth sending (trimmed, not empty, not a
        // syllable still being composed) is a search; anything else only ends the wait.
        let pauses = edits.debounce(.milliseconds(300), scheduler: scheduler).map { text in
            let query = SearchQuery.trimmed(text)
            return query.isEmpty || SearchQuery.isComposing(query) ? Action.paused : .search(query)
        }
        let userActions = Observable.merge(
            edits.map { SearchQuery.trimmed($0).isEmpty ? Action.cleared : Action.edited },
            pauses,
            input.retry.map { Action.retry }.asObservable(),
            input.selection.map { Action.select(row: $0) }.asObservable(),
            input.rowWillDisplay.map { Action.display(row: $0) }.asObservable())
        let client = TMDBClient.shared
        let imageLoader = ImagePipeline.shared
        let state = Observable.system(
            initialState: State(),
            reduce: { state, action in state.reduced(by: action) },
            feedback: { _ in userActions },
            { state in
                // S4, S5: each page the state asks for is requested once; a newer query
                // cancels the older request, whose answer never arrives.
                state.map(\.pageRequest).distinctUntilChanged().compactMap { $0 }
                    .flatMapLatest { request in
                        // E6: the countdown while TMDB's rate limit is waited out, then the
                        // page or the failure: the actions of one request, in one sequence.
                        Observable<Action>.create { observer in
                            let task = Task { @MainActor in
                                do throws(TMDBError) {
                                    let page = try await client.searchMovies(
                                        query: request.query, page: request.page
                                    ) { @MainActor secondsLeft in
                                        observer.onNext(
                                            .waiting(secondsLeft: secondsLeft, request))
                                    }
                                    observer.onNext(.loaded(page, request))
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
        // S7: the movie on that row of the results as they are now, for the coordinator to show.
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
            PosterLoading.load(at: posterPath, from: imageLoader)
                .asDriver(onErrorDriveWith: .empty())
        }
        // P7: the prefetcher asks for the posters that enter the window and cancels those that
        // leave it, and all of them when the screen lets go of the output.
        let posterPrefetcher = PosterPrefetcher(imageLoader: imageLoader)
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
            isSearching: state.map(\.isSearching).distinctUntilChanged(),
            loadingText: state.map(\.loadingText).distinctUntilChanged(),
            message: state.map(\.message).distinctUntilChanged(),
            status: state.map(\.status).distinctUntilChanged(),
            searchBarHint: state.map(\.searchBarHint).distinctUntilChanged(),
            isRetryEnabled: state.map(\.isRetryEnabled).distinctUntilChanged(),
            showsPreview: showsPreview,
            previewPoster: previewPoster.map(\.image),
            isLoadingPreviewPoster: previewPoster.map(\.isLoading).distinctUntilChanged(),
            postersAhead: postersAhead,
            selectedMovie: selectedMovie)
    }
}

// MARK: - Searching

extension SearchViewModel.State {
    typealias Action = SearchViewModel.Action

    /// The state after `action`. Pure, so a burst of keys gives what slow typing gives (E7).
    func reduced(by action: Action) -> Self {
        var state = self
        switch action {
        case .edited:
            state.isWaitingForTyping = true
        case .cleared:
            state.isWaitingForTyping = false
            state.forgetResults()
        case .paused:
            state.isWaitingForTyping = false
        case .search(let query):
            state.isWaitingForTyping = false
            // S2: the query last sent is not sent again; a cleared search has none (S10).
            guard query != self.query else { break }
            state.search(query)
        case .retry:
            // `r` retries a failed next page and keeps the results; otherwise the query (S6).
            if loadError != nil && !movieList.isEmpty {
                state.loadNextPage()
            } else if !query.isEmpty {
                state.search(query)
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
        case .loaded(let moviePage, let request):
            guard request == pageRequest else { break }
            state.retryCountdown = nil
            state.append(moviePage, page: request.page)
        case .failed(let error, let request):
            guard request == pageRequest else { break }
            state.retryCountdown = nil
            state.pageRequest = nil
            state.loadError = error
        }
        return state
    }

    /// Starts `query` over from page 1 (S4).
    private mutating func search(_ query: String) {
        self.query = query
        movieList.removeAll()
        pageRequest = nil
        loadError = nil
        selectedRow = 0
        loadNextPage()
    }

    /// S10: a closed or cleared search forgets its results, so the next one never shows them.
    private mutating func forgetResults() {
        query = ""
        movieList.removeAll()
        pageRequest = nil
        loadError = nil
        selectedRow = 0
    }

    /// Asks for the page after the last one loaded, unless one is loading or none is left (S5).
    private mutating func loadNextPage() {
        guard pageRequest == nil, let page = movieList.nextPage else { return }
        loadError = nil
        retryCountdown = nil
        pageRequest = SearchViewModel.PageRequest(query: query, page: page)
    }

    /// S5: the next page is wanted once `row`, the selection or a row coming on screen,
    /// nears the end of the results; so a first page too short for the screen is followed.
    private mutating func loadNextPageIfNeeded(showing row: Int) {
        guard movieList.wantsNextPage(lastVisibleRow: row) else { return }
        loadNextPage()
    }

    /// S5: the list leaves out adult titles and movies already shown. A page that adds
    /// nothing new asks for no more by itself: the user's next move does.
    private mutating func append(_ moviePage: MoviePage, page: Int) {
        let addedMovies = movieList.append(
            moviePage.results, page: page, totalPages: moviePage.totalPages)
        pageRequest = nil
        if addedMovies {
            loadNextPageIfNeeded(showing: selectedRow)
        }
    }
}

// MARK: - Output

extension SearchViewModel.State {
    typealias Status = SearchViewModel.Status

    var title: String { "Search" }

    var subtitle: String { query.isEmpty ? "" : "“\(query)”" }

    /// The movie the selection is on, if the list has any.
    var selectedMovie: Movie? {
        movieList.movies.indices.contains(selectedRow) ? movieList.movies[selectedRow] : nil
    }

    var position: String {
        movieList.isEmpty ? "" : "\(selectedRow + 1) / \(movieList.count)"
    }

    var isSearching: Bool { movieList.isEmpty && (isWaitingForTyping || pageRequest != nil) }

    var loadingText: String {
        retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Searching…"
    }

    var message: ListMessage? {
        guard movieList.isEmpty && !isWaitingForTyping && pageRequest == nil && !query.isEmpty
        else { return nil }
        if let loadError {
            return .failure(loadError)
        }
        return ListMessage(
            text: "No movies match “\(query)”.", hint: "/ edits the search · esc closes it",
            isError: false)
    }

    /// What the status line says while the search bar has the keys, when not the bar's own
    /// hint: `r` types into the bar, so after a failure it says the way to a retry (S6).
    var searchBarHint: String? {
        loadError == nil ? nil : "type to search · ↓ then r to retry · esc close"
    }

    /// `r` retries the query sent, or its failed next page; with none sent it is not a key
    /// of this screen (S6).
    var isRetryEnabled: Bool { !query.isEmpty }

    var status: Status {
        let hints = "↑↓ move · enter open · / edit · esc close · ? help · q quit"
        if let retryCountdown, pageRequest != nil {
            return .activity(MovieFormatter.rateLimitWait(secondsLeft: retryCountdown))
        } else if isWaitingForTyping || (pageRequest != nil && movieList.isEmpty) {
            return .activity("Searching…")
        } else if movieList.isEmpty {
            return .hint("/ edit · esc close · ? help · q quit")
        } else if pageRequest != nil {
            return .activity("Loading more…")
        } else if let loadError {
            return .failed("Couldn't load more: \(loadError.message) r to retry")
        } else if movieList.isComplete {
            return .ended("\(MovieFormatter.allMovies(movieList.count)) · \(hints)")
        } else {
            return .hint(hints)
        }
    }
}
