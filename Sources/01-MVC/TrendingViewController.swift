import Foundation
import ImagePipeline
import ImagePipelineUI
import MovieDomain
import MoviePresentation
import MovieUI
import TMDB
import TerminalUI

/// The trending list. In MVC the controller does everything: it fetches through the shared
/// client, keeps the state, formats every value and renders it.
final class TrendingViewController: ViewController {
    // MARK: State

    private var timeWindow: TimeWindow
    private let clock: any Clock<Duration>
    /// The model: the movies shown and the pages behind them (T6–T8).
    private var movieList = MovieList<Movie>()
    private var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?
    /// The poster the preview pane is for, and the poster once it has come (P2).
    private var previewPosterPath: String?
    private var previewPoster: LoadedImage?
    private var isLoadingPreviewPoster = false
    private var previewPosterTask: Task<Void, Never>?
    /// P7: the selected row's poster and the next two rows', fetched ahead while the pane shows.
    private let posterPrefetcher = PosterPrefetcher(imageLoader: ImagePipeline.shared)

    // MARK: Views

    private let listView = ListView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView()

    init(timeWindow: TimeWindow, clock: any Clock<Duration>) {
        self.timeWindow = timeWindow
        self.clock = clock
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(PreviewPaneLayoutView(listView: listView, posterView: posterView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        // S1: `/` opens a search whose results show over this list.
        let resultsViewController = SearchResultsViewController(clock: clock)
        let searchController = SearchController(searchResultsController: resultsViewController)
        searchController.searchResultsUpdater = resultsViewController
        navigationItem.searchController = searchController
        reload()
    }

    override func handle(_ key: Key) -> Bool {
        switch key {
        case .character("t"):
            timeWindow = timeWindow == .week ? .day : .week
            reload()
        case .character("r"):
            retry()
        default:
            return super.handle(key)
        }
        return true
    }

    // MARK: Loading

    /// Starts over from page 1, with the rows in view until it comes (T10); a request still in
    /// flight is cancelled and ignored (E1).
    private func reload() {
        loadTask?.cancel()
        movieList.startOver()
        isLoading = false
        retryCountdown = nil
        loadError = nil
        loadNextPage()
    }

    /// `r` retries a failed next page and keeps the list (T9); while the first page is on its
    /// way it does nothing, as that request is the reload; otherwise it reloads (T10).
    private func retry() {
        if loadError != nil && !movieList.isEmpty {
            loadNextPage()
        } else if !(isLoading && movieList.nextPage == 1) {
            reload()
        }
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private func loadNextPage() {
        guard !isLoading, let page = movieList.nextPage else { return }
        isLoading = true
        loadError = nil
        let timeWindow = timeWindow
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.trendingMovies(
                    timeWindow: timeWindow, page: page
                ) { @MainActor [weak self] secondsLeft in
                    guard !Task.isCancelled else { return }
                    self?.showRetryCountdown(secondsLeft)
                }
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        render()
    }

    /// T6: the next page is wanted once `row`, the selection or a row coming on screen,
    /// nears the end of the list; so a first page too short for the screen is followed.
    private func loadNextPageIfNeeded(showing row: Int) {
        guard movieList.wantsNextPage(lastVisibleRow: row) else { return }
        loadNextPage()
    }

    /// T7: the list leaves out adult titles and movies already shown. A page that adds
    /// nothing new asks for no more by itself: the user's next move does.
    private func append(_ moviePage: MoviePage, page: Int) {
        let addedMovies = movieList.append(
            moviePage.results, page: page, totalPages: moviePage.totalPages)
        isLoading = false
        retryCountdown = nil
        // T10: page 1 replaces the rows, with the selection at the top.
        if page == 1 {
            listView.selectRow(0)
        }
        updatePreviewPoster()
        render()
        if addedMovies {
            loadNextPageIfNeeded(showing: listView.selectedRow)
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        retryCountdown = nil
        loadError = error
        // T9, T10: a page 1 that fails says why in place of the rows it was to replace.
        if movieList.isStartingOver {
            movieList.removeAll()
            updatePreviewPoster()
        }
        render()
    }

    /// E6: while TMDB's rate limit is waited out, the screen counts down; 0 is the retry.
    private func showRetryCountdown(_ secondsLeft: Int) {
        retryCountdown = secondsLeft > 0 ? secondsLeft : nil
        render()
    }

    // MARK: Preview pane

    /// The movie the selection is on, if the list has any.
    private var selectedMovie: Movie? {
        let row = listView.selectedRow
        return movieList.movies.indices.contains(row) ? movieList.movies[row] : nil
    }

    /// P2: the pane shows beside a list with movies in it, on a screen regular across.
    private var showsPreview: Bool {
        traitCollection.horizontalSizeClass == .regular && selectedMovie != nil
    }

    /// P2: the pane shows on a screen regular across.
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updatePreviewPoster()
        render()
    }

    /// P2: the selected movie's poster, from the one shared loader. The controller keeps the
    /// task, to cancel it by hand when the selection moves on (P7).
    private func updatePreviewPoster() {
        posterPrefetcher.update(
            showsPreview ? movieList.posterPaths(from: listView.selectedRow) : [])
        let posterPath = showsPreview ? selectedMovie?.posterPath : nil
        guard posterPath != previewPosterPath else { return }
        previewPosterTask?.cancel()
        previewPosterPath = posterPath
        previewPoster = nil
        isLoadingPreviewPoster = false
        guard let posterPath else { return }
        let request = ImageRequest.poster(at: posterPath)
        // P6: a poster already in memory shows at once, without a frame of placeholder.
        if let cached = ImagePipeline.shared.cachedImage(for: request) {
            previewPoster = cached
            return
        }
        isLoadingPreviewPoster = true
        let loader = ImagePipeline.shared
        previewPosterTask = Task { [weak self] in
            let loaded = try? await loader.image(for: request)
            // Two checks on arrival, as a reused cell needs: a cancelled task's answer is
            // dropped, and so is an answer for a movie that is no longer the selected one,
            // however the selection left it, cancelled or not.
            guard !Task.isCancelled, let self, self.selectedMovie?.posterPath == posterPath
            else { return }
            self.showPreviewPoster(loaded)
        }
    }

    private func showPreviewPoster(_ loaded: LoadedImage?) {
        previewPoster = loaded
        isLoadingPreviewPoster = false
        render()
    }

    // MARK: Rendering

    private func render() {
        navigationItem.title = "Trending movies"
        navigationItem.subtitle =
            "\(MovieFormatter.timeWindowName(isWeek: timeWindow == .week)) · \(TMDBClient.shared.configuration.dataSourceName)"
        navigationItem.trailing =
            movieList.isEmpty ? "" : "\(listView.selectedRow + 1) / \(movieList.count)"
        listView.reloadData()
        listView.isHidden = movieList.isEmpty
        posterView.isHidden = !showsPreview
        posterView.setPoster(previewPoster)
        posterView.isLoading = isLoadingPreviewPoster
        loadingView.isHidden = !(movieList.isEmpty && isLoading)
        loadingView.text = retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…"
        messageView.isHidden = !(movieList.isEmpty && !isLoading)
        if let loadError {
            messageView.kind = .error
            messageView.message = loadError.message
            messageView.hint = "r to retry"
        } else {
            messageView.kind = .information
            messageView.message = "No trending movies right now."
            messageView.hint = "t switches between today and this week"
        }
        statusLine = currentStatusLine
    }

    private var currentStatusLine: StatusLine {
        let hints = "↑↓ move · enter open · / search · t today/this week · ? help · q quit"
        if movieList.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if isLoading {
            // T10: the rows of a list that starts over stay usable until page 1 replaces them.
            let activity = movieList.isStartingOver ? "Reloading…" : "Loading more…"
            return .activity(retryCountdown.map(MovieFormatter.rateLimitWait) ?? activity)
        } else if let loadError {
            return .error("Couldn't load more: \(loadError.message) r to retry")
        } else if movieList.isComplete {
            return .note("\(MovieFormatter.allMovies(movieList.count)) · \(hints)")
        } else {
            return .hint(hints)
        }
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension TrendingViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        movieList.count
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        MovieRowCell(movieList.row(at: row))
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        loadNextPageIfNeeded(showing: row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        updatePreviewPoster()
        render()
        loadNextPageIfNeeded(showing: row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        let detailViewController = MovieDetailViewController(movie: movieList.movies[row])
        navigationController?.pushViewController(detailViewController, animated: true)
    }
}
